"""The map component in real headless Chromium, offline, with a mouse and on a touch screen.

Every state answers a click (or tap) inside its drawn outline, 3 px from its border; the eight
small north-eastern states answer to their labelled boxes too; clicks in quick succession are
all kept; a regional quiz opens zoomed in; a select-all question can be answered with the
keyboard alone; the map is drawn once for a question, whatever reruns come while it loads and
while it is clicked, under load. No request leaves 127.0.0.1.
"""

from __future__ import annotations

import subprocess

import pytest
from playwright.sync_api import expect

from engine.cards import by_usps
from tests.browser import (
    click_at,
    click_state,
    dismiss_page_not_found,
    fill,
    interior_point,
    is_touch,
    screenshot,
    wait_for_app,
    wait_for_map,
)

pytestmark = pytest.mark.browser
FILE_SECONDS = 65  #: what this file takes on two idle cores (conftest starts it early)

SMALL = ("VT", "NH", "MA", "RI", "CT", "NJ", "DE", "MD")
PICK = "rgb(0, 114, 178)"  # ui.maps.ROLES["selected"]
THIS_CARD = "rgb(204, 121, 167)"  # ui.maps.ROLES["target"]: the Atlas paints its pick so


def open_map(page, app_url: str, path: str) -> None:
    page.goto(app_url + path)
    wait_for_app(page)
    dismiss_page_not_found(page)
    wait_for_map(page)


def checked(page, usps: str) -> bool:
    """True when the map says ``usps`` is picked (its accessible state), read in one step."""
    return page.evaluate(
        "u => document.querySelector(`.gpm path.choroplethlocation[data-usps=${u}]`)"
        "?.getAttribute('aria-checked') === 'true'",
        usps,
    )


@pytest.mark.parametrize("device", ["page", "phone"])
def test_every_state_answers_a_click_inside_its_outline(device, request, app_url, blocked):
    page = request.getfixturevalue(device)
    open_map(page, app_url, "/atlas")
    assert is_touch(page) is (device == "phone")
    verb = "Tap" if device == "phone" else "Click"  # the map says what the hand does
    assert page.locator(".gpm-hint").inner_text().startswith(f"{verb} a state on the map")
    too_small = []
    for card in sorted(by_usps().values(), key=lambda c: c.name):
        point = interior_point(page, card.usps)
        if point is None:
            too_small.append(card.usps)  # drawn smaller than 6 px across: its box answers
            continue
        click_at(page, point)  # 3 px or more inside its border
        # The browser answers at once: no server round trip between the click and the colour.
        assert checked(page, card.usps), f"a click inside {card.name} did not pick it"
        assert fill(page, card.usps) == THIS_CARD
    assert set(too_small) <= set(SMALL)
    if device == "page":
        assert too_small == []
    print(f"\n{device}: {50 - len(too_small)} states clicked inside their outline")
    page.get_by_text("Capital: Cheyenne").wait_for(timeout=20_000)  # the last one, Wyoming
    wait_for_app(page)
    assert "state=WY" in page.url
    screenshot(page, f"map-every-state-{device}")
    assert blocked == []


@pytest.mark.parametrize("device", ["page", "phone"])
def test_the_small_states_answer_to_their_boxes(device, request, app_url, blocked):
    page = request.getfixturevalue(device)
    open_map(page, app_url, "/atlas")
    for usps in SMALL:
        box = page.locator(f".gpm-callout[data-usps={usps}]")
        b = page.wait_for_function(  # one read of the box (the overlay may be redrawn)
            "u => { const r = document.querySelector(`.gpm-callout[data-usps=${u}]`);"
            " if (!r) return null; const b = r.getBoundingClientRect();"
            " return {x: b.x, y: b.y, width: b.width, height: b.height}; }",
            arg=usps,
            timeout=5_000,
        ).json_value()
        assert b["width"] >= 24 and b["height"] >= 24  # WCAG 2.5.8 target size
        if is_touch(page):
            page.touchscreen.tap(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
        else:
            box.hover()
            assert by_usps()[usps].name in page.locator(".gpm-tip").inner_text()
            box.click()
        assert checked(page, usps)
        # The box takes its state's colour (the overlay is redrawn, so ask again until it is).
        page.wait_for_function(
            "([u, c]) => { const r = document.querySelector(`.gpm-callout[data-usps=${u}] rect`);"
            " return r && getComputedStyle(r).fill === c; }",
            arg=[usps, THIS_CARD],
            timeout=5_000,
        )
    page.get_by_text("Capital: Annapolis").wait_for(timeout=20_000)  # Maryland, the last box
    screenshot(page, f"map-small-states-{device}")
    assert blocked == []


def test_ten_clicks_in_quick_succession_all_count(page, app_url, blocked):
    open_map(page, app_url, "/border_quiz?mode=neighbors&states=KS&n=1&seed=1")
    page.get_by_text("Select every state that borders Kansas.").wait_for()
    page.get_by_role("button", name="Show the whole map").click()
    picks = ("WA", "OR", "CA", "TX", "FL", "GA", "MN", "ME", "NY", "OH")
    # Each click is aimed at the map on screen: under load Streamlit may drop the map and draw
    # it again (the new one keeps the picks), and a click into that gap would hit nothing.
    for usps in picks:
        click_state(page, usps)
        page.wait_for_timeout(100)
    # The answer box takes the picks from the reruns that carry them: on a loaded machine the
    # last rerun can take seconds, so it is given time; every pick must arrive, none lost.
    answer = page.get_by_test_id("stMultiSelect").filter(has_text="Your answer")
    for usps in picks:  # (a widget the map changed is drawn anew: both show for a moment)
        expect(answer.filter(has_text=by_usps()[usps].name).last).to_be_visible(timeout=30_000)
    wait_for_app(page)
    assert all(fill(page, usps) == PICK for usps in picks)
    assert blocked == []


def test_a_regional_quiz_opens_zoomed_and_the_buttons_zoom(page, app_url, blocked):
    open_map(page, app_url, "/border_quiz?mode=neighbors&region=northeast&n=1&seed=1")
    width = page.locator(".gpm path[data-usps=NY]").bounding_box()["width"]
    stage = page.locator(".gpm-stage").bounding_box()["width"]
    assert width > stage / 5  # New York fills a good part of the map
    screenshot(page, "map-northeast-zoom")
    page.get_by_role("button", name="Show the whole map").click()
    whole = page.locator(".gpm path[data-usps=NY]").bounding_box()["width"]
    assert whole < width / 2
    page.get_by_role("button", name="Zoom to the Northeast").click()
    assert page.locator(".gpm path[data-usps=NY]").bounding_box()["width"] > 2 * whole
    assert blocked == []


def test_the_students_own_zoom_survives_a_resize_and_a_rerun(page, app_url, blocked):
    """A window that changes size (a scrollbar, a phone turned) keeps the view the student
    chose; only a new question's zoom replaces it."""
    open_map(page, app_url, "/border_quiz?mode=neighbors&states=KS&n=1&seed=1")
    page.get_by_text("Select every state that borders Kansas.").wait_for()
    zoomed = page.locator(".gpm.gpm-zoomed")
    expect(zoomed).to_have_count(1)  # the question opens on Kansas and its neighbours
    page.get_by_role("button", name="Show the whole map").click()
    expect(zoomed).to_have_count(0)
    page.set_viewport_size({"width": 700, "height": 900})
    page.wait_for_timeout(600)  # the map's resize waits 80 ms, then plotly draws again
    expect(zoomed).to_have_count(0)
    click_state(page, "FL")  # a click reruns the page: the view stays
    wait_for_app(page)
    expect(zoomed).to_have_count(0)
    assert checked(page, "FL")
    page.get_by_role("button", name="Zoom in").click()
    stage = page.locator(".gpm-stage").bounding_box()
    width = page.locator(".gpm path[data-usps=KS]").bounding_box()["width"]
    page.set_viewport_size({"width": 1280, "height": 900})
    page.wait_for_timeout(600)
    grown = page.locator(".gpm-stage").bounding_box()["width"] / stage["width"]
    after = page.locator(".gpm path[data-usps=KS]").bounding_box()["width"]
    assert after == pytest.approx(width * grown, rel=0.05)  # zoomed in as much as before
    assert blocked == []


def test_a_map_drawn_again_keeps_what_the_student_did(page, app_url, blocked):
    """When Streamlit drops the map and draws it anew (here: a trip to another page and
    back; under load, a rerun asked for while the last one's messages were queued), the new
    map keeps the student's view and picks instead of the question's opening zoom."""
    open_map(page, app_url, "/border_quiz?mode=neighbors&states=KS&n=1&seed=1")
    page.get_by_text("Select every state that borders Kansas.").wait_for()
    page.get_by_role("button", name="Show the whole map").click()
    click_state(page, "FL")
    wait_for_app(page)
    page.get_by_role("link", name="Atlas").click()
    page.get_by_role("heading", name="Atlas").wait_for()
    wait_for_app(page)
    page.get_by_role("link", name="Border quiz").click()
    page.get_by_text("Select every state that borders Kansas.").wait_for()
    wait_for_map(page)
    wait_for_app(page)
    expect(page.locator(".gpm.gpm-zoomed")).to_have_count(0)  # the whole map, as left
    assert checked(page, "FL")
    assert blocked == []


def test_a_select_all_question_answered_with_the_keyboard_only(page, app_url, blocked):
    open_map(page, app_url, "/border_quiz?mode=neighbors&states=UT&n=1&seed=1")
    page.get_by_text("Select every state that borders Utah.").wait_for()
    presses = 0

    def press(key: str) -> None:
        nonlocal presses
        page.keyboard.press(key)
        presses += 1

    def focused() -> str | None:
        return page.evaluate("document.activeElement?.dataset?.usps || null")

    while focused() is None:
        press("Tab")
        assert presses < 40, "Tab never reached the map"
    assert focused() == "UT"  # the map's keyboard focus starts on the state asked about
    # Letters jump by name, arrows move to the nearest state, Enter toggles.
    # Each pick shows at once; the next waits for the page to take it in, as a person would.
    steps = (["i"], ["w", "y"], ["c", "o"], ["ArrowDown"], ["a", "r", "i"], ["n", "e", "v"])
    for keys, usps in zip(steps, ("ID", "WY", "CO", "NM", "AZ", "NV"), strict=True):
        for key in keys:
            press(key)
        press("Enter")
        assert checked(page, usps), f"{keys} then Enter did not pick {usps}"
        wait_for_app(page)
    assert [c for c in ("ID", "WY", "CO", "NM", "AZ", "NV") if not checked(page, c)] == []
    assert "6 picked" in page.locator(".gpm-live").inner_text()
    wait_for_app(page)
    while page.evaluate("document.activeElement?.innerText?.trim()") != "Check":
        press("Tab")
        assert presses < 60, "Tab never reached the Check button"
    press("Enter")
    page.get_by_text("Right! All 6.").wait_for(timeout=20_000)
    print(f"\nkeyboard-only answer to a select-all question: {presses} key presses")
    screenshot(page, "map-keyboard-answer")
    assert blocked == []


# Every map root the page ever had (``.gpm``) and every Streamlit element that held one, kept
# as they appear: a map that Streamlit or the component replaced shows as a second one, the
# first no longer on the page.
_MAPS_SEEN_JS = """
(() => {
  const seen = { maps: [], elements: [] };
  window.__gpmSeen = seen;
  const look = () => {
    for (const m of document.querySelectorAll(".gpm")) {
      if (!seen.maps.includes(m)) seen.maps.push(m);
      const e = m.closest("[data-testid=stElementContainer]");
      if (e && !seen.elements.includes(e)) seen.elements.push(e);
    }
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true });
})();
"""
_MAPS_COUNT_JS = """() => Object.fromEntries(Object.entries(window.__gpmSeen).map(
  ([k, v]) => [k, { drawn: v.length, gone: v.filter(e => !e.isConnected).length }]))"""


@pytest.fixture
def two_cpu_burners():
    """Two processes that keep both of the machine's cores busy while the test runs."""
    burners = [subprocess.Popen(["yes"], stdout=subprocess.DEVNULL) for _ in range(2)]
    yield
    for burner in burners:
        burner.kill()
        burner.wait()


def test_the_map_is_drawn_once_for_a_question(page, app_url, blocked, two_cpu_burners):
    """Reruns that bring the map new data while it is still loading its script, then clicks in
    quick succession, under load: the map element is never replaced (Streamlit runs the
    cleanup of a call it replaced while that call loaded; the map was destroyed then and drawn
    anew, and taps in between were lost)."""
    page.add_init_script(_MAPS_SEEN_JS)
    held = []
    page.route("**/app/static/map/geomap.js*", lambda route: held.append(route))  # comes late
    with page.expect_request(lambda r: "/map/geomap.js" in r.url):
        page.goto(app_url + "/border_quiz?mode=neighbors&states=KS&n=1&seed=1")
    wait_for_app(page)
    dismiss_page_not_found(page)
    answer = page.get_by_test_id("stMultiSelect").filter(has_text="Your answer")
    answer.locator("input").click()
    page.keyboard.type("Colorado")
    page.get_by_role("option", name="Colorado", exact=True).click()  # a rerun: new map data
    expect(answer.filter(has_text="Colorado").last).to_be_visible()
    page.keyboard.press("Escape")  # close the list
    wait_for_app(page)
    assert len(held) == 1
    held[0].continue_()
    page.unroute("**/app/static/map/geomap.js*")
    wait_for_map(page)
    colorado = page.locator(".gpm path.choroplethlocation[data-usps=CO]")
    expect(colorado).to_have_attribute("aria-checked", "true")  # the map took the list's pick
    page.get_by_role("button", name="Show the whole map").click()
    picks = ("MO", "NE", "OK", "TX", "FL", "ME", "WA", "MN")
    for usps in picks:  # one after the other, as fast as the map answers, each aimed on screen
        click_state(page, usps)
        assert checked(page, usps), f"a click on {usps} was lost"
    for usps in picks:  # (a widget the map changed is drawn anew: both show for a moment)
        widget = answer.filter(has_text=by_usps()[usps].name).last
        expect(widget).to_be_visible(timeout=30_000)
    wait_for_app(page)
    seen = page.evaluate(_MAPS_COUNT_JS)
    print(f"\nmaps drawn for one question under load: {seen}")
    assert seen["elements"] == {"drawn": 1, "gone": 0}, "Streamlit replaced the map's element"
    assert seen["maps"] == {"drawn": 1, "gone": 0}, "the map was destroyed and drawn again"
    assert blocked == []
