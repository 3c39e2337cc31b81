"""The worksheet builder without Typst: the projection against d3's own test points, the SVG
outline maps and their words, how each mode goes on paper, and the data the template reads
(no answer on the sheet, every answer on the key)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from xml.etree import ElementTree

import pytest

from engine.quiz import MODES, QuizSettings, build_questions, make_question
from engine.quiz.facts import all_states
from tests.conftest import ROOT
from worksheets.albers import ALASKA, HAWAII, LOWER_48, part
from worksheets.layout import Paper, data, inputs, template, worksheet
from worksheets.maps import (
    BOX,
    CALLOUTS,
    FILL,
    MUTED,
    OUTLINE,
    Marks,
    alt_text,
    boxes,
    outline_svg,
    paths,
    view_box,
)
from worksheets.paper import TICK_LIMIT, Form, on_paper

SVG = "{http://www.w3.org/2000/svg}"


# --- the projection -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("projection", "lon", "lat", "x", "y"),
    [
        # d3-geo's test of geoAlbersUsa (test/projection/albersUsa-test.js), to 0.1 unit
        (LOWER_48, -122.4194, 37.7749, 107.4, 214.1),  # San Francisco
        (LOWER_48, -74.0059, 40.7128, 794.6, 176.5),  # New York
        (LOWER_48, -95.9928, 36.1540, 488.8, 298.0),  # Tulsa
        (ALASKA, -149.9003, 61.2181, 171.2, 446.9),  # Anchorage
        (HAWAII, -157.8583, 21.3069, 298.5, 451.0),  # Honolulu
    ],
)
def test_the_projection_puts_cities_where_d3_albers_usa_does(projection, lon, lat, x, y):
    px, py = projection(lon, lat)
    assert px == pytest.approx(x, abs=0.1) and py == pytest.approx(y, abs=0.1)


def test_alaska_and_hawaii_are_drawn_in_their_insets():
    assert part("AK") is ALASKA and part("HI") is HAWAII and part("CO") is LOWER_48


# --- the outline maps -----------------------------------------------------------------------


def test_every_state_has_a_well_formed_outline():
    shapes = paths()
    assert set(shapes) == set(all_states())
    ring = re.compile(r"M-?\d+ -?\d+l(?:-?\d+ -?\d+ )+-?\d+ -?\d+z")
    for usps, d in shapes.items():
        rings = re.findall(r"M[^M]*", d)
        assert rings and all(ring.fullmatch(r) for r in rings), usps


def test_the_view_box_holds_every_outline():
    x, y, w, h = view_box()
    for d in paths().values():
        for mx, my in re.findall(r"M(-?\d+) (-?\d+)", d):
            assert x <= int(mx) <= x + w and y <= int(my) <= y + h


def test_a_map_draws_each_state_once_in_its_group():
    marks = Marks.of(hatched={"CO"}, filled={"KS", "CO"}, muted={"TX", "KS"})
    svg = ElementTree.fromstring(outline_svg(marks))
    groups = {
        g.get("fill"): {p.get("id") for p in g.iter(f"{SVG}path")}
        for g in svg.iter(f"{SVG}g")
        if g.get("fill")
    }
    assert groups[FILL] == {"KS", "CO"}  # filled wins over muted
    assert groups[MUTED] == {"TX"}
    assert groups["url(#hatch)"] == {"CO"}  # drawn again over its fill
    assert len(groups["#ffffff"]) == 47


def test_equal_marks_give_equal_maps():
    assert outline_svg(Marks.of(hatched={"UT"})) == outline_svg(Marks.of(hatched=["UT"]))
    assert outline_svg(Marks.of(hatched={"UT"})) != outline_svg(Marks.of(hatched={"CO"}))


def test_alt_text_says_what_the_map_shows():
    marks = Marks.of(hatched={"CO"}, filled={"UT", "AZ"}, muted={"TX"})
    text = alt_text(marks, selection="the West")
    assert "Colorado is hatched" in text
    assert "coloured: Arizona and Utah (2 states)" in text
    assert "1 state outside the West is grey" in text
    assert alt_text(Marks.of(hatched={"CO"}), name_hatched=False).count("Colorado") == 0


# --- questions on paper ---------------------------------------------------------------------

FORMS = {
    "neighbors": Form.COLOUR,
    "exact": Form.TICK_ONE,
    "count": Form.TICK_ONE,
    "letter_states": Form.COLOUR,
    "letter": Form.TICK_ONE,
    "capital": Form.WRITE,
    "shared": Form.TICK_ALL,
    "capital_of": Form.WRITE,
    "larger": Form.TICK_ONE,
    "earlier": Form.TICK_ONE,
    "populous": Form.TICK_ONE,
    "weaker": Form.TICK_ONE,
    "order": Form.NUMBER,
    "zone": Form.TICK_ONE,
    "locate": Form.COLOUR,
    "identify": Form.WRITE,
    "from_capital": Form.WRITE,
    "all50": Form.NAMES,
}


def first(mode: str, **filters) -> object:
    return build_questions(QuizSettings(modes=(mode,), n=1, seed=5, **filters))[0]


def test_every_mode_has_a_paper_form():
    assert set(FORMS) == set(MODES)
    for mode, form in FORMS.items():
        assert on_paper(first(mode), 1).form is form, mode


SCREEN_WORDS = ("Select every", "Find ", "highlighted")  #: a screen's words, never on paper


def test_map_questions_say_colour_and_hatched_not_select_and_highlighted():
    for mode in ("neighbors", "letter_states", "locate", "identify"):
        q = first(mode)
        printed = on_paper(q, 1).prompt
        assert printed != q.prompt, f"{mode}: printed as on screen: {q.prompt!r}"
        assert not any(screen in printed for screen in SCREEN_WORDS), printed
    assert on_paper(make_question("neighbors", "CO"), 1).prompt == (
        "Colour every state that borders Colorado."
    )


def test_a_colouring_question_hatches_the_state_it_asks_about():
    p = on_paper(make_question("neighbors", "CO"), 1)
    assert p.sheet_map == Marks.of(hatched={"CO"})
    assert p.key_map == Marks.of(hatched={"CO"}, filled={"AZ", "KS", "NE", "NM", "OK", "UT", "WY"})
    assert p.instruction.startswith("Colorado is hatched on the map.")


def test_which_state_is_hatched_never_names_it_on_the_sheet():
    p = on_paper(make_question("identify", "KS"), 1)
    assert p.form is Form.WRITE and p.sheet_map == Marks.of(hatched={"KS"}, codes=False)
    assert "Kansas" not in p.prompt + p.instruction + p.sheet_alt
    assert "Kansas" in p.key_alt and p.answer == "Kansas"


def test_a_short_list_is_ticked_and_a_long_one_coloured():
    few = on_paper(first("letter_states", states=("CO", "UT", "NV")), 1)
    assert few.form is Form.TICK_ALL and len(few.choices) <= TICK_LIMIT
    assert few.sheet_map is None
    many = on_paper(first("letter_states", region="West"), 1, "the West")
    assert many.form is Form.COLOUR
    assert many.sheet_map and many.sheet_map.muted == frozenset(all_states()) - set(
        QuizSettings(region="West").pool()
    )
    assert "The states outside the West are grey." in many.instruction


def test_all50_gets_a_line_per_state_and_a_map_of_the_selection():
    p = on_paper(first("all50", region="South"), 1, "the South")
    south = set(QuizSettings(region="South").pool())
    assert p.lines == len(south) == 16
    assert p.key_map and p.key_map.filled == south and p.sheet_map and not p.sheet_map.filled


def test_choices_are_in_words_and_order_keeps_the_screens_order():
    q = first("order")
    p = on_paper(q, 3)
    assert p.number == 3 and p.choices == tuple(q.label(c) for c in q.choices)
    assert on_paper(first("zone"), 1).choices == (
        "Eastern", "Central", "Mountain", "Pacific", "Alaska", "Hawaii",
    )  # fmt: skip


# --- the template's data --------------------------------------------------------------------


def sheet_of(group_modes: tuple[str, ...], n: int = 10, seed: int = 7, **kw):
    settings = QuizSettings(modes=group_modes, n=n, seed=seed)
    return worksheet(
        build_questions(settings),
        title=kw.pop("title", "Border quiz"),
        drill="Border quiz",
        selection=settings.describe_pool(),
        **kw,
    )


def test_the_sheet_carries_no_answer_and_the_key_every_one():
    sheet = sheet_of(("neighbors", "capital", "identify"), n=6)
    printed = data(sheet)
    keyed = data(sheet, key=True)
    for q in printed["questions"]:
        assert q["answer"] == "" and q["explanation"] == ""
        assert q["map"] is None or FILL not in q["map"]
    for q, paper_q in zip(keyed["questions"], sheet.questions, strict=True):
        assert q["answer"] == paper_q.answer != ""
        assert q["map"] is None or FILL in q["map"]
    assert printed["title"] == "Border quiz" and keyed["title"] == "Answer key: Border quiz"


def test_the_data_is_json_text_and_the_same_for_the_same_settings():
    one = inputs(sheet_of(("neighbors",)))
    assert one == inputs(sheet_of(("neighbors",)))
    assert json.loads(one["data"])["paper"] == "us-letter"
    assert json.loads(inputs(sheet_of(("neighbors",), paper=Paper.A4))["data"])["paper"] == "a4"
    assert one != inputs(sheet_of(("neighbors",), seed=8))


def test_words_go_in_as_data_never_as_typst_markup():
    sheet = sheet_of(("capital",), title='#set page(fill: red) *"x"* \\ ]')
    assert data(sheet)["title"] == '#set page(fill: red) *"x"* \\ ]'
    source = template()
    assert "sys.inputs.data" in source and "#set page(fill: red)" not in source


def test_a_worksheet_needs_questions_and_a_blank_title_takes_the_drills():
    with pytest.raises(ValueError):
        worksheet([], title="x", drill="Border quiz", selection="all 50 states")
    assert sheet_of(("capital",), title="  ").title == "Border quiz"


def test_the_package_needs_neither_streamlit_nor_the_store_nor_geopandas():
    """The deployed app installs only requirements.txt: making a PDF imports none of them (the
    drills' wording it words the questions with, ``ui.quiz.wording``, is pure)."""
    code = (
        "import sys\n"
        "from engine.quiz import QuizSettings, build_questions\n"
        "from worksheets import worksheet, worksheet_pdf\n"
        "qs = build_questions(QuizSettings(modes=('neighbors',), n=1))\n"
        "worksheet_pdf(worksheet(qs, title='t', drill='d', selection='all 50 states'))\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & "
        "{'streamlit', 'plotly', 'geopandas', 'shapely', 'store', 'sqlalchemy'}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"


# --- the small states' boxes ----------------------------------------------------------------


def test_the_small_states_are_the_app_maps_in_its_order():
    core = (ROOT / "static" / "map" / "core.js").read_text()
    listed = re.search(r"const CALLOUTS = \[([^\]]*)\]", core)
    assert listed and tuple(re.findall(r'"([A-Z]{2})"', listed.group(1))) == CALLOUTS


def test_every_small_state_has_a_box_off_the_coast_marked_as_its_state():
    x, y, w, h = view_box()
    east = max(int(mx) for d in paths().values() for mx in re.findall(r"M(-?\d+)", d))
    for _, (bx, by) in boxes().values():
        assert east < bx and bx + BOX <= x + w and y <= by and by + BOX <= y + h
    marks = Marks.of(hatched={"DE"}, filled={"NJ", "DE"}, muted={"RI"})
    svg = ElementTree.fromstring(outline_svg(marks))
    boxed = {
        g.get("fill"): {p.get("id") for p in g.iter(f"{SVG}path") if p.get("id") in CALLOUTS}
        for g in svg.iter(f"{SVG}g")
        if g.get("fill") and list(g.iter(f"{SVG}rect"))
    }
    rects = {
        g.get("fill"): len(list(g.iter(f"{SVG}rect"))) for g in svg.iter(f"{SVG}g") if g.get("fill")
    }
    assert boxed == {
        "#ffffff": {"VT", "NH", "MA", "CT", "MD"},
        MUTED: {"RI"},
        FILL: {"NJ", "DE"},
        "url(#hatch)": {"DE"},
    }
    assert rects == {"#ffffff": 5, MUTED: 1, FILL: 2, "url(#hatch)": 1, "none": 0, OUTLINE: 0}


def codes_on(svg: str) -> list[str]:
    return [t.text for t in ElementTree.fromstring(svg).iter(f"{SVG}text")]


@pytest.mark.parametrize("mode", list(MODES))
def test_the_boxes_name_their_states_unless_the_student_names_states(mode):
    """Every mode: the key's maps have the postal codes; the sheet's too, except where the
    student writes a state's name (``all50``, a hatched state the question does not name)."""
    for region in (None, "Northeast"):
        try:
            settings = QuizSettings(modes=(mode,), n=6, seed=3, region=region)
            questions = build_questions(settings)
        except ValueError:
            continue
        for i, q in enumerate(questions, 1):
            p = on_paper(q, i, settings.describe_pool())
            if p.sheet_map is None:
                continue
            names = (
                p.form is Form.NAMES
                or "hatched on the map" not in p.instruction
                and bool(p.sheet_map.hatched)
            )
            assert codes_on(outline_svg(p.sheet_map)) == ([] if names else list(CALLOUTS)), (
                mode,
                p.prompt,
            )
            assert codes_on(outline_svg(p.key_map)) == list(CALLOUTS)
