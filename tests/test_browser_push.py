"""Pages told of a change by the stream (:mod:`ui.stream`), in real Chromium on one server and
its SQLite file: the phone is told by the stream that the board started (the server's own
commit: on SQLite the hub tells its process's commits, and the page still looks every second
for another process's); a phone whose stream is blocked (a proxy that refuses it) polls as
before, hears nothing, says nothing, and follows the game all the same. ``test_deploy.py`` has
a change on one server reach a phone on the other through PostgreSQL, with no polling."""

from __future__ import annotations

from contextlib import ExitStack

import pytest

from tests import browser as b
from tests import live_browser
from tests.conftest import _page

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
