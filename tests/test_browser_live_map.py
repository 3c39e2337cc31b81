"""A live game's question answered on a phone's map, in real Chromium: the board on a laptop
(opened with its teacher link), one phone with a touch screen. The phone taps the states that
border Colorado on its map; the form's list shows them and "Send my answer" sends them, and the
store holds exactly those states. axe-core finds no serious or critical violation on the board
while the question is asked and at its reveal."""

from __future__ import annotations

import os

import pytest

import store.db
from engine.live import LiveRules
from store import live
from store.codes import new_token
from tests import browser as b
from tests.conftest import _page
from tests.test_browser_a11y import axe_report, axe_violations, failing

pytestmark = pytest.mark.browser


def no_serious_violation(page, where: str) -> None:
    b.wait_for_app(page)
    violations = axe_violations(page)
    print(axe_report(where, violations))
    assert not failing(violations), axe_report(where, failing(violations))


def test_a_phone_answers_on_its_map_and_the_board_passes_axe(app_url, chromium, blocked, page):
    db = store.db.database(os.environ["GEOPLUNGE_DATABASE_URL"])
    key = new_token()
    params = {"mode": "neighbors", "states": "CO", "n": "1"}
    game = live.create_game(db, "borders", params, LiveRules(), key)
    q = game.question(0)
    assert q.prompt == "Select every state that borders Colorado."
    board = page
    b.watch_map_draws(board)
    board.goto(f"{app_url}/live_board?key={key}")
    b.wait_for_app(board)
    board.get_by_text("0 players joined").wait_for()

    context, phone = _page(chromium, blocked, b.PHONE, touch=True)
    try:
        b.watch_map_draws(phone)
        phone.goto(f"{app_url}/live?code={game.code}")
        b.wait_for_app(phone)
        phone.get_by_label("Your name").fill("Ana")
        phone.get_by_role("button", name="Join").click()
        phone.get_by_text("You're in, Ana").wait_for()
        board.get_by_text("Ana", exact=True).wait_for()
        board.get_by_role("button", name="Start", exact=True).click()
        phone.get_by_text(q.prompt).wait_for()
        b.wait_for_map_drawn(phone)
        no_serious_violation(board, "the board, asking")

        picks = phone.get_by_test_id("stMultiSelect")
        for usps in sorted(q.answer):
            b.click_state(phone, usps)  # the map's pick reaches the form's list
            picks.get_by_text(q.label(usps), exact=True).wait_for()
            b.wait_for_app(phone)
        b.screenshot(phone, "live-phone-map-picked")
        phone.get_by_role("button", name="Send my answer").click()
        phone.get_by_text("Your answer is in").wait_for()
        board.get_by_text("1 of 1 answered").wait_for()
        board.get_by_role("button", name="Reveal").click()
        phone.get_by_text("Right!").wait_for()
        board.get_by_text("1 of 1 right, 100%").wait_for()
        b.wait_for_map_drawn(board)
        b.screenshot(board, "live-board-reveal-map")
        no_serious_violation(board, "the board, at the reveal")
    finally:
        context.close()
    assert live.board(db, key).counts == {usps: 1 for usps in q.answer}
    assert blocked == []
