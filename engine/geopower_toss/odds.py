"""What a GeoPower Toss player can work out from its own observation: the cards still unseen,
who may hold them (voids included) and the chance that a card wins a trick. The bots and the
page's hints read the same numbers.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from engine.cards import ZONES, Card, Category, deck
from engine.geopower_toss.observation import GeoPowerObservation


@cache
def _better() -> dict[Category, dict[str, tuple[str, ...]]]:
    """For each category and card: the cards of its Zone with a better rank (they beat it)."""
    cards = deck()
    return {
        cat: {
            c.usps: tuple(o.usps for o in cards if o.zone == c.zone and o.rank(cat) < c.rank(cat))
            for c in cards
        }
        for cat in Category
    }


class Reading:
    """What a bot reads from an observation: which cards are still unseen and who may hold
    them (voids included), giving the chance that a card wins when led.

    ``q[zone]`` is the chance that one unseen card of ``zone`` sits in an opponent's hand
    (hands of players void in that Zone cannot hold it; the stock holds its share).
    """

    __slots__ = ("obs", "seen", "q", "unit")

    def __init__(self, obs: GeoPowerObservation) -> None:
        self.obs = obs
        seen = {c.usps for c in obs.hand}
        for t in obs.tricks:
            for _, c in t.plays:
                seen.add(c.usps)
        for _, c in obs.trick:
            seen.add(c.usps)
        self.seen = seen
        self.unit = obs.team_of[obs.player]
        self.q = self.chances(range(obs.players))

    def chances(self, seats: Iterable[int]) -> dict[str, float]:
        """Per Zone: the chance that an unseen card is held by an opponent among ``seats``."""
        obs = self.obs
        me, unit, team, sizes, voids = obs.player, self.unit, obs.team_of, obs.hand_sizes, obs.voids
        seats = [s for s in seats if s != me]
        q: dict[str, float] = {}
        for zone in ZONES:
            total = obs.stock_size
            opp = 0
            for s in range(obs.players):
                if s != me and zone not in voids[s]:
                    total += sizes[s]
            for s in seats:
                if team[s] != unit and zone not in voids[s]:
                    opp += sizes[s]
            q[zone] = opp / total if total else 0.0
        return q

    def unseen_better(self, card: Card, category: Category) -> int:
        seen = self.seen
        return sum(1 for u in _better()[category][card.usps] if u not in seen)

    def p_hold(self, card: Card, category: Category, q: dict[str, float]) -> float:
        """The chance that no opponent (as weighed by ``q``) holds a card beating ``card``."""
        b = self.unseen_better(card, category)
        return (1.0 - q[card.zone]) ** b if b else 1.0

    def p_lead(self, card: Card, category: Category) -> float:
        return self.p_hold(card, category, self.q)
