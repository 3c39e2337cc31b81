"""The moves a GeoPower Toss page offers this seat, in words (no Streamlit): the draft's
prompt, its face-up GeoPower cards (HTML) and removals, the play's prompt, headings and card
labels, the cards refused with the engine's reason, and what another seat is deciding."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from engine.cards import Card, Category
from engine.geopower_toss import (
    CALLS,
    DRAFT,
    GeoPowerObservation,
    GeoPowerToss,
    Remove,
    play_action,
)
from engine.geopower_toss.tricks import led_zone, must_follow
from ui.cards import ordinal
from ui.games.geopower_toss.tricks import trick_number
from ui.games.refusals import worded
from ui.games.session import GameSession, sentence

WAITING_FOR: dict[str, str] = {
    DRAFT: "removes a GeoPower card",
    CALLS: "decides whether to call GeoPlunge (the last chance before trick 5)",
}


def draft_prompt(session: GameSession, obs: GeoPowerObservation) -> str:
    """This seat's removal: what it decides, and the removals so far."""
    removed = ", ".join(f"{session.mention(s)} removed {c.label}" for s, c in obs.removed)
    return (
        "**Choose the round's GeoPower card.** "
        + (f"So far {removed}. " if removed else "")
        + "Remove one of the cards face up; the last one left ranks every trick of the round."
    )


def power_html(categories: Sequence[Category], caption: str = "") -> str:
    """GeoPower cards as small tiles."""
    tiles = "".join(
        "<div class='gp-slot' style='min-width:5.5rem;max-width:6.5rem;flex:0 0 5.8rem;"
        "text-align:center;border-style:solid;border-color:#444;background:#fff;"
        "padding:.4rem .3rem'>"
        f"<small>GeoPower</small><br><b>{escape(c.label)}</b></div>"
        for c in categories
    )
    extra = f"<div style='font-size:.9rem;color:#555'>{escape(caption)}</div>" if caption else ""
    return f"<div class='gp-hand'>{tiles}</div>{extra}"


def face_up_html(obs: GeoPowerObservation) -> str:
    """The GeoPower cards still face up in the draft."""
    return power_html(obs.face_up, f"{len(obs.face_up)} face up")


def removals(obs: GeoPowerObservation) -> list[tuple[str, Remove]]:
    """The removals offered (the engine's legal ones), each with its button's label: "Remove
    Size", "Remove Size (2 up)"."""
    offers = []
    for action in obs.legal:
        if isinstance(action, Remove):
            n = obs.face_up.count(action.category)
            label = f"Remove {action.category.label}" + (f" ({n} up)" if n > 1 else "")
            offers.append((label, action))
    return offers


def refusals(obs: GeoPowerObservation) -> dict[str, str]:
    """The cards of the hand that may not be played now, with the engine's refusal in words
    (:data:`~ui.games.geopower_toss.refusals.REFUSALS`), by USPS code."""
    refused = {c.usps: GeoPowerToss.why_not(obs, play_action(c)) for c in obs.hand}
    return {usps: worded(r, "geopower_toss") for usps, r in refused.items() if r}


def play_prompt(obs: GeoPowerObservation, reasons: dict[str, str]) -> str:
    """What this seat's play is: a lead, a card of the led Zone (in the engine's words, also
    on each card it refuses), or any card."""
    if not obs.trick:
        return (
            f"**You lead trick {trick_number(obs)}.** Any card may lead; the others "
            f"must follow its Zone. Best {obs.category.value} rank of that Zone wins."
        )
    zone = led_zone(obs.trick)
    if reasons:
        why = " ".join(dict.fromkeys(reasons.values()))  # one sentence for all the cards refused
        return f"**Your turn.** {why} The other cards are dimmed."
    if must_follow(obs.hand, obs.trick) is None:
        return f"**Your turn.** You have no {zone} card: play any card (it cannot win)."
    return f"**Your turn: play a {zone} card.**"


def play_verb(obs: GeoPowerObservation) -> str:
    """ "Lead" before the trick's first card, else "Play"."""
    return "Lead" if not obs.trick else "Play"


def hand_heading(obs: GeoPowerObservation) -> str:
    """Above the hand's buttons: "**Your hand** — lead a card"."""
    return f"**Your hand** — {play_verb(obs).lower()} a card"


def card_label(obs: GeoPowerObservation, card: Card) -> str:
    """A card's button: "Play · 12th" (its rank in the round's category)."""
    return f"{play_verb(obs)} · {ordinal(card.rank(obs.category))}"


def waiting_line(session: GameSession, obs: GeoPowerObservation) -> str:
    """What the seat to act (another one) is deciding: "**AI 2 plays a card.**" (empty once
    the game is over)."""
    if obs.to_act is None:
        return ""
    doing = WAITING_FOR.get(obs.phase, "leads" if not obs.trick else "plays a card")
    return f"**{sentence(session.subject(obs.to_act))} {doing}.**"
