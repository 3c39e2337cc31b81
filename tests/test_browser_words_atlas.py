"""The map's words in Spanish, in real headless Chromium: the states' names (hover, accessible
names, legend), the map's buttons, its hint and what it announces come from the page in the
reader's language (``ui.map_data.map_words``), not from the outlines' English names."""

import pytest

from tests.browser import click_state, dismiss_page_not_found, wait_for_app, wait_for_map

pytestmark = pytest.mark.browser


def test_the_atlas_map_speaks_spanish(page, app_url, blocked):
    page.goto(f"{app_url}/atlas?lang=es&state=NY")
    wait_for_app(page)
    dismiss_page_not_found(page)
    page.get_by_text("Capital: Albany").wait_for(timeout=20_000)
    wait_for_map(page)
    ny = page.locator("path.choroplethlocation[data-usps='NY']")
    assert ny.get_attribute("aria-label").startswith("Nueva York, esta carta")
    assert page.locator(".gpm-tools button").first.get_attribute("title") == "Acercar"
    assert page.locator(".gpm-hint").inner_text().startswith("Haz clic en un estado del mapa")
    legend = page.locator(".gpm-legend").inner_text()
    assert "estado vecino:" in legend and "Nueva Jersey" in legend and "Pensilvania" in legend

    click_state(page, "NJ")
    page.get_by_text("Capital: Trenton").wait_for(timeout=20_000)
    assert page.locator(".gpm-live").inner_text() == "Nueva Jersey: elegido."
    assert blocked == []
