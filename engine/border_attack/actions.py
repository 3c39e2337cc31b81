"""Border Attack's moves: a lead names a category and a card, the follower commits to a card and
chooses what to announce, the leader guesses the part not announced, a discard (see
:mod:`engine.border_attack.state` for the rules).

The action objects ``legal_actions()`` hands out are built once (the tables below), and so are
the card facts the rules and the bots read on every move.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from engine.cards import Card, Category, by_usps, deck

CATEGORIES: tuple[Category, ...] = (Category.SIZE, Category.STATEHOOD, Category.POPULATION)
NAME = "name"
BORDERS = "borders"
REVEALS: tuple[str, ...] = (NAME, BORDERS)


def _state_names(codes: Iterable[str]) -> str:
    names = sorted(by_usps()[code].name for code in codes)
    return ", ".join(names) if names else "none"


@dataclass(frozen=True, slots=True)
class Lead:
    """The leader names ``category`` and leads ``card``."""

    card: Card
    category: Category

    def __str__(self) -> str:
        return f"lead {self.card.name} ({Category(self.category).label})"


@dataclass(frozen=True, slots=True)
class Commit:
    """The follower commits to ``card`` and announces its name or its borders (``reveal``)."""

    card: Card
    reveal: str

    def __str__(self) -> str:
        what = "its name" if self.reveal == NAME else "its border states"
        return f"play {self.card.name}, announce {what}"


@dataclass(frozen=True, slots=True)
class GuessState:
    """The leader's guess of the follower's state (after the borders were announced)."""

    usps: str

    def __str__(self) -> str:
        return f"guess {by_usps()[self.usps].name}"


@dataclass(frozen=True, slots=True)
class GuessBorders:
    """The leader's guess of the follower's complete border set (after the name was announced)."""

    borders: frozenset[str]

    def __str__(self) -> str:
        return f"guess borders: {_state_names(self.borders)}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard ``card`` face up (after a right guess or a won trick)."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card.name}"


# Pre-built action objects: legal_actions() hands these out instead of building new ones.
_LEADS: dict[str, tuple[Lead, ...]] = {
    c.usps: tuple(Lead(c, cat) for cat in CATEGORIES) for c in deck()
}
_COMMITS: dict[str, tuple[Commit, ...]] = {
    c.usps: tuple(Commit(c, r) for r in REVEALS) for c in deck()
}
_DISCARDS: dict[str, Discard] = {c.usps: Discard(c) for c in deck()}
_GUESS_STATES: dict[str, GuessState] = {c.usps: GuessState(c.usps) for c in deck()}
_GUESS_BORDERS: dict[frozenset[str], GuessBorders] = {
    c.borders: GuessBorders(c.borders) for c in deck()
}
# A card's rank in a category, without Card.rank's conversions (this is on the hot path).
_RANK: dict[str, Any] = {cat: attrgetter(f"{cat.value}_rank") for cat in CATEGORIES}
_BY_COUNT: dict[int, tuple[Card, ...]] = {}
for _c in deck():
    _BY_COUNT.setdefault(len(_c.borders), ())
    _BY_COUNT[len(_c.borders)] += (_c,)
_DECK: tuple[Card, ...] = deck()
