"""Pages told of a change by the stream (:mod:`ui.stream`), in real Chromium on one server and
its SQLite file: the phone is told by the stream that the board started (the server's own
commit: on SQLite the hub tells its process's commits, and the page still looks every second
for another process's); a phone whose stream is blocked (a proxy that refuses it) polls as
before, hears nothing, says nothing, and follows the game all the same. ``test_deploy.py`` has
a change on one server reach a phone on the other through PostgreSQL, with no polling.

A look the page asks for can be lost: the server drops a fragment's rerun when a full run
under way takes the fragment away, and the page learns of a run a moment after it starts. On
PostgreSQL (no polling to cover it) the phone's look after the board's Start is dropped on its
way: the pulse asks again and the phone shows the question."""

from __future__ import annotations

from contextlib import ExitStack

import pytest
from streamlit.proto.BackMsg_pb2 import BackMsg

from tests import browser as b
from tests import live_browser
from tests.conftest import _page
from tests.databases import postgres_base, postgres_database

pytestmark = pytest.mark.browser
FILE_SECONDS = 25  #: what this file takes on two idle cores (conftest starts it early)
TIMEOUT = 30_000


def test_a_phone_is_told_by_the_stream_that_the_game_started(app_url, chromium, blocked, page):
    with ExitStack() as stack:
        context, phone = _page(chromium, blocked, b.PHONE, touch=True)
        stack.callback(context.close)
        live_browser.follows_by_the_stream(page, phone, app_url, TIMEOUT, relied=False)
    assert blocked == []


def test_a_phone_without_the_stream_polls_and_follows_the_game(app_url, chromium, blocked, page):
    with ExitStack() as stack:
        context, phone = _page(chromium, blocked, b.PHONE, touch=True)
        stack.callback(context.close)
        refused = []
        context.route("**/api/changes**", lambda route: (refused.append(1), route.abort()))
        _, link = live_browser.set_up(page, app_url, TIMEOUT)
        live_browser.join(phone, link, "Ana", TIMEOUT)
        first = live_browser.pulse(phone, TIMEOUT, push=False)
        phone.wait_for_timeout(3000)
        assert live_browser.pulse(phone, TIMEOUT, push=False)["sent"] >= first["sent"] + 2
        page.get_by_role("button", name="Start", exact=True).click()
        live_browser.wait_text(phone, "Question 1 of", TIMEOUT)
        assert refused, "the phone never asked for the stream"
        assert live_browser.pulse(phone, TIMEOUT, push=False)["changes"] == 0
        main = phone.get_by_test_id("stMain").inner_text()
        assert "stream" not in main.lower() and "not answering" not in main
    assert blocked == []


def test_a_look_lost_on_its_way_is_asked_for_again(chromium, blocked, page):
    with ExitStack() as stack, postgres_database(postgres_base()) as url:
        port = b.free_port()
        server = b.start_app(port, {"GEOPLUNGE_DATABASE_URL": url})
        stack.callback(server.kill)
        app = f"http://127.0.0.1:{port}"
        context, phone = _page(chromium, blocked, b.PHONE, touch=True)
        stack.callback(context.close)
        armed, dropped = [False], []

        def lose_the_first_look(ws) -> None:
            upstream = ws.connect_to_server()

            def sent(message) -> None:
                if armed[0] and _is_fragment_rerun(message):
                    armed[0] = False
                    dropped.append(1)
                    return
                upstream.send(message)

            ws.on_message(sent)

        phone.route_web_socket("**/_stcore/stream", lose_the_first_look)
        _, link = live_browser.set_up(page, app, TIMEOUT)
        live_browser.join(phone, link, "Ana", TIMEOUT)
        live_browser.pulse(phone, TIMEOUT, push=True)
        armed[0] = True
        page.get_by_role("button", name="Start", exact=True).click()
        live_browser.wait_text(phone, "Question 1 of", TIMEOUT)
        assert dropped == [1], "no look was lost"
        told = b.pulses(phone)  # the look after the lost one, sent once it was overdue
        assert "asks again" in told, told
    assert blocked == []


def _is_fragment_rerun(message: str | bytes) -> bool:
    if not isinstance(message, bytes):
        return False
    back = BackMsg.FromString(message)
    return back.WhichOneof("type") == "rerun_script" and bool(back.rerun_script.fragment_id)
