"""The maps of a drill, as pure functions of the question, the answer and the run: which
state takes which role (``ui.map_data.ROLES``) and which hover note, what a click may pick, where
the map opens. No Streamlit here: the page draws what these return, and the tests check them
directly.

* while a question is asked (:func:`asking_roles`, :func:`names_roles`): the asked state and
  the few states the prompt names are highlighted, the states that cannot be picked muted;
  the answer is never revealed: where the prompt does not name the highlighted state (it is
  the answer: "Which state is highlighted?") it takes the anonymous role ``secret``, which
  the map names by its label only, and no refusal names it;
* after an answer (:func:`feedback_roles`): right, missed and wrong states in their colours;
* at the end (:func:`summary_roles`): every question's states in the colour of its standing.

What a mode's map shows beyond that is its row's ``map`` in the modes table
(``engine.quiz.modes.MapRule``): a listed border set, the asked state's borders after an
answer, the capitals in the hover notes.

Hover notes, legends, hints and refusals are in the reader's language (a state by its name in
it: ``ui.state_names``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import by_usps
from engine.quiz import (
    AnswerType,
    Question,
    QuizRun,
    QuizSettings,
    Result,
    Standing,
    ValueKind,
    four_corners_partner,
    question_states,
    view_states,
)
from engine.quiz.facts import all_states
from engine.quiz.modes import Shown, mode
from messages import N_, _, number, ordinal
from ui.quiz.wording import named_states
from ui.state_names import state_name

if TYPE_CHECKING:
    from ui.map_data import Pick

MAX_RADIO = 6  #: more choices than this are offered in a select box
MAP_HEIGHT = 460  #: px at most: the lower 48 fill a laptop's content column (700 px and more)
MAP_HEIGHT_SHOWN = 340  #: px at most, for a map that is not answered on


def clickable(q: Question) -> tuple[str, ...]:
    """The states a click on the map may pick for ``q`` (none when the map only shows)."""
    if q.map_answer or q.answer_type is AnswerType.ORDER:
        return tuple(c for c in q.choices if c != q.focus)
    return ()


def _capital_note(usps: str) -> str:
    return _("Capital: {capital}").format(capital=by_usps()[usps].capital)


def secret_focus(q: Question) -> bool:
    """True when ``q``'s highlighted state is one its prompt does not name ("Which state is
    highlighted?"): the map then says no more than the question, for naming the state, even
    by its postal code, would answer it. Read from the prompt's sentence (the states it
    names), so it holds for a question whose answer is withheld (a live phone's)."""
    return q.focus is not None and q.focus not in named_states(q.ask)


def asking_roles(q: Question) -> tuple[dict[str, str], dict[str, str]]:
    """Roles and hover notes of the map while ``q`` is asked: states that cannot be picked
    are muted, the asked state (and the few states the prompt names) highlighted; the map
    paints the student's picks itself. Never reveals the answer: an asked state the prompt
    does not name takes the anonymous role ``secret``."""
    roles: dict[str, str] = {}
    can_click = set(clickable(q))
    if can_click and len(can_click) < 50:
        roles.update({c: "muted" for c in all_states() if c not in can_click})
    listed = mode(q.mode).map.shown is Shown.BORDERS
    if len(q.shown) <= 5 or listed:
        role = "neighbor" if listed else "target"
        roles.update({s: role for s in q.shown})
    if q.focus:
        roles[q.focus] = "secret" if secret_focus(q) else "target"
    return roles, {}


def feedback_roles(q: Question, result: Result) -> tuple[dict[str, str], dict[str, str]]:
    """Roles and hover notes of the map after an answer: right, missed and wrong states in
    their colours (for a letter, number or Zone answer, the asked state shows the verdict)."""
    roles, notes = asking_roles(q)
    rule = mode(q.mode).map
    if q.focus and roles.get(q.focus) == "secret":
        roles[q.focus] = "target"  # the answer is out: the map may name it
    if q.value_kind in (ValueKind.STATE, ValueKind.CAPITAL):
        roles.update({c: "correct" for c in result.right})
        roles.update({c: "missed" for c in result.missed})
        roles.update({c: "wrong" for c in result.wrong})
    elif q.focus:
        if rule.borders_after:
            partner = four_corners_partner().get(q.focus)
            roles.update(
                {c: "corner" if c == partner else "neighbor" for c in by_usps()[q.focus].borders}
            )
        roles[q.focus] = "correct" if result.correct else "wrong"
    if q.answer_type is AnswerType.ORDER:
        assert isinstance(q.answer, tuple)
        notes = {c: _("belongs {rank}").format(rank=ordinal(i)) for i, c in enumerate(q.answer, 1)}
    if rule.capital_notes:
        coloured = {c for c, r in roles.items() if r not in ("neutral", "muted")}
        notes.update({c: _capital_note(c) for c in coloured})
    return roles, notes


def names_roles(q: Question, named: list[str]) -> tuple[dict[str, str], dict[str, str]]:
    """The map while a list of names is typed: the states named so far as right, the states
    outside the selection muted; nothing else is shown (the map must not prompt)."""
    pool = set(q.shown)
    roles = {c: "muted" for c in all_states() if c not in pool}
    roles.update({c: "correct" for c in named})
    return roles, {}


_STANDING_ROLES: dict[Standing, str] = {
    Standing.FIRST_TRY: "correct",
    Standing.LATER: "missed",
    Standing.NEVER: "wrong",
}
SUMMARY_WORDS: dict[str, str] = {
    "correct": N_("right at the first try"),
    "missed": N_("right on a later try"),
    "wrong": N_("never answered right"),
}
"""The legend of the map of a run: each role names a question's standing (marked with ``N_``:
:func:`summary_words` says them)."""
_NOT_REACHED = N_("not reached")


def summary_words() -> dict[str, str]:
    """The legend of the map of a run, in the reader's language."""
    return {role: _(words) for role, words in SUMMARY_WORDS.items()}


_WORST_LAST = ("correct", "missed", "wrong")


def summary_roles(run: QuizRun) -> tuple[dict[str, str], dict[str, str]]:
    """The map of a run: every question's states in the colour of its standing (right at the
    first try, right on a later try, never answered right), whatever the way the answer was
    read (a corrected misspelling is right); a state of several questions takes the worst.
    A list of names maps the states named as right and those not named as never right. Hover
    notes name each question and its standing, the questions not reached included."""
    roles: dict[str, str] = {}
    notes: dict[str, list[str]] = {}
    for n, q in enumerate(run.questions, 1):
        standing = run.standing(n)
        if q.answer_type is AnswerType.NAMES and standing is not Standing.NOT_REACHED:
            result = next(a.result for a in run.attempts if a.number == n)
            states = [(c, Standing.FIRST_TRY) for c in result.right]
            states += [(c, Standing.NEVER) for c in result.missed]
        else:
            states = [(c, standing) for c in question_states(q)]
        for usps, where in states:
            role = _STANDING_ROLES.get(where)
            if role and _WORST_LAST.index(role) >= _WORST_LAST.index(roles.get(usps, role)):
                roles[usps] = role
            words = _(SUMMARY_WORDS[role] if role else _NOT_REACHED)
            notes.setdefault(usps, []).append(
                _("Q{number} {standing}").format(number=number(n), standing=words)
            )
    return roles, {c: ", ".join(v) for c, v in notes.items()}


def pick_mode(q: Question) -> Pick:
    """How the map takes an answer to ``q``: several states, states in order, one, or none."""
    if not clickable(q):
        return "none"
    if q.answer_type is AnswerType.SET:
        return "many"
    if q.answer_type is AnswerType.ORDER:
        return "order"
    return "one"


MAP_HINTS: dict[str, str] = {
    "many": N_(
        "{Click} the states on the map ({click} again to remove one) or pick them in the list."
    ),
    "order": N_("{Click} the states on the map in order, or pick them in the list in order."),
    "one": N_("{Click} the state on the map, or choose it in the list."),
}
"""What a map that takes clicks says under it, by how it takes them (marked with ``N_``:
:func:`map_hint` says them); the map puts "Click" or "Tap" for ``{Click}``."""


def map_hint(pick: str) -> str | None:
    """The hint under a map that takes clicks ``pick`` (``None``: it takes none)."""
    hint = MAP_HINTS.get(pick)
    return _(hint) if hint else None


def refusals(q: Question) -> dict[str, str]:
    """What the map says when the student clicks a state that is not a choice of ``q`` (nothing
    where the map takes no click, and never the name of a highlighted answer)."""
    if q.focus and clickable(q) and q.focus not in clickable(q) and not secret_focus(q):
        said = _("{state} is the state asked about: pick the others.")
        return {q.focus: said.format(state=state_name(q.focus))}
    return {}


def follows_map(q: Question) -> bool:
    """True when the question's single-answer widget shows the map's pick (a select box of many
    states, or a radio group of states)."""
    if q.answer_type in (AnswerType.TEXT, AnswerType.NAMES, AnswerType.SET, AnswerType.ORDER):
        return False
    return len(q.choices) > MAX_RADIO or q.value_kind is ValueKind.STATE


def zoom_states(settings: QuizSettings, q: Question | None = None) -> list[str] | None:
    """The states the map of ``q`` (without it: of the whole quiz) opens fitted to, from
    :func:`engine.quiz.view_states`; ``None`` for the whole map."""
    states = view_states(settings, q)
    return None if states is None else list(states)
