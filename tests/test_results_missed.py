"""Class results: which questions "Most missed" lists (scenarios with hand-counted shares), and
each student's answers shown whole (a long list answer is not cut at a cell's edge)."""

from __future__ import annotations

from datetime import UTC, datetime

from engine.quiz import QuizSettings
from store import classroom as cr
from store.classroom import AnswerRecord, StudentInfo, StudentResult
from store.report import most_missed
from tests import test_app_progress
from tests.test_app_classroom import RESULTS, session
from tests.test_app_drills import open_page, texts

progress_db = test_app_progress.progress_db  # the fixture: a fresh database
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def record(question: int, right: bool, given: str = "", attempt: int = 1) -> AnswerRecord:
    outcome = "right" if right else "wrong"
    return AnswerRecord(
        question, question, attempt, f"count:{question}", "count", f"Question {question}?", (),
        given, given or "x", "3", outcome, 2.0, T0,
    )  # fmt: skip


def klass(sheet: dict[int, str]) -> list[StudentResult]:
    """A class from a sheet: question → one letter per student (``w`` wrong at the first try,
    ``r`` right, ``.`` or nothing: not reached)."""
    width = max(len(marks) for marks in sheet.values())
    sheet = {q: marks.ljust(width, ".") for q, marks in sheet.items()}
    return [
        StudentResult(
            StudentInfo(i, 1, f"S{i}", T0, None),
            tuple(record(q, marks[i] == "r") for q, marks in sheet.items() if marks[i] != "."),
        )
        for i in range(width)
    ]


def listed(sheet: dict[int, str]) -> list[tuple[int, int, int]]:
    return [(m.question, m.wrong, m.asked) for m in most_missed(klass(sheet))]


def test_the_only_question_half_the_class_missed_is_listed_first():
    # Ten students; Q7 was reached by two (the others ran out of time), one missed it: 1/2.
    sheet = {
        1: "wwwrrrrrrr",  # 3/10
        2: "wwrrrrrrrr",  # 2/10, tied with Q3 to Q6
        3: "rwwrrrrrrr",
        4: "rrwwrrrrrr",
        5: "rrrwwrrrrr",
        6: "rrrrwwrrrr",
        7: "wr........",  # 1/2
        8: "wrrrrrrrrr",  # 1/10: below a quarter, after the five most missed and their tie
        9: "rrrrrrrrrr",  # never missed
    }
    # The old list (the five most wrong, ties by number) was Q1 to Q5: Q7 hidden, Q6 cut off
    # from its tie. Now: Q7 (1/2) and Q1 (3/10) reach a quarter; the five most missed end in
    # the tie of Q2 to Q6 at 2/10, kept together; Q8 (1/10) falls outside.
    assert listed(sheet) == [(7, 1, 2), (1, 3, 10), (2, 2, 10), (3, 2, 10), (4, 2, 10),
                             (5, 2, 10), (6, 2, 10)]  # fmt: skip


def test_every_question_missed_by_a_quarter_or_more_is_listed_however_many():
    # Eight students, seven questions missed by two (a quarter) to eight of them: all listed.
    sheet = {q: "w" * (q + 1) + "r" * (7 - q) for q in range(1, 8)}
    assert [q for q, _, _ in listed(sheet)] == [7, 6, 5, 4, 3, 2, 1]
    # at an equal share, the question more students missed first: 2/4 before 1/2
    assert listed({1: "wr..", 2: "wwrr"}) == [(2, 2, 4), (1, 1, 2)]


def test_a_class_that_missed_little_still_sees_its_five_most_missed():
    sheet = {q: "w" + "r" * (9 + q) for q in range(1, 8)}  # 1/11, 1/12 … 1/17
    assert [q for q, _, _ in listed(sheet)] == [1, 2, 3, 4, 5]
    assert listed({1: "rrrr"}) == []


def test_each_students_answers_are_shown_whole(progress_db):
    made = cr.create_assignment(
        progress_db, title="Borders", drill="borders",
        settings=QuizSettings(modes=("neighbors",), n=2),
    )  # fmt: skip
    student, _ = cr.join(progress_db, made.assignment.code, "Ana")
    long = (
        "Arizona, California, Colorado, Idaho, Montana, Nevada, New Mexico, Oklahoma, Oregon, "
        "Texas, Washington and Wyoming"
    )
    cr.record_answers(progress_db, student.id, [record(1, False, given=long)])
    teacher = open_page(session(), RESULTS, key=made.teacher_key)
    assert "Each student's answers" in texts(teacher)
    [table] = teacher.table  # a static table: it wraps a long cell instead of cutting it
    shown = table.value
    assert list(shown["Answer"]) == [long]
    assert list(shown["Question"]) == ["Question 1?"]
