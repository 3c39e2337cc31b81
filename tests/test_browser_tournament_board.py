"""The tournament board in real Chromium: a running round of 16 teams at 8 tables (an "All"
round, and a "Call" round after the half with the comeback division beside the standings). On
a projector (1920×1080) and a laptop (1280×800) the board fits the window: no scrolling, every
table's row and every team's line of the standings inside it, in type the room reads; on a
phone (390×844) the columns stack and nothing is cut off on the right. No team code is on the
page. The clock ticks by itself. Screenshots of each go to ``screenshots/``.

The tournament is made through the store, its earlier rounds decided by moves made at the
tables and the clock's end (:mod:`tests.test_app_tournament_board`)."""

from __future__ import annotations

import os
import random

import pytest

import store.db
from engine.tournament.rounds import ALL, CALL
from store import tournament as tm
from store.codes import new_token
from tests import browser as b
from tests.conftest import _page
from tests.test_app_tournament_board import call_all, make, play_some, seen
from ui.tournament.words import round_words

pytestmark = pytest.mark.browser
FILE_SECONDS = 50  #: what this file takes on two idle cores (conftest starts it early)

SCREENS = {"projector": b.PROJECTOR, "laptop": b.LAPTOP, "phone": b.PHONE}
FITS = ("projector", "laptop")  #: screens the whole board fits without scrolling
MIN_PX = {"projector": 20, "laptop": 14, "phone": 14}  #: the tables' smallest type (px)

_LAYOUT_JS = """() => {
  const root = document.scrollingElement;
  const main = document.querySelector('[data-testid="stMain"]');
  const board = document.querySelector('.st-key-tboard');
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return {text: e.innerText.trim(), top: r.top, bottom: r.bottom, left: r.left,
            right: r.right, size: parseFloat(getComputedStyle(e).fontSize)};
  };
  const tables = [...board.querySelectorAll('table')].map(t => ({
    head: t.querySelector('th')?.innerText.trim(),
    rows: [...t.querySelectorAll('tbody tr')].map(tr => [...tr.children].map(box)),
  }));
  return {
    doc: [root.scrollWidth, root.scrollHeight, innerWidth, innerHeight],
    main: [main.scrollWidth, main.scrollHeight, main.clientWidth, main.clientHeight],
    tables,
    headings: [...board.querySelectorAll('h1, h2, h3, p')].map(box),
    html: document.documentElement.outerHTML,
  };
}"""


#: whether the board shows ``words`` in a heading, a clock matching ``clock`` ("": none) and
#: ``rows`` tables
_SHOWS_JS = """([words, clock, rows]) => {
  const board = document.querySelector('.st-key-tboard');
  if (!board) return false;
  const heads = [...board.querySelectorAll('h3')].map(h => h.innerText.trim());
  const clocks = [...board.querySelectorAll('.st-key-tboard_clock h2')].map(h => h.innerText);
  const shown = board.querySelectorAll('.st-key-tboard_tables tbody tr').length;
  const timed = clock ? clocks.length === 1 && new RegExp(clock).test(clocks[0]) : !clocks.length;
  return heads.includes(words) && timed && shown === rows;
}"""


def running_round(db, key: str, r: int, divisions: tuple[str, ...]) -> tm.TournamentInfo:
    """16 teams in round ``r`` under way, the rounds before it decided at the tables."""
    t = make(db, 16, divisions=divisions, key=key)
    rng = random.Random(r)
    for _ in range(r - 1):
        t = tm.start_round(db, key, seen(key))
        play_some(db, t, rng, plies=lambda n: 1 + n % 2)
        tm.end_round(db, key, seen(key))
    t = tm.start_round(db, key, seen(key))
    if t.kind == CALL:
        call_all(db, t, skip=8)  # the last table still waiting for its calls
    return t


def check_layout(page, screen: str, where: str, board: tm.Board) -> None:
    """Every table's row and every team's line on the screen (see the module)."""
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    layout = page.evaluate(_LAYOUT_JS)
    shot = b.screenshot(page, f"tournament-board-{screen}-{where}", full_page=False)
    said = f"at the {screen} in {where} ({shot})"
    doc, main = layout["doc"], layout["main"]
    assert doc[0] <= doc[2] and main[0] <= main[2], f"the page scrolls sideways {said}: {doc}"
    if screen in FITS:
        assert doc[1] <= doc[3] and main[1] <= main[3], f"the page scrolls {said}: {doc} {main}"
    tables = {t["head"]: t for t in layout["tables"]}
    numbers = [row[0]["text"] for row in tables.get("Table", {"rows": []})["rows"]]
    t = board.tournament
    assert numbers == [str(m.table_no) for m in board.round(t.round) if t.round], said
    standings = [t for t in layout["tables"] if t["head"] == "Place"]
    teams = sorted(row[1]["text"] for t in standings for row in t["rows"])
    assert teams == sorted(x.name for x in board.teams), said
    cells = [cell for t in layout["tables"] for row in t["rows"] for cell in row]
    for cell in cells + layout["headings"]:
        assert cell["right"] <= width + 0.5, f"{cell['text']!r} is cut off on the right {said}"
        assert cell["left"] >= -0.5, f"{cell['text']!r} is cut off on the left {said}"
        if screen in FITS:
            assert cell["top"] >= 0 and cell["bottom"] <= height, f"{cell['text']!r} {said}"
    for cell in cells:
        assert cell["size"] >= MIN_PX[screen], f"{cell['text']!r} is {cell['size']} px {said}"
    secrets = [x.code for x in board.teams]
    assert not [c for c in secrets if c in layout["html"]], f"a team code is on the page {said}"


CASES = {
    "all-round": (2, ("Grade 5",)),
    "call-round": (3, ("Grade 5",)),  # after the half: the comeback division's standings too
    "two-divisions": (3, ("Grade 5", "Grade 6")),
}


@pytest.mark.parametrize("where", CASES)
def test_a_running_round_of_sixteen_teams_fits_every_screen(where, app_url, chromium, blocked):
    db = store.db.database(os.environ["GEOPLUNGE_DATABASE_URL"])
    key = new_token()
    r, divisions = CASES[where]
    t = running_round(db, key, r, divisions)
    board = tm.board(db, t.id)
    if r == 3:
        assert any(x.comeback for x in board.teams)  # its standings beside the division's
    for screen, viewport in SCREENS.items():
        context, page = _page(chromium, blocked, viewport, touch=screen == "phone")
        try:
            page.goto(f"{app_url}/tournament?board={t.code}")
            b.wait_for_app(page)
            page.locator(".st-key-tboard table").first.wait_for()
            first = page.get_by_text(" left", exact=False).first.inner_text()
            page.wait_for_function(
                "t => ![...document.querySelectorAll('.st-key-tboard h2')]"
                ".some(h => h.innerText === t)",
                arg=first,
                timeout=10_000,
            )  # the clock ticks by itself
            b.wait_for_app(page)
            check_layout(page, screen, where, board)
            assert page.locator(".st-key-tboard_tables tbody tr").count() == 8
            if screen not in FITS:  # the whole board in one picture: a window as tall as it
                tall = page.evaluate("document.querySelector('.st-key-tboard').scrollHeight")
                page.set_viewport_size({**viewport, "height": int(tall) + 80})
                b.wait_for_app(page)
                b.screenshot(page, f"tournament-board-{screen}-{where}-whole", full_page=False)
        finally:
            context.close()
    assert blocked == []


def test_the_board_follows_every_stage_by_itself_and_fits_the_projector(app_url, chromium, blocked):
    """One board left open while the teacher moves the tournament on (the store's calls a
    desk makes): before round 1, running, paused, over, the playoff rounds (every game tied:
    all 16 teams share first place), the championship, the end with its awards."""
    db = store.db.database(os.environ["GEOPLUNGE_DATABASE_URL"])
    key = new_token()
    t = make(db, 16, rounds=((ALL, 20), (CALL, 12)), key=key)
    context, page = _page(chromium, blocked, b.PROJECTOR)

    def shows(name: str) -> tm.Board:
        """Wait until the board shows the tournament as it is now (the round or the stage
        under its name, the clock, the round's tables), then check it."""
        board = tm.board(db, t.id)
        now = board.tournament
        clock = {tm.RUNNING: r"^\d+:\d\d left$", tm.PAUSED: "^Paused with "}.get(now.clock, "")
        if now.clock == tm.DONE and now.round and now.stage != tm.ENDED:
            clock = "^Round over$"
        rows = len(board.round(now.round)) if now.round else 0
        page.wait_for_function(_SHOWS_JS, arg=[round_words(now), clock, rows], timeout=20_000)
        b.wait_for_app(page)
        check_layout(page, "projector", name, board)
        return board

    try:
        page.goto(f"{app_url}/tournament?board={t.code}")
        b.wait_for_app(page)
        shows("before")
        while True:
            now = tm.for_key(db, key)
            if now.stage == tm.SWISS and now.round < len(now.rounds):
                now = tm.start_round(db, key, seen(key))
            else:
                now = tm.start_final(db, key, seen(key))
            name = f"{now.stage}-{now.round}"
            if now.stage == tm.ENDED:
                for team, kind in ((0, "teamwork"), (5, "teamwork"), (9, "sportsmanship")):
                    tm.give_award(db, key, tm.teams(db, t.id)[team].id, kind)
                page.get_by_text("Sportsmanship: ", exact=False).wait_for(timeout=20_000)
                board = shows("ended")
                break
            shows(f"{name}-running")
            if now.round == 1:
                tm.pause(db, key, seen(key))
                shows(f"{name}-paused")
                tm.resume(db, key, seen(key))
            tm.end_round(db, key, seen(key))
            shows(f"{name}-over")
    finally:
        context.close()
    ((division, _name),) = board.divisions
    assert board.champion(division) is not None
    assert blocked == []
