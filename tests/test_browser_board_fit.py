"""The Live board on a projector, in real Chromium: at 1920×1080 and at 1280×720 every phase
(lobby, question, reveal, the end) fits the screen with no scrolling, and what the class reads
from it (the code, the prompt, the map, the counts, the top five, the teams) lies inside the
window, in type of at least :data:`MIN_PX` for the prompt, the counts and the names. The
sidebar and Streamlit's chrome are hidden while a game runs.

The game is made through the store with two teams and six players (one with a name of the
longest length), opened with its teacher link (so no private-link screen comes first), and
played through the store's answers while the board follows by itself."""

from __future__ import annotations

import os

import pytest

import store.db
from engine.live import LiveRules
from store import live
from store.codes import new_token
from store.names import NAME_MAX
from tests import browser as b
from tests.conftest import _page

pytestmark = pytest.mark.browser

SCREENS = {"projector": {"width": 1920, "height": 1080}, "small": {"width": 1280, "height": 720}}
NAMES = ("Ana", "Ben", "Cy", "Dee", "Eli", "W" * (NAME_MAX - 8) + " Initial")
MIN_PX = 24  #: the smallest type the room reads: prompt, counts, names (at 1280×720)

_FIT_JS = """() => {
  const main = document.querySelector('[data-testid="stMain"]');
  const root = document.scrollingElement;
  return {
    doc: [root.scrollHeight, innerHeight],
    main: main ? [main.scrollHeight, main.clientHeight] : null,
    sidebar: !!document.querySelector('[data-testid="stSidebar"]')
      && getComputedStyle(document.querySelector('[data-testid="stSidebar"]')).display !== 'none',
  };
}"""

_BOX_JS = """(text) => {
  const all = Array.from(document.querySelectorAll('[data-testid="stMain"] *'));
  const hits = all.filter(e => e.children.length === 0 && e.textContent.includes(text));
  return hits.map(e => {
    const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
            size: parseFloat(getComputedStyle(e).fontSize)};
  });
}"""


def check_fits(page, phase: str, screen: str, texts: dict[str, bool]) -> None:
    """No scrolling; each of ``texts`` drawn inside the window (``True``: in large type)."""
    b.wait_for_app(page)
    fit = page.evaluate(_FIT_JS)
    shot = b.screenshot(page, f"live-board-fit-{screen}-{phase}", full_page=False)
    where = f"{phase} at {screen} ({shot})"
    assert not fit["sidebar"], f"the sidebar shows at the {where}"
    assert fit["doc"][0] <= fit["doc"][1], f"the page scrolls at the {where}: {fit}"
    assert fit["main"] and fit["main"][0] <= fit["main"][1], f"the page scrolls at the {where}"
    height, width = page.viewport_size["height"], page.viewport_size["width"]
    for text, large in texts.items():
        boxes = page.evaluate(_BOX_JS, text)
        assert boxes, f"{text!r} is not on the board at the {where}"
        box = boxes[0]
        assert box["top"] >= 0 and box["bottom"] <= height, f"{text!r} is off screen: {where}"
        assert box["right"] <= width, f"{text!r} is cut off on the right: {where}"
        if large:
            assert box["size"] >= MIN_PX, f"{text!r} is {box['size']} px at the {where}"
    if phase in ("question", "reveal"):
        maps = page.locator(".gpm")
        assert maps.count() == 1, where
        box = maps.first.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, f"the map: {where}"


@pytest.mark.parametrize("screen", SCREENS)
def test_every_phase_of_the_board_fits_the_screen(screen, app_url, chromium, blocked):
    db = store.db.database(os.environ["GEOPLUNGE_DATABASE_URL"])
    key = new_token()
    params = {"mode": "neighbors", "states": "CO,TN", "n": "2"}
    game = live.create_game(db, "borders", params, LiveRules(teams=2, speed=True), key)
    tokens = {name: new_token() for name in NAMES}
    for name in NAMES:
        live.join(db, game.code, name, tokens[name])
    context, board = _page(chromium, blocked, SCREENS[screen])
    try:
        b.watch_map_draws(board)
        board.goto(f"{app_url}/live_board?key={key}")
        b.wait_for_app(board)
        board.get_by_text(f"{len(NAMES)} players joined").wait_for()
        check_fits(board, "lobby", screen, {game.code: True, NAMES[-1]: True, "Start": False})

        board.get_by_role("button", name="Start", exact=True).click()
        q = game.question(0)
        board.get_by_text(q.prompt).wait_for()
        b.wait_for_map_drawn(board)
        check_fits(board, "question", screen, {q.prompt: True, "0 of 6 answered": True})

        right = ",".join(sorted(q.answer))
        for i, name in enumerate(NAMES):
            live.answer(db, tokens[name], 0, right if i % 2 == 0 else "TX")
        board.get_by_text("6 of 6 answered").wait_for()
        board.get_by_role("button", name="Reveal").click()
        board.get_by_text("3 of 6 right, 50%").wait_for()
        b.wait_for_map_drawn(board)
        b.wait_for_app(board)
        ranked = live.board(db, key).standings
        top = [f"{row.place}. {row.name}" for row in ranked.top(5)]
        teams = [f"{t.place}. Team {t.team}" for t in ranked.team_rows]
        check_fits(
            board,
            "reveal",
            screen,
            {q.prompt: True, "3 of 6 right, 50%": True, "Texas 3": True}
            | dict.fromkeys(top + teams, True)
            | {"Next question": False},
        )

        board.get_by_role("button", name="Next question").click()
        board.get_by_text(game.question(1).prompt).wait_for()
        b.wait_for_app(board)
        advanced = live.advance(db, key, live.game_for_key(db, key).version)  # reveal
        live.advance(db, key, advanced.version)  # the end
        board.get_by_text("The game is over").wait_for()
        b.wait_for_app(board)
        ranked = live.board(db, key).standings
        top = [f"{row.place}. {row.name}" for row in ranked.top(5)]
        teams = [f"{t.place}. Team {t.team}" for t in ranked.team_rows]
        check_fits(board, "end", screen, dict.fromkeys(top + teams, True))
    finally:
        context.close()
    assert blocked == []
