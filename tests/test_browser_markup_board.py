"""Markup names on the Live board, in real Chromium: players join with names made of an image,
a link, a colour, LaTeX, an icon and HTML; the board (lobby with teams, its tooltips, the
reveal's top five) shows no image, link, LaTeX, icon or coloured text made of them and fetches
nothing. And from the board shown to the class on, no frame and no DOM holds the host key."""

from __future__ import annotations

import os
import re

import pytest

import store.db
from store import live
from tests import browser as b
from tests.live_browser import SHOW
from tests.table_browser import Frames
from tests.test_markup_names import MARKUP_NAMES

pytestmark = pytest.mark.browser

_MADE_JS = """() => {
  const main = document.querySelector('[data-testid="stMain"]');
  const md = '[data-testid="stMarkdownContainer"] ';
  const links = Array.from(main.querySelectorAll('a'))
    .filter(a => !(a.getAttribute('href') || '').startsWith('#'));
  return {img: main.querySelectorAll(md + 'img').length,
          a: links.map(a => a.href), katex: main.querySelectorAll('.katex').length,
          icon: main.querySelectorAll(md + 'span[role="img"]').length,
          colour: main.querySelectorAll(md + 'span[style*="color"]').length};
}"""


#: every address a name holds (a beacon would fetch one of them, even one on this machine)
_URL = re.compile(r"(?:https?://|www\.)[^\s)>]+")
NAMED_URLS = sorted({url for name in MARKUP_NAMES for url in _URL.findall(name)})


def nothing_made(page, where: str, requested: list[str]) -> None:
    """No request went to an address a name holds, and no image, link, LaTeX, icon or colour
    is in the page's Markdown."""
    b.wait_for_app(page)
    fetched = [u for u in requested for named in NAMED_URLS if named.split("//")[-1] in u]
    assert not fetched, (where, fetched)
    made = page.evaluate(_MADE_JS)
    assert made == {"img": 0, "a": [], "katex": 0, "icon": 0, "colour": 0}, (where, made)


def test_markup_names_and_the_host_key_on_the_board(app_url, page, blocked):
    db = store.db.database(os.environ["GEOPLUNGE_DATABASE_URL"])
    board = page
    requested: list[str] = []
    board.on("request", lambda request: requested.append(request.url))
    frames = Frames(board)
    board.goto(f"{app_url}/live_board")
    b.wait_for_app(board)
    board.get_by_test_id("stMain").get_by_text("Time zone quiz", exact=True).click()
    b.wait_for_app(board)
    board.get_by_label("Questions").fill("1")
    board.get_by_role("button", name="Start a live game").click()
    link = b.wait_for_code(board, "/live_board?key=")
    key = link.strip().rsplit("key=", 1)[1]
    game = live.game_for_key(db, key)
    frames.start()
    board.get_by_role("button", name=SHOW).click()
    board.get_by_text("0 players joined").wait_for()
    for i, name in enumerate(MARKUP_NAMES):
        live.join(db, game.code, name, f"markup-{i}")
    board.get_by_text(f"{len(MARKUP_NAMES)} players joined").wait_for()
    nothing_made(board, "the lobby", requested)
    for help_icon in board.get_by_test_id("stMain").get_by_role("button", name="Remove").all()[:3]:
        help_icon.hover()
        board.wait_for_timeout(200)
    nothing_made(board, "the lobby's tooltips", requested)
    board.get_by_role("button", name="Start", exact=True).click()
    q = game.question(0)
    board.get_by_text(q.prompt).first.wait_for()
    for i, _ in enumerate(MARKUP_NAMES):
        live.answer(db, f"markup-{i}", 0, q.answer)
    board.get_by_text(f"{len(MARKUP_NAMES)} of {len(MARKUP_NAMES)} answered").wait_for()
    b.wait_for_app(board)  # the look that counted them has ended: Reveal is pressed on a still page
    board.get_by_role("button", name="Reveal").click()
    board.get_by_text("Top five").wait_for()
    nothing_made(board, "the reveal", requested)
    assert key not in board.content()
    assert not any(key in text for text in frames.texts()), "a frame holds the host key"
    b.screenshot(board, "live-board-markup-names-reveal")
    assert blocked == []
    assert NAMED_URLS and requested
