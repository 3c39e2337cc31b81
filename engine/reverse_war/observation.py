"""What a seat of Reverse Geography War knows (both seats know the same): the
:class:`ReverseWarObservation` and the :class:`Battle` of the last flip."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card, Category
from engine.reverse_war.actions import Flip


def worst_categories(card: Card) -> tuple[Category, ...]:
    """The categories in which ``card`` has its worst rank (two when they tie on the card)."""
    worst = card.weakness
    return tuple(c for c in Category if card.rank(c) == worst)


@dataclass(frozen=True, slots=True)
class Battle:
    """One resolved flip, for the page: every card laid, the war levels and the outcome.

    Pairs are indexed by seat. ``up[0]`` is the first flip, ``up[i]`` (i ≥ 1) the turned cards
    of war level ``i`` and ``down[i - 1]`` that level's face-down packets (fewer than 4 cards
    for a short pile). When a war cannot go on because a seat has no card left, nothing more is
    laid and ``ran_out`` names that seat (both seats: a draw, ``winner`` is ``None``).
    ``won`` lists the cards the winner put under its pile, in order.
    """

    turn: int
    up: tuple[tuple[Card, Card], ...]
    down: tuple[tuple[tuple[Card, ...], tuple[Card, ...]], ...]
    winner: int | None
    geoplunge: bool
    handed_over: tuple[Card, ...]
    won: tuple[Card, ...]
    ran_out: tuple[int, ...]
    pile_sizes: tuple[int, int]

    @property
    def wars(self) -> int:
        """How many Geography War levels the flip needed (0: none, 2: a double war, …)."""
        return len(self.down)

    @property
    def deciding(self) -> tuple[Card, Card]:
        """The last pair of turned cards (the pair that decided, or the tie nobody could play)."""
        return self.up[-1]

    @property
    def weakness(self) -> tuple[int, int]:
        """The weaknesses (worst ranks) of the deciding cards, per seat."""
        a, b = self.up[-1]
        return (a.weakness, b.weakness)

    @property
    def worst(self) -> tuple[tuple[Category, ...], tuple[Category, ...]]:
        """Per seat, the category (or categories) of the deciding card's worst rank."""
        a, b = self.up[-1]
        return (worst_categories(a), worst_categories(b))

    def cards(self) -> tuple[Card, ...]:
        """Every card laid on the table in this flip, in the order laid (seat 0 first)."""
        out: list[Card] = list(self.up[0])
        for (d0, d1), pair in zip(self.down, self.up[1:], strict=True):
            out += d0
            out += d1
            out += pair
        return tuple(out)


@dataclass(frozen=True, slots=True)
class ReverseWarObservation:
    """What a seat knows; both seats know the same (nobody looks at the undealt cards).

    Each pile (indexed by seat) is ``unseen[seat]`` cards nobody has seen, above ``known[seat]``
    (the cards won since, top to bottom, in the order they went under the pile).
    """

    player: int
    turn: int
    pile_sizes: tuple[int, int]
    unseen: tuple[int, int]
    known: tuple[tuple[Card, ...], tuple[Card, ...]]
    table: tuple[Card, ...]
    last_battle: Battle | None
    pile_history: tuple[tuple[int, int], ...]
    is_over: bool
    winner: int | None
    capped: bool
    legal: tuple[Flip, ...]
