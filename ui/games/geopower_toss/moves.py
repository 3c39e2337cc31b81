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
    Call,
    GeoPowerObservation,
    GeoPowerToss,
    Pass,
    Play,
    Remove,
    play_action,
)
from engine.geopower_toss.tricks import led_zone, must_follow
from messages import N_, _, join, ngettext, number, ordinal, pgettext
from ui.games.geopower_toss.tricks import category_word, trick_number
from ui.games.refusals import worded
from ui.games.session import GameSession, sentence
from ui.games.wording import card_name, category_label, zone_name

#: what the seat to act (another one) is deciding, by phase
WAITING_FOR: dict[str, str] = {
    DRAFT: N_("**{player} removes a GeoPower card.**"),
    CALLS: N_("**{player} decides whether to call GeoPlunge (the last chance before trick 5).**"),
}


def draft_prompt(session: GameSession, obs: GeoPowerObservation) -> str:
    """This seat's removal: what it decides, and the removals so far."""
    removed = join(
        _("you removed {category}").format(category=category_label(c))
        if s == session.me
        else _("{seat} removed {category}").format(
            seat=session.mention(s), category=category_label(c)
        )
        for s, c in obs.removed
    )
    if not removed:
        return _(
            "**Choose the round's GeoPower card.** Remove one of the cards face up; the last "
            "one left ranks every trick of the round."
        )
    return _(
        "**Choose the round's GeoPower card.** So far {removed}. Remove one of the cards face "
        "up; the last one left ranks every trick of the round."
    ).format(removed=removed)


def power_html(categories: Sequence[Category], caption: str = "") -> str:
    """GeoPower cards as small tiles."""
    head = escape(pgettext("status chip: the round's category", "GeoPower"))
    tiles = "".join(
        "<div class='gp-slot' style='min-width:5.5rem;max-width:6.5rem;flex:0 0 5.8rem;"
        "text-align:center;border-style:solid;border-color:#444;background:#fff;"
        "padding:.4rem .3rem'>"
        f"<small>{head}</small><br><b>{escape(category_label(c))}</b></div>"
        for c in categories
    )
    extra = f"<div style='font-size:.9rem;color:#555'>{escape(caption)}</div>" if caption else ""
    return f"<div class='gp-hand'>{tiles}</div>{extra}"


def face_up_html(obs: GeoPowerObservation) -> str:
    """The GeoPower cards still face up in the draft."""
    n = len(obs.face_up)
    return power_html(obs.face_up, ngettext("{n} face up", "{n} face up", n).format(n=number(n)))


def removals(obs: GeoPowerObservation) -> list[tuple[str, Remove]]:
    """The removals offered (the engine's legal ones), each with its button's label: "Remove
    Size", "Remove Size (2 up)"."""
    offers = []
    for action in obs.legal:
        if isinstance(action, Remove):
            n = obs.face_up.count(action.category)
            category = category_label(action.category)
            if n > 1:
                label = ngettext(
                    "Remove {category} ({n} up)", "Remove {category} ({n} up)", n
                ).format(category=category, n=number(n))
            else:
                label = _("Remove {category}").format(category=category)
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
        return _(
            "**You lead trick {number}.** Any card may lead; the others must follow its Zone. "
            "Best {category} rank of that Zone wins."
        ).format(number=number(trick_number(obs)), category=category_word(obs.category))
    zone = zone_name(led_zone(obs.trick))
    if reasons:
        why = " ".join(dict.fromkeys(reasons.values()))  # one sentence for all the cards refused
        return _("**Your turn.** {why} The other cards are dimmed.").format(why=why)
    if must_follow(obs.hand, obs.trick) is None:
        return _("**Your turn.** You have no {zone} card: play any card (it cannot win).").format(
            zone=zone
        )
    return _("**Your turn: play a {zone} card.**").format(zone=zone)


def hand_heading(obs: GeoPowerObservation) -> str:
    """Above the hand's buttons: "**Your hand** — lead a card"."""
    return _("**Your hand** — lead a card") if not obs.trick else _("**Your hand** — play a card")


def card_label(obs: GeoPowerObservation, card: Card) -> str:
    """A card's button: "Play · 12th" (its rank in the round's category); "Lead · 3rd" before
    the trick's first card."""
    rank = ordinal(card.rank(obs.category))
    if not obs.trick:
        return _("Lead · {rank}").format(rank=rank)
    return _("Play · {rank}").format(rank=rank)


def waiting_line(session: GameSession, obs: GeoPowerObservation) -> str:
    """What the seat to act (another one) is deciding: "**AI 2 plays a card.**" (empty once
    the game is over)."""
    if obs.to_act is None:
        return ""
    doing = WAITING_FOR.get(
        obs.phase, N_("**{player} leads.**") if not obs.trick else N_("**{player} plays a card.**")
    )
    return _(doing).format(player=sentence(session.subject(obs.to_act)))


def move_label(action: object) -> str:
    """A move as a button names it where the moves are listed (the notebook's game widget):
    "Remove Size", "Play Ohio (Eastern)", "Call GeoPlunge"."""
    if isinstance(action, Remove):
        return _("Remove {category}").format(category=category_label(action.category))
    if isinstance(action, Play):
        return _("Play {card} ({zone})").format(
            card=card_name(action.card.usps), zone=zone_name(action.card.zone)
        )
    if isinstance(action, Call):
        return _("Call GeoPlunge")
    if isinstance(action, Pass):
        return _("Pass (no GeoPlunge call)")
    raise TypeError(f"{action!r} is not a move of GeoPower Toss")
