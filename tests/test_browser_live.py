"""A live game in real Chromium on one server: the teacher's board on a laptop and two
students' phones, each in a browser context of its own, Ben's in Spanish (the scenario is
:mod:`tests.live_browser`'s: the board sets up a Time zone quiz, the phones join from its link
and follow its Reveal and Next by themselves, and no frame a phone receives holds an answer or
a question ahead of its reveal). ``test_deploy.py`` plays the same game on two servers behind
nginx."""

from __future__ import annotations

import os
from contextlib import ExitStack

import pytest

import store.db
from tests import browser as b
from tests import live_browser
from tests.conftest import _page

pytestmark = pytest.mark.browser
FILE_SECONDS = 22  #: what this file takes on two idle cores (conftest starts it early)


def test_a_live_game_on_the_board_and_two_phones(app_url, chromium, blocked, page):
    db = store.db.database(os.environ["GEOPLUNGE_DATABASE_URL"])
    with ExitStack() as stack:
        phones = {}
        for name in live_browser.NAMES:
            context, phones[name] = _page(chromium, blocked, b.PHONE, touch=True)
            stack.callback(context.close)
        live_browser.play(page, phones, app_url, db, screenshots=True, languages={"Ben": "es"})
    assert blocked == []
