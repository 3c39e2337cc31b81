"""Border Attack in real headless Chromium: a wrong border guess is said in a sentence built
from the engine's facts (issue 9, item 8), not only by the map's colours."""

from __future__ import annotations

import pytest

from tests.browser import click_state, dismiss_page_not_found, wait_for_app, wait_for_map

pytestmark = pytest.mark.browser

SEED = 1  # you deal; the AI answers your first lead (Size) naming California


def test_a_wrong_border_guess_is_said_in_a_sentence(page, app_url, blocked):
    page.goto(f"{app_url}/border_attack?seed={SEED}&levels=easy&dealer=you")
    wait_for_app(page)
    if dismiss_page_not_found(page):
        wait_for_app(page)
    wait_for_map(page)
    assert page.get_by_role("button", name="Lead", exact=True).first.is_disabled()
    page.get_by_role("radio", name="Size", exact=True).click()
    wait_for_app(page)
    page.get_by_role("button", name="Lead ·").first.click()
    page.get_by_text("Name all 3 of California's border states").wait_for()
    for i, code in enumerate(("NV", "OR", "UT"), start=1):
        wait_for_map(page)
        click_state(page, code)
        page.get_by_text(f"{i} of 3 picked").or_(
            page.get_by_role("button", name="Guess these 3 states").and_(page.locator(":enabled"))
        ).wait_for()
        wait_for_app(page)
    page.get_by_role("button", name="Guess these 3 states").click()
    sentence = page.get_by_text("Not quite: California borders Arizona, not Utah.").first
    sentence.wait_for()
    assert sentence.is_visible()
    assert blocked == []
