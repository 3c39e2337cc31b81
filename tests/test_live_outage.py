"""Issue 28, item 18: a live game through a real database outage (PostgreSQL refusing every
connection for a while, open ones ended), in Chromium on a server of its own.

Three phones (390×844) pick an answer and press "Send my answer" while the database is away
for 20 s (the server's listener has lost it too: the phones poll meanwhile): each keeps the
question, the pick and the notice on it; once the database is back each phone's answer is
sent by itself (no press) and stored once, the phones rely on the stream again and go on
following the game. The board's Reveal, pressed while the database is away, is kept and made
by itself once it is back, and the phones follow it to the reveal."""

from __future__ import annotations

import time
from contextlib import ExitStack

import pytest
import sqlalchemy as sa

import store.db
from engine.live import LiveRules, Phase
from store import live
from store.models import LiveAnswer
from tests import browser as b
from tests.conftest import _page
from tests.databases import connections_refused, postgres_base, postgres_database
from tests.live_browser import join, pulse, wait_text
from ui.live.errors import ANSWER_KEPT, worded
from ui.live.errors import STEP_KEPT as STEP_KEPT_CODE

STEP_KEPT, KEPT = worded(STEP_KEPT_CODE), worded(ANSWER_KEPT)  #: the notices, in English

pytestmark = pytest.mark.browser
FILE_SECONDS = 40  #: what this file takes on two idle cores (conftest starts it early)
HOST = "outage-host"
AWAY = 20  #: seconds the database stays away the first time
NAMES = ("Ana", "Ben", "Cy")
WAIT = 30_000


def answers(db, game_id: int) -> int:
    with db.read() as s:
        return s.scalar(sa.select(sa.func.count()).where(LiveAnswer.game_id == game_id))


def radio(page):
    return page.get_by_test_id("stRadio").filter(has_text="Your answer")


def test_phones_and_board_go_on_by_themselves_after_an_outage(chromium, blocked):
    base_url = postgres_base()
    with ExitStack() as stack, postgres_database(base_url) as url:
        db = store.db.database(url)
        db.ready()
        port = b.free_port()
        server = b.start_app(port, {"GEOPLUNGE_DATABASE_URL": url})
        stack.callback(server.kill)
        app = f"http://127.0.0.1:{port}"
        game = live.create_game(db, "zones", {"mode": "zone", "n": "2"}, LiveRules(), HOST)
        phones = {}
        for name in NAMES:
            context, phones[name] = _page(chromium, blocked, b.PHONE, touch=True)
            stack.callback(context.close)
            b.watch_map_draws(phones[name])
            join(phones[name], f"{app}/live?code={game.code}", name, WAIT)
        context, board = _page(chromium, blocked, b.LAPTOP)
        stack.callback(context.close)
        board.goto(f"{app}/live_board?key={HOST}")
        b.wait_for_app(board, timeout_ms=WAIT)
        board.get_by_role("button", name="Start", exact=True).click()
        q = game.question(0)
        choice = q.label(q.answer)
        for phone in phones.values():
            wait_text(phone, "Question 1 of 2", WAIT)
            b.wait_for_app(phone, timeout_ms=WAIT)
            radio(phone).get_by_text(choice, exact=True).click()

        send = {
            name: phone.get_by_role("button", name="Send my answer")
            for name, phone in phones.items()
        }

        def where() -> dict[str, dict | None]:
            """Each phone's button, once its question's map is drawn: the map's outline is
            laid out after the run, in a task of its own (read before it, under load, the
            button sat 250 px higher)."""
            for phone in phones.values():
                b.wait_for_map_drawn(phone, timeout_ms=WAIT)
            return {name: button.bounding_box() for name, button in send.items()}

        before = where()
        for phone in phones.values():
            pulse(phone, WAIT, push=True)  # the server's listener hears every change
        with connections_refused(url):
            away = time.monotonic()
            looked = {name: phone.gp_runs.finished for name, phone in phones.items()}
            for name, phone in phones.items():  # each phone finds the database away
                b.wait_for_runs(phone, looked[name] + 2, WAIT)
                b.wait_for_app(phone, timeout_ms=WAIT)
            # nothing moves under a finger on its way to the button
            assert where() == before
            for button in send.values():
                button.click()
            for name, phone in phones.items():
                wait_text(phone, KEPT, WAIT)  # the notice, on the question
                assert "Question 1 of 2" in phone.inner_text("body"), name
                assert radio(phone).get_by_role("radio", name=choice).is_checked(), name
            b.screenshot(phones["Ana"], "live-phone-outage", full_page=False)
            looked = {name: phone.gp_runs.finished for name, phone in phones.items()}
            for name, phone in phones.items():  # the phones look again and again meanwhile
                b.wait_for_runs(phone, looked[name] + 2, WAIT)
            phones["Ana"].wait_for_timeout(max(0, AWAY - (time.monotonic() - away)) * 1000)
        db.engine.dispose()  # this process's own pooled connection was ended with the others
        for phone in phones.values():
            wait_text(phone, "Your answer is in", WAIT)  # sent by itself
        assert answers(db, game.id) == len(NAMES)
        for phone in phones.values():  # the listener is back: no more polling
            pulse(phone, WAIT, push=True)

        wait_text(board, f"{len(NAMES)} of {len(NAMES)} answered", WAIT)
        b.wait_for_app(board, timeout_ms=WAIT)
        with connections_refused(url):
            board.get_by_role("button", name="Reveal").click()
            wait_text(board, STEP_KEPT, WAIT)
            b.screenshot(board, "live-board-outage", full_page=False)
        db.engine.dispose()
        wait_text(board, f"The answer: {q.answer_text}", WAIT)  # the press, made by itself
        for phone in phones.values():
            wait_text(phone, "Right!", WAIT)  # the phones followed to the reveal
        info = live.game_for_key(db, HOST)
        assert (info.phase, info.index, info.version) == (Phase.REVEAL, 0, 2)
        assert answers(db, game.id) == len(NAMES)
        assert STEP_KEPT not in board.inner_text("body")
    assert blocked == []


def test_a_phone_keeps_and_later_sends_an_answer_sent_while_the_database_is_away(class_db, db_url):
    """The page's own flow on both databases, really away (SQLite locked by another
    connection, PostgreSQL refusing connections): the question, the pick and the notice stay;
    the next run once the database is back (what the phone's look does) sends the answer."""
    from tests.databases import database_away
    from tests.test_app_drills import click, texts
    from tests.test_app_live_phone import join_as, key_of

    db = class_db
    game = live.create_game(db, "zones", {"mode": "zone", "n": "2"}, LiveRules(), HOST)
    at = join_as(game.code, "Ana")
    live.advance(db, HOST, game.version)
    at.run()
    q = game.question(0)
    at.radio(key=key_of(at, "one")).set_value(q.answer)
    with database_away(db_url):
        click(at, "Send my answer")
        assert KEPT in texts(at) and q.prompt in texts(at)
        assert at.radio(key=key_of(at, "one")).value == q.answer  # the pick stays
        at.run()  # a look while still away: nothing sent, nothing lost
        assert KEPT in texts(at) and at.radio(key=key_of(at, "one")).value == q.answer
    assert answers(db, game.id) == 0
    at.run()
    assert "Your answer is in" in texts(at) and KEPT not in texts(at)
    assert answers(db, game.id) == 1
    at.run()
    assert answers(db, game.id) == 1
