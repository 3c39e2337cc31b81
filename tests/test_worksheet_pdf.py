"""Worksheets and keys as the teacher prints them: every drill, on Letter and on A4, read back
from the PDF with poppler (``pdftotext``, ``pdfinfo``): the page count and size, the class and
date fields, every question's words on one page and in order, every answer on the key and
none on the sheet, an alternative text for every map, and the same bytes for the same
settings. Pictures of the first pages land in ``screenshots/``."""

from __future__ import annotations

import re
import unicodedata

import pytest

from engine.quiz import GROUP_TITLES, MODE_GROUPS, QuizSettings, build_questions
from store.names import TITLE_MAX, checked
from tests.pdf_tools import (
    alt_texts,
    complaints,
    info,
    ink_depth,
    need_fonts,
    need_poppler,
    page_picture,
    pages_text,
)
from worksheets import Paper, key_pdf, notice_pdf, title_problem, worksheet, worksheet_pdf
from worksheets.paper import Form

SEED = 7
#: pages of (worksheet, key) of the 10-question worksheet of each drill with seed 7
PAGES: dict[tuple[str, Paper], tuple[int, int]] = {
    ("borders", Paper.LETTER): (3, 1),
    ("borders", Paper.A4): (2, 1),
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


def drill_sheet(group: str, paper: Paper, title: str | None = None, n: int = 10, modes=None):
    """The worksheet of every mode of ``group`` (``all50`` too), ``n`` questions, seed 7."""
    settings = QuizSettings(modes=modes or MODE_GROUPS[group], n=n, seed=SEED)
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


def questions_per_page(pdf: bytes, sheet) -> list[int]:
    """How many questions begin on each page (a question's number and words: "3. Which …")."""
    starts = [
        re.compile(rf"(?<![\d]){re.escape(f'{q.number}. {q.prompt}')}") for q in sheet.questions
    ]
    return [sum(bool(start.search(page)) for start in starts) for page in pages_text(pdf)]


def assert_no_lone_last_question(sheet) -> None:
    """Neither the sheet nor its key ends on a page holding one question, unless the sheet is
    one question or that question is tall enough to fill half the page by itself (it cannot
    share a page with the one before it: 50 lines to write on under a map)."""
    for make in (worksheet_pdf, key_pdf):
        pdf = make(sheet)
        counts = questions_per_page(pdf, sheet)
        where = f"{make.__name__} of {len(sheet.questions)} ({sheet.paper.label}): {counts}"
        assert sum(counts) == len(sheet.questions) and 0 not in counts, where
        if len(sheet.questions) > 1 and counts[-1] == 1:
            assert ink_depth(pdf, len(counts)) > 0.5, f"a lone last question: {where}"


COUNTS = (*range(2, 11), 13, 20, 30)  #: 11, 12, 50 checked by hand too


@pytest.mark.parametrize("paper", list(Paper))
@pytest.mark.parametrize("group", list(MODE_GROUPS))
def test_no_last_page_holds_a_lone_question(poppler, group, paper):
    for n in COUNTS:
        assert_no_lone_last_question(drill_sheet(group, paper, n=n))


@pytest.mark.parametrize("mode", sorted({m for ms in MODE_GROUPS.values() for m in ms}))
def test_no_last_page_holds_a_lone_question_of_one_mode(poppler, mode):
    for n in (3, 7):
        assert_no_lone_last_question(drill_sheet("borders", Paper.LETTER, n=n, modes=(mode,)))


#: titles a teacher may type, one per script or kind of character the form takes
TITLES = (
    "Géographie : les États-Unis, leçon n° 3",  # Latin with accents
    "Γεωγραφία των ΗΠΑ",  # Greek
    "География США",  # Cyrillic
    "美国地理 第三课",  # Chinese
    "アメリカの地理",  # Japanese kana and kanji
    "미국 지리 퀴즈",  # Korean Hangul
    "جغرافيا الولايات المتحدة",  # Arabic
    "גאוגרפיה",  # Hebrew
    "भूगोल प्रश्नोत्तरी",  # Devanagari
    "ภูมิศาสตร์",  # Thai
    "Map quiz 🗺️🇺🇸 👩‍🏫",  # emoji, a flag, a ZWJ sequence
    "ＧＥＯ　ＱＵＩＺ",  # full-width letters
    "Zoë, Ñandú, q̃ ḁ",  # combining marks (some with no precomposed form)
    "∑ ≠ ∞ ★ ♠",  # symbols
    "𓀀𓁐 hieroglyphs",  # a script no font here covers
    "Private use \ue000",
)


def read_back(title: str, text: str) -> bool:
    """Whether every visible character of ``title`` is in ``text``: in order, for a title
    written left to right (poppler writes a cluster of several glyphs more than once); for one
    with right-to-left words, poppler gives them in the page's order, inside direction marks."""
    visible = [ch for ch in title if not ch.isspace() and unicodedata.category(ch) != "Cf"]
    if any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in visible):
        return set(visible) <= set(text)
    rest = iter(text)
    return all(ch in rest for ch in visible)


@pytest.mark.parametrize("typed", TITLES)
def test_every_title_the_form_takes_prints(poppler, typed):
    """A title goes through the form's checks (the store's, then the printer's fonts): refused
    in words, or printed on the worksheet and its key, where pdftotext reads it back."""
    title, fault, _ = checked(typed, TITLE_MAX)
    if fault is not None:
        return
    if (problem := title_problem(title)) is not None:
        assert problem.startswith("The worksheet printer has no font for “"), problem
        return
    sheet = drill_sheet("ranks", Paper.LETTER, title=title, n=2)
    for make in (worksheet_pdf, key_pdf):
        pdf = make(sheet)
        assert complaints(pdf) == {}
        assert read_back(title, pages_text(pdf)[0]), (make.__name__, pages_text(pdf)[0])


def test_the_fonts_print_cjk_hangul_emoji_and_full_width_titles():
    """With the project's fonts installed (``.ci/run``), the scripts the issue names print."""
    need_fonts()
    for title in TITLES[3:6] + TITLES[10:12]:
        assert title_problem(title) is None, title


def test_a_title_no_font_covers_is_refused_naming_its_characters():
    problem = title_problem("Pharaohs 𓀀 and 𓁐")
    assert problem == (
        "The worksheet printer has no font for “𓀀” (U+13000), “𓁐” (U+13050) in the title."
    )


def test_a_pdf_that_cannot_be_made_is_a_page_that_says_why(poppler):
    pdf = notice_pdf("The worksheet could not be typeset: 𓀀 is missing.")
    text = " ".join(pages_text(pdf))
    assert "The worksheet could not be made" in text and "could not be typeset" in text
