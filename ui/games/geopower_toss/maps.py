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
from messages import N_, _, number, ordinal
from ui.games.geopower_toss.seats import said_by
from ui.games.geopower_toss.tricks import category_word, last_category, last_trick, trick_number
from ui.games.session import GameSession
from ui.games.wording import zone_name
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
        short = _("You") if seat == session.me else plain(session.seat_name(seat))
        labels[card.usps] = short
        values = {
            "player": short,
            "rank": ordinal(card.rank(category)),
            "category": category_word(category),
            "zone": zone_name(card.zone),
        }
        if card.zone != zone:
            roles[card.usps] = "muted"
            notes[card.usps] = _("{player}: {rank} in {category} ({zone}: off-Zone)").format(
                **values
            )
        else:
            notes[card.usps] = _("{player}: {rank} in {category}").format(**values)
        if seat == winner:
            symbols[card.usps] = "star"
    legend = {
        zone: _("{zone} Zone (led)").format(zone=zone_name(zone)),
        "muted": _("off-Zone card"),
    }
    return MapParts(roles, notes, labels, symbols, legend, title)


def hand_map(obs: GeoPowerObservation) -> MapParts:
    """Your hand, each state in its Zone's colour (labelled with its rank in the category)."""
    roles = {c.usps: c.zone for c in obs.hand}
    labels = {}
    notes = {}
    cat = obs.category
    for c in obs.hand:
        labels[c.usps] = ordinal(c.rank(cat)) if cat else ""
        zone = zone_name(c.zone)
        notes[c.usps] = (
            _("{zone} Zone · {rank} in {category}").format(
                zone=zone, rank=ordinal(c.rank(cat)), category=category_word(cat)
            )
            if cat
            else _("{zone} Zone").format(zone=zone)
        )
    legend = {z: _("{zone} Zone").format(zone=zone_name(z)) for z in ZONES}
    title = (
        _("Your hand by Zone (labels: your {category} ranks)").format(category=category_word(cat))
        if cat
        else _("Your hand by Zone")
    )
    return MapParts(roles, notes, {k: v for k, v in labels.items() if v}, {}, legend, title)


def table_map(session: GameSession, obs: GeoPowerObservation) -> MapParts:
    """The trick on the table; else the last finished trick; else your hand."""
    if obs.winning is not None and obs.category is not None:
        return trick_map(
            session,
            obs.trick,
            obs.category,
            winner=obs.winning[0],
            title=_("Trick {number}: the {zone} Zone was led").format(
                number=number(trick_number(obs)), zone=zone_name(led_zone(obs.trick))
            ),
        )
    last = last_trick(obs)
    category = last_category(obs)
    if last is not None and category is not None:
        return trick_map(
            session,
            last.plays,
            category,
            winner=last.winner,
            title=said_by(
                session,
                last.winner,
                N_("Trick {number} ({zone} led), won by You"),
                N_("Trick {number} ({zone} led), won by {seat}"),
                number=number(last.number),
                zone=zone_name(last.zone),
            ),
        )
    return hand_map(obs)
