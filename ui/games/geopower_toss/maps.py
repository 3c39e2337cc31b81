"""The map beside a GeoPower Toss table, as data (no Streamlit): the trick on the table, else
the last finished trick, else the hand. A trick paints the Zone led in its colour, labels each
card with its player and rank, mutes the cards of other Zones and stars the card winning it
(the engine says which)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import ZONES, Card, Category, deck
from engine.geopower_toss import GeoPowerObservation
from engine.geopower_toss.tricks import led_zone
from ui.cards import ordinal
from ui.games.geopower_toss.tricks import last_category, last_trick, trick_number
from ui.games.session import GameSession
from ui.links import plain


@dataclass
class MapParts:
    """What the map draws: each state's role, hover note and label, the starred states, the
    legend's words per role, and the caption above the map."""

    roles: dict[str, str]
    notes: dict[str, str]
    labels: dict[str, str]
    symbols: dict[str, str]
    legend: dict[str, str]
    caption: str


def trick_map(
    session: GameSession,
    plays: Sequence[tuple[int, Card]],
    category: Category,
    *,
    winner: int,
    title: str,
) -> MapParts:
    """The Zone led painted in its colour, each card of the trick labelled with its player
    and rank; ``winner``'s card (winning so far, or the trick's winner) gets a star."""
    zone = led_zone(plays)
    assert zone is not None
    roles = {c.usps: zone for c in deck() if c.zone == zone}
    notes: dict[str, str] = {}
    labels: dict[str, str] = {}
    symbols: dict[str, str] = {}
    for seat, card in plays:
        short = "You" if seat == session.me else plain(session.seat_name(seat))
        labels[card.usps] = short
        notes[card.usps] = f"{short}: {ordinal(card.rank(category))} in {category.value}"
        if card.zone != zone:
            roles[card.usps] = "muted"
            notes[card.usps] += f" ({card.zone}: off-Zone)"
        if seat == winner:
            symbols[card.usps] = "star"
    legend = {zone: f"{zone} Zone (led)", "muted": "off-Zone card"}
    return MapParts(roles, notes, labels, symbols, legend, title)


def hand_map(obs: GeoPowerObservation) -> MapParts:
    """Your hand, each state in its Zone's colour (labelled with its rank in the category)."""
    roles = {c.usps: c.zone for c in obs.hand}
    labels = {}
    notes = {}
    cat = obs.category
    for c in obs.hand:
        labels[c.usps] = ordinal(c.rank(cat)) if cat else ""
        notes[c.usps] = f"{c.zone} Zone" + (
            f" · {ordinal(c.rank(cat))} in {cat.value}" if cat else ""
        )
    legend = {z: f"{z} Zone" for z in ZONES}
    title = "Your hand by Zone" + (f" (labels: your {cat.value} ranks)" if cat else "")
    return MapParts(roles, notes, {k: v for k, v in labels.items() if v}, {}, legend, title)


def table_map(session: GameSession, obs: GeoPowerObservation) -> MapParts:
    """The trick on the table; else the last finished trick; else your hand."""
    if obs.winning is not None and obs.category is not None:
        return trick_map(
            session,
            obs.trick,
            obs.category,
            winner=obs.winning[0],
            title=f"Trick {trick_number(obs)}: the {led_zone(obs.trick)} Zone was led",
        )
    last = last_trick(obs)
    category = last_category(obs)
    if last is not None and category is not None:
        return trick_map(
            session,
            last.plays,
            category,
            winner=last.winner,
            title=f"Trick {last.number} ({last.zone} led), won by {session.seat_name(last.winner)}",
        )
    return hand_map(obs)
