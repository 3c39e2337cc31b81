"""The game pages in real headless Chromium, offline: the first human moves with real clicks,
screenshots on a laptop and a phone, and the time from a human move to the AI's answer on
screen (printed, never asserted)."""

from __future__ import annotations

import pytest

import ui.games.border_attack.words as ba
from engine.border_attack import Lead
from engine.cards import Category, card
from tests.browser import PHONE, click_state, dismiss_page_not_found, wait_for_app, wait_for_map
from tests.game_table import tall_screenshot, timed
from ui.games.session import GameSession
from ui.games.setup import Setup

pytestmark = pytest.mark.browser

SEED = 1  # Border Attack: you deal; the AI answers your first lead naming California
WAR_SEED = 87  # Reverse Geography War: flip 11 is a Geography War ending in a GeoPlunge


def _open(page, url: str) -> None:
    page.goto(url)
    wait_for_app(page)
    if dismiss_page_not_found(page):
        wait_for_app(page)


def _engine_answer(lead_index: int) -> tuple[str, frozenset[str] | None]:
    """What the AI answers to the same lead in the engine, for the test to guess it."""
    setup = Setup("border_attack", SEED, 2, None, ("easy",), (("dealer", "you"),))
    session = GameSession.deal("check", setup, [ba.DEALER])
    led = session.state.observation(0).hand[lead_index]
    session.act(Lead(led, Category.SIZE))
    ann = session.state.announcement
    return (ann.usps or "", ann.borders)


def test_border_attack_first_moves_on_a_laptop_and_a_phone(page, app_url, blocked):
    _open(page, f"{app_url}/border_attack?seed={SEED}&levels=easy&dealer=you")
    wait_for_map(page)
    assert page.locator("path.choroplethlocation").count() == 50
    assert page.get_by_text("You lead trick 1.").is_visible()

    page.get_by_role("radio", name="Size", exact=True).click()
    wait_for_app(page)
    timed(
        page,
        lambda: page.get_by_role("button", name="Lead ·").first.click(),
        lambda: page.get_by_text("answers face down and announces").wait_for(),
        "Border Attack, your lead → the AI's announcement",
    )
    named, _ = _engine_answer(0)
    assert named, f"deal {SEED} should have the AI name its state"
    borders = sorted(card(named).borders)
    page.get_by_text(f"Name all {len(borders)} of {card(named).name}'s border states").wait_for()
    for i, code in enumerate(borders, start=1):
        wait_for_map(page)
        click_state(page, code)
        page.get_by_text(f"{i} of {len(borders)} picked").or_(
            page.get_by_role("button", name=f"Guess these {len(borders)} states").and_(
                page.locator(":enabled")
            )
        ).wait_for()
        wait_for_app(page)
    tall_screenshot(page, "border-attack-guess-desktop")
    timed(
        page,
        lambda: page.get_by_role("button", name=f"Guess these {len(borders)} states").click(),
        lambda: page.get_by_text("Right guess!").wait_for(),
        "Border Attack, your border guess → the verdict",
    )
    timed(
        page,
        lambda: page.get_by_role("button", name="Discard").first.click(),
        lambda: (
            page.get_by_text("played face up by AI")
            .or_(page.get_by_text("Last trick (trick 1)"))
            .first.wait_for()
        ),
        "Border Attack, your discard → the AI's card turned up",
    )
    tall_screenshot(page, "border-attack-desktop")

    page.set_viewport_size(PHONE)  # the same game on a phone
    wait_for_app(page)
    width = page.evaluate("document.querySelector(\"[data-testid='stMain']\").scrollWidth")
    assert width <= PHONE["width"]
    tall_screenshot(page, "border-attack-phone")
    assert blocked == []


def test_a_second_click_on_the_chosen_category_keeps_it(page, app_url, blocked):
    # Issue 18, item 6: a second click on the chosen category un-chose it, and every Lead
    # button went grey.
    _open(page, f"{app_url}/border_attack?seed={SEED}&levels=easy&dealer=you")
    size = page.get_by_role("radio", name="Size", exact=True)
    leads = page.get_by_role("button", name="Lead ·")
    size.click()
    wait_for_app(page)
    leads.first.wait_for()
    assert leads.count() == 5
    size.click()
    wait_for_app(page)
    assert size.get_attribute("aria-checked") == "true"
    assert leads.count() == 5 and all(leads.nth(i).is_enabled() for i in range(5))
    assert not page.get_by_text("The lead buttons are off").is_visible()
    assert blocked == []


_ROWS_JS = """
() => [...document.querySelectorAll('[class*="_lead_box_"]')].map((box) => {
  const band = box.querySelector('.gp-card .band').getBoundingClientRect();
  return {
    row: Math.round(box.getBoundingClientRect().top),
    band: Math.round(band.height),
    button: Math.round(box.querySelector('button').getBoundingClientRect().top),
  };
})
"""


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, PHONE], ids=["1280", "390"])
def test_card_headers_keep_one_height_and_a_row_keeps_its_buttons_level(
    page, app_url, blocked, viewport
):
    # Issue 18, item 6: "North Carolina Eastern" wrapped and pushed its button below the
    # others. Deal 21 deals you North Carolina, West Virginia and Massachusetts; the hints
    # give the tiles captions of different lengths.
    page.set_viewport_size(viewport)
    _open(page, f"{app_url}/border_attack?seed=21&levels=easy&dealer=you")
    page.get_by_text("Hints", exact=True).click()
    wait_for_app(page)
    page.get_by_role("radio", name="Size", exact=True).click()
    wait_for_app(page)
    page.get_by_text("wins as a lead").first.wait_for()
    tiles = page.evaluate(_ROWS_JS)
    assert len(tiles) == 5
    assert len({t["band"] for t in tiles}) == 1, tiles
    rows = {t["row"] for t in tiles}
    assert len(rows) == (1 if viewport["width"] == 1280 else 3), tiles
    for row in rows:
        assert len({t["button"] for t in tiles if t["row"] == row}) == 1, tiles
    assert blocked == []


def test_reverse_war_flips_then_practice_on_a_phone(page, app_url, blocked):
    _open(page, f"{app_url}/reverse_war?seed={WAR_SEED}")
    timed(
        page,
        lambda: page.get_by_role("button", name="Flip", exact=True).click(),
        lambda: page.get_by_text("Last flip (flip 1)").wait_for(),
        "Reverse Geography War, Flip → the flip on screen",
    )
    page.get_by_role("button", name="10 flips").click()
    page.get_by_text("Last flip (flip 11)").wait_for()
    wait_for_app(page)
    assert page.get_by_text("Geography War!").first.is_visible()
    wait_for_map(page)
    tall_screenshot(page, "reverse-war-desktop")

    page.set_viewport_size(PHONE)  # practice mode on a phone
    page.get_by_role("radio", name="Practice", exact=False).click()
    page.get_by_text("the two cards are turned").first.wait_for()
    wait_for_app(page)
    turned = (
        "xpath=//strong[contains(., 'the two cards are turned')]"
        "/following::div[contains(@class, 'gp-hand')][1]"
    )
    tiles = page.locator(turned).inner_text().lower()
    assert "statehood" in tiles and "weakness" not in tiles  # not before the prediction
    page.get_by_role("radio", name="Yours", exact=False).click()
    wait_for_app(page)
    page.get_by_role("radio", name="No", exact=True).click()
    wait_for_app(page)
    timed(
        page,
        lambda: page.get_by_role("button", name="Resolve the flip").click(),
        lambda: page.get_by_text("Predictions winner").wait_for(),
        "Reverse Geography War practice, your prediction → the verdict",
    )
    assert "mode=practice" in page.url
    tall_screenshot(page, "reverse-war-practice-phone")
    assert blocked == []
