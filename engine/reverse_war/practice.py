"""The War's practice mode: before a flip is resolved the player predicts it, and the
prediction is scored against the flip's :class:`~engine.reverse_war.observation.Battle`.

A prediction is about the two cards being turned. They are face up for both players at the
moment of turning, so :func:`turning` may show them before the flip is resolved; nothing else
of the hidden piles is ever read. A flip that starts a Geography War (or ends the game with a
pile run out mid-war) has no winner of its first pair and never makes a GeoPlunge.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import Card
from engine.reverse_war.observation import Battle
from engine.reverse_war.state import ReverseWar


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a prediction is about: the seat whose first card won (``None``: a tie, so a
    Geography War) and whether that pair made a GeoPlunge."""

    winner: int | None
    geoplunge: bool


def outcome(battle: Battle) -> Outcome:
    """The outcome of the first pair turned in ``battle``."""
    if battle.wars or battle.ran_out:
        return Outcome(None, False)
    return Outcome(battle.winner, battle.geoplunge)


def turning(state: ReverseWar) -> tuple[Card, Card] | None:
    """The two cards about to be turned (seat 0's, seat 1's); ``None`` once the game is over."""
    if state.is_over or not state.piles[0] or not state.piles[1]:
        return None
    return state.piles[0][0], state.piles[1][0]


@dataclass(frozen=True, slots=True)
class Prediction:
    """One practice flip: what the player said (``said``) and what happened (``was``)."""

    turn: int
    said: Outcome
    was: Outcome

    @property
    def winner_right(self) -> bool:
        return self.said.winner == self.was.winner

    @property
    def plunge_right(self) -> bool:
        return self.said.geoplunge == self.was.geoplunge


@dataclass(frozen=True, slots=True)
class Score:
    """The practice score: winners and GeoPlunges predicted right, of ``predictions``."""

    winners: int
    plunges: int
    predictions: int


def score(predictions: Sequence[Prediction]) -> Score:
    """How many of ``predictions`` named the winner and the GeoPlunge right."""
    return Score(
        sum(p.winner_right for p in predictions),
        sum(p.plunge_right for p in predictions),
        len(predictions),
    )
