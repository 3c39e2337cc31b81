"""A shared Border Attack table in real headless Chromium: two browser contexts (two players,
cookies of their own) host, join and play a whole game through the page, each page following
the other's moves by itself. Midway the guest reloads and gets its seat back. Every WebSocket
frame each page receives, and its HTML at several moments, is searched for the states the
other seat holds hidden (``tests/table_browser.py``); the check is shown to catch a leak.
"""

from __future__ import annotations

import json
import os
import time

import pytest
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

import store.db
import store.tables as tables
from engine.border_attack import LEAD
from engine.cards import by_usps
from tests import browser as b
from tests import table_browser as tb
from tests.game_table import tall_screenshot
from ui.cards import card_html
from ui.games.border_attack import RULES

pytestmark = pytest.mark.browser


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


def _screenshots(game: tb.Game, when: str) -> None:
    for seat, page in game.pages.items():
        who = game.names[seat].lower()
        page.set_viewport_size(b.PHONE)
        b.wait_for_app(page, timeout_ms=tb.TIMEOUT)
        width = page.evaluate("document.querySelector(\"[data-testid='stMain']\").scrollWidth")
        assert width <= b.PHONE["width"]
        tall_screenshot(page, f"table-{when}-{who}-phone")
        page.set_viewport_size(b.DESKTOP)
        b.wait_for_app(page, timeout_ms=tb.TIMEOUT)
        tall_screenshot(page, f"table-{when}-{who}-laptop")


def test_two_browsers_play_a_whole_game_at_one_table(chromium, app_url, blocked):
    started = time.perf_counter()
    db = _database()
    game, contexts = tb.start_game(chromium, blocked, (app_url, app_url), db)
    game.check_secrets()
    # The check is live on this very game: seat 2's own frames and page name seat 2's hand,
    # which is hidden from seat 1, so had the server sent them to seat 1 it would be caught.
    secrets = tb.Secrets.now(db, game.table_id)
    assert secrets.hidden[0] and secrets.hidden[0] == secrets.hands[1] - secrets.public
    caught = tb.leaks(game.frames[1], game.pages[1], 0, secrets)
    assert caught == secrets.hidden[0], (caught, secrets.hidden[0])

    done = {"reload": False, "shots": False}

    def after(game: tb.Game, n: int) -> None:
        state = game.snapshot().state
        if not done["reload"] and state.phase == LEAD and state.trick >= 3:  # 3 tricks done
            _seat_back_after_reload(game)
            done["reload"] = True
            game.check_secrets()
        if not done["shots"] and done["reload"] and state.phase != LEAD:
            _screenshots(game, "midgame")
            done["shots"] = True

    moves = game.play(after=after)
    tb.check_the_end(game)
    assert done == {"reload": True, "shots": True}
    assert tables.find(db, tables.snapshot(db, game.table_id).table.code).status == "finished"
    game.report("one server")
    print(f"{moves} moves, {game.checks} secrecy checks, {time.perf_counter() - started:.0f} s")
    for context in contexts:
        context.close()
    assert blocked == []
