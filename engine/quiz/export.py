"""A run's answers as rows and as CSV text: one row per counted answer, for the student's
download and the teacher's records. ``score`` of ``out_of`` is what the answer scores
(:func:`engine.quiz.question.points`): 1 of 1 or 0 of 1 for a question, the states named of
all for a list of names ("10" of "50"). The words (the prompt, the answers) are in the current
language (:func:`engine.words.words`: the page's wording)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.csvfile import csv_text
from engine.quiz.question import Attempt, Question, points
from engine.words import words

CSV_COLUMNS: tuple[str, ...] = (
    "question",
    "attempt",
    "mode",
    "prompt",
    "your_answer",
    "correct_answer",
    "result",
    "right",
    "missed",
    "wrong",
    "seconds",
    "score",
    "out_of",
)

Row = dict[str, str | int | float | None]


def _labels(q: Question, values: frozenset[str]) -> str:
    """Answer values in words, sorted, separated by "; "."""
    return "; ".join(words(q.value_said(v)) for v in sorted(values, key=q.label))


def rows(attempts: Sequence[Attempt]) -> list[Row]:
    """One row per counted answer (a run's ``attempts``), keyed by :data:`CSV_COLUMNS`."""
    return [
        {
            "question": a.number,
            "attempt": a.attempt,
            "mode": a.question.mode,
            "prompt": a.question.prompt,
            "your_answer": a.result.given,
            "correct_answer": a.question.answer_text,
            "result": a.result.outcome.value,
            "right": _labels(a.question, a.result.right),
            "missed": _labels(a.question, a.result.missed),
            "wrong": _labels(a.question, a.result.wrong),
            "seconds": a.seconds,
            "score": points(a.question, a.result)[0],
            "out_of": points(a.question, a.result)[1],
        }
        for a in attempts
    ]


def to_csv(attempts: Sequence[Attempt]) -> str:
    """A run's ``attempts`` as CSV text (:func:`engine.csvfile.csv_text`), header
    :data:`CSV_COLUMNS` (an empty cell for no seconds)."""
    return csv_text([CSV_COLUMNS, *([row[c] for c in CSV_COLUMNS] for row in rows(attempts))])
