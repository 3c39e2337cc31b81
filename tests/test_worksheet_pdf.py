"""Worksheets and keys as the teacher prints them: every drill, on Letter and on A4, read back
from the PDF with poppler (``pdftotext``, ``pdfinfo``): the page count and size, the class and
date fields, every question's words on one page and in order, every answer on the key and
none on the sheet, an alternative text for every map, and the same bytes for the same
settings. Pictures of the first pages land in ``screenshots/``."""

from __future__ import annotations

import pytest

from engine.quiz import GROUP_TITLES, MODE_GROUPS, QuizSettings, build_questions
from tests.pdf_tools import alt_texts, complaints, info, need_poppler, page_picture, pages_text
from worksheets import Paper, key_pdf, worksheet, worksheet_pdf
from worksheets.paper import Form

SEED = 7
#: pages of (worksheet, key) of the 10-question worksheet of each drill with seed 7
PAGES: dict[tuple[str, Paper], tuple[int, int]] = {
    ("borders", Paper.LETTER): (3, 2),
    ("borders", Paper.A4): (3, 1),
    ("capitals", Paper.LETTER): (2, 1),
    ("capitals", Paper.A4): (2, 1),
    ("ranks", Paper.LETTER): (1, 1),
    ("ranks", Paper.A4): (1, 1),
    ("zones", Paper.LETTER): (2, 1),
    ("zones", Paper.A4): (2, 1),
    ("locate", Paper.LETTER): (4, 2),  # with all50: 50 lines to write on
    ("locate", Paper.A4): (4, 2),
}
SIZES = {Paper.LETTER: "612 x 792 pts (letter)", Paper.A4: "595.276 x 841.89 pts (A4)"}


@pytest.fixture
def poppler():
    need_poppler()


def drill_sheet(group: str, paper: Paper, title: str | None = None):
    """The worksheet of every mode of ``group`` (``all50`` too), 10 questions, seed 7."""
    settings = QuizSettings(modes=MODE_GROUPS[group], n=10, seed=SEED)
    return worksheet(
        build_questions(settings),
        title=title or GROUP_TITLES[group],
        drill=GROUP_TITLES[group],
        selection=settings.describe_pool(),
        paper=paper,
        note="The same questions as the practice link.",
    )


@pytest.mark.parametrize(("group", "paper"), list(PAGES))
def test_every_drill_prints_its_questions_and_its_key(poppler, group, paper):
    sheet = drill_sheet(group, paper)
    pdf, key = worksheet_pdf(sheet), key_pdf(sheet)
    for document, pages in zip((pdf, key), PAGES[group, paper], strict=True):
        assert complaints(document) == {}  # poppler reads it without a word on stderr
        facts = info(document)
        assert (int(facts["Pages"]), facts["Page size"]) == (pages, SIZES[paper])
        assert facts["Tagged"] == "yes"
        assert b"pdfuaid" in document  # PDF/UA-1 declared in the metadata

    printed = pages_text(pdf)
    assert all(f"{field}:" in printed[0] for field in ("Name", "Class", "Date"))
    whole = " ".join(printed)
    places = []
    for q in sheet.questions:
        words = f"{q.number}. {q.prompt}"
        on = [i for i, page in enumerate(printed) if words in page]
        assert len(on) == 1, f"question {q.number} is not whole on one page: {words!r}"
        places.append(whole.index(words))
        if q.explanation:
            assert q.explanation not in whole
        if q.form is Form.NAMES:
            assert f"{q.lines}." in whole and f"{q.lines + 1}." not in whole
    assert places == sorted(places)
    assert "Answer key" not in whole

    keyed = " ".join(pages_text(key))
    assert keyed.startswith(f"GeoPlunge · {GROUP_TITLES[group]} Answer key: {sheet.title}")
    for q in sheet.questions:
        assert f"{q.number}. {q.prompt}" in keyed
        assert f"Answer: {q.answer}" in keyed, q.answer

    assert alt_texts(pdf) == [q.sheet_alt for q in sheet.questions if q.sheet_map]
    assert alt_texts(key) == [q.key_alt for q in sheet.questions if q.key_map]


def test_the_same_settings_give_the_same_bytes():
    one, two = drill_sheet("borders", Paper.A4), drill_sheet("borders", Paper.A4)
    assert worksheet_pdf(one) == worksheet_pdf(two)
    assert key_pdf(one) == key_pdf(two)


def test_a_title_prints_as_typed(poppler):
    title = 'Borders *not bold* #set [x] "quoted" \\ back'
    sheet = drill_sheet("ranks", Paper.LETTER, title=title)
    assert title in pages_text(worksheet_pdf(sheet))[0]
    assert f"Answer key: {title}" in pages_text(key_pdf(sheet))[0]


@pytest.mark.parametrize("paper", list(Paper))
def test_pictures_of_a_map_page_and_of_the_key(poppler, paper):
    sheet = drill_sheet("borders", paper)
    size = paper.label.lower()
    assert page_picture(worksheet_pdf(sheet), f"worksheet-borders-{size}").stat().st_size
    assert page_picture(key_pdf(sheet), f"worksheet-borders-key-{size}").stat().st_size
