"""AppTest flows of the teacher's desk: "Print a worksheet" on the Assign page (the practice
link's questions, Letter or A4) and for a class assignment (right after creating it, and on
its Results page), the gradebook files of the Results page, and "Share to Google Classroom".

The downloads are read as the browser gets them: a worksheet's PDF is made by the callable
the page hands Streamlit (caught here as the page registers it) and read back with poppler;
a gradebook file is the data the page hands Streamlit."""

from __future__ import annotations

import csv
import io
from urllib.parse import parse_qs, urlsplit

import pytest
from streamlit.runtime.media_file_manager import MediaFileManager
from streamlit.testing.v1 import AppTest

from engine.quiz import QuizSettings, build_questions, parse_settings
from store.classroom import find_assignment
from store.gradebook import CANVAS_COLUMNS, GRADEBOOKS, PLAIN_COLUMNS
from tests.pdf_tools import info, need_fonts, need_poppler, pages_text
from tests.test_app_classroom import (  # noqa: F401 (sqlite_class_db: a fixture)
    ASSIGN,
    RESULTS,
    answer,
    create,
    join_as,
    quick,
    session,
    sqlite_class_db,
    view,
)
from tests.test_app_drills import click, open_page
from ui.classroom.worksheet import printed
from ui.storage import app_database
from worksheets import worksheet, worksheet_pdf
from worksheets.paper import on_paper

SHEET, KEY = "Download the worksheet (PDF)", "Download the answer key (PDF)"


@pytest.fixture
def downloads(monkeypatch) -> dict[str, object]:
    """File name → what the page offers for download (bytes or text; a deferred PDF is made
    by calling it), for every download button drawn from now on."""
    offered: dict[str, object] = {}
    add, add_deferred = MediaFileManager.add, MediaFileManager.add_deferred

    def spy_add(self, data, mimetype, coordinates, file_name=None, *args, **kwargs):
        offered[file_name] = data
        return add(self, data, mimetype, coordinates, file_name, *args, **kwargs)

    def spy_deferred(self, make, mimetype, coordinates, file_name=None, **kwargs):
        offered[file_name] = make
        return add_deferred(self, make, mimetype, coordinates, file_name, **kwargs)

    monkeypatch.setattr(MediaFileManager, "add", spy_add)
    monkeypatch.setattr(MediaFileManager, "add_deferred", spy_deferred)
    return offered


def labels(at: AppTest) -> list[str]:
    return [d.proto.label for d in at.get("download_button")]


def made(downloads: dict[str, object], ending: str) -> bytes:
    """The PDF of the one download whose file name ends with ``ending``, made as on a click."""
    (name,) = [n for n in downloads if n.endswith(ending)]
    pdf = downloads[name]()  # type: ignore[operator]
    assert isinstance(pdf, bytes) and pdf.startswith(b"%PDF")
    return pdf


def test_assign_prints_the_practice_links_questions_on_letter_or_a4(app, downloads):
    need_poppler()
    open_page(app, ASSIGN)
    assert SHEET in labels(app) and KEY in labels(app)
    link = next(c.value for c in app.code if c.value.startswith("border_quiz?"))
    query = {k: v[-1] for k, v in parse_qs(urlsplit(link).query).items()}
    questions = build_questions(parse_settings(query, group="borders")[0])
    seed = query["seed"]
    pdf = made(downloads, f"border_quiz-{seed}-worksheet-letter.pdf")
    assert info(pdf)["Page size"].endswith("(letter)")
    text = " ".join(pages_text(pdf))
    for i, q in enumerate(questions, 1):
        assert f"{i}. {on_paper(q, i).prompt}" in text
    keyed = " ".join(pages_text(made(downloads, f"border_quiz-{seed}-answer-key-letter.pdf")))
    assert all(f"Answer: {q.answer_text}" in keyed for q in questions)
    assert link in keyed.replace(" ", "")  # the key names its link (broken across lines)

    app.radio(key="assign_print_paper").set_value(app.radio(key="assign_print_paper").options[1])
    app.run()
    assert not app.exception
    assert info(made(downloads, f"{seed}-worksheet-a4.pdf"))["Page size"].endswith("(A4)")


def test_a_full_link_is_offered_to_google_classroom_as_a_plain_link(app):
    app.context = {"url": "http://school.example:8501/assign"}
    open_page(app, ASSIGN)
    shares = [
        b.proto for b in app.get("link_button") if b.proto.label == "Share to Google Classroom"
    ]
    assert len(shares) == 1
    share = urlsplit(shares[0].url)
    assert (share.scheme, share.netloc, share.path) == ("https", "classroom.google.com", "/share")
    shared = parse_qs(share.query)
    assert shared["url"][0].startswith("http://school.example:8501/border_quiz?mode=")
    assert shared["title"] == ["Border quiz"]


def test_a_relative_link_is_not_offered_to_google_classroom(app):
    open_page(app, ASSIGN)
    assert "Share to Google Classroom" not in [b.proto.label for b in app.get("link_button")]


@pytest.mark.usefixtures("sqlite_class_db")
def test_results_offer_the_worksheet_and_the_gradebooks(app, downloads):
    need_poppler()
    code, key = create(app, title="Zones, Tuesday", n=4)
    assert "Print it: the worksheet and its answer key" not in [e.label for e in app.expander]
    click(app, "Step 2: show my private teacher link")
    assert SHEET in labels(app)  # in the teacher-only step, right after creating it

    ana = join_as(code, "Ana")
    questions = view(ana).run.questions
    for right in (True, False, True, True):
        answer(ana, right=right)
    join_as(code, "=1+1")

    teacher = open_page(session(), RESULTS, key=key)
    assert SHEET in labels(teacher) and KEY in labels(teacher)
    pdf = made(downloads, f"geoplunge-{code}-worksheet-letter.pdf")
    printed = pages_text(pdf)
    assert "Zones, Tuesday" in printed[0]
    text = " ".join(printed)
    for i, q in enumerate(questions, 1):
        assert f"{i}. {on_paper(q, i).prompt}" in text  # the class's questions, in its order
    seed = str(find_assignment(app_database(), code).seed)
    keyed = " ".join(pages_text(made(downloads, f"geoplunge-{code}-answer-key-letter.pdf")))
    assert f"class assignment {code}" in keyed
    assert seed not in text + keyed and seed.encode() not in pdf

    box = teacher.selectbox(key="results_gradebook")
    assert box.options == [g.label for g in GRADEBOOKS.values()]
    assert "Download the scores (CSV)" in labels(teacher)
    for book in GRADEBOOKS.values():
        teacher.selectbox(key="results_gradebook").set_value(book.id).run()
        assert not teacher.exception
        text = downloads[f"geoplunge-{code}-{book.id}.csv"]
        assert isinstance(text, bytes)
        rows = list(csv.reader(io.StringIO(text.decode("utf-8-sig"))))
        if book.id == "canvas":
            assert rows[0] == [*CANVAS_COLUMNS, "Zones, Tuesday"]
            assert rows[1] == ["Points Possible", "", "", "", "", "4"]
            rows = rows[1:]
        elif book.id == "plain":
            assert tuple(rows[0]) == PLAIN_COLUMNS
        else:
            assert rows[0] == ["Name", "Zones, Tuesday"]
        names = [r[0] for r in rows[1:]]
        assert names == ["Ana", "'=1+1"]
        assert rows[1][1 if book.id != "canvas" else 5] == "3"


@pytest.mark.usefixtures("sqlite_class_db")
def test_a_title_in_any_script_the_form_takes_prints_and_one_it_cannot_is_refused(app, downloads):
    """Hangul and emoji: created, and its worksheet reads the title back; hieroglyphs (no font
    here has them): refused at the form in words, nothing created."""
    need_poppler()
    need_fonts()
    code, _ = create(app, title="지리 퀴즈 🗺️ ＧＥＯ")
    click(app, "Step 2: show my private teacher link")
    pdf = made(downloads, f"geoplunge-{code}-worksheet-letter.pdf")
    assert "지리 퀴즈 🗺️ ＧＥＯ" in pages_text(pdf)[0]

    teacher = session()
    open_page(teacher, ASSIGN)
    teacher.radio(key="assign_drill").set_value("zones").run()
    teacher.text_input(key="assign_class_title").input("Pharaohs 𓀀")
    click(teacher, "Create a class assignment")
    assert "assign_class_created" not in teacher.session_state
    said = [e.value for e in teacher.error]
    assert said == [
        "The worksheet printer has no font for “𓀀” (U+13000) in the title. "
        "Change the title: the assignment's worksheet prints it."
    ]


@pytest.mark.usefixtures("sqlite_class_db")
def test_a_stored_title_the_printer_cannot_print_is_said_not_silent(downloads):
    """A title stored before the form checked it: the Results page says so in words instead
    of offering downloads that give nothing; a PDF that cannot be made downloads as a page
    that says why."""
    need_poppler()
    code, key = quick(app_database(), title="Pharaohs 𓀀")
    teacher = open_page(session(), RESULTS, key=key)
    assert not teacher.exception
    assert SHEET not in labels(teacher)
    assert any("no font for “𓀀”" in w.value for w in teacher.warning)

    settings = QuizSettings(modes=("zone",), n=2)
    sheet = worksheet(
        build_questions(settings),
        title="Pharaohs 𓀀",
        drill="Time zone quiz",
        selection="all 50 states",
    )
    text = " ".join(pages_text(printed(worksheet_pdf, sheet)))
    assert "The worksheet could not be made" in text and "could not be typeset" in text
