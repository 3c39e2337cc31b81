"""What a class did, from the stored answers: the roster, the share of wrong first answers per
state, the most-missed questions and the CSV of every attempt. Pure functions of
:func:`store.classroom.class_results`.

Rules: a student's **score** counts the questions right at the first attempt (as the quiz's own
summary does), and a list of names (``all50``) the states named of all it asks, apart. A
**state's share** counts the first attempts at the questions about that state
(a question about several states counts for each): re-askings of a missed question would count
the same mistake twice. The **most-missed** questions are ranked by wrong first attempts; their
**wrong answers** are tallied over every wrong attempt, re-askings included, since an answer
given again is a misconception that stays.
"""

from __future__ import annotations

import csv
import io
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, tzinfo

from store.classroom import AssignmentInfo, StudentResult

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
    status: str  #: "working", "finished", "time up" or "closed"
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
    prompt: str
    correct_answer: str
    wrong: int  #: wrong first attempts
    asked: int  #: first attempts
    wrong_answers: tuple[tuple[str, int], ...]  #: (answer given, how often), most often first


def most_missed(students: Sequence[StudentResult], limit: int = 5) -> list[MissedQuestion]:
    """The questions most often wrong at the first attempt (ties: the lower number first)."""
    asked: Counter[int] = Counter()
    wrong: Counter[int] = Counter()
    given: dict[int, Counter[str]] = defaultdict(Counter)
    about: dict[int, tuple[str, str]] = {}
    for s in students:
        for a in s.answers:
            about.setdefault(a.question, (a.prompt, a.correct_answer))
            if a.attempt == 1:
                asked[a.question] += 1
                wrong[a.question] += not a.correct
            if not a.correct:
                given[a.question][a.given or "(nothing)"] += 1
    ranked = sorted((q for q in wrong if wrong[q]), key=lambda q: (-wrong[q], q))[:limit]
    return [
        MissedQuestion(
            q,
            *about[q],
            wrong[q],
            asked[q],
            tuple(sorted(given[q].items(), key=lambda kv: (-kv[1], kv[0]))[:3]),
        )  # fmt: skip
        for q in ranked
    ]


def spreadsheet_safe(text: str) -> str:
    """A typed value made safe for spreadsheets: a leading = + - @ (or a tab or a carriage
    return) would start a formula in Excel, LibreOffice or Google Sheets, so it gets a ``'``
    in front, which spreadsheets read as "this cell is text"."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def attempts_csv(students: Sequence[StudentResult], zone: tzinfo) -> str:
    """Every stored attempt, one row each (header :data:`CSV_COLUMNS`), times in ``zone``."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for s in students:
        for a in s.answers:
            writer.writerow(
                (
                    spreadsheet_safe(s.student.name), a.question, a.attempt, a.mode, a.prompt,
                    " ".join(a.states), spreadsheet_safe(a.given), a.correct_answer, a.outcome,
                    "" if a.seconds is None else a.seconds,
                    a.answered_at.astimezone(zone).isoformat(timespec="seconds"),
                )
            )  # fmt: skip
    return out.getvalue()
