"""A drill question and the verdict on an answer: how a question is answered
(:class:`AnswerType`), what its values are (:class:`ValueKind`), the question itself
(:class:`Question`, with :meth:`Question.check`), the :class:`Result` of an answer and a
counted answer in a run (:class:`Attempt`).

Checking reads the response first (:mod:`engine.quiz.readers`), then compares the value read
with the answer: a set answer by its right, missed and wrong states, an order by the states in
their right place, one value by equality. Remarks about particular values (why Arizona counts
as a neighbour of Colorado) join the feedback when such a value is missed or wrongly given.

Everything said is a :class:`~engine.words.Sentence` (a code and its values), worded by
``ui.quiz.wording``: a question's prompt (``ask``), explanation (``explains``) and remarks,
the verdict (``Result.said``), the answer as read (``Result.read``) and the right answer
(:attr:`Question.answer_said`). The properties ``prompt``, ``explanation``, ``message``,
``given`` and ``answer_text`` word them in the current language (:func:`engine.words.words`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum

from engine.answers import LIST_TOO_LONG
from engine.cards import by_usps
from engine.quiz.facts import by_name, echo, name
from engine.quiz.readers import (
    Reading,
    read_capital,
    read_letter,
    read_number,
    read_state,
    read_states,
    read_zone,
    state_items,
    value_said,
)
from engine.words import Said, Sentence, words


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
    states in their right place and those out of place. ``said`` is what to show (the verdict
    and its remarks); ``read`` the answer as read (``None``: nothing read); ``corrected`` is
    true when a typed answer was read through a small misspelling (a near miss: the right
    spelling is said).
    """

    outcome: Outcome
    said: Said
    read: Sentence | None = None
    right: frozenset[str] = frozenset()
    missed: frozenset[str] = frozenset()
    wrong: frozenset[str] = frozenset()
    corrected: bool = False

    @property
    def message(self) -> str:
        """``said`` in the current language."""
        return words(self.said)

    @property
    def given(self) -> str:
        """The answer as read, in the current language ("" when nothing was read)."""
        return words(self.read)

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

    ``qid`` identifies it within a quiz ("neighbors:CO"); ``mode`` is its mode name; ``ask``
    the question (its words: :attr:`prompt`); ``answer`` the correct answer: a value (ONE, TEXT), a
    frozenset of USPS codes (SET) or a tuple of USPS codes, best first (ORDER). ``choices`` are
    the values offered (for SET: the states a multiselect offers; for ORDER: the states in the
    order shown; empty for TEXT). ``focus`` is the state to highlight on the map, if any;
    ``shown`` the states the question names, to outline on the map (never revealing the
    answer). ``explains`` is shown after the answer; ``remarks`` are extra sentences about
    particular values, added to the feedback when such a value is missed or wrongly given.
    """

    qid: str
    mode: str
    ask: Sentence
    answer_type: AnswerType
    value_kind: ValueKind
    answer: Answer
    choices: tuple[str, ...] = ()
    focus: str | None = None
    shown: tuple[str, ...] = ()
    explains: Said = ()
    remarks: tuple[tuple[str, Sentence], ...] = ()

    @property
    def prompt(self) -> str:
        """The question in the current language."""
        return words(self.ask)

    @property
    def explanation(self) -> str:
        """The explanation in the current language ("" for none)."""
        return words(self.explains)

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
        """A value as data: a state's name as the deck spells it, a capital's name, or the
        value itself (a page names it in its reader's language: ``ui.quiz.wording.label``)."""
        if self.value_kind is ValueKind.STATE:
            return name(value)
        if self.value_kind is ValueKind.CAPITAL:
            return by_usps()[value].capital
        return value

    def value_said(self, value: str) -> Sentence:
        """One answer value, to word."""
        return value_said(self.value_kind, value)

    @property
    def answer_said(self) -> Sentence:
        """The correct answer, to word: the states of a set (``answer_states``), the states in
        order (``answer_order``), or one value."""
        if self.answer_type in (AnswerType.SET, AnswerType.NAMES):
            return Sentence("answer_states", states=tuple(by_name(self.answer)))
        if self.answer_type is AnswerType.ORDER:
            return Sentence("answer_order", states=tuple(self.answer))
        assert isinstance(self.answer, str)
        return self.value_said(self.answer)

    @property
    def answer_text(self) -> str:
        """The correct answer in the current language."""
        return words(self.answer_said)

    def remark(self, value: str) -> Sentence | None:
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
                return Result(Outcome.NOT_COUNTED, (LIST_TOO_LONG,))
            response = items
        if self.answer_type is AnswerType.SET:
            return self._check_set(response)
        if self.answer_type is AnswerType.NAMES:
            return self._check_names(response)
        if self.answer_type is AnswerType.ORDER:
            return self._check_order(response)
        return self._check_one(response)

    def _remarks_for(self, values: Iterable[str]) -> list[Sentence]:
        return [r for v in by_name(values) if (r := self.remark(v))]

    def _check_set(self, response: object) -> Result:
        found, unknown = read_states(response)
        codes = frozenset(found)
        if unknown:
            said = Sentence("not_recognised_as_states", items=tuple(unknown))
            return Result(Outcome.NOT_COUNTED, (said,))
        if not codes:
            return Result(Outcome.NOT_COUNTED, (Sentence("pick_a_state_first"),))
        assert isinstance(self.answer, frozenset)
        right, missed, wrong = codes & self.answer, self.answer - codes, codes - self.answer
        given = Sentence("given_states", states=tuple(by_name(codes)))
        if not missed and not wrong:
            total = len(self.answer)
            said = Sentence("right_all", count=total) if total else Sentence("right")
            return Result(Outcome.RIGHT, (said,), given, right=frozenset(right))
        parts = [Sentence("right_of", count=len(right), total=len(self.answer))]
        if missed:
            parts.append(Sentence("missed_states", states=tuple(by_name(missed))))
        if wrong:
            parts.append(Sentence("wrong_states", states=tuple(by_name(wrong))))
        parts.extend(self._remarks_for(missed | wrong))
        return Result(
            Outcome.WRONG, tuple(parts), given, frozenset(right), frozenset(missed),
            frozenset(wrong),
        )  # fmt: skip

    def _check_names(self, response: object) -> Result:
        found, _ = read_states(response)
        assert isinstance(self.answer, frozenset)
        named = frozenset(found) & self.answer
        if not named:
            return Result(Outcome.NOT_COUNTED, (Sentence("name_a_state_first"),))
        missed = self.answer - named
        given = Sentence("given_named", count=len(named))
        if not missed:
            said = Sentence("right_all", count=len(self.answer))
            return Result(Outcome.RIGHT, (said,), given, right=named)
        said = (
            Sentence("named_of", count=len(named), total=len(self.answer)),
            Sentence("missed_states", states=tuple(by_name(missed))),
        )
        return Result(Outcome.WRONG, said, given, right=named, missed=missed)

    def take_name(self, named: Iterable[str], text: str) -> Naming:
        """One typed name of a NAMES question, given the states ``named`` so far (USPS codes).

        An accepted name that is new and part of the answer is taken (its state fills at once);
        a repeat, a state outside the selection, a postal code, a non-state and an unreadable
        text are refused with a message, and never count against the student.
        """
        assert isinstance(self.answer, frozenset)
        text = text.strip()
        if text.upper() in by_usps() and len(text) == 2:
            return Naming(None, (Sentence("postal_code", text=text.upper()),))
        reading = read_state(text)
        if reading.value is None:
            return Naming(None, reading.said or (Sentence("not_a_state", text=echo(text)),))
        state = reading.value
        if state in set(named):
            return Naming(None, (Sentence("already_named", state=state),))
        if state not in self.answer:
            remark = self.remark(state) or Sentence("not_asked_here", state=state)
            return Naming(None, (remark,))
        return Naming(state, (Sentence("named_yes", state=state), *reading.said))

    def _check_order(self, response: object) -> Result:
        assert isinstance(self.answer, tuple)
        codes, unknown = read_states(response)
        if unknown or sorted(codes) != sorted(self.answer):
            said = Sentence("put_all_in_order", count=len(self.answer), states=self.choices)
            return Result(Outcome.NOT_COUNTED, (said,))
        order = tuple(codes)
        given = Sentence("given_order", states=order)
        placed = frozenset(c for c, a in zip(order, self.answer, strict=True) if c == a)
        misplaced = frozenset(self.answer) - placed
        if not misplaced:
            return Result(Outcome.RIGHT, (Sentence("right"),), given, right=placed)
        said = (
            Sentence("placed_of", count=len(placed), total=len(self.answer)),
            Sentence("the_order_is", answer=self.answer_said),
        )
        return Result(Outcome.WRONG, said, given, right=placed, wrong=misplaced)

    def _check_one(self, response: object) -> Result:
        reading = _READERS[self.value_kind](response)
        if not reading.counted:
            return Result(Outcome.NOT_COUNTED, reading.said, reading.given)
        assert isinstance(self.answer, str)
        if reading.value == self.answer:
            return Result(
                Outcome.RIGHT, (Sentence("right"), *reading.said), reading.given,
                right=frozenset({self.answer}), corrected=reading.corrected,
            )  # fmt: skip
        wrong = frozenset({reading.value}) if reading.value else frozenset()
        said: tuple[Sentence, ...]
        if self.value_kind is ValueKind.CAPITAL:
            first = (
                (Sentence("capital_of_state", capital=reading.value, state=reading.value),)
                if reading.value
                else reading.said
            )
            said = (*first, Sentence("capital_is", state=self.answer, capital=self.answer))
        else:
            extra = self.remark(reading.value) if reading.value else None
            said = (
                Sentence("no_the_answer_is", answer=self.answer_said),
                *reading.said,
                *((extra,) if extra else ()),
            )
        return Result(
            Outcome.WRONG, said, reading.given, missed=frozenset({self.answer}), wrong=wrong
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
    when the name is refused) and ``said`` says why, or confirms it."""

    usps: str | None
    said: Said

    @property
    def message(self) -> str:
        """``said`` in the current language."""
        return words(self.said)


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
