"""BorderCap Gin and GeoPower Toss in real headless Chromium, offline: the first human moves
with real clicks, screenshots on a laptop and a phone (390×844), and the time from a human
move to the AI's answer on screen (printed, never asserted)."""

from __future__ import annotations

import re

import pytest

from engine.bordercap_gin import DRAW_ACTION, BorderCapGin
from engine.bordercap_gin.advice import discard_advice
from tests.browser import PHONE, dismiss_page_not_found, wait_for_app, wait_for_map
from tests.game_table import tall_screenshot, timed
from ui.games.bordercap_gin.words import WORDS
from ui.games.session import GameSession
from ui.games.setup import Setup

pytestmark = pytest.mark.browser

GIN_SEED = 26  # two players, you deal: the AI opens, you draw; your hand holds a 4-group
TOSS_LINK = "/geopower_toss?seed=5&players=4&teams=2&levels=easy"  # AI 2 leads Texas after
# your draft choice; you must follow the Central Zone


def _open(page, url: str) -> None:
    page.goto(url)
    wait_for_app(page)
    if dismiss_page_not_found(page):
        wait_for_app(page)
    wait_for_map(page)


def _fits_a_phone(page) -> None:
    page.set_viewport_size(PHONE)
    wait_for_app(page)
    width = page.evaluate("document.querySelector(\"[data-testid='stMain']\").scrollWidth")
    assert width <= PHONE["width"]


def _best_discard_after_drawing() -> str:
    """The same game in the engine: the card the hints outline after your first draw."""
    setup = Setup("bordercap_gin", GIN_SEED, 2, None, ("easy",))
    session = GameSession.deal("check", setup, pause_after=WORDS.pause_after)
    session.play_ai()
    session.act(DRAW_ACTION)
    return discard_advice(session.state.observation(0)).best.usps


def test_gin_first_turns_on_a_laptop_and_a_phone(page, app_url, blocked):
    assert BorderCapGin.new(players=2, seed=GIN_SEED).dealer == 0
    _open(page, f"{app_url}/bordercap_gin?seed={GIN_SEED}&levels=easy")
    assert page.locator("path.choroplethlocation").count() == 50  # the hand on the map
    page.get_by_text("Your turn: take a card").first.wait_for()
    page.get_by_text("Hints", exact=True).click()
    page.get_by_text("Your hand holds").wait_for()
    wait_for_app(page)

    page.get_by_role("button", name="Draw", exact=True).click()
    page.get_by_text("Now discard one card").wait_for()
    page.get_by_text("is the best to let go").wait_for()
    wait_for_app(page)
    tall_screenshot(page, "bordercap-gin-desktop")
    best = _best_discard_after_drawing()
    timed(
        page,
        page.locator(f"[class*='st-key-bordercap_gin_discard_box_{best}_'] button").click,
        lambda: page.get_by_text("Your turn: take a card").first.wait_for(),
        "BorderCap Gin, your discard → the AI's turn (draw and discard) on screen",
    )
    assert page.get_by_text("Since your last move").is_visible()
    assert page.get_by_role("button", name=re.compile(r"^Take ")).count() == 1

    page.get_by_role("button", name="Draw", exact=True).click()
    page.get_by_text("Now discard one card").wait_for()
    wait_for_app(page)
    page.get_by_text("Face down (2 left this round)").click()
    wait_for_app(page)
    timed(
        page,
        page.locator("button:enabled", has_text="Discard face down").first.click,
        lambda: page.get_by_text("AI draws from the deck.").first.wait_for(),
        "BorderCap Gin, your face-down discard → the AI's turn on screen",
    )
    page.get_by_text("Your turn: take a card").first.wait_for()
    wait_for_app(page)

    _fits_a_phone(page)
    draw = page.get_by_role("button", name="Draw", exact=True)
    assert draw.bounding_box()["width"] >= 140  # a thumb-sized button beside the pile
    tall_screenshot(page, "bordercap-gin-phone")
    assert blocked == []


def test_toss_draft_and_a_trick_on_a_laptop_and_a_phone(page, app_url, blocked):
    _open(page, app_url + TOSS_LINK)
    page.get_by_text("Choose the round's GeoPower card.").wait_for()
    assert page.get_by_text("Your partner: AI 2.").is_visible()
    timed(
        page,
        page.get_by_role("button", name="Remove Size").click,
        lambda: page.get_by_text("Your turn. You must follow the Central Zone").wait_for(),
        "GeoPower Toss, your draft choice → the AIs' draft and lead on screen",
    )
    wait_for_app(page)
    disabled = page.get_by_role("button", name=re.compile(r"^Play ·"), disabled=True)
    assert disabled.count() == 5  # the cards that cannot follow Central are greyed out
    assert page.get_by_role("button", name="Call GeoPlunge").is_visible()
    page.get_by_text("Hints", exact=True).click()
    page.get_by_text("Your partner AI 2 is winning this trick.").wait_for()
    wait_for_app(page)
    tall_screenshot(page, "geopower-toss-desktop")

    timed(
        page,
        page.locator("button:enabled", has_text=re.compile(r"^Play ·")).first.click,
        lambda: page.get_by_text("Trick 1 (Central led)").first.wait_for(),
        "GeoPower Toss, your card → the rest of the trick and the AIs' next lead on screen",
    )
    wait_for_app(page)
    assert page.locator("path.choroplethlocation").count() == 50

    _fits_a_phone(page)
    tall_screenshot(page, "geopower-toss-phone")
    assert blocked == []
