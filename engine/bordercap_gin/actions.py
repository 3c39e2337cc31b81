"""BorderCap Gin's moves: draw from the deck or take the card just discarded, discard (face up,
or face down with two players), declare a win or end the turn (rules:
:mod:`engine.bordercap_gin.state`). The actions ``legal_actions()`` hands out are built once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.cards import Card, by_usps, deck


def _to_card(c: Card | str) -> Card:
    """The deck's own card object for a card or a USPS code."""
    return by_usps()[c.usps if isinstance(c, Card) else c.upper()]


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the deck."""

    def __str__(self) -> str:
        return "draw from the deck"


@dataclass(frozen=True, slots=True)
class Take:
    """Take ``card``, the card just discarded face up by the previous player."""

    card: Card

    def __str__(self) -> str:
        return f"take {self.card.name} from the discard pile"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard ``card``: face up on the pile, or (two players only) face down."""

    card: Card
    face_down: bool = False

    def __str__(self) -> str:
        return f"discard {self.card.name}" + (" face down" if self.face_down else "")


@dataclass(frozen=True, slots=True)
class Declare:
    """Declare a win with the hand. ``four`` and ``three`` may name a split (the legal action
    names the best one); the engine scores the hand's best split whatever they say."""

    four: tuple[Card, ...] = ()
    three: tuple[Card, ...] = ()

    def __str__(self) -> str:
        if not self.four and not self.three:
            return "declare a win"
        four = ", ".join(c.name for c in self.four)
        three = ", ".join(c.name for c in self.three)
        return f"declare {four} + {three}"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the turn without declaring."""

    def __str__(self) -> str:
        return "end turn"


DRAW_ACTION = Draw()
END_TURN = EndTurn()
_TAKE: dict[str, Take] = {c.usps: Take(c) for c in deck()}
_DISCARD: dict[str, Discard] = {c.usps: Discard(c) for c in deck()}
_DISCARD_DOWN: dict[str, Discard] = {c.usps: Discard(c, True) for c in deck()}
_ACTIONS = (Draw, Take, Discard, Declare, EndTurn)


def declaration(four: Iterable[Card | str], three: Iterable[Card | str]) -> Declare:
    """A :class:`Declare` from cards or USPS codes (in any order; kept as given)."""
    return Declare(tuple(_to_card(c) for c in four), tuple(_to_card(c) for c in three))
