"""What one seat of BorderCap Gin may know: its :class:`GinObservation` (see decision 9 of
:mod:`engine.bordercap_gin.state`), the phases of a turn and how each round ended."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cards import Card

DRAW = "draw"
DISCARD = "discard"
DECLARE = "declare"
OVER = "over"


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a round ended: its winner (``None`` when void), the split and the points."""

    round_index: int
    winner: int | None
    four: tuple[Card, ...] = ()
    three: tuple[Card, ...] = ()
    points: int = 0


@dataclass(frozen=True)
class GinObservation:
    """What one seat may know (see decision 9 of the module docstring).

    ``took[seat]``: cards that seat took from the pile and certainly still holds.
    ``where_unseen[place]``: for places ``0 … players-1`` (hands), ``players`` (deck) and
    ``players + 1`` (face-down stack), a bitmask over ``deck()`` order of the cards this seat
    cannot see that may lie there (0 for its own hand). ``results``: how each round so far ended.
    ``target``: the score that wins the game (50, or 30 for a shorter game).
    """

    player: int
    players: int
    dealer: int
    round_index: int
    turn: int
    to_act: int | None
    phase: str
    hand: tuple[Card, ...]
    pile: tuple[Card, ...]
    just_discarded: Card | None
    taken: Card | None
    took: tuple[tuple[Card, ...], ...]
    hand_sizes: tuple[int, ...]
    deck_size: int
    face_down_count: int
    own_face_down: tuple[Card, ...]
    face_down_left: tuple[int, ...]
    scores: tuple[int, ...]
    target: int
    void_rounds: int
    results: tuple[RoundResult, ...]
    is_over: bool
    winner: int | None
    where_unseen: tuple[int, ...]
    legal: tuple[Any, ...]
