"""What a Border Attack player can work out from its own observation: the cards it cannot place
and the chance that a card wins a trick. The bots and the page's hints read the same numbers.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from engine.border_attack.actions import _DECK, _RANK, CATEGORIES
from engine.border_attack.observation import BorderAttackObservation
from engine.cards import Card, Category


def public_codes(obs: BorderAttackObservation) -> set[str]:
    codes: set[str] = set()
    for s in (0, 1):
        codes.update(c.usps for c in obs.played[s])
        codes.update(c.usps for c in obs.discards[s])
    return codes


def unseen(obs: BorderAttackObservation) -> list[Card]:
    """The cards ``obs.seat`` cannot place: the opponent's hand and the deck (and a face-down
    card whose name was not announced)."""
    known = public_codes(obs)
    known.update(c.usps for c in obs.hand)
    if obs.follow_card is not None:
        known.add(obs.follow_card.usps)
    ann = obs.announcement
    if ann is not None and ann.usps is not None:
        known.add(ann.usps)
    return [c for c in _DECK if c.usps not in known]


class WinChances:
    """How likely a card led in a category wins, if the opponent's ``held`` cards are a random
    draw from ``unseen``: the chance that none of them has a better rank."""

    def __init__(self, unseen: Sequence[Card], held: int) -> None:
        self.ranks = {cat: sorted(map(_RANK[cat], unseen)) for cat in CATEGORIES}
        self.unseen = len(unseen)
        self.held = held

    def lead(self, card: Card, category: Category) -> float:
        """P(no card of the opponent beats ``card`` in ``category``)."""
        better = bisect_left(self.ranks[category], _RANK[category](card))
        u, p = self.unseen, 1.0
        for i in range(min(self.held, u)):
            if u - better - i <= 0:
                return 0.0
            p *= (u - better - i) / (u - i)
        return p

    def value(self, card: Card) -> float:
        """A card's worth as a lead: its best chance over the three categories."""
        return max(self.lead(card, cat) for cat in CATEGORIES)
