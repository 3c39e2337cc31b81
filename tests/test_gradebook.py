"""The gradebook files of the Results page, read back as each gradebook reads them: the
headers its import requires, one row per student with the name as typed (a formula-looking
name neutralised), the score right at the first try out of the number of questions."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime

import pytest

from store.classroom import AnswerRecord, AssignmentInfo, StudentInfo, StudentResult
from store.gradebook import (
    CANVAS_COLUMNS,
    CLASSROOM_COLUMNS,
    GRADEBOOKS,
    PLAIN_COLUMNS,
    percent,
)

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
ASSIGNMENT = AssignmentInfo(
    1, "K7PQ2M", "Borders, Tuesday", "borders", {}, None, 4, T0, None, seed=123456789
)


def answer(seq: int, question: int, attempt: int, outcome: str) -> AnswerRecord:
    return AnswerRecord(
        seq, question, attempt, f"count:{question}", "count", "How many?", (), "3", "3", "4",
        outcome, 2.0, T0,
    )  # fmt: skip


def student(i: int, name: str, outcomes: list[str], finished: bool) -> StudentResult:
    info = StudentInfo(i, 1, name, T0, T0 if finished else None)
    return StudentResult(
        info, tuple(answer(q, q, 1, o) for q, o in enumerate(outcomes, 1))
    )  # fmt: skip


CLASS = [
    student(1, "Ana", ["right", "right", "wrong", "right"], finished=True),
    student(2, '=HYPERLINK("x")', ["right"], finished=False),
    student(3, "Zoë Ōtake-Nguyễn", [], finished=False),
    student(4, "-Ben", ["wrong", "wrong", "wrong", "wrong"], finished=True),
    student(5, '@cy, "the" first', ["right", "right", "right", "right"], finished=True),
]
TYPED = ["Ana", '\'=HYPERLINK("x")', "Zoë Ōtake-Nguyễn", "'-Ben", '\'@cy, "the" first']


def read(gradebook: str) -> list[dict[str, str]]:
    text = GRADEBOOKS[gradebook].csv(ASSIGNMENT, CLASS)
    return list(csv.DictReader(io.StringIO(text.removeprefix("\ufeff"))))


def test_canvas_has_its_gradebook_columns_and_a_points_possible_row():
    text = GRADEBOOKS["canvas"].csv(ASSIGNMENT, CLASS)
    header = next(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))
    assert header == [*CANVAS_COLUMNS, "Borders, Tuesday"]
    assert CANVAS_COLUMNS == ("Student", "ID", "SIS User ID", "SIS Login ID", "Section")
    rows = read("canvas")
    assert rows[0]["Student"] == "Points Possible" and rows[0]["Borders, Tuesday"] == "4"
    assert [r["Student"] for r in rows[1:]] == TYPED
    assert [r["Borders, Tuesday"] for r in rows[1:]] == ["3", "1", "0", "0", "4"]
    assert all(r["ID"] == r["SIS User ID"] == r["SIS Login ID"] == r["Section"] == "" for r in rows)


def test_google_classroom_has_names_and_a_score_column():
    rows = read("google-classroom")
    assert list(rows[0]) == [*CLASSROOM_COLUMNS, "Borders, Tuesday"]
    assert [(r["Name"], r["Borders, Tuesday"]) for r in rows] == list(
        zip(TYPED, ["3", "1", "0", "0", "4"], strict=True)
    )


def test_every_file_starts_with_a_byte_order_mark():
    """Excel reads the names as UTF-8 (Zoë Ōtake-Nguyễn, not mojibake) in every format."""
    for book in GRADEBOOKS.values():
        text = book.csv(ASSIGNMENT, CLASS)
        assert text.startswith("\ufeff") and not text.startswith("\ufeff\ufeff"), book.id


def test_the_plain_file_has_name_score_percent_finished():
    text = GRADEBOOKS["plain"].csv(ASSIGNMENT, CLASS)
    assert text.startswith("\ufeffname,")
    rows = read("plain")
    assert list(rows[0]) == list(PLAIN_COLUMNS)
    assert [r["name"] for r in rows] == TYPED
    assert [(r["score"], r["out_of"], r["percent"], r["finished"]) for r in rows] == [
        ("3", "4", "75", "yes"),
        ("1", "4", "25", "no"),
        ("0", "4", "0", "no"),
        ("0", "4", "0", "yes"),
        ("4", "4", "100", "yes"),
    ]


def test_only_the_first_try_counts():
    again = student(6, "Dee", [], finished=True)
    retried = StudentResult(
        again.student, (answer(1, 1, 1, "wrong"), answer(2, 1, 2, "right"))
    )  # fmt: skip
    rows = list(csv.DictReader(io.StringIO(GRADEBOOKS["canvas"].csv(ASSIGNMENT, [retried]))))
    assert rows[1]["Borders, Tuesday"] == "0"


def test_a_title_that_looks_like_a_formula_is_neutralised_too():
    sneaky = AssignmentInfo(2, "ABCDEF", "+1 borders", "borders", {}, None, 4, T0, None)
    text = GRADEBOOKS["google-classroom"].csv(sneaky, CLASS).removeprefix("\ufeff")
    header = next(csv.reader(io.StringIO(text)))
    assert header == ["Name", "'+1 borders"]


@pytest.mark.parametrize(
    ("score", "out_of", "whole"), [(7, 8, 88), (1, 8, 13), (2, 3, 67), (0, 0, 0)]
)
def test_percent_rounds_halves_up(score, out_of, whole):
    assert percent(score, out_of) == whole


def test_files_are_named_by_code_and_format_and_never_carry_the_seed():
    for book in GRADEBOOKS.values():
        assert book.file_name(ASSIGNMENT) == f"geoplunge-K7PQ2M-{book.id}.csv"
        assert "123456789" not in book.csv(ASSIGNMENT, CLASS)
