"""The next move is in view after every move (issue 28, item 3): whole games of each of the
four games against the AI, with a fixed deal, on a phone (390×844) and on a laptop
(1280×800); Border Attack's game on the phone is played in Spanish (issue 30: a whole game in
the reader's language, whose longer words must not push the next move out of view either).
Before every press after the first move, a control that makes it (for a card to play: one of the
cards that may be played) lies wholly inside the window, below Streamlit's
header, without the test scrolling: the page must have brought it there itself
(``ui.games.next_move``). After the last move the end screen's "Play again" is in view too.

Each game's player is simple and legal (the first card in view that may be played, the right
border list when the AI names its state, "Pass: no call"); the deals were chosen so that each
game ends in a few dozen moves."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from engine.cards import deck
from messages import _, ngettext, pgettext, speaking
from tests.browser import LAPTOP, wait_for_app
from tests.game_table import tall_screenshot
from ui.state_names import state_name

pytestmark = pytest.mark.browser
FILE_SECONDS = 70  #: what this file takes on two idle cores (conftest starts it early)

BY_USPS = {c.usps: c for c in deck()}

# Where an element lies, against the window and the header Streamlit draws over its top.
_WHERE_JS = """
el => {
  const r = el.getBoundingClientRect();
  const header = document.querySelector("[data-testid='stHeader']");
  const top = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  return {top: r.top, bottom: r.bottom, cover: top, height: innerHeight,
          inside: r.height > 0 && r.top >= top - 1 && r.bottom <= innerHeight + 1};
}
"""


@dataclass
class Press:
    """One press of a move: a click, or ``text`` typed into a box; ``control`` matches the
    elements any of which makes it (the cards that may be played)."""

    control: object  # a Playwright locator
    text: str | None = None


Player = Callable[[object], list[Press]]  #: the presses of this seat's next move (empty: over)


def _enabled(page, name: str | re.Pattern, exact: bool = False):
    """The enabled buttons called ``name`` (any of them makes the move)."""
    return page.get_by_role("button", name=name, exact=exact).and_(page.locator(":enabled"))


def _there(locator) -> bool:
    return locator.count() > 0 and locator.first.is_visible()


def _again(lang: str) -> str:
    with speaking(lang):
        return _("Play again")


@dataclass(frozen=True)
class BorderAttackWords:
    """What the Border Attack player reads and presses, as the catalogue words it for the
    page's language (so a page that drew English where Spanish was due fails the walk)."""

    lang: str
    lead_phase: str  #: the instruction when the player leads (after its bold part)
    answer_phase: str  #: the instruction when the player answers a lead
    size: str
    announce_name: str
    borders_box: str
    named: re.Pattern  #: "Name all 3 of Ohio's border states": group 1 is the state
    state_box: str
    guess: str
    guess_colon: re.Pattern  #: the Guess button that says there is nothing to name
    discard: str
    lead: str  #: a Lead button's label before its rank ("Lead · 3rd")
    play: str  #: a Play button's label before its rank
    buttons: str  #: every move button's label, as a pattern

    @classmethod
    def of(cls, lang: str) -> BorderAttackWords:
        with speaking(lang):
            lead = _("**You lead trick {number}.** Choose a category, then the card to lead.")
            answer = _(
                "**{ai} leads {card} — category {category}, {rank}.** Choose the card you "
                "answer with, and what you tell {ai} about it: its name or its border states. "
                "Then {ai} gets one guess at the other part."
            )
            named = ngettext(
                "Name **the {count}** border state of {card}: type it, or click it on the map "
                "(click again to remove).",
                "Name **all {count}** of {card}'s border states: type them, separated by "
                "commas, or click them on the map (click again to remove).",
                2,
            )
            named = re.escape(named.split(":")[0].replace("**", "") + ":")
            named = named.replace(r"\{count\}", r"\d+").replace(r"\{card\}", "(.+?)")
            guess = _("Guess")
            lead_button, play_button = (
                _(text).split(" ·")[0] for text in ("Lead · {rank}", "Play · {rank}")
            )
            discard = _("Discard")
            return cls(
                lang=lang,
                lead_phase=_after_bold(lead).rstrip("."),
                answer_phase=re.split(r"[,:{]", _after_bold(answer))[0].strip(),
                size=pgettext("a trick's category", "Size"),
                announce_name=_("Announce its name"),
                borders_box=_("Its border states"),
                named=re.compile(named),
                state_box=_("The state"),
                guess=guess,
                guess_colon=re.compile("^" + re.escape(guess) + ": "),
                discard=discard,
                lead=lead_button + " ·",
                play=play_button + " ·",
                buttons=rf"^(({lead_button}|{play_button})( · .*)?|{guess}.*|{discard})$",
            )


def _after_bold(text: str) -> str:
    """A message's words after its bold opening ("**You lead.** Choose …" → "Choose …")."""
    return text.rsplit("**", 1)[-1].strip()


def border_attack_in(lang: str) -> Player:
    """The Border Attack player for a page in ``lang``."""
    w = BorderAttackWords.of(lang)

    def border_attack(page) -> list[Press]:
        # the phase is read from the words: a segmented control is drawn a moment after them
        if _there(page.get_by_text(w.lead_phase)):
            size = page.get_by_role("radio", name=w.size, exact=True)
            return [Press(size), Press(_enabled(page, w.lead))]
        if _there(page.get_by_text(w.answer_phase)):
            announce = page.get_by_role("radio", name=w.announce_name, exact=True)
            return [Press(announce), Press(_enabled(page, w.play))]
        box = page.get_by_role("textbox", name=w.borders_box, exact=True)
        if _there(box):  # the AI named its state: type its border states from memory
            said = w.named.search(page.inner_text("body"))
            with speaking(lang):
                usps = next(code for code in BY_USPS if state_name(code) == said[1])
                borders = sorted(state_name(b) for b in BY_USPS[usps].borders)
            return [Press(box, ", ".join(borders)), Press(_enabled(page, w.guess, exact=True))]
        box = page.get_by_role("textbox", name=w.state_box, exact=True)
        if _there(box):
            return [Press(box, "Texas"), Press(_enabled(page, w.guess, exact=True))]
        if _there(page.get_by_role("button", name=w.guess_colon)):
            return [Press(_enabled(page, w.guess_colon))]
        return [Press(_enabled(page, w.discard, exact=True))]

    return border_attack


def bordercap_gin(page) -> list[Press]:
    if _there(page.get_by_role("button", name="Draw", exact=True)):
        return [Press(_enabled(page, "Draw", exact=True))]
    if _there(page.get_by_role("button", name="End my turn", exact=True)):
        return [Press(_enabled(page, "End my turn", exact=True))]
    return [Press(_enabled(page, "Discard", exact=True))]


def geopower_toss(page) -> list[Press]:
    if _there(page.get_by_role("button", name="Pass: no call")):
        return [Press(_enabled(page, "Pass: no call"))]
    if _there(page.get_by_role("button", name=re.compile(r"^Remove "))):
        return [Press(_enabled(page, re.compile(r"^Remove ")))]
    return [Press(_enabled(page, re.compile(r"^(Lead|Play) · ")))]


def reverse_war(page) -> list[Press]:
    return [Press(_enabled(page, "Flip", exact=True))]


GAMES: dict[str, tuple[str, Player, str]] = {  # the deal, the player, its move buttons
    "border_attack": (
        "seed=1&levels=easy&dealer=you",
        border_attack_in("en"),
        BorderAttackWords.of("en").buttons,
    ),
    "bordercap_gin": (
        "seed=18&levels=easy&target=30",
        bordercap_gin,
        r"^(Draw|Discard|End my turn)$",
    ),
    "geopower_toss": (
        "seed=0&players=2&levels=easy&target=30",
        geopower_toss,
        r"^(Pass: no call|Remove .*|(Lead|Play) · .*)$",
    ),
    "reverse_war": ("seed=14", reverse_war, r"^Flip$"),
}
LIMIT = 150  #: moves; every chosen deal ends well before


def _in_view(page, control, timeout_ms: int = 2_000) -> tuple[object, dict]:
    """The first of the elements ``control`` matches that lies in view, and where it lies,
    once one does (the page scrolls after it has drawn; the test never scrolls); after
    ``timeout_ms``, the first of them and where it lies."""
    try:
        control.first.wait_for()
    except PlaywrightTimeout:
        tall_screenshot(page, "next-move-stuck")
        raise AssertionError(f"no {control} on the page") from None
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        places = control.evaluate_all(f"els => els.map({_WHERE_JS})")
        inside = [i for i, p in enumerate(places) if p["inside"]]
        if inside or time.monotonic() > deadline:
            i = inside[0] if inside else 0
            return control.nth(i), places[i]
        page.wait_for_timeout(100)


# Columns with nothing in them that still take room: on a phone the columns stand one under the
# other, and an empty one leaves a gap between what is above and the next move.
_EMPTY_COLUMNS_JS = """() => [...document.querySelectorAll(
    "[data-testid='stMain'] [data-testid='stColumn']")]
  .filter(c => !c.querySelector("[data-testid='stElementContainer']")
    && getComputedStyle(c).display !== 'none').length"""
STACKED = 640  #: the widest window whose columns stand one under the other


def play_whole_game(page, app_url: str, game: str, lang: str = "en") -> tuple[int, list[str]]:
    """Play ``game`` to its end, on a page in ``lang`` (another language than English for Border
    Attack only); the moves played and every press that was out of view (on a phone, also every
    move at which an empty column took room)."""
    params, player, buttons = GAMES[game]
    if lang != "en":
        assert game == "border_attack", "only Border Attack's player reads other languages"
        params, player = f"{params}&lang={lang}", border_attack_in(lang)
        buttons = BorderAttackWords.of(lang).buttons
    again = page.get_by_role("button", name=_again(lang))
    # a move's buttons are drawn a moment after the run that makes them has ended
    ready = page.get_by_role("button", name=re.compile(rf"{buttons}|^{_again(lang)}$"))
    ready = ready.filter(visible=True).first
    page.goto(f"{app_url}/{game}?{params}")
    wait_for_app(page)
    out: list[str] = []
    moves = 0
    while True:
        try:
            ready.wait_for()
        except PlaywrightTimeout:
            tall_screenshot(page, f"next-move-{game}-stuck")
            raise AssertionError(f"{game}, move {moves + 1}: no move to make") from None
        if _there(again):
            break
        assert moves < LIMIT, f"{game}: no end after {LIMIT} moves"
        stacked = page.viewport_size["width"] <= STACKED
        if stacked and (empty := page.evaluate(_EMPTY_COLUMNS_JS)):
            out.append(f"move {moves + 1}: {empty} empty column(s) take room")
        for press in player(page):
            control, where = _in_view(page, press.control)
            if moves and not where["inside"]:  # the first move starts from the top
                label = control.get_attribute("aria-label") or control.inner_text()
                out.append(f"move {moves + 1}: {label.strip()!r} at {where}")
                if len(out) == 1:
                    tall_screenshot(page, f"next-move-{game}-{page.viewport_size['width']}")
            if press.text is None:
                control.click()
            else:
                control.fill(press.text)
            wait_for_app(page)
        moves += 1
    _, where = _in_view(page, again)
    if not where["inside"]:
        out.append(f"the end: 'Play again' at {where}")
    return moves, out


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_on_a_phone_keeps_the_next_move_in_view(phone, app_url, blocked, game):
    lang = "es" if game == "border_attack" else "en"
    moves, out = play_whole_game(phone, app_url, game, lang)
    print(f"{game} at 390×844 in {lang}: {moves} moves, {len(out)} with the next press out of view")
    assert not out, "\n".join(out)
    assert blocked == []


@pytest.mark.parametrize("game", ["border_attack", "geopower_toss"])
def test_a_whole_game_on_a_laptop_keeps_the_next_move_in_view(page, app_url, blocked, game):
    page.set_viewport_size(LAPTOP)
    moves, out = play_whole_game(page, app_url, game)
    print(f"{game} at 1280×800: {moves} moves, {len(out)} with the next press out of view")
    assert not out, "\n".join(out)
    assert blocked == []
