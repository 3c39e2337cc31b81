"""The shorter game in real headless Chromium: a ``target=30`` link opens BorderCap Gin played
to 30 points, says so in the intro and the rules, and keeps the target in the New game panel's
link; a bad value gets a note, not a traceback."""

from __future__ import annotations

import pytest

from tests.browser import dismiss_page_not_found, open_expander, wait_for_app

pytestmark = pytest.mark.browser


def _open(page, url: str) -> None:
    page.goto(url)
    wait_for_app(page)
    if dismiss_page_not_found(page):
        wait_for_app(page)
    page.get_by_role("heading", name="BorderCap Gin", level=1).wait_for(timeout=30_000)


def test_a_target_30_link_opens_a_gin_game_to_30(page, app_url, blocked):
    _open(page, f"{app_url}/bordercap_gin?seed=26&levels=easy&target=30")
    main = page.get_by_test_id("stMain")
    main.get_by_text("The first to 30 points wins.").wait_for()
    assert main.get_by_text("The first to 50 points wins.").count() == 0
    assert "target=30" in page.url

    open_expander(main, "How to play")
    main.get_by_text("Be the first to").wait_for()
    rules = main.get_by_text("Be the first to").inner_text()
    assert "30 points" in rules and "50 points" not in rules

    open_expander(main, "New game")
    link = main.get_by_role("link", name="link to this game")
    link.wait_for()
    assert "target=30" in (link.get_attribute("href") or "")

    _open(page, f"{app_url}/bordercap_gin?seed=26&target=45")
    main.get_by_text("target=45 is not one of 50, 30; 50 was used.").wait_for()
    main.get_by_text("The first to 50 points wins.").wait_for()
    assert page.get_by_test_id("stException").count() == 0
    assert blocked == []
