"""A live game's values in the reader's language. The store keeps what an answer picked as
values (a state's USPS code, a zone's value, a letter, a number, an order of codes) and the
question as the quiz deals it; each screen words them here when it draws them, in its own
reader's language: a board in English and a phone in Spanish show one game each in theirs.
A capital keeps its name as written."""

from __future__ import annotations

from collections.abc import Sequence

from engine.quiz import AnswerType, Question
from messages import number
from ui.quiz.wording import answer_of, label, prompt_of
from ui.state_names import state_names


def value_words(q: Question, value: str) -> str:
    """A value an answer picked, in words (a state's name, a capital, a zone, an order of
    states as the class gave it: ``"CA,TX"``)."""
    if q.answer_type is AnswerType.ORDER:
        return ", ".join(label(q, v) for v in value.split(","))
    return label(q, value)


def answer_words(q: Question) -> str:
    """The right answer of a revealed question in words, as the drills say it."""
    return answer_of(q)


def given_words(q: Question, picked: Sequence[str], given: str | None) -> str:
    """The phone's own answer in words, from the values it ``picked``; an answer that picked
    none (a typed city that is no capital) is shown as typed (``given``)."""
    if not picked:
        return given or ""
    if q.answer_type is AnswerType.ORDER:
        order = picked[0].split(",")
        return ", ".join(f"{number(i)}. {label(q, v)}" for i, v in enumerate(order, 1))
    if q.answer_type in (AnswerType.SET, AnswerType.NAMES):
        return state_names(picked)
    return label(q, picked[0])


def prompt_words(q: Question) -> str:
    """The question as the board and a phone show it, as the drills say it."""
    return prompt_of(q)
