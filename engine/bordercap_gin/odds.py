"""What a BorderCap Gin player can work out from its own observation, by the true map and
capitals (:mod:`engine.melds`): which cards may still come, whether seven cards win, and which
cards would complete a win. The bots and the page's hints read the same facts.

- A card is *live* for a seat when it may still come to it: it is not in the seat's hand, not
  on the face-up pile, not one of its own face-down discards and not a card another player took
  from the pile and still holds (:func:`live_mask`, :func:`live_cards`). Live cards lie in the
  deck, in other hands or in the face-down stack.
- Seven cards *win* when they split into a 4-group and a 3-group (:func:`has_win`); a declared
  hand scores its best split (:func:`engine.melds.best_split`, 20 points or 30 with the bonus:
  :func:`engine.melds.split_points`).
- An *out* of a 7-card hand is a live card that gives it a win: with it in hand, one of the
  eight can be discarded to leave seven that win (:func:`outs`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from engine.bordercap_gin.observation import GinObservation
from engine.cards import Card
from engine.melds import ALL_CARDS, BIT, bits_of, cards_of, mask_of, truth


def live_mask(obs: GinObservation) -> int:
    """The cards that may still come to ``obs.player``, as a bitmask over ``deck()`` order."""
    seen = mask_of(obs.hand) | mask_of(obs.pile) | mask_of(obs.own_face_down)
    for seat, cards in enumerate(obs.took):
        if seat != obs.player:
            seen |= mask_of(cards)
    return ALL_CARDS & ~seen


def live_cards(obs: GinObservation) -> list[Card]:
    """The cards that may still come to ``obs.player``, in deck order (see :func:`live_mask`)."""
    return list(cards_of(live_mask(obs)))


@lru_cache(maxsize=4096)
def _wins(mask: int) -> bool:
    bits = bits_of(mask)
    return len(bits) == 7 and truth().has_win(bits)


def has_win(cards: Iterable[Card]) -> bool:
    """True when ``cards`` are seven cards that split into a 4-group and a 3-group."""
    return _wins(mask_of(cards))


def outs(hand: Sequence[Card], live: Iterable[Card]) -> list[Card]:
    """The cards of ``live`` that would give the 7-card ``hand`` a win: taken into the hand,
    one of the eight can be discarded to leave seven that win (in the order of ``live``)."""
    base = mask_of(hand)
    found = []
    for c in live:
        eight = base | BIT[c.usps]
        if any(_wins(eight & ~BIT[d.usps]) for d in hand):
            found.append(c)
    return found
