"""GeoPower Toss: what the hints count, restated here from the rules (no Streamlit): the cards
this seat has not seen, the chance that an opponent holds a card of a Zone, the better cards
still unseen, the chance a card holds the trick, and which cards may not follow the Zone.

To be replaced by ``engine.geopower_toss.odds``: the engine is getting public functions for
these; once both are merged, this module's callers import them from there instead (the
signatures are kept for that one small step) and this module goes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.cards import Card, Category, deck
from engine.geopower_toss import GeoPowerObservation


def unseen(obs: GeoPowerObservation) -> list[Card]:
    """Cards the human has not seen this round: in other hands or in the undealt stock."""
    seen = {c.usps for c in obs.hand}
    seen |= {c.usps for t in obs.tricks for _, c in t.plays}
    seen |= {c.usps for _, c in obs.trick}
    return [c for c in deck() if c.usps not in seen]


def opponent_share(
    obs: GeoPowerObservation, zone: str, seats: Iterable[int] | None = None
) -> float:
    """The chance that one unseen card of ``zone`` lies in an opponent's hand (among
    ``seats``, default all): opponents' cards over all unseen places that may hold the Zone
    (a player who did not follow it holds none; the stock holds its share)."""
    me = obs.player
    unit = obs.team_of[me]
    pool = range(obs.players) if seats is None else list(seats)
    total = obs.stock_size + sum(
        obs.hand_sizes[s] for s in range(obs.players) if s != me and zone not in obs.voids[s]
    )
    opp = sum(
        obs.hand_sizes[s]
        for s in pool
        if s != me and obs.team_of[s] != unit and zone not in obs.voids[s]
    )
    return opp / total if total else 0.0


def better_unseen(card: Card, category: Category, pool: Sequence[Card]) -> int:
    """How many unseen cards of the card's Zone have a better rank in ``category``."""
    return sum(1 for c in pool if c.zone == card.zone and c.rank(category) < card.rank(category))


def hold_chance(
    obs: GeoPowerObservation,
    card: Card,
    category: Category,
    pool: Sequence[Card],
    seats: Iterable[int] | None = None,
) -> float:
    """The chance that no opponent (among ``seats``) holds a better card of the Zone."""
    n = better_unseen(card, category, pool)
    return (1 - opponent_share(obs, card.zone, seats)) ** n if n else 1.0


def follow_reasons(obs: GeoPowerObservation) -> dict[str, str]:
    """Cards of the hand that may not be played now, with the reason (follow the Zone)."""
    if not obs.trick:
        return {}
    zone = obs.trick[0][1].zone
    if not any(c.zone == zone for c in obs.hand):
        return {}
    return {
        c.usps: f"You must follow the {zone} Zone: you hold a {zone} card."
        for c in obs.hand
        if c.zone != zone
    }
