"""The Atlas in real headless Chromium, offline: the map draws and answers a mouse click."""

import pytest

from tests.browser import (
    click_state,
    dismiss_page_not_found,
    screenshot,
    wait_for_app,
    wait_for_map,
)

pytestmark = pytest.mark.browser


def test_atlas_draws_50_states_offline_and_a_click_opens_colorado(page, app_url, blocked):
    page.goto(f"{app_url}/atlas")
    wait_for_app(page)
    dismiss_page_not_found(page)
    wait_for_map(page)
    assert page.locator("path.choroplethlocation").count() == 50
    screenshot(page, "atlas-desktop")

    click_state(page, "CO")
    page.get_by_text("Capital: Denver").wait_for(timeout=20_000)
    wait_for_app(page)
    assert page.get_by_text("7 border states:").is_visible()
    assert "state=CO" in page.url
    screenshot(page, "atlas-colorado-desktop")
    assert blocked == []


def test_atlas_deep_link_on_a_phone(phone, app_url, blocked):
    phone.goto(f"{app_url}/atlas?state=TN")
    wait_for_app(phone)
    phone.get_by_text("Capital: Nashville").wait_for(timeout=20_000)
    wait_for_map(phone)
    assert phone.locator("path.choroplethlocation").count() == 50
    screenshot(phone, "atlas-tennessee-phone")
    assert blocked == []
