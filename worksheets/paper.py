"""How each drill question goes on paper: what the student does with a pencil (colour states
on an outline map, tick a box, write on a line, number the states, list names), what the
question says on paper, and what its answer key shows. Pure: the same questions always give
the same paper questions.

The rules (:func:`on_paper`):

* a question answered by picking states among many (``neighbors``, ``letter_states``,
  ``locate``: more than :data:`TICK_LIMIT` states to choose from) is **coloured on an outline
  map**; its words say "Colour" where the screen says "Select" or "Find"
  (:data:`PAPER_PROMPTS`, by the prompt's code);
* a question whose values are offered as a short list (``exact``, ``count``, ``letter``,
  ``shared``, ``larger`` …, ``zone``) is **ticked**: one box, or every box that fits;
* a typed answer (``capital``, ``capital_of``, ``identify``, ``from_capital``) is **written on
  a line**, even when the screen also offers choices;
* an ``order`` question is **numbered**: a blank before each state;
* ``all50`` gets **a numbered line per state of the selection** beside a blank outline map
  (states outside the selection grey): writing names on lines reads better than squeezing
  them into small north-eastern states;
* the small north-eastern states are repeated as boxes beside every map, to colour or read
  a hatch in; their postal codes stand beside them except where the student names states
  (``all50``, and a question about a state it does not name: the code would be the answer);
* a question about a state it does not name (``identify``: "Which state is highlighted?")
  shows that state **hatched** on a map, and so does a colouring question about a state
  (``neighbors``); the states outside a question's selection are grey.

The key of each question gives the answer in words, the explanation the app shows after an
answer (not for ``all50``, whose explanation is its answer again), and, for a question with a
map, the map with the right states coloured.

Every word is in the current language (a worksheet is made ``with messages.speaking(lang)``):
the question's own words as the drills word them (``ui.quiz.wording``: pure, no Streamlit),
the instructions and the maps' words here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from engine.quiz import AnswerType, Question, ValueKind
from engine.quiz.facts import all_states
from engine.words import Sentence
from messages import N_, _
from ui.quiz.wording import answer_of, explanation_of, label, named_states, prompt_of, say
from ui.state_names import state_name
from worksheets.maps import Marks, alt_text

TICK_LIMIT = 6  #: at most this many states to choose from are ticked, not coloured

#: What a question coloured on a map, or about a hatched state, says on paper instead of the
#: screen's "Select every", "Find" or "highlighted", by its prompt's code, with its prompt's
#: values (:func:`_worded`); a prompt not listed is printed as the screen says it.
PAPER_PROMPTS: dict[str, str] = {
    "ask_neighbors": N_("Colour every state that borders {state}."),
    "ask_letter_states": N_("Colour every state whose capital begins with {letter}."),
    "ask_letter_states_in": N_("Colour every state of {pool} whose capital begins with {letter}."),
    "ask_locate": N_("Colour {state} on the map."),
    "ask_identify": N_("Which state is hatched on the map?"),
}


class Form(StrEnum):
    """What the student does on paper."""

    COLOUR = "colour"  #: colour the states on the map
    TICK_ONE = "tick_one"  #: tick one box
    TICK_ALL = "tick_all"  #: tick every box that fits
    WRITE = "write"  #: write the answer on a line
    NUMBER = "number"  #: number the states in order
    NAMES = "names"  #: write one name per numbered line


#: the instruction under a question's words, by form (a colouring question's words say it),
#: translated where it is printed
INSTRUCTIONS: dict[Form, str] = {
    Form.COLOUR: "",
    Form.TICK_ONE: N_("Tick one box."),
    Form.TICK_ALL: N_("Tick every box that fits."),
    Form.WRITE: N_("Write your answer on the line."),
    Form.NUMBER: N_("Number them 1, 2, 3 … in the boxes."),
    Form.NAMES: N_("Write one name on each line."),
}


@dataclass(frozen=True, slots=True)
class PaperQuestion:
    """One question as printed: its ``number``, its ``prompt`` on paper, its ``form`` and the
    ``instruction`` that says what to do, the ``choices`` in words (to tick or number), the
    ``lines`` to write on, the maps of the sheet and of the key (``None``: no map) with their
    alternative texts, and the key's ``answer`` and ``explanation`` in words."""

    number: int
    prompt: str
    form: Form
    instruction: str
    choices: tuple[str, ...]
    lines: int
    sheet_map: Marks | None
    key_map: Marks | None
    answer: str
    explanation: str
    sheet_alt: str = ""
    key_alt: str = ""


def _form(q: Question) -> Form:
    if q.answer_type is AnswerType.NAMES:
        return Form.NAMES
    if q.answer_type is AnswerType.ORDER:
        return Form.NUMBER
    if q.answer_type is AnswerType.TEXT:
        return Form.WRITE
    if q.map_answer and len(q.choices) > TICK_LIMIT:
        return Form.COLOUR
    return Form.TICK_ALL if q.answer_type is AnswerType.SET else Form.TICK_ONE


def paper_prompt(q: Question, form: Form) -> str:
    """The question's words on paper: the screen's, or its :data:`PAPER_PROMPTS` sentence for a
    question coloured on a map or about a hatched state."""
    if (form is Form.COLOUR or _hatched_unnamed(q)) and q.ask.code in PAPER_PROMPTS:
        return _(PAPER_PROMPTS[q.ask.code]).format(**_worded(q.ask.values))
    return prompt_of(q)


def _worded(values: Mapping[str, object]) -> dict[str, object]:
    """A prompt's values as :data:`PAPER_PROMPTS` say them: a ``state`` by its name, a
    sentence (the ``pool``) as the drills word it, a letter as it is."""
    return {
        name: state_name(value)  # type: ignore[arg-type]
        if name == "state"
        else say(value)
        if isinstance(value, Sentence)
        else value
        for name, value in values.items()
    }


def _hatched_unnamed(q: Question) -> bool:
    """A question about a state it does not name: the state is hatched on a map."""
    return q.focus is not None and q.focus not in named_states(q.ask)


def _answer_states(q: Question) -> frozenset[str]:
    if isinstance(q.answer, str):
        return frozenset({q.answer})
    return frozenset(q.answer)


def _maps(q: Question, form: Form) -> tuple[Marks | None, Marks | None]:
    """The sheet's and the key's map, or ``(None, None)`` for a question with no map."""
    hatch = q.focus is not None and (form is Form.COLOUR or _hatched_unnamed(q))
    if form not in (Form.COLOUR, Form.NAMES) and not hatch:
        return None, None
    hatched = frozenset({q.focus}) if hatch and q.focus else frozenset()
    muted = frozenset(all_states()) - frozenset(q.shown) if q.shown else frozenset()
    filled = _answer_states(q) if q.value_kind is ValueKind.STATE else frozenset()
    codes = form is not Form.NAMES and not _hatched_unnamed(q)  # the codes would be answers
    return Marks(hatched, frozenset(), muted, codes), Marks(hatched, filled, muted)


def _instruction(q: Question, form: Form, marks: Marks | None, selection: str) -> str:
    """What to do, after what the map shows: "Colorado is hatched on the map. The states
    outside the West are grey. Tick one box." A hatched state the question does not name is
    not named here either: it is the answer."""
    said = []
    if marks and marks.hatched and not _hatched_unnamed(q):
        hatched = state_name(next(iter(marks.hatched)))
        said.append(_("{state} is hatched on the map.").format(state=hatched))
    if marks and marks.muted and selection:
        said.append(_("The states outside {selection} are grey.").format(selection=selection))
    elif marks and marks.muted:
        said.append(_("The states outside the question are grey."))
    if INSTRUCTIONS[form]:
        said.append(_(INSTRUCTIONS[form]))
    return " ".join(said)


def on_paper(q: Question, number: int, selection: str = "") -> PaperQuestion:
    """Question ``q`` as the ``number``-th of a worksheet (see the module's rules);
    ``selection`` is the quiz's selection in words ("the West"), for the maps' words."""
    form = _form(q)
    sheet_map, key_map = _maps(q, form)
    choices: tuple[str, ...] = ()
    if form in (Form.TICK_ONE, Form.TICK_ALL, Form.NUMBER):
        choices = tuple(label(q, v) for v in q.choices)
    lines = len(q.answer) if form is Form.NAMES else int(form is Form.WRITE)
    return PaperQuestion(
        number=number,
        prompt=paper_prompt(q, form),
        form=form,
        instruction=_instruction(q, form, sheet_map, selection),
        choices=choices,
        lines=lines,
        sheet_map=sheet_map,
        key_map=key_map,
        answer=answer_of(q),
        explanation="" if form is Form.NAMES else explanation_of(q),  # it lists the answer again
        sheet_alt=alt_text(sheet_map, selection=selection, name_hatched=not _hatched_unnamed(q))
        if sheet_map
        else "",
        key_alt=alt_text(key_map, selection=selection) if key_map else "",
    )
