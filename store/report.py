"""What a class did, from the stored answers: the roster, the share of wrong first answers per
state, the most-missed questions and the CSV of every attempt. Pure functions of
:func:`store.classroom.class_results`.

Rules: a student's **score** counts the questions right at the first attempt (as the quiz's own
summary does), and a list of names (``all50``) the states named of all it asks, apart. A
**state's share** counts the first attempts at the questions about that state
(a question about several states counts for each): re-askings of a missed question would count
the same mistake twice. The **most-missed** questions are ranked by the share of wrong first
attempts (:func:`most_missed` says which are listed); their **wrong answers** are tallied
over every wrong attempt, re-askings included, since an answer given again is a
misconception that stays.

Nothing here is worded: a roster line's status and an answer's outcome are codes, and the CSV
of every attempt is data (its header, :data:`CSV_COLUMNS`, and its values are the same in every
language: a notebook reads it back, ``widgets.results``); the pages word them.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, tzinfo
from fractions import Fraction

from engine.csvfile import csv_text
from store.classroom import AnswerRecord, AssignmentInfo, StudentResult

CSV_COLUMNS: tuple[str, ...] = (
    "student",
    "question",
    "attempt",
    "mode",
    "prompt",
    "asked_states",
    "answer",
    "correct_answer",
    "outcome",
    "seconds",
    "time",
)


@dataclass(frozen=True)
class RosterLine:
    name: str
    started: datetime
    finished: datetime | None
    status: str  #: "working", "finished", "time up" or "closed" (a code: the page words it)
    score: int
    answered: int
    questions: int
    taken: timedelta | None  #: started → finished (or the last answer)
    scored: int = 0  #: questions scored right or wrong (the lists of names apart)
    named: int = 0  #: states named in the lists of names
    to_name: int = 0  #: states the lists of names ask for


def roster(
    assignment: AssignmentInfo, students: Sequence[StudentResult], now: datetime
) -> list[RosterLine]:
    """One line per student, in the order they joined."""
    scored, to_name = assignment.scale()
    lines = []
    for s in students:
        info = s.student
        end = info.finished_at or s.last_at
        if info.finished_at:
            status = "finished"
        elif assignment.timer and now >= info.started_at + timedelta(minutes=assignment.timer):
            status = "time up"
        elif not assignment.is_open(now):
            status = "closed"
        else:
            status = "working"
        lines.append(
            RosterLine(
                info.name,
                info.started_at,
                info.finished_at,
                status,
                s.score,
                s.answered,
                assignment.questions,
                end - info.started_at if end else None,
                scored,
                s.named,
                to_name,
            )  # fmt: skip
        )
    return lines


def state_shares(students: Sequence[StudentResult]) -> dict[str, tuple[int, int]]:
    """USPS code → (wrong first attempts, first attempts) at the questions about the state."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for s in students:
        for a in s.answers:
            if a.attempt != 1:
                continue
            for usps in a.states:
                counts[usps][1] += 1
                counts[usps][0] += not a.correct
    return {usps: (w, n) for usps, (w, n) in sorted(counts.items())}


@dataclass(frozen=True)
class MissedQuestion:
    question: int
    qid: str
    prompt: str
    correct_answer: str
    wrong: int  #: wrong first attempts
    asked: int  #: first attempts
    #: (answer given, how often), most often first; ``""``: nothing was given (the page says so)
    wrong_answers: tuple[tuple[str, int], ...]


MEANINGFUL_SHARE = Fraction(1, 4)  #: a question missed by this share or more is always listed
AT_LEAST = 5  #: the most-missed list holds at least this many missed questions, when there are


def most_missed(
    students: Sequence[StudentResult], given: Callable[[AnswerRecord], str] = lambda a: a.given
) -> list[MissedQuestion]:
    """The questions missed at the first attempt, the most missed first; a wrong answer is
    counted by ``given`` (its words: by default as stored).

    **Order**: by the share of first attempts that were wrong, the largest first; at an equal
    share, the one more students got wrong first (more evidence); then by question number.
    **Listed**: every question missed by :data:`MEANINGFUL_SHARE` or more of those who
    answered it, and at least the :data:`AT_LEAST` most missed (any share above none); a tie
    (an equal share and an equal number wrong) is kept together, never cut in two. So the
    only question that half the class got wrong is listed first even when few reached it."""
    asked: Counter[int] = Counter()
    wrong: Counter[int] = Counter()
    wrong_given: dict[int, Counter[str]] = defaultdict(Counter)
    about: dict[int, tuple[str, str, str]] = {}
    for s in students:
        for a in s.answers:
            about.setdefault(a.question, (a.qid, a.prompt, a.correct_answer))
            if a.attempt == 1:
                asked[a.question] += 1
                wrong[a.question] += not a.correct
            if not a.correct:
                wrong_given[a.question][given(a)] += 1

    def rank(q: int) -> tuple[Fraction, int]:
        return Fraction(wrong[q], asked[q]), wrong[q]

    ordered = sorted((q for q in wrong if wrong[q]), key=lambda q: (-rank(q)[0], -wrong[q], q))
    ranked = [
        q
        for i, q in enumerate(ordered)
        if rank(q)[0] >= MEANINGFUL_SHARE or i < AT_LEAST or rank(q) == rank(ordered[AT_LEAST - 1])
    ]
    return [
        MissedQuestion(
            q,
            *about[q],
            wrong[q],
            asked[q],
            tuple(sorted(wrong_given[q].items(), key=lambda kv: (-kv[1], kv[0]))[:3]),
        )  # fmt: skip
        for q in ranked
    ]


def attempts_csv(students: Sequence[StudentResult], zone: tzinfo) -> str:
    """Every stored attempt, one row each (header :data:`CSV_COLUMNS`), times in ``zone``
    (:func:`engine.csvfile.csv_text`: no cell a spreadsheet would run)."""
    rows = [
        (
            s.student.name,
            a.question,
            a.attempt,
            a.mode,
            a.prompt,
            " ".join(a.states),
            a.given,
            a.correct_answer,
            a.outcome,
            a.seconds,
            a.answered_at.astimezone(zone).isoformat(timespec="seconds"),
        )  # fmt: skip
        for s in students
        for a in s.answers
    ]
    return csv_text([CSV_COLUMNS, *rows])
