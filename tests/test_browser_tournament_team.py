"""Two teams of a tournament on two phones (real headless Chromium, a browser context each,
390×844): one opens its page by typing its code in the form, the other by its card's link;
the teacher starts a round (through the store) and each phone shows its table and the game by
itself; the teams play the first game (moves on the pages, the middle of the game through the
store as their clicks would), each phone following the other's moves by itself; when the game
ends both phones show the result, then the next game of the rotation by themselves. Neither
page ever holds the other team's code or a seat token. Screenshots at 390×844 and 1280×800 land
in ``screenshots/``.
"""

from __future__ import annotations

import os
import secrets

import pytest
from playwright.sync_api import expect

import store.db
from engine.tournament.rounds import ALL, CALL
from store import tournament as tm
from tests import browser as b
from tests import table_browser as tb
from tests.game_table import play_in_store, tall_screenshot

pytestmark = pytest.mark.browser
FILE_SECONDS = 90  #: what this file takes on two idle cores (conftest starts it early)


def _database() -> store.db.Database:
    """The database the session's app server stores into (conftest's ``_app_database``)."""
    return store.db.database(os.environ["GEOPLUNGE_DATABASE_URL"])


def _shots(page, name: str) -> None:
    """The page at 390×844 (what is in view, and the whole page) and at 1280×800; back to the
    phone's size."""
    for size, label in ((b.PHONE, "phone"), (b.LAPTOP, "laptop")):
        page.set_viewport_size(size)
        b.wait_for_app(page, timeout_ms=tb.TIMEOUT)
        width = page.evaluate("document.querySelector(\"[data-testid='stMain']\").scrollWidth")
        assert width <= size["width"], (name, label, width)
        if label == "phone":
            b.screenshot(page, f"{name}-phone-view", full_page=False)
        tall_screenshot(page, f"{name}-{label}")
    page.set_viewport_size(b.PHONE)
    b.wait_for_app(page, timeout_ms=tb.TIMEOUT)


#: Notes every text of :data:`SEEN` the page has shown, however briefly (a game's result stays
#: on a team's page for a few seconds only).
SEEN = ("Game over", "The result is in")
_SEEN_JS = """
window.__seen = new Set();
new MutationObserver(() => {
  const text = document.body?.textContent || "";
  for (const wanted of WANTED) if (text.includes(wanted)) window.__seen.add(wanted);
}).observe(document, {subtree: true, childList: true, characterData: true});
"""


#: The next game's match line (which game, the clock) lies inside the window, below the header.
_IN_VIEW_JS = """() => {
  const box = document.querySelector('.st-key-tournament_match')?.getBoundingClientRect();
  const header = document.querySelector("[data-testid='stHeader']").getBoundingClientRect();
  return !!box && box.top >= header.bottom - 1 && box.bottom <= window.innerHeight;
}"""


def _seen(page) -> set[str]:
    return set(page.evaluate("() => [...window.__seen]"))


def _caught_up(page, moves: int) -> None:
    """Wait until the page's game log holds every move played (it follows by itself)."""
    deadline = tb.TIMEOUT / 1000
    waited = 0.0
    while tb.log_lines(page) < moves:
        assert waited < deadline, f"the page shows {tb.log_lines(page)} of {moves} moves"
        page.wait_for_timeout(100)
        waited += 0.1
    b.wait_for_app(page, timeout_ms=tb.TIMEOUT)


def _main(page) -> str:
    return page.inner_text("[data-testid='stMain']")


def _nothing_secret(page, others: list[str]) -> None:
    """Neither the page nor its address holds another team's code or a seat token."""
    held = page.content() + page.url
    assert not [x for x in others if x in held]


def test_two_teams_play_their_first_game_and_the_next_opens_by_itself(chromium, app_url, blocked):
    db = _database()
    key = f"browser-tournament-{secrets.token_hex(8)}"
    t = tm.create(db, "Spring cup", key, ["Grade 5"], ((ALL, 20),), grace_seconds=600)
    division = tm.divisions(db, t.id)[0][0]
    owls, foxes = (tm.add_team(db, key, division, name) for name in ("Owls", "Foxes"))
    contexts, pages = [], {}
    for team in (owls, foxes):
        context, page = tb.player_page(chromium, blocked, viewport=b.PHONE)
        page.add_init_script(_SEEN_JS.replace("WANTED", repr(list(SEEN))))
        contexts.append(context)
        pages[team.id] = page

    # Owls type their code in the form (forgivingly); Foxes open their card's link.
    page = pages[owls.id]
    page.goto(f"{app_url}/tournament")
    b.wait_for_app(page, timeout_ms=tb.TIMEOUT)
    page.get_by_label("Your team's code").fill(f"{owls.code[:3].lower()} {owls.code[3:].lower()}")
    page.get_by_role("button", name="Open my team's page").click()
    page.get_by_text("Before the first round").wait_for(timeout=tb.TIMEOUT)
    assert f"team={owls.code}" in page.url
    pages[foxes.id].goto(f"{app_url}/tournament?team={foxes.code}")
    pages[foxes.id].get_by_text("Before the first round").wait_for(timeout=tb.TIMEOUT)
    for team, page in pages.items():
        b.wait_for_app(page, timeout_ms=tb.TIMEOUT)
        assert f"Team {'Owls' if team == owls.id else 'Foxes'}" in _main(page)
    _shots(pages[owls.id], "tournament-team-before")

    # The teacher starts the round: each phone shows its table and the game by itself.
    tm.start_round(db, key, tm.for_key(db, key).version)
    for page in pages.values():
        page.get_by_text("Game 1 of the match: Border Attack").wait_for(timeout=tb.TIMEOUT)
        page.locator(".gp-card").first.wait_for(timeout=tb.TIMEOUT)
        b.wait_for_app(page, timeout_ms=tb.TIMEOUT)
        assert "Table 1 · against" in _main(page)
    views = {team.id: tm.team_view(db, team.code) for team in (owls, foxes)}
    table_id = views[owls.id].table_id
    assert views[foxes.id].table_id == table_id
    by_seat = {views[x].seat: pages[x] for x in views}
    names = {views[owls.id].seat: "Owls", views[foxes.id].seat: "Foxes"}
    game = tb.Game(db, table_id, by_seat, names)

    secret = {views[x].token for x in views}
    codes = {owls.id: [foxes.code, *secret], foxes.id: [owls.code, *secret]}
    game.play(moves=4)  # the first moves on the pages, each following the other by itself
    for team, page in pages.items():
        _nothing_secret(page, codes[team])
    to_act = game.snapshot().state.current_player
    _shots(by_seat[to_act], "tournament-team-game")
    _shots(by_seat[1 - to_act], "tournament-team-waiting")

    # The middle of the game through the store, as the two teams' clicks would play it.
    tokens = {views[x].seat: views[x].token for x in views}

    def close(snap) -> bool:  # a few moves before the end (checked after every move)
        state = snap.state
        return state.is_over or (not state.deck and min(map(len, state.hands)) <= 3)

    play_in_store(db, table_id, tokens, close, seed=t.id)
    assert not game.snapshot().state.is_over
    for page in pages.values():
        _caught_up(page, len(game.snapshot().moves))
    moves = game.play()  # the end on the pages
    assert moves >= 1 and game.snapshot().state.is_over
    b.screenshot(pages[owls.id], "tournament-team-result-phone-view", full_page=False)
    for page in pages.values():
        assert page.get_by_role("button", name="Rematch").count() == 0

    # The next game of the rotation opens on both phones by themselves.
    for page in pages.values():
        page.get_by_text("Game 2 of the match: BorderCap Gin").wait_for(timeout=tb.TIMEOUT)
        b.wait_for_app(page, timeout_ms=tb.TIMEOUT)
        assert "Game 1, Border Attack: " in _main(page)
        page.wait_for_function(_IN_VIEW_JS, timeout=tb.TIMEOUT)  # the match line, in view
    for page in pages.values():
        assert _seen(page) == set(SEEN), _seen(page)  # the result came before the next game
    _shots(pages[owls.id], "tournament-team-next-game")
    board = tm.board(db, t.id)
    (match,) = board.round(1)
    assert match.games[0].result is not None and match.games[0].decided_by == "over"
    assert [g.game for g in match.games] == ["border_attack", "bordercap_gin"]
    secret |= {tm.team_view(db, x.code).token for x in (owls, foxes)}
    for team, page in pages.items():
        _nothing_secret(page, [*codes[team], *secret])
    for context in contexts:
        context.close()
    assert blocked == []


def test_a_call_round_on_two_phones_each_calls_on_its_page(chromium, app_url, blocked):
    """A "Call" round: the team whose card joined the Union first has its call buttons, the
    other waits; each presses its call on its page, the other page following by itself, and
    both show the first called game by themselves."""
    db = _database()
    key = f"browser-tournament-{secrets.token_hex(8)}"
    t = tm.create(db, "Spring cup", key, ["Grade 5"], ((CALL, 12),), grace_seconds=600)
    division = tm.divisions(db, t.id)[0][0]
    teams = [tm.add_team(db, key, division, name) for name in ("Owls", "Foxes")]
    tm.start_round(db, key, tm.for_key(db, key).version)
    (match,) = tm.board(db, t.id).round(1)
    first = match.caller
    order = sorted(teams, key=lambda x: x.id != first)  # the first caller, then the other
    contexts, pages = [], []
    for team in order:
        context, page = tb.player_page(chromium, blocked, viewport=b.PHONE)
        contexts.append(context)
        pages.append(page)
        page.goto(f"{app_url}/tournament?team={team.code}")
        page.get_by_text("Round 1 of 1 · “Call” round").wait_for(timeout=tb.TIMEOUT)
        b.wait_for_app(page, timeout_ms=tb.TIMEOUT)
    assert "Waiting for Owls to call" in _main(pages[1]) or "Waiting for Foxes" in _main(pages[1])
    _shots(pages[0], "tournament-team-call")
    for n, (page, game) in enumerate(zip(pages, ("GeoPower Toss", "Border Attack"), strict=True)):
        page.get_by_text("Your call:").wait_for(timeout=tb.TIMEOUT)  # the second: by itself
        b.wait_for_app(page, timeout_ms=tb.TIMEOUT)
        expect(page.get_by_role("button", name=game)).to_be_in_viewport()  # on the phone
        page.get_by_role("button", name=game).click()
        b.wait_for_app(page, timeout_ms=tb.TIMEOUT)
        assert len(tm.board(db, t.id).round(1)[0].calls) == n + 1
    for page in pages:
        page.get_by_text("Game 1 of the match: GeoPower Toss").wait_for(timeout=tb.TIMEOUT)
        b.wait_for_app(page, timeout_ms=tb.TIMEOUT)
        assert "Called: GeoPower Toss" in _main(page)
    assert tm.board(db, t.id).round(1)[0].calls == ("geopower_toss", "border_attack")
    for context in contexts:
        context.close()
    assert blocked == []
