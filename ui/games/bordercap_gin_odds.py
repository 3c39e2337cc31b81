"""BorderCap Gin: what the hints count, restated here from the rules (no Streamlit): which
cards may still come from the deck, whether seven cards win and with which split, which cards
would complete a win.

To be replaced by ``engine.bordercap_gin.odds``: the engine is getting public functions for
these; once both are merged, this module's callers import them from there instead (the
signatures are kept for that one small step) and this module goes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from engine.bordercap_gin import GinObservation
from engine.cards import Card, deck
from engine.melds import BIT, no_win_reasons, split_points, truth
from engine.melds import best_split as _best_split


def live_cards(obs: GinObservation) -> list[Card]:
    """Cards that may still come from the deck: not in your hand, not on the pile, not your
    face-down cards and not cards another player took and still holds."""
    seen = {c.usps for c in (*obs.hand, *obs.pile, *obs.own_face_down)}
    for seat, cards in enumerate(obs.took):
        if seat != obs.player:
            seen |= {c.usps for c in cards}
    return [c for c in deck() if c.usps not in seen]


def _bits(cards: Iterable[Card]) -> list[int]:
    return [BIT[c.usps] for c in cards]


@lru_cache(maxsize=4096)
def _has_win(mask: int) -> bool:
    bits = []
    rest = mask
    while rest:
        low = rest & -rest
        bits.append(low)
        rest ^= low
    return len(bits) == 7 and truth().has_win(bits)


def _mask(cards: Iterable[Card]) -> int:
    m = 0
    for b in _bits(cards):
        m |= b
    return m


def has_win(cards: Sequence[Card]) -> bool:
    """True when seven cards split into a 4-group and a 3-group."""
    return _has_win(_mask(cards))


def best_split(cards: Sequence[Card]) -> tuple[tuple[Card, ...], tuple[Card, ...]] | None:
    """The split a declaration of a 7-card hand scores: the one with the highest score (the
    engine's choice), ``None`` when the hand does not win."""
    return _best_split(list(cards))


def split_score(four: Sequence[Card]) -> int:
    """What declaring a hand with this best 4-group scores (20, or 30 with the bonus)."""
    return split_points(four)


def no_win_lines(hand: Sequence[Card]) -> list[str]:
    """Why a declared hand does not win, group by group (empty when it wins)."""
    return no_win_reasons(list(hand))


def outs(hand: Sequence[Card], live: Iterable[Card]) -> list[Card]:
    """The live cards that would give a 7-card ``hand`` a win (taking it, then discarding one
    of the eight)."""
    base = _mask(hand)
    found = []
    for c in live:
        eight = base | BIT[c.usps]
        for d in hand:
            if _has_win(eight & ~BIT[d.usps]):
                found.append(c)
                break
    return found
