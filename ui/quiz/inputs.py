"""The answer widgets of a question, as data, and the answer read from what they hold. Pure: no
Streamlit, so every host takes them from here: the drill pages and the class quiz, the live
phone, the notebook's :class:`~widgets.quiz.QuizWidget`.

Which widget a question takes is decided once (:func:`answer_input`), with its words; a host
draws its :class:`Kind` with its own toolkit:

* ``names``: a list of states typed one name at a time, each taken at once ("Add"), then
  "I'm done: check my list";
* ``typed``: a capital or a state typed (the engine reads it forgivingly), with radio
  buttons beside it when the question offers choices;
* ``several``: states picked in a list, a set or an order first to last, the map's picks
  shown in it; a host without such a list lets them be typed, separated by commas;
* ``select``: one state of many (more than :data:`~ui.quiz.roles.MAX_RADIO`) in a list that
  searches as one types, the map's pick shown in it;
* ``radio``: one of a few, as radio buttons (the map's pick shown in them when they are
  states).

:func:`read_answer` turns what the widgets hold into the response the engine checks. It judges
nothing: the engine does, and says why an answer does not count; only a single answer not
chosen at all is caught here, with :func:`nothing_notice`.

The words are in the reader's language, taken when the widget is made.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from engine.quiz import AnswerType, Question, ValueKind
from messages import _
from ui.quiz.roles import MAX_RADIO, follows_map


def with_enter(placeholder: str) -> str:
    """A typed box's placeholder where Enter checks: "Type the capital, then press Enter"."""
    return _("{placeholder}, then press Enter").format(placeholder=placeholder)


class Kind(StrEnum):
    """The kind of answer widget a question takes (see the module)."""

    NAMES = "names"
    TYPED = "typed"
    SEVERAL = "several"
    SELECT = "select"
    RADIO = "radio"


@dataclass(frozen=True)
class AnswerInput:
    """A question's answer widget: its kind and its words.

    ``options`` are the values a list offers (a typed answer's: those of the radio buttons
    beside its box, labelled ``option_label``); ``follows_map``: the list shows the map's picks
    and a pick in it changes them; ``most``: the most states it takes (an order: all of them);
    ``typed_label`` and ``typed_placeholder`` name the box where a host without a list of
    several states lets them be typed; ``add`` is the button that takes one typed name, and
    ``check`` the button that checks the answer."""

    kind: Kind
    label: str
    placeholder: str = ""
    options: tuple[str, ...] = ()
    option_label: str = ""
    follows_map: bool = False
    most: int | None = None
    horizontal: bool = False
    typed_label: str = ""
    typed_placeholder: str = ""
    add: str = ""
    check: str = ""


def answer_input(q: Question) -> AnswerInput:
    """The answer widget ``q`` takes."""
    check = _("Check")
    if q.answer_type is AnswerType.NAMES:
        return AnswerInput(
            Kind.NAMES, _("Type a state's name"), _("A state"), add=_("Add"),
            check=_("I'm done: check my list"),
        )  # fmt: skip
    if q.answer_type is AnswerType.TEXT:
        typed = _("Type the capital") if q.value_kind is ValueKind.CAPITAL else _("Type the state")
        return AnswerInput(
            Kind.TYPED, _("Your answer"), typed, q.choices,
            _("Or choose one") if q.choices else "", check=check,
        )  # fmt: skip
    if q.answer_type in (AnswerType.SET, AnswerType.ORDER):
        order = q.answer_type is AnswerType.ORDER
        return AnswerInput(
            Kind.SEVERAL,
            _("Your order, first to last") if order else _("Your answer"),
            _("Pick them in order") if order else _("Pick states"),
            q.choices,
            follows_map=True,
            most=len(q.choices) if order else None,
            typed_label=_("Or type them"),
            typed_placeholder=(
                _("in order, separated by commas") if order else _("separated by commas")
            ),
            check=check,
        )
    if len(q.choices) > MAX_RADIO:
        return AnswerInput(
            Kind.SELECT, _("Your answer"), _("Choose a state (type to search)"), q.choices,
            follows_map=True, check=check,
        )  # fmt: skip
    return AnswerInput(
        Kind.RADIO, _("Your answer"), options=q.choices, follows_map=follows_map(q),
        horizontal=len(q.choices) > 2 and q.value_kind is not ValueKind.STATE, check=check,
    )  # fmt: skip


def read_answer(
    q: Question, picked: Sequence[str], text: str = "", choice: str | None = None
) -> object | None:
    """The response to ``q`` in what its widgets hold: ``picked`` the states picked (on the
    map, in a list, or named one by one), ``text`` what is typed, ``choice`` the one value
    chosen in a list that does not follow the map. ``None``: no answer is chosen.

    A typed answer comes first, then a choice; states are typed or picked (an empty pick is
    the engine's to refuse, in its words); a state is picked before it is typed."""
    if q.answer_type is AnswerType.NAMES:
        return tuple(picked)
    if q.answer_type is AnswerType.TEXT:
        return text if text.strip() or not q.choices else choice or None
    if q.answer_type in (AnswerType.SET, AnswerType.ORDER):
        return text if text.strip() else tuple(picked)
    if q.value_kind is ValueKind.STATE:
        return picked[0] if picked else text.strip() or None
    return choice or text.strip() or None


def nothing_notice(q: Question) -> str:
    """What a check with no answer chosen (:func:`read_answer` gave ``None``) says."""
    if q.answer_type is AnswerType.TEXT:
        return _("Type or choose an answer first.")
    return _("Choose an answer first.")
