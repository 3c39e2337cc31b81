"""The 50 GeoPlunge cards, one per state, built from ``geodata``.

Rank 1 is the best in every category and no two cards tie within a category. A card's
*weakness* is its worst (largest) rank; its *Zone* is the time zone of its capital.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from functools import cache

import geodata


class Category(StrEnum):
    """The three ranked categories printed on every card."""

    SIZE = "size"
    STATEHOOD = "statehood"
    POPULATION = "population"

    @property
    def label(self) -> str:
        return self.value.capitalize()


# Category members are str, so "size" and Category.SIZE find the same field.
_RANK_FIELDS: dict[str, str] = {c.value: f"{c.value}_rank" for c in Category}

ZONES: tuple[str, ...] = ("Eastern", "Central", "Mountain", "Pacific", "Alaska", "Hawaii")


def ordinal(n: int) -> str:
    """1 → '1st', 2 → '2nd', 11 → '11th', 23 → '23rd'."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def usps_of(item: object) -> str | None:
    """``item``'s USPS code when it is a :class:`Card` (``None`` otherwise): how a refusal
    names the card it refuses."""
    return item.usps if isinstance(item, Card) else None


def long_date(d: date) -> str:
    """A date as the app writes it everywhere: 'March 15, 1820'."""
    return f"{d:%B} {d.day}, {d.year}"


@dataclass(frozen=True, slots=True)
class Card:
    """One GeoPlunge card."""

    usps: str
    name: str
    capital: str
    size_rank: int
    statehood_rank: int
    population_rank: int
    zone: str
    borders: frozenset[str]

    def rank(self, category: Category | str) -> int:
        """The card's rank (1 best … 50 worst) in ``category``."""
        return getattr(self, _RANK_FIELDS[category])

    @property
    def ranks(self) -> tuple[int, int, int]:
        """(size, statehood, population) ranks."""
        return (self.size_rank, self.statehood_rank, self.population_rank)

    @property
    def weakness(self) -> int:
        """The worst of the card's three ranks."""
        return max(self.size_rank, self.statehood_rank, self.population_rank)

    @property
    def capital_initial(self) -> str:
        """First letter of the capital, upper case."""
        return self.capital[0].upper()

    def beats(self, other: Card, category: Category | str) -> bool:
        """True when this card has the better (smaller) rank in ``category``."""
        return self.rank(category) < other.rank(category)

    def geoplunges(self, other: Card) -> bool:
        """True when this card is worse than ``other`` in all three ranks (it "GeoPlunges" it)."""
        return all(mine > theirs for mine, theirs in zip(self.ranks, other.ranks, strict=True))

    def borders_card(self, other: Card) -> bool:
        """True when ``other`` is one of this card's border states."""
        return other.usps in self.borders

    def __str__(self) -> str:
        return self.name


@cache
def deck() -> tuple[Card, ...]:
    """The 50 cards, ordered by USPS code (shuffles start from this order)."""
    states = geodata.states()
    neighbors = geodata.neighbors()
    return tuple(
        Card(
            usps=usps,
            name=row["name"],
            capital=row["capital"],
            size_rank=int(row["size_rank"]),
            statehood_rank=int(row["statehood_rank"]),
            population_rank=int(row["population_rank"]),
            zone=row["zone"],
            borders=neighbors[usps],
        )
        for usps, row in sorted(states.iterrows())
    )


@cache
def by_usps() -> dict[str, Card]:
    """The cards keyed by USPS code."""
    return {card.usps: card for card in deck()}


def card(usps: str) -> Card:
    """The card of one state, by USPS code (``KeyError`` for anything else)."""
    return by_usps()[usps.upper()]


def find(text: str) -> Card | None:
    """The card named by a USPS code or a full state name (any case), else ``None``."""
    key = " ".join(text.split()).lower()
    for c in deck():
        if key in (c.usps.lower(), c.name.lower()):
            return c
    return None
