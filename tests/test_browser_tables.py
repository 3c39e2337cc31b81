"""A shared Border Attack table in real headless Chromium, two browser contexts (two players,
cookies of their own): one hosts and the other joins through the pages, each page following the
other by itself (the lobby, the start, the first move); and the end of a game, dealt and
played through the store to a few moves before its end, played through the two pages, the
guest reloading midway and getting its seat back. Every WebSocket frame each page receives,
and its HTML at several moments, is searched for the states the other seat holds hidden
(``tests/table_browser.py``); the check is shown to catch a leak.
"""

from __future__ import annotations

import json
import os
import time

import pytest
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

import store.db
import store.tables as tables
from engine.cards import by_usps
from tests import browser as b
from tests import table_browser as tb
from tests.game_table import tall_screenshot
from ui.cards import card_html
from ui.games.border_attack.words import RULES

pytestmark = pytest.mark.browser
FILE_SECONDS = 45  #: what this file takes on two idle cores (conftest starts it early)


def _frame(**element) -> bytes:
    """A ForwardMsg that draws one element, as the server would send it."""
    msg = ForwardMsg()
    new = msg.delta.new_element
    for kind, fields in element.items():
        target = getattr(new, kind)
        for name, value in fields.items():
            if isinstance(value, list):
                getattr(target, name).extend(value)
            else:
                setattr(target, name, value)
    return msg.SerializeToString()


def test_the_secrecy_check_catches_a_hidden_card_and_ignores_the_constant_texts():
    hidden = {"OH", "AK"}
    ohio = by_usps()["OH"]
    # a hidden card drawn as a tile, or named in a sentence, is caught
    assert tb.leaks_in_texts(tb.frame_texts(_frame(html={"body": card_html(ohio)})), hidden) == {
        "OH"
    }
    said = _frame(markdown={"body": "Ben picks **Ohio** face down."})
    assert tb.leaks_in_texts(tb.frame_texts(said), hidden) == {"OH"}
    # so is a hidden card painted on the map (its data names states by code)
    data = json.dumps({"roles": {"OH": "theirs"}, "notes": {}, "selected": []})
    painted = _frame(bidi_component={"json": data})
    assert tb.leaks_in_texts(tb.frame_texts(painted), hidden) == {"OH"}
    assert tb.leaks_in_texts([b"\x12\x05Ohio".decode()], hidden) == {"OH"}  # raw text too
    # the guess box lists all 50 states and the rules name Alaska: neither tells a card
    box = _frame(selectbox={"label": "The state", "options": list(tb.NAMES.values())})
    rules = _frame(markdown={"body": RULES})
    assert "Alaska" in RULES
    assert tb.leaks_in_texts(tb.frame_texts(box) + tb.frame_texts(rules), hidden) == set()
    # but a hidden card in a widget's label is caught
    labelled = _frame(selectbox={"label": "Ohio?", "options": ["Yes"]})
    assert tb.leaks_in_texts(tb.frame_texts(labelled), hidden) == {"OH"}
    # and a card drawn as a tile is caught even once the game has named its state
    tile = tb.frame_texts(_frame(html={"body": card_html(ohio, dim=True)}))
    assert tb.tiles_in_texts(tile + tb.frame_texts(said), hidden) == {"OH"}
    assert tb.tiles_in_texts(tb.frame_texts(said), hidden) == set()


def _database() -> store.db.Database:
    """The database the session's app server stores into (conftest's ``_app_database``)."""
    return store.db.database(os.environ["GEOPLUNGE_DATABASE_URL"])


def _seat_back_after_reload(game: tb.Game) -> None:
    """The guest reloads mid-game: same seat link, same hand, still Ben."""
    page = game.pages[1]
    before_url, before = page.url, tb.hand_on_page(page)
    hand = {c.name for c in game.snapshot().state.hands[1]}
    assert hand <= before
    page.reload()
    page.get_by_text("Ben (you)").first.wait_for(timeout=tb.TIMEOUT)
    page.locator(".gp-card").first.wait_for(timeout=tb.TIMEOUT)
    b.wait_for_app(page, timeout_ms=tb.TIMEOUT)
    assert page.url == before_url
    assert tb.hand_on_page(page) == before


def test_the_lobby_follows_a_join_and_the_start_by_itself(chromium, app_url, blocked):
    """Ana hosts on her page (the lobby on a laptop and a phone), Ben joins on his; Ana's page
    shows Ben's seat by itself, she starts, and Ben's page shows the game by itself; the first
    move shows on the other page without a click."""
    db = _database()
    contexts, pages = [], {}
    for seat in (0, 1):
        context, page = tb.player_page(chromium, blocked)
        contexts.append(context)
        pages[seat] = page
    code = tb.host(pages[0], app_url, "Ana")
    _screenshots_of(pages[0], "table-lobby-ana")
    tb.join(pages[1], app_url, code, "Ben")
    tb.start(pages[0], "Ben")  # Ben's seat shows on Ana's page by itself, then Start
    pages[1].get_by_text("Ben (you)").first.wait_for(timeout=tb.TIMEOUT)  # by itself
    pages[1].locator(".gp-card").first.wait_for(timeout=tb.TIMEOUT)
    game = tb.Game(db, tables.find(db, code).id, pages, {0: "Ana", 1: "Ben"})
    game.move()
    for context in contexts:
        context.close()
    assert blocked == []


def _screenshots_of(page, name: str) -> None:
    page.set_viewport_size(b.PHONE)
    b.wait_for_app(page, timeout_ms=tb.TIMEOUT)
    width = page.evaluate("document.querySelector(\"[data-testid='stMain']\").scrollWidth")
    assert width <= b.PHONE["width"]
    tall_screenshot(page, f"{name}-phone")
    page.set_viewport_size(b.DESKTOP)
    b.wait_for_app(page, timeout_ms=tb.TIMEOUT)
    tall_screenshot(page, f"{name}-laptop")


def test_two_browsers_play_the_end_of_a_game_at_one_table(chromium, app_url, blocked):
    """A deal played through the store to a few moves before its end (``tb.near_end``); the
    two pages play the last moves, each following the other by itself; the guest reloads after
    the first one and gets its seat back."""
    started = time.perf_counter()
    db = _database()
    game, contexts = tb.open_seats(chromium, blocked, (app_url, app_url), db)
    game.check_secrets()
    # The check is live on this very game: seat 2's own frames and page name seat 2's hand,
    # which is hidden from seat 1, so had the server sent them to seat 1 it would be caught.
    # (This late in the game the announcements and guesses have named nearly every state:
    # what stays secret is that no tile draws a card the other seat holds.)
    secrets = tb.Secrets.now(db, game.table_id)
    assert secrets.held[0] and secrets.held[0] == secrets.hands[1]
    caught = tb.leaks(game.frames[1], game.pages[1], 0, secrets)
    assert caught == secrets.held[0], (caught, secrets.held[0])

    def after(game: tb.Game, n: int) -> None:
        if n == 1:
            _seat_back_after_reload(game)
            game.check_secrets()
            for seat, page in game.pages.items():
                _screenshots_of(page, f"table-end-{game.names[seat].lower()}")

    moves = game.play(after=after)
    assert moves >= 2
    tb.check_the_end(game)
    assert tables.find(db, tables.snapshot(db, game.table_id).table.code).status == "finished"
    game.report("one server")
    print(f"{moves} moves, {game.checks} secrecy checks, {time.perf_counter() - started:.0f} s")
    for context in contexts:
        context.close()
    assert blocked == []
