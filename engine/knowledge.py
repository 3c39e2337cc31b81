"""What an AI opponent knows of geography: a seeded recall model per difficulty level.

A classmate does not know every border or capital. Each bot gets a :class:`Knowledge` drawn
from its own seed: every border pair and every capital is remembered with the level's
probability (``RECALL``). A bot reasons only with what it remembers, so an ``easy`` opponent
can miss a border in Border Attack or a meld in BorderCap Gin. ``hard`` knows everything.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.cards import Card, deck

RECALL: dict[str, float] = {"random": 0.0, "easy": 0.6, "medium": 0.85, "hard": 1.0}


@dataclass(frozen=True)
class Knowledge:
    """The border pairs and capital initials one bot remembers."""

    borders: dict[str, frozenset[str]]
    capitals: frozenset[str]

    @classmethod
    def for_level(cls, level: str, seed: int) -> Knowledge:
        """Draw a bot's knowledge: each fact is kept with probability ``RECALL[level]``."""
        recall = RECALL[level]
        rng = random.Random(f"knowledge-{level}-{seed}")
        remembered: dict[str, set[str]] = {c.usps: set() for c in deck()}
        for c in deck():
            for other in sorted(c.borders):
                if c.usps < other and rng.random() < recall:
                    remembered[c.usps].add(other)
                    remembered[other].add(c.usps)
        capitals = frozenset(c.usps for c in deck() if rng.random() < recall)
        return cls({k: frozenset(v) for k, v in remembered.items()}, capitals)

    @classmethod
    def complete(cls) -> Knowledge:
        """Everything: every border and every capital."""
        return cls.for_level("hard", 0)

    def borders_of(self, card: Card) -> frozenset[str]:
        """The border states of ``card`` this bot remembers (a subset of the truth)."""
        return self.borders[card.usps]

    def knows_border(self, a: Card, b: Card) -> bool:
        """True when the bot remembers that ``a`` and ``b`` border each other."""
        return b.usps in self.borders[a.usps]

    def capital_initial(self, card: Card) -> str | None:
        """The first letter of the capital, or ``None`` when the bot does not remember it."""
        return card.capital_initial if card.usps in self.capitals else None
