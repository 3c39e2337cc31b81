"""GeoPower Toss's moves: the draft's removal of a GeoPower card, the play of a card, the
GeoPlunge call and, in the call window, the pass (rules: :mod:`engine.geopower_toss.state`).
The actions ``legal_actions()`` hands out are built once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from operator import attrgetter

from engine.cards import ZONES, Card, Category, deck
from engine.cards import card as card_by_code

CATEGORIES: tuple[Category, ...] = tuple(Category)

# A card's rank in a category, without Card.rank's conversions (this is on the hot path).
_KEY = {c: attrgetter(f"{c.value}_rank") for c in Category}


@dataclass(frozen=True, slots=True)
class Remove:
    """The draft: remove one face-up GeoPower card of ``category``."""

    category: Category

    def __str__(self) -> str:
        return f"remove {self.category.label}"


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` from the hand (lead it, or follow)."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card.name} ({self.card.zone})"


@dataclass(frozen=True, slots=True)
class Call:
    """The GeoPlunge call: "we will win at least 6 tricks"."""

    def __str__(self) -> str:
        return "call GeoPlunge"


@dataclass(frozen=True, slots=True)
class Pass:
    """No GeoPlunge call, when asked in the call window after the 4th trick."""

    def __str__(self) -> str:
        return "pass (no GeoPlunge call)"


CALL = Call()
PASS = Pass()
REMOVE: dict[Category, Remove] = {c: Remove(c) for c in Category}


@cache
def _tables() -> tuple[dict[str, Play], dict[str, int], tuple[Card, ...]]:
    """Pre-built ``Play`` actions and hand positions by USPS code, and the deck in hand
    order."""
    cards = tuple(sorted(deck(), key=lambda c: (ZONES.index(c.zone), c.name)))
    return (
        {c.usps: Play(c) for c in cards},
        {c.usps: i for i, c in enumerate(cards)},
        cards,
    )


def play_action(card: Card | str) -> Play:
    """The (shared) action that plays ``card``; accepts a Card or a USPS code."""
    return _tables()[0][card if isinstance(card, str) else card.usps]


def _as_card(item: Card | str) -> Card:
    return item if isinstance(item, Card) else card_by_code(item)
