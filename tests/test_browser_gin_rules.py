"""BorderCap Gin in real headless Chromium: declaring a win is one click (issue 9, item 2)."""

from __future__ import annotations

import pytest

from engine import melds
from engine.bordercap_gin import BorderCapGin
from tests.browser import dismiss_page_not_found, wait_for_app, wait_for_map
from tests.game_table import tall_screenshot

pytestmark = pytest.mark.browser

SEED = 980  # two players, the AI deals: you open with 8 cards, and letting New Hampshire go wins


def test_gin_a_winning_discard_is_declared_in_one_click(page, app_url, blocked):
    state = BorderCapGin.new(players=2, seed=SEED)
    assert state.current_player == 0 and state.turn == 1
    hand = state.hands[0]
    seven = [c for c in hand if c.usps != "NH"]
    best = melds.best_split(seven)
    assert best is not None and melds.split_points(best[0]) == 30
    page.goto(f"{app_url}/bordercap_gin?seed={SEED}&levels=easy")
    wait_for_app(page)
    if dismiss_page_not_found(page):
        wait_for_app(page)
    wait_for_map(page)
    page.get_by_text("discard one of your 8 cards face up").wait_for()
    assert page.get_by_text("Face down (2 left this round)").count() == 0  # opening: face up
    page.get_by_text("Hints", exact=True).click()
    button = page.get_by_role("button", name="Discard New Hampshire and declare")
    button.wait_for()
    wait_for_app(page)
    button.click()
    page.get_by_text("You win round 1").first.wait_for()
    wait_for_app(page)
    assert page.get_by_text("30 points (20 + the 10 bonus)").first.is_visible()
    names = ", ".join(c.name for c in best[0])
    assert page.get_by_text(names).first.is_visible()  # the 4-group that scored, in the map legend
    tall_screenshot(page, "bordercap-gin-one-click-declare")
    assert blocked == []
