"""No CSV file the app offers can run a formula in a spreadsheet (OWASP's CSV injection).

The rule is one function, :func:`engine.csvfile.csv_text`, and every CSV is written by it: a
structural test finds no other CSV writer in the code. The app is then walked as its users
walk it, with names and typed answers that a spreadsheet would run (``=1+1``, ``+SUM(1,1)``,
``@SUM(A1)``, ``=cmd|' /C calc'!A0`` …): students of a class join under those names and answer,
and a learner types them into a drill; every CSV a page then offers (the run, the class's
attempts, each gradebook format, the class progress) is read back cell by cell."""

from __future__ import annotations

import ast
import csv
import io
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from engine.csvfile import FORMULA_START, csv_text, safe_cell
from store.gradebook import GRADEBOOKS
from tests import test_app_progress, test_app_worksheets
from tests.test_app_classroom import RESULTS, answer, join_as, quick, session
from tests.test_app_drills import click, open_page, right_answer, wrong_answer
from tests.test_app_progress import CLASS_PROGRESS

progress_db = test_app_progress.progress_db  # the fixtures: a fresh database, the downloads
downloads = test_app_worksheets.downloads
ROOT = Path(__file__).resolve().parent.parent
HOSTILE = ("=1+1", "+SUM(1,1)", "@SUM(A1)", "=cmd|' /C calc'!A0", "-2+3", '=HYPERLINK("x")')


def cells(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))


# --- the rule -----------------------------------------------------------------------------------


@given(st.text())
def test_no_text_cell_starts_a_formula_and_the_text_is_kept(text: str) -> None:
    [[cell]] = cells(csv_text([[text]]))
    assert not cell.startswith(FORMULA_START)
    assert cell in (text, "'" + text)


def test_numbers_stay_numbers_and_none_is_an_empty_cell() -> None:
    assert [safe_cell(v) for v in (-3, 2.5, 0, None, True)] == [-3, 2.5, 0, "", "True"]
    assert cells(csv_text([["-3", -3, "\t1", "\r1", "a=1"]])) == [
        ["'-3", "-3", "'\t1", "'\r1", "a=1"]
    ]


def test_every_csv_is_written_by_the_one_function() -> None:
    """No module of the app makes CSV text but :mod:`engine.csvfile` (``csv.writer`` or
    ``csv.DictWriter`` anywhere else would bypass the rule)."""
    writers = []
    for package in ("engine", "store", "ui", "widgets", "worksheets", "geodata", "pages"):
        for path in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (
                    isinstance(node, ast.Attribute)
                    and node.attr in ("writer", "DictWriter")
                    and isinstance(node.value, ast.Name)
                    and node.value.id == "csv"
                ):
                    writers.append(path.relative_to(ROOT).as_posix())
    assert writers == ["engine/csvfile.py"]


# --- the app, walked ----------------------------------------------------------------------------


def test_every_csv_the_app_offers_neutralises_formula_names_and_answers(progress_db, downloads):
    code, key = quick(progress_db, title="=SUM(A1:A9) zones")
    for i, name in enumerate(HOSTILE):
        student = join_as(code, name)
        for q in range(4):
            answer(student, right=(q + i) % 2 == 0)

    drill = open_page(session(), "pages/capital_quiz.py", mode="capital", n="2", seed="5")
    view = drill.session_state["capital_quiz"]

    def typed(text: str) -> None:
        drill.text_input(key=view.widget_key("text")).input(text)
        click(drill, "Check")

    for text in HOSTILE:  # not names of capitals: asked again, not counted
        typed(text)
    for _ in range(4):  # "=" or "@" before a capital: read as the capital, or asked again
        if view.run.is_done:
            break
        typed("=" + right_answer(view.run.current))
        if view.phase == "ask":
            typed("@" + wrong_answer(view.run.current))
        click(drill, "See my results" if view.run.is_done else "Next question")
    assert view.run.is_done

    teacher = open_page(session(), RESULTS, key=key)
    for book in GRADEBOOKS.values():
        teacher.selectbox(key="results_gradebook").set_value(book.id).run()
        assert not teacher.exception
    open_page(session(), CLASS_PROGRESS, key=key)

    offered = {
        name: (data() if callable(data) else data)
        for name, data in downloads.items()
        if str(name).endswith(".csv")
    }
    offered = {n: t.decode("utf-8") if isinstance(t, bytes) else t for n, t in offered.items()}
    kinds = {name.removesuffix(".csv").rsplit("-", 1)[-1] for name in offered}
    assert kinds >= {"seed5", "answers", "canvas", "classroom", "plain", "progress"}, offered
    names_written = set()
    for name, text in offered.items():
        for row in cells(text):
            for cell in row:
                assert not cell.startswith(FORMULA_START), (name, cell)
            names_written |= {cell for cell in row if cell.lstrip("'") in HOSTILE}
    assert {"'" + n for n in HOSTILE} <= names_written  # the names are there, neutralised
