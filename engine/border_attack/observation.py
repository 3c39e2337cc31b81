"""What one seat of Border Attack may know: its :class:`BorderAttackObservation`, with the
phases of a trick, the follower's :class:`Announcement` and the last :class:`PlayedTrick`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.border_attack.actions import BORDERS, NAME, GuessBorders, GuessState, _state_names
from engine.cards import Card, Category, by_usps

LEAD = "lead"
COMMIT = "commit"
GUESS = "guess"
BONUS_DISCARD = "bonus_discard"
WIN_DISCARD = "win_discard"
OVER = "over"


@dataclass(frozen=True, slots=True)
class Announcement:
    """What the follower says: its card's number of border states, and its name or its borders.

    ``usps`` is set when the name was announced, ``borders`` when the list was.
    """

    count: int
    usps: str | None
    borders: frozenset[str] | None

    @property
    def reveal(self) -> str:
        return NAME if self.usps is not None else BORDERS

    def __str__(self) -> str:
        if self.usps is not None:
            return f"{by_usps()[self.usps].name}, with {self.count} border states"
        return f"{self.count} border states: {_state_names(self.borders or ())}"

    @classmethod
    def of(cls, card: Card, reveal: str) -> Announcement:
        """The announcement the rules derive from the committed card and the chosen reveal."""
        if reveal == NAME:
            return cls(len(card.borders), card.usps, None)
        return cls(len(card.borders), None, card.borders)


@dataclass(frozen=True, slots=True)
class PlayedTrick:
    """A trick whose follower's card has been played, all of it public: the cards, the
    announcement, the leader's guess and whether it was right, and the seat that won it (the
    rules that decide are in :mod:`engine.border_attack.trick`)."""

    number: int
    leader: int
    category: Category
    led: Card
    follow: Card
    announcement: Announcement
    guess: GuessState | GuessBorders
    guess_right: bool
    winner: int

    @property
    def follower(self) -> int:
        return 1 - self.leader


@dataclass(frozen=True)
class BorderAttackObservation:
    """What one seat may know.

    ``follow_card`` is the follower's card: shown to the follower from its commitment on, to the
    leader only once it is played. ``played`` holds each seat's played cards (the cards on the
    table included), ``discards`` its discards; both are public, as are the hand counts, the
    announcement, the guess and its result. Hands other than one's own and the deck order are
    hidden. ``guess_right`` and ``trick_winner`` are cleared when the trick ends;
    ``last_trick`` keeps the latest trick whose follower's card was played, until the next one
    is (``None`` before the first).
    """

    seat: int
    current_player: int | None
    phase: str
    dealer: int
    leader: int
    trick: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, int]
    deck_count: int
    played: tuple[tuple[Card, ...], tuple[Card, ...]]
    discards: tuple[tuple[Card, ...], tuple[Card, ...]]
    category: Category | None
    led: Card | None
    follow_card: Card | None
    announcement: Announcement | None
    guess: GuessState | GuessBorders | None
    guess_right: bool | None
    trick_winner: int | None
    last_trick: PlayedTrick | None
    scores: tuple[int, int]
    winner: int | None
    legal: tuple[Any, ...]
    log: tuple[str, ...]

    @property
    def next_dealer(self) -> int:
        """The dealer of the next game: the deal alternates (public)."""
        return 1 - self.dealer

    @property
    def follower(self) -> int:
        return 1 - self.leader

    @property
    def player(self) -> int:
        """``seat``, under the name every game's observation has (see :mod:`engine.core`)."""
        return self.seat
