"""AppTest flows for the router, Home and the Atlas."""

from pathlib import Path

from tests import maps

ROOT = Path(__file__).resolve().parent.parent
ATLAS = "pages/atlas.py"


def text_of(at) -> str:
    return "\n".join(m.value for m in at.markdown)


def test_every_page_file_is_named_by_its_url_path_and_starts_with_page_setup():
    """pages/ holds exactly one file per menu page, ``pages/<url_path>.py``, and nothing else;
    each runs ``page_setup()`` before anything else (see ui.nav.page_setup)."""
    import ast

    from ui.nav import MENU

    files = {p.name: p for p in (ROOT / "pages").iterdir() if p.name != "__pycache__"}
    assert set(files) == {f"{e.url_path}.py" for e in MENU}
    for path in files.values():
        body = ast.parse(path.read_text()).body
        code = [n for n in body[1:] if not isinstance(n, ast.Import | ast.ImportFrom)]
        assert ast.unparse(code[0]) == "page_setup()", path.name


def test_home_links_to_the_atlas(app):
    assert "GeoPlunge" in at_title(app)
    assert any("Atlas" in str(link.proto) for link in app.get("page_link"))


def at_title(at) -> str:
    return " ".join(t.value for t in at.title)


def test_deep_link_shows_tennessee_with_8_borders(app):
    app.switch_page(ATLAS)
    app.query_params["state"] = "TN"
    app.run()
    assert not app.exception
    text = text_of(app)
    assert "**Capital:** Nashville" in text
    assert "**8 border states:**" in text


def test_four_corners_neighbour_is_marked(app):
    app.switch_page(ATLAS)
    app.query_params["state"] = "ut"
    app.run()
    assert "Colorado (at the Four Corners)" not in text_of(app)
    assert "New Mexico (at the Four Corners)" in text_of(app)


def test_bad_state_in_link_gives_a_note_and_the_default_view(app):
    app.switch_page(ATLAS)
    app.query_params["state"] = "XX"
    app.run()
    assert not app.exception
    assert any("There is no state “XX”" in i.value for i in app.info)
    assert any("No state chosen yet" in i.value for i in app.info)


def test_map_click_selects_a_state(app):
    app.switch_page(ATLAS)
    app.run()
    assert maps.click(app, "atlas_map", "CO")
    assert "**Capital:** Denver" in text_of(app)
    data = maps.map_data(app, "atlas_map")
    assert data["selected"] == ["CO"]
    assert data["roles"]["AZ"] == "corner" and data["roles"]["KS"] == "neighbor"
    assert app.selectbox(key="atlas_pick").value == "CO"  # the search box follows the map
    assert app.query_params["state"] == ["CO"] or app.query_params["state"] == "CO"


def test_search_box_selects_a_state(app):
    app.switch_page(ATLAS)
    app.run()
    app.selectbox(key="atlas_pick").select("ME").run()
    assert "**1 border state:** New Hampshire" in text_of(app)
    assert "**Capital:** Augusta" in text_of(app)
    assert maps.map_data(app, "atlas_map")["selected"] == ["ME"]  # the map follows the box


def test_filters_keep_the_card(app):
    app.switch_page(ATLAS)
    app.query_params["state"] = "GA"
    app.run()
    app.selectbox[0].select("Eastern").run()
    app.selectbox[1].select("South").run()
    assert not app.exception
    assert "**Capital:** Atlanta" in text_of(app)


def test_compare_names_the_better_card_and_the_geoplunge(app):
    app.switch_page(ATLAS)
    app.run()
    app.selectbox(key="atlas_first").select("ME")
    app.selectbox(key="atlas_second").select("GA").run()
    assert not app.exception
    assert "**Maine GeoPlunges Georgia**" in text_of(app)
    table = app.dataframe[0].value
    assert list(table["Better card"]) == ["Georgia", "Georgia", "Georgia"]


def test_a_long_bad_state_is_quoted_cut_short(app):
    app.switch_page(ATLAS)
    app.query_params["state"] = "z" * 300
    app.run()
    assert not app.exception
    note = app.info[0].value
    assert "z" * 40 + "…" in note and "z" * 41 not in note


def test_the_admission_date_reads_month_day_year(app):
    app.switch_page(ATLAS)
    app.query_params["state"] = "ME"
    app.run()
    assert "admitted March 15, 1820" in text_of(app)
