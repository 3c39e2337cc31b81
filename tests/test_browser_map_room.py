"""The map keeps its room while plotly.js loads, in real headless Chromium: on a phone
(390×844), a laptop (1280×800) and a projector (1920×1080), a drill page's map holds its
height and place before plotly.js has come, so what follows it (the answer box, "Check") does
not jump by the map's height when it draws under a student's finger (what the page draws above
the map, as the icon font arriving late, is not the map's to hold). plotly.js is held back by a
route until the room is measured (a route also keeps the browser from its cache, so the script is
always asked for). The legend under the map (a line per group of states, with their names)
still comes with the drawing."""

from __future__ import annotations

import time

import pytest

from tests import browser as b

pytestmark = pytest.mark.browser
FILE_SECONDS = 8  #: what this file takes on two idle cores

SCREENS = {"phone": b.PHONE, "laptop": b.LAPTOP, "projector": b.PROJECTOR}
PAGES = ("border_quiz?mode=neighbors&seed=3&n=1", "locate_quiz?mode=locate&seed=3&n=1")

# The map's stage: its height, and where it starts within the map (under the map's top bar).
_ROOM_JS = """() => {
  const map = document.querySelector('.gpm');
  const stage = map && map.querySelector('.gpm-stage');
  if (!stage) return null;
  return {offset: Math.round(stage.getBoundingClientRect().top - map.getBoundingClientRect().top),
          stage: stage.clientHeight};
}"""


# The map's stylesheet (static/map/geomap.css, fetched beside plotly.js but small) is applied.
_STYLED_JS = """() => [...document.styleSheets].some(
  sheet => (sheet.href || '').includes('/geomap.css') && sheet.cssRules.length > 0)"""


def test_the_map_keeps_its_room_before_it_draws(page, app_url) -> None:
    held = []
    page.route("**/plotly-geo-*.js*", lambda route: held.append(route))
    b.watch_map_draws(page)
    moved = []
    for screen, size in SCREENS.items():
        for path in PAGES:
            held.clear()
            page.set_viewport_size(size)
            page.goto(f"{app_url}/{path}")
            b.wait_for_app(page, settle_ms=0)
            page.wait_for_function(f"() => ({_ROOM_JS})() !== null")  # the map is built
            page.wait_for_function(_STYLED_JS)  # its own styles (the top bar's height) are in
            b.wait_until_still(page)  # a new window size slides the sidebar in: text re-wraps
            before = page.evaluate(_ROOM_JS)
            # The route's call reaches Python as an event of its own: wait for it, not assume it.
            deadline = time.monotonic() + 30
            while not held:
                assert time.monotonic() < deadline, f"{screen} {path}: plotly.js was not asked for"
                page.wait_for_timeout(50)
            assert before["stage"] > 0, f"{screen} {path}: no room kept for the map"
            assert page.evaluate("() => !document.querySelector('.gpm path.choroplethlocation')")
            for route in held:
                route.continue_()
            b.wait_for_map_drawn(page)
            after = page.evaluate(_ROOM_JS)
            if abs(after["offset"] - before["offset"]) > 1 or after["stage"] != before["stage"]:
                moved.append(f"{screen} {path}: {before} → {after}")
    assert not moved, "\n".join(moved)
