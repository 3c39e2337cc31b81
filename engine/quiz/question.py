"""A drill question and the verdict on an answer: how a question is answered
(:class:`AnswerType`), what its values are (:class:`ValueKind`), the question itself
(:class:`Question`, with :meth:`Question.check`), the :class:`Result` of an answer and a
counted answer in a run (:class:`Attempt`).

Checking reads the response first (:mod:`engine.quiz.readers`), then compares the value read
with the answer: a set answer by its right, missed and wrong states, an order by the states in
their right place, one value by equality. Remarks about particular values (why Arizona counts
as a neighbour of Colorado) join the feedback when such a value is missed or wrongly given.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum

from engine.answers import LIST_TOO_LONG_MESSAGE
from engine.cards import by_usps
from engine.quiz.facts import and_list, by_name, echo, name, plural
from engine.quiz.readers import (
    Reading,
    read_capital,
    read_letter,
    read_number,
    read_state,
    read_states,
    read_zone,
    state_items,
)


class AnswerType(StrEnum):
    """How a question is answered."""

    ONE = "one"  #: one value: pick one of ``choices``, click one state, or type it
    SET = "set"  #: a set of states: click them on the map or pick them in a multiselect
    ORDER = "order"  #: the ``choices`` (states) rearranged into the right order
    TEXT = "text"  #: typed text (a capital or a state; a state may also be one of ``choices``)
    NAMES = "names"  #: typed names, one at a time (:meth:`Question.take_name`): a set of states


class ValueKind(StrEnum):
    """What the answer values are. STATE and CAPITAL values are USPS codes (a CAPITAL value
    names the capital of that state); LETTER is an upper-case letter; NUMBER a decimal string;
    ZONE one of ``engine.cards.ZONES``."""

    STATE = "state"
    CAPITAL = "capital"
    LETTER = "letter"
    NUMBER = "number"
    ZONE = "zone"


class Outcome(StrEnum):
    """The verdict on one answer."""

    RIGHT = "right"
    WRONG = "wrong"
    NOT_COUNTED = "not_counted"  #: unreadable, ambiguous or incomplete: ask again, no penalty


@dataclass(frozen=True, slots=True)
class Result:
    """The verdict on one answer, with what to show.

    ``right``, ``missed`` and ``wrong`` are answer values (USPS codes for state and capital
    questions): for a set answer the correct picks, the correct states not picked, and the
    picks that are not correct; for one value, ``right`` holds it when correct, otherwise
    ``missed`` holds the answer and ``wrong`` the value given (if it is one); for an order, the
    states in their right place and those out of place. ``given`` is the answer as read, in
    words; ``message`` is the sentence to show; ``corrected`` is true when a typed answer was
    read through a small misspelling (a near miss: the right spelling is in ``message``).
    """

    outcome: Outcome
    message: str
    given: str = ""
    right: frozenset[str] = frozenset()
    missed: frozenset[str] = frozenset()
    wrong: frozenset[str] = frozenset()
    corrected: bool = False

    @property
    def correct(self) -> bool:
        return self.outcome is Outcome.RIGHT

    @property
    def counted(self) -> bool:
        return self.outcome is not Outcome.NOT_COUNTED


Answer = str | frozenset[str] | tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Question:
    """One drill question.

    ``qid`` identifies it within a quiz ("neighbors:CO"); ``mode`` is its mode name;
    ``prompt`` the question in words; ``answer`` the correct answer: a value (ONE, TEXT), a
    frozenset of USPS codes (SET) or a tuple of USPS codes, best first (ORDER). ``choices`` are
    the values offered (for SET: the states a multiselect offers; for ORDER: the states in the
    order shown; empty for TEXT). ``focus`` is the state to highlight on the map, if any;
    ``shown`` the states the question names, to outline on the map (never revealing the
    answer). ``explanation`` is shown after the answer; ``remarks`` are extra sentences about
    particular values, added to the feedback when such a value is missed or wrongly given.
    """

    qid: str
    mode: str
    prompt: str
    answer_type: AnswerType
    value_kind: ValueKind
    answer: Answer
    choices: tuple[str, ...] = ()
    focus: str | None = None
    shown: tuple[str, ...] = ()
    explanation: str = ""
    remarks: tuple[tuple[str, str], ...] = ()

    @property
    def map_answer(self) -> bool:
        """True when the answer can be given by clicking states on the map."""
        return self.value_kind is ValueKind.STATE and self.answer_type in (
            AnswerType.ONE,
            AnswerType.SET,
        )

    @property
    def retry(self) -> bool:
        """True when a wrong answer sends the question back into the queue (not for a typed
        list of names: its answer is final)."""
        return self.answer_type is not AnswerType.NAMES

    def label(self, value: str) -> str:
        """A value in words: a state's name, a capital's name, or the value itself."""
        if self.value_kind is ValueKind.STATE:
            return name(value)
        if self.value_kind is ValueKind.CAPITAL:
            return by_usps()[value].capital
        return value

    @property
    def answer_text(self) -> str:
        """The correct answer in words."""
        if self.answer_type in (AnswerType.SET, AnswerType.NAMES):
            return and_list([self.label(v) for v in by_name(self.answer)])
        if self.answer_type is AnswerType.ORDER:
            return ", ".join(f"{i}. {self.label(v)}" for i, v in enumerate(self.answer, 1))
        return self.label(self.answer)

    def remark(self, value: str) -> str | None:
        """The extra sentence about ``value``, if any."""
        return dict(self.remarks).get(value)

    def check(self, response: object) -> Result:
        """Judge ``response``; never raises.

        ONE: a string (a choice value, a clicked USPS code, or typed text read forgivingly: a
        state name, a letter, a number, a Zone) or an int for NUMBER questions. SET: an iterable
        of USPS codes or state names (a single string may list them separated by commas).
        ORDER: a sequence of the shown states. TEXT: the typed capital. Unreadable, ambiguous
        or incomplete answers, and answers naming the wrong kind of thing, are NOT_COUNTED; so
        is a list of states over the cap (:func:`~engine.quiz.readers.state_items`), unread.
        """
        if self.answer_type in (AnswerType.SET, AnswerType.NAMES, AnswerType.ORDER):
            items = state_items(response)
            if items is None:
                return Result(Outcome.NOT_COUNTED, LIST_TOO_LONG_MESSAGE)
            response = items
        if self.answer_type is AnswerType.SET:
            return self._check_set(response)
        if self.answer_type is AnswerType.NAMES:
            return self._check_names(response)
        if self.answer_type is AnswerType.ORDER:
            return self._check_order(response)
        return self._check_one(response)

    def _remarks_for(self, values: Iterable[str]) -> list[str]:
        return [r for v in by_name(values) if (r := self.remark(v))]

    def _check_set(self, response: object) -> Result:
        found, unknown = read_states(response)
        codes = frozenset(found)
        if unknown:
            return Result(Outcome.NOT_COUNTED, f"Not recognised as states: {', '.join(unknown)}.")
        if not codes:
            return Result(Outcome.NOT_COUNTED, "Pick at least one state first.")
        assert isinstance(self.answer, frozenset)
        right, missed, wrong = codes & self.answer, self.answer - codes, codes - self.answer
        given = and_list([name(c) for c in by_name(codes)])
        if not missed and not wrong:
            message = f"Right! All {len(self.answer)}." if self.answer else "Right!"
            return Result(Outcome.RIGHT, message, given, right=frozenset(right))
        parts = [f"{len(right)} of {len(self.answer)} right."]
        if missed:
            parts.append(f"Missed: {and_list([name(c) for c in by_name(missed)])}.")
        if wrong:
            parts.append(f"Wrong: {and_list([name(c) for c in by_name(wrong)])}.")
        parts.extend(self._remarks_for(missed | wrong))
        return Result(
            Outcome.WRONG, " ".join(parts), given, frozenset(right), frozenset(missed),
            frozenset(wrong),
        )  # fmt: skip

    def _check_names(self, response: object) -> Result:
        found, _ = read_states(response)
        assert isinstance(self.answer, frozenset)
        named = frozenset(found) & self.answer
        if not named:
            return Result(Outcome.NOT_COUNTED, "Name at least one state first.")
        missed = self.answer - named
        given = plural(len(named), "state") + " named"
        if not missed:
            return Result(Outcome.RIGHT, f"Right! All {len(self.answer)}.", given, right=named)
        share = round(100 * len(named) / len(self.answer))
        message = (
            f"{len(named)} of {plural(len(self.answer), 'state')} named ({share}%). "
            f"Missed: {and_list([name(c) for c in by_name(missed)])}."
        )
        return Result(Outcome.WRONG, message, given, right=named, missed=missed)

    def take_name(self, named: Iterable[str], text: str) -> Naming:
        """One typed name of a NAMES question, given the states ``named`` so far (USPS codes).

        An accepted name that is new and part of the answer is taken (its state fills at once);
        a repeat, a state outside the selection, a postal code, a non-state and an unreadable
        text are refused with a message, and never count against the student.
        """
        assert isinstance(self.answer, frozenset)
        text = text.strip()
        if text.upper() in by_usps() and len(text) == 2:
            return Naming(None, f"{text.upper()} is a postal code: type the state's name.")
        reading = read_state(text)
        if reading.value is None:
            return Naming(None, reading.message or f"“{echo(text)}” is not a state.")
        state = name(reading.value)
        if reading.value in set(named):
            return Naming(None, f"You already named {state}.")
        if reading.value not in self.answer:
            return Naming(None, self.remark(reading.value) or f"{state} is not asked here.")
        note = f" {reading.message}" if reading.message else ""
        return Naming(reading.value, f"{state}: yes.{note}")

    def _check_order(self, response: object) -> Result:
        assert isinstance(self.answer, tuple)
        codes, unknown = read_states(response)
        if unknown or sorted(codes) != sorted(self.answer):
            return Result(
                Outcome.NOT_COUNTED,
                f"Put all {len(self.answer)} states in order: "
                f"{and_list([name(c) for c in self.choices])}.",
            )
        order = tuple(codes)
        given = ", ".join(f"{i}. {name(c)}" for i, c in enumerate(order, 1))
        placed = frozenset(c for c, a in zip(order, self.answer, strict=True) if c == a)
        misplaced = frozenset(self.answer) - placed
        if not misplaced:
            return Result(Outcome.RIGHT, "Right!", given, right=placed)
        message = f"{len(placed)} of {len(self.answer)} in the right place. "
        message += f"The order is {self.answer_text}."
        return Result(Outcome.WRONG, message, given, right=placed, wrong=misplaced)

    def _check_one(self, response: object) -> Result:
        reading = _READERS[self.value_kind](response)
        if not reading.counted:
            return Result(Outcome.NOT_COUNTED, reading.message, reading.given)
        assert isinstance(self.answer, str)
        note = f" {reading.message}" if reading.message else ""
        if reading.value == self.answer:
            return Result(
                Outcome.RIGHT, f"Right!{note}", reading.given, right=frozenset({self.answer}),
                corrected=reading.corrected,
            )  # fmt: skip
        wrong = frozenset({reading.value}) if reading.value else frozenset()
        if self.value_kind is ValueKind.CAPITAL:
            card = by_usps()[self.answer]
            if reading.value:
                first = (
                    f"{by_usps()[reading.value].capital} is the capital of {name(reading.value)}."
                )
            else:
                first = reading.message
            message = f"{first} The capital of {card.name} is {card.capital}."
        else:
            message = f"No: the answer is {self.answer_text}.{note}"
            extra = self.remark(reading.value) if reading.value else None
            if extra:
                message += f" {extra}"
        return Result(
            Outcome.WRONG, message, reading.given, missed=frozenset({self.answer}), wrong=wrong
        )


@dataclass(frozen=True, slots=True)
class Attempt:
    """One counted answer in a run: ``number`` is the question's 1-based number, ``attempt``
    1 for its first asking and more for re-askings; ``seconds`` as the page measured it."""

    number: int
    attempt: int
    question: Question
    result: Result
    seconds: float | None = None


@dataclass(frozen=True, slots=True)
class Naming:
    """The reading of one typed name of a NAMES question: ``usps`` is the state to add (None
    when the name is refused) and ``message`` says why, or confirms it."""

    usps: str | None
    message: str


_READERS: dict[ValueKind, Callable[[object], Reading]] = {
    ValueKind.STATE: read_state,
    ValueKind.CAPITAL: read_capital,
    ValueKind.LETTER: read_letter,
    ValueKind.NUMBER: read_number,
    ValueKind.ZONE: read_zone,
}


def is_list(question: Question) -> bool:
    """True for a list of names (``all50``): scored by the states named, asked once."""
    return not question.retry


def points(question: Question, result: Result) -> tuple[int, int]:
    """What one answer scores, out of what: a list of names the states named of all it asks;
    any other question 1 when right, of 1."""
    if is_list(question):
        return len(result.right), len(question.answer)
    return int(result.correct), 1
