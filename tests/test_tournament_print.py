"""A tournament's team cards and certificates as the teacher prints them, read back from the PDF
with poppler (``pdftotext``, ``pdfinfo``, ``pdftoppm``): in every language and on every paper,
each card holds its team's name, division and code inside its own cut lines, and the QR code of
its join link; each certificate its team, place, record and awards on its own page; names in
any script come out whole and inside the page; a name no font can draw gives a page that says
so; the same inputs give the same bytes. Pictures of a page of each land in ``screenshots/``."""

from __future__ import annotations

import html
import math
import re
import shutil
import subprocess
import unicodedata
from collections import Counter
from dataclasses import replace

import numpy as np
import pytest
import segno
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import messages
from store.codes import CODE_ALPHABET, CODE_LENGTH
from tests.pdf_tools import (
    alt_texts,
    complaints,
    info,
    need_fonts,
    need_poppler,
    page_picture,
    pages_text,
)
from worksheets import (
    AWARDS,
    Certificate,
    Paper,
    TeamCard,
    certificates_pdf,
    name_problem,
    team_cards_pdf,
)
from worksheets.tournament import (
    CARDS_PER_PAGE,
    award_name,
    awards_words,
    card_boxes,
    division_words,
    place_words,
    record_words,
)

TOURNAMENT = "Spring Geography Cup 2026"
SIZES = {Paper.LETTER: (612.0, 792.0), Paper.A4: (595.276, 841.89)}  #: portrait, in points
FRAME = 1.4 * 72 / 2.54  #: a certificate's margin (its frame inside it), in points

#: the widest names of each script, at the longest a team's name may be (40 characters)
WIDEST = (
    "W" * 40,
    "Ш" * 40,
    "鬱" * 40,
    "ﻼ" * 40,  # Arabic lam-alef, one of its widest letters
    "😀" * 40,
    "Ｗ" * 40,  # full-width
    "Mmmmmmmmmmmmmmmmmmmmmm-Wwwwwwwwwwwwwwwwww",
)


@pytest.fixture(autouse=True)
def tools():
    need_poppler()
    need_fonts()


def code(i: int) -> str:
    """The ``i``-th team code: six characters of the store's alphabet, all different codes."""
    digits = [CODE_ALPHABET[(i // len(CODE_ALPHABET) ** k) % len(CODE_ALPHABET)] for k in range(3)]
    return ("".join(digits) + "XYZ")[:CODE_LENGTH]


def link(team_code: str) -> str:
    return f"https://geoplunge.streamlit.app/tournament?team={team_code}"


def cards_of(names: list[str], divisions: list[str] | None = None) -> list[TeamCard]:
    divisions = divisions or [f"Division {i % 3 + 1}" for i in range(len(names))]
    return [
        TeamCard(name, division, code(i), link(code(i)))
        for i, (name, division) in enumerate(zip(names, divisions, strict=True))
    ]


def whole(name: str, text: str) -> bool:
    """Whether every character ``name`` draws is in ``text`` as often as in the name: in order
    for a name written left to right; for one with right-to-left letters, poppler gives the
    words in the page's order (spaces and joiners draw nothing)."""
    drawn = [c for c in name if not c.isspace() and unicodedata.category(c) != "Cf"]
    if any(unicodedata.bidirectional(c) in ("R", "AL") for c in drawn):
        return Counter(drawn) <= Counter(text)
    rest = iter(text)
    return all(c in rest for c in drawn)


Box = tuple[float, float, float, float]
WORD = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>'
)


def words(pdf: bytes) -> tuple[tuple[float, float], list[list[tuple[Box, str]]]]:
    """The page size and, page by page, every word's box (points from the top left) and text
    (``pdftotext -bbox``)."""
    run = subprocess.run(
        ("pdftotext", "-bbox", "-enc", "UTF-8", "-", "-"), input=pdf, capture_output=True
    )
    out = run.stdout.decode("utf-8")
    size = re.search(r'<page width="([\d.]+)" height="([\d.]+)"', out)
    assert size, out[:500]
    pages = out.split("<page ")[1:]
    found = [
        [((float(a), float(b), float(c), float(d)), html.unescape(w)) for a, b, c, d, w in page]
        for page in (WORD.findall(page) for page in pages)
    ]
    return (float(size.group(1)), float(size.group(2))), found


def inside(word: Box, box: Box) -> bool:
    return box[0] <= word[0] and box[1] <= word[1] and word[2] <= box[2] and word[3] <= box[3]


def apart(on_page: list[tuple[Box, str]]) -> None:
    """No two words of a page overlap (by more than a hair's breadth of point)."""
    for i, (a, one) in enumerate(on_page):
        for b, other in on_page[i + 1 :]:
            across, down = min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])
            assert min(across, down) < 1, (one, a, other, b)


def text_in(pdf: bytes, page: int, box: Box) -> str:
    """The text of ``box`` on page ``page`` (from 1), white space folded."""
    x, y = math.floor(box[0]), math.floor(box[1])
    w, h = math.ceil(box[2]) - x, math.ceil(box[3]) - y
    crop = ("-x", str(x), "-y", str(y), "-W", str(w), "-H", str(h))  # at 72 dpi: points
    command = ("pdftotext", "-raw", "-enc", "UTF-8", "-f", str(page), "-l", str(page), *crop)
    out = subprocess.run((*command, "-", "-"), input=pdf, capture_output=True, check=True)
    return " ".join(out.stdout.decode("utf-8").split())


def said(lang: str, make, *args) -> str:
    """``make(*args)`` in ``lang``."""
    with messages.speaking(lang):
        return make(*args)


def alts(pdf: bytes) -> list[str]:
    """The figures' alternative texts: the plain ASCII ones (:func:`alt_texts`), then those
    written as UTF-16 in hexadecimal (Typst's way for any other)."""
    hexed = re.findall(rb"/Alt<([0-9A-Fa-f]+)>", pdf)
    return alt_texts(pdf) + [bytes.fromhex(h.decode()).decode("utf-16") for h in hexed]


def check_cards(pdf: bytes, cards: list[TeamCard], lang: str, paper: Paper) -> None:
    """Everything a page of cards must be (see the module's text)."""
    assert complaints(pdf) == {}
    facts = info(pdf)
    assert int(facts["Pages"]) == math.ceil(len(cards) / CARDS_PER_PAGE)
    assert facts["Tagged"] == "yes" and b"pdfuaid" in pdf
    (width, height), pages = words(pdf)
    assert (round(width), round(height)) == tuple(round(v) for v in SIZES[paper])
    boxes = card_boxes(width, height)
    footer = (0.0, boxes[-1][3], width, height)  # the band under the cards
    page_box = (0.0, 0.0, width, height)
    for number, on_page in enumerate(pages, 1):
        present = boxes[: len(cards) - (number - 1) * CARDS_PER_PAGE]
        for box, word in on_page:
            assert inside(box, page_box), (number, word, box)
            assert any(inside(box, b) for b in (*present, footer)), (number, word, box)
        apart(on_page)
    cut = said(lang, messages._, "Cut along the dashed lines.")
    assert all(cut in page for page in pages_text(pdf))
    for i, card in enumerate(cards):
        page, box = i // CARDS_PER_PAGE + 1, boxes[i % CARDS_PER_PAGE]
        text = text_in(pdf, page, box)
        assert card.code in text, (card, text)
        assert whole(card.team, text), (card.team, text)
        assert whole(said(lang, division_words, card.division), text), (card.division, text)
        assert whole(TOURNAMENT, text)
    qr_of = said(lang, messages._, "QR code of {link}")
    assert alts(pdf) == [qr_of.format(link=card.link) for card in cards]


@pytest.mark.parametrize("paper", list(Paper))
@pytest.mark.parametrize("lang", messages.LANGUAGES)
def test_every_card_holds_its_team_inside_its_cut_lines(lang, paper):
    names = [*WIDEST, "The Mighty Mapmakers of Room 12", "Zoë’s Ñandú Explorers"]
    divisions = [name[::-1] for name in names]  # as long and as wide
    cards = cards_of(names, divisions)
    check_cards(team_cards_pdf(TOURNAMENT, cards, lang=lang, paper=paper), cards, lang, paper)


@pytest.mark.parametrize("paper", list(Paper))
def test_a_page_holds_cards_per_page_cards(paper):
    for n, pages in ((1, 1), (CARDS_PER_PAGE, 1), (CARDS_PER_PAGE + 1, 2)):
        cards = cards_of([f"Team {i}" for i in range(n)])
        pdf = team_cards_pdf(TOURNAMENT, cards, lang="en", paper=paper)
        assert int(info(pdf)["Pages"]) == pages, n


LATIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZáéíóúüñçàèâêôöøåæœßÁÉÑÇ'-&.  "
EMOJI = [chr(c) for c in range(0x1F600, 0x1F650)] + ["🗺️", "🇺🇸", "👩‍🏫", "👨‍👩‍👧‍👦", "⭐", " "]


def script(low: int, high: int) -> st.SearchStrategy[str]:
    """Words of the letters ``low`` to ``high`` (code points), up to 40 characters."""
    letters = st.one_of(st.characters(min_codepoint=low, max_codepoint=high), st.just(" "))
    return st.text(alphabet=letters, min_size=1, max_size=40)


#: a team's name as typed: Latin with accents, CJK, Hangul, Arabic, Cyrillic, emoji, or words
#: of several of them, up to 40 characters
SCRIPTS = (
    st.text(alphabet=st.sampled_from(LATIN), min_size=1, max_size=40),
    script(0x4E00, 0x9FA5),
    script(0xAC00, 0xD7A3),
    script(0x0621, 0x064A),
    script(0x0410, 0x044F),
    st.lists(st.sampled_from(EMOJI), min_size=1, max_size=20).map("".join),
)
NAMES = (
    st.one_of(*SCRIPTS, st.lists(st.one_of(*SCRIPTS), min_size=2, max_size=4).map(" ".join))
    .map(lambda name: " ".join(name.split())[:40].strip())
    .filter(bool)
)
FEW = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FEW
@given(
    names=st.lists(NAMES, min_size=1, max_size=CARDS_PER_PAGE + 1),
    lang=st.sampled_from(messages.LANGUAGES),
    paper=st.sampled_from(list(Paper)),
)
def test_a_name_in_any_script_comes_out_whole_on_its_card(names, lang, paper):
    cards = cards_of(names, names[::-1])
    check_cards(team_cards_pdf(TOURNAMENT, cards, lang=lang, paper=paper), cards, lang, paper)


#: (certificate, English, Spanish): the place, record and awards lines as a reader reads them
PINNED = (
    (
        Certificate("Mapmakers", "Grade 5", 3, 12, 5, 1, 2, 16, ("teamwork",)),
        "3rd place of 12 teams",
        "Record: 5 wins, 1 tie, and 2 losses (16 points)",
        "Award: Teamwork",
        "3.º puesto de 12 equipos",
        "Resultados: 5 victorias, 1 empate y 2 derrotas (16 puntos)",
        "Premio: Trabajo en equipo",
    ),
    (
        Certificate("Solo", "Open", 1, 1, 1, 0, 0, 1_234, ("champion", "sportsmanship")),
        "1st place of 1 team",
        "Record: 1 win, 0 ties, and 0 losses (1,234 points)",
        "Awards: Champion and Sportsmanship",
        "1.º puesto de 1 equipo",
        "Resultados: 1 victoria, 0 empates y 0 derrotas (1.234 puntos)",
        "Premios: Campeón y Deportividad",
    ),
    (
        Certificate("Rovers", "Grade 6", None, 22, 0, 0, 1, 1, ()),
        "Took part in the tournament",
        "Record: 0 wins, 0 ties, and 1 loss (1 point)",
        "",
        "Participó en el torneo",
        "Resultados: 0 victorias, 0 empates y 1 derrota (1 punto)",
        "",
    ),
)


def test_places_records_and_awards_read_as_each_language_writes_them():
    for certificate, *lines in PINNED:
        for lang, expected in (("en", lines[:3]), ("es", lines[3:])):
            with messages.speaking(lang):
                got = [place_words(certificate), record_words(certificate)]
                got.append(awards_words(certificate))
            assert got == expected, lang
    with messages.speaking("en"):
        places = [place_words(replace(PINNED[0][0], place=p, teams=30)) for p in (2, 11, 21, 22)]
    assert [p.split()[0] for p in places] == ["2nd", "11th", "21st", "22nd"]


def check_certificates(pdf: bytes, certificates: list[Certificate], lang: str, paper) -> None:
    assert complaints(pdf) == {}
    facts = info(pdf)
    assert int(facts["Pages"]) == len(certificates)
    assert facts["Tagged"] == "yes" and b"pdfuaid" in pdf
    (width, height), pages = words(pdf)
    assert (round(height), round(width)) == tuple(round(v) for v in SIZES[paper])  # landscape
    framed = (FRAME, FRAME, width - FRAME, height - FRAME)
    for number, on_page in enumerate(pages, 1):
        for box, word in on_page:
            assert inside(box, framed), (number, word, box)
        apart(on_page)
    for page, (c, text) in enumerate(zip(certificates, pages_text(pdf), strict=True), 1):
        assert whole(c.team, text) and whole(TOURNAMENT, text), (c.team, text)
        assert whole(said(lang, division_words, c.division), text), (c.division, text)
        for line in (place_words, record_words, awards_words):
            assert said(lang, line, c) in text, (page, text)
        assert all(said(lang, award_name, a) in text for a in c.awards)


def some_certificates(names: list[str]) -> list[Certificate]:
    """A certificate per name: every place of a division of ``len(names)`` teams, shared and
    not placed too, each award, records from none to many."""
    n = len(names)
    return [
        Certificate(
            name,
            names[-1 - i],
            None if i == n - 1 and n > 1 else max(1, i),  # 1, 1, 2, … shared first, last unplaced
            n,
            won=i,
            tied=i % 2,
            lost=n - i,
            points=2 * i + i % 2,
            awards=AWARDS[: i % (len(AWARDS) + 1)],
        )
        for i, name in enumerate(names)
    ]


@pytest.mark.parametrize("paper", list(Paper))
@pytest.mark.parametrize("lang", messages.LANGUAGES)
def test_every_certificate_holds_its_team_place_record_and_awards(lang, paper):
    certificates = some_certificates([*WIDEST, *(c.team for c, *_ in PINNED)])
    certificates += [c for c, *_ in PINNED]
    pdf = certificates_pdf(TOURNAMENT, certificates, lang=lang, paper=paper)
    check_certificates(pdf, certificates, lang, paper)
    if lang == "en":
        for _, place, record, award, *_ in PINNED:
            assert any(all(s in page for s in (place, record, award)) for page in pages_text(pdf))


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    names=st.lists(NAMES, min_size=1, max_size=3),
    lang=st.sampled_from(messages.LANGUAGES),
    paper=st.sampled_from(list(Paper)),
)
def test_a_name_in_any_script_comes_out_whole_on_its_certificate(names, lang, paper):
    certificates = some_certificates(names)
    pdf = certificates_pdf(TOURNAMENT, certificates, lang=lang, paper=paper)
    check_certificates(pdf, certificates, lang, paper)


DPI = 200


def page_image(pdf: bytes, page: int) -> np.ndarray:
    """Page ``page`` in grey at :data:`DPI` (0 black, 255 white)."""
    command = ("pdftoppm", "-gray", "-r", str(DPI), "-f", str(page), "-l", str(page), "-")
    pgm = subprocess.run(command, input=pdf, capture_output=True, check=True).stdout
    header = re.match(rb"P5\s+(\d+)\s+(\d+)\s+255\s", pgm)
    assert header, pgm[:20]
    width, height = int(header.group(1)), int(header.group(2))
    return np.frombuffer(pgm[header.end() :], dtype=np.uint8).reshape(height, width).copy()


def printed_symbol(image: np.ndarray, box: Box, on_card: list[Box]) -> np.ndarray:
    """The QR symbol drawn in card ``box``, module by module (True: dark), read from the page's
    picture: what the card draws apart from its words (``on_card``, blanked out) and its cut
    lines is the symbol; its modules are sampled at their centres."""
    px = DPI / 72
    for word in on_card:
        x0, y0, x1, y1 = (int((v + pad) * px) for v, pad in zip(word, (-2, -2, 2, 2), strict=True))
        image[y0:y1, x0:x1] = 255
    x0, y0, x1, y1 = (int((v + pad) * px) for v, pad in zip(box, (3, 3, -3, -3), strict=True))
    dark = image[y0:y1, x0:x1] < 128
    rows, cols = np.flatnonzero(dark.any(axis=1)), np.flatnonzero(dark.any(axis=0))
    symbol = dark[rows[0] : rows[-1] + 1, cols[0] : cols[-1] + 1]
    finder = np.argmin(symbol[0]) if not symbol[0].all() else symbol.shape[1]  # 7 modules
    n = round(symbol.shape[1] / (finder / 7))
    centres = ((np.arange(n) + 0.5) * symbol.shape[0] / n).astype(int)
    across = ((np.arange(n) + 0.5) * symbol.shape[1] / n).astype(int)
    return symbol[np.ix_(centres, across)]


def decoded(image: np.ndarray, box: Box) -> str | None:
    """What ``zbarimg`` reads in card ``box`` of the page's picture, where it is installed."""
    if shutil.which("zbarimg") is None:
        return None
    px = DPI / 72
    x0, y0, x1, y1 = (int(v * px) for v in box)
    crop = image[y0:y1, x0:x1]
    pgm = b"P5 %d %d 255\n" % (crop.shape[1], crop.shape[0]) + crop.tobytes()
    run = subprocess.run(("zbarimg", "--raw", "-q", "-"), input=pgm, capture_output=True)
    return run.stdout.decode("utf-8").strip()


@pytest.mark.parametrize(
    ("lang", "paper"),
    [(messages.LANGUAGES[i % len(messages.LANGUAGES)], p) for i, p in enumerate(Paper)],
)
def test_every_card_prints_the_qr_code_of_its_join_link(lang, paper):
    """The modules printed on each card are those of a QR code segno makes of its link (at
    one of its error correction levels), whole: no word over it, however much room the
    card's name takes; and a decoder, where one is installed, reads the link back."""
    names = [*WIDEST, "美国地理 第三课 美国地理 第三课美国地理第三课美国地理第三课美国地理"]
    cards = cards_of(names, names[::-1])
    pdf = team_cards_pdf(TOURNAMENT, cards, lang=lang, paper=paper)
    (width, height), pages = words(pdf)
    boxes = card_boxes(width, height)
    for i, card in enumerate(cards):
        page, box = i // CARDS_PER_PAGE + 1, boxes[i % CARDS_PER_PAGE]
        image = page_image(pdf, page)
        on_card = [w for w, _ in pages[page - 1] if inside(w, box)]
        printed = printed_symbol(image.copy(), box, on_card)
        made = [
            np.array(segno.make(card.link, error=e, boost_error=False, micro=False).matrix, bool)
            for e in "lmqh"
        ]
        assert any(m.shape == printed.shape and (m == printed).all() for m in made), card.link
        assert decoded(image, box) in (None, card.link)


def test_the_same_inputs_give_the_same_bytes():
    cards = cards_of(["Mapmakers", "美国地理", "فريق"])
    certificates = [c for c, *_ in PINNED]
    for lang in messages.LANGUAGES:
        for paper in Paper:
            one = team_cards_pdf(TOURNAMENT, cards, lang=lang, paper=paper)
            assert one == team_cards_pdf(TOURNAMENT, list(cards), lang=lang, paper=paper)
            one = certificates_pdf(TOURNAMENT, certificates, lang=lang, paper=paper)
            assert one == certificates_pdf(TOURNAMENT, list(certificates), lang=lang, paper=paper)


PHARAOHS = "Pharaohs 𓀀 and 𓁐"  #: hieroglyphs: no font of the worksheets has them


def test_a_name_no_font_can_draw_is_named_in_words():
    assert name_problem("Mapmakers 🗺️") is None
    assert name_problem(PHARAOHS) == (
        "The printer has no font for “𓀀” (U+13000), “𓁐” (U+13050) in “Pharaohs 𓀀 and 𓁐”."
    )
    with messages.speaking("es"):
        assert name_problem(PHARAOHS).startswith("La impresora no tiene fuente para “𓀀” (U+13000)")


@pytest.mark.parametrize("lang", messages.LANGUAGES)
def test_a_name_no_font_can_draw_gives_a_page_that_says_so(lang):
    """Whichever name it is (the tournament's, a team's, a division's), the PDF is one page
    that says the cards or certificates could not be made, naming the characters by number."""
    cards = cards_of(["Mapmakers", PHARAOHS])
    certificates = some_certificates(["Mapmakers", "Rovers"])
    made = (
        (team_cards_pdf, TOURNAMENT, cards),
        (team_cards_pdf, PHARAOHS, cards_of(["Mapmakers"])),
        (certificates_pdf, TOURNAMENT, [replace(certificates[0], division=PHARAOHS)]),
    )
    for make, tournament, items in made:
        pdf = make(tournament, items, lang=lang, paper=Paper.LETTER)
        assert complaints(pdf) == {} and int(info(pdf)["Pages"]) == 1
        text = " ".join(pages_text(pdf))
        kind = "team cards" if make is team_cards_pdf else "certificates"
        heading = said(lang, messages._, f"The {kind} could not be made")
        assert heading in text and "U+13000" in text and "U+13050" in text, text
        assert "Pharaohs" in text and "Mapmakers" not in text, text


def test_nonsense_is_refused_before_anything_is_printed():
    good = PINNED[0][0]
    for wrong in (
        {"place": 0},
        {"place": 13},
        {"teams": 0, "place": None},
        {"won": -1},
        {"points": -2},
        {"awards": ("best_dressed",)},
    ):
        with pytest.raises(ValueError):
            replace(good, **wrong)
    with pytest.raises(ValueError):
        TeamCard("Mapmakers", "Grade 5", "", link("ABCDEF"))
    with pytest.raises(ValueError):
        team_cards_pdf(TOURNAMENT, [], lang="en", paper=Paper.A4)
    with pytest.raises(ValueError):
        certificates_pdf(TOURNAMENT, [], lang="en", paper=Paper.A4)


@pytest.mark.parametrize("lang", messages.LANGUAGES)
def test_pictures_of_a_page_of_cards_and_of_a_certificate(lang):
    cards = cards_of([*WIDEST[:2], "The Mighty Mapmakers of Room 12", "美国地理 第三课", "فريق"])
    pdf = team_cards_pdf(TOURNAMENT, cards, lang=lang, paper=Paper.LETTER)
    assert page_picture(pdf, f"tournament-cards-{lang}").stat().st_size
    pdf = certificates_pdf(TOURNAMENT, [PINNED[1][0]], lang=lang, paper=Paper.A4)
    assert page_picture(pdf, f"tournament-certificate-{lang}").stat().st_size
