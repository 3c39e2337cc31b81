"""The interface every GeoPlunge game speaks, modelled on OpenSpiel and PokerKit.

A game is a mutable state object. The seat to act is ``current_player``; it picks one of
``legal_actions()`` and passes it to ``apply``. ``check(action)`` answers "may I?" with the
reason it may not (or ``None``), and ``apply`` raises :class:`IllegalAction` with that reason,
leaving the state exactly as it was. All randomness comes from the seed given to ``new``: a game
is replayable from ``(options, seed, actions)``.

Bots see a game only through ``observation(seat)``: what that seat may know. Search bots turn an
observation back into a full state with ``from_observation``, which deals the cards the seat
cannot see at random, consistently with what it has seen.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar


class IllegalAction(ValueError):
    """An action refused by the rules; ``reason`` says why in a sentence a player understands."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class GameState(ABC):
    """Base class of the four games' states.

    Subclasses set the class attributes, implement the abstract methods and keep every random
    draw on ``self.rng`` (a ``random.Random`` seeded by ``new``).
    """

    game_id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2

    rng: random.Random
    log: list[str]

    @classmethod
    @abstractmethod
    def new(
        cls, players: int = 2, teams: int | None = None, seed: int | None = None, **options: Any
    ) -> GameState:
        """Deal a new game; invalid set-ups raise ``ValueError`` with a clear message."""

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` when the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Any]:
        """The actions the current player may take, in a stable order."""

    @abstractmethod
    def check(self, action: Any) -> str | None:
        """Why ``action`` is illegal now, or ``None`` when it is legal."""

    @abstractmethod
    def _do(self, action: Any) -> None:
        """Carry out a legal action (called by ``apply`` after ``check``)."""

    def apply(self, action: Any) -> None:
        """Validate and carry out ``action``; raise :class:`IllegalAction` with the reason."""
        reason = self.check(action)
        if reason is not None:
            raise IllegalAction(reason)
        self._do(action)

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has ended."""

    @property
    @abstractmethod
    def scores(self) -> list[int]:
        """Points (or cards, or tricks) per seat; bounded by the game's own limits."""

    @property
    @abstractmethod
    def winner(self) -> int | None:
        """The winning seat (or team index for team games), ``None`` while running or drawn."""

    @abstractmethod
    def observation(self, player: int) -> Any:
        """An immutable view of what ``player`` may know, including its legal actions."""

    @abstractmethod
    def clone(self) -> GameState:
        """An independent deep copy (including the random generator's state)."""

    @classmethod
    @abstractmethod
    def from_observation(cls, obs: Any, rng: random.Random) -> GameState:
        """A full state consistent with ``obs``; hidden cards are dealt at random from ``rng``."""

    @property
    def round_index(self) -> int:
        """Which round is being played (games of one round return 0); search stops at its end."""
        return 0

    def team_of(self, player: int) -> int:
        """The team (the unit that wins) a seat belongs to; each seat is its own team by default."""
        return player

    def value(self, player: int) -> float:
        """How good the position is for ``player``'s team, from 0 (lost) to 1 (won).

        The default knows only finished games (a draw is 0.5); games of several rounds override
        it to judge a position from the scores, so a search can stop at the end of a round.
        """
        if not self.is_over:
            return 0.5
        if self.winner is None:
            return 0.5
        return 1.0 if self.winner == self.team_of(player) else 0.0

    def replay(self, actions: Sequence[Any]) -> GameState:
        """Apply ``actions`` in order and return ``self`` (for replay tests and notebooks)."""
        for action in actions:
            self.apply(action)
        return self


def player_name(seat: int) -> str:
    """How the log names a seat."""
    return f"Player {seat + 1}"


def make_rng(seed: int | None) -> random.Random:
    """The one way games get randomness: a generator from an explicit seed (random if None)."""
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    return random.Random(seed)
