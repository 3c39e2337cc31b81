"""The GeoPlunge call in real headless Chromium, offline: a click on "Call GeoPlunge" asks for
confirmation in words before anything is called; "No" backs out, "Yes" calls."""

from __future__ import annotations

import pytest

from tests.browser import dismiss_page_not_found, wait_for_app, wait_for_map

pytestmark = pytest.mark.browser

TOSS_LINK = "/geopower_toss?seed=5&players=4&teams=2&levels=easy"  # you draft first


def test_the_geoplunge_call_asks_for_confirmation_in_a_browser(page, app_url, blocked):
    page.goto(app_url + TOSS_LINK)
    wait_for_app(page)
    if dismiss_page_not_found(page):
        wait_for_app(page)
    wait_for_map(page)
    page.get_by_text("Choose the round's GeoPower card.").wait_for()

    page.get_by_role("button", name="Call GeoPlunge").click()
    meaning = page.get_by_text(
        "Your team must win at least 6 of the 8 tricks, or score nothing this round."
    )
    meaning.wait_for()
    wait_for_app(page)
    assert page.get_by_text("GeoPlunge called by").count() == 0  # nothing called yet

    page.get_by_role("button", name="No, don't call").click()
    page.get_by_role("button", name="Call GeoPlunge").wait_for()
    wait_for_app(page)
    assert meaning.count() == 0

    page.get_by_role("button", name="Call GeoPlunge").click()
    page.get_by_role("button", name="Yes, call GeoPlunge").click()
    page.get_by_text("GeoPlunge called by you").first.wait_for()
    wait_for_app(page)
    assert page.get_by_role("button", name="Yes, call GeoPlunge").count() == 0
    assert blocked == []
