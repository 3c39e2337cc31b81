"""What one seat of GeoPower Toss may know: its :class:`GeoPowerObservation` over the
:class:`PublicView` every seat shares (decision 11 of :mod:`engine.geopower_toss.state`), the
phases of a round and its records (tricks, round results)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from engine.cards import Card, Category
from engine.geopower_toss.actions import _KEY

TRICKS_BEFORE_CALL_CLOSES = 4  # the call must come before the first card of the 5th trick
CALL_TRICKS = 6  # a GeoPlunge call is made with this many tricks or more

DRAFT, PLAY, CALLS, OVER = "draft", "play", "calls", "over"


def winning_play(plays: Sequence[tuple[int, Card]], category: Category) -> tuple[int, Card]:
    """The (seat, card) winning a trick so far: the best rank in ``category`` among the cards of
    the Zone led (the first card's); a card of another Zone never wins."""
    key = _KEY[category]
    zone = plays[0][1].zone
    best = plays[0]
    best_rank = key(best[1])
    for play in plays:
        card = play[1]
        if card.zone == zone:
            rank = key(card)
            if rank < best_rank:
                best, best_rank = play, rank
    return best


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: who led, the cards in the order played, the Zone led and the winner."""

    number: int
    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int

    @property
    def zone(self) -> str:
        return self.plays[0][1].zone

    def cards(self) -> tuple[Card, ...]:
        return tuple(c for _, c in self.plays)


@dataclass(frozen=True, slots=True)
class RoundResult:
    """The score of one round, per unit (team or seat), and its tricks (``played``), so a page
    can still show the last trick once the next round is dealt."""

    round_index: int
    dealer: int
    category: Category
    tricks: tuple[int, ...]
    callers: tuple[int, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]
    played: tuple[Trick, ...]


class PublicView(NamedTuple):
    """Everything on the table or announced, the same for every seat (shared, immutable; a
    named tuple because it is rebuilt after every trick of every simulated game).

    Per-seat tuples are indexed by seat; ``unit_tricks`` and ``scores`` by unit (team or seat).
    ``voids[seat]`` are the Zones that seat has shown it lacks this round (it did not follow).
    ``dealt_power`` are this round's face-up GeoPower cards as dealt, ``face_up`` those still on
    the table, ``removed`` the (seat, category) removals in order, ``category`` the round's
    GeoPower card once the draft is over. ``calls`` are (seat, unit) in order. ``tricks`` are
    this round's finished tricks, ``results`` the scores of the finished rounds. ``target`` is
    the score that wins the game (50, or 30 for a shorter game).
    """

    players: int
    teams: int | None
    team_of: tuple[int, ...]
    round_index: int
    dealer: int
    phase: str
    stock_size: int
    dealt_power: tuple[Category, ...]
    face_up: tuple[Category, ...]
    removed: tuple[tuple[int, Category], ...]
    category: Category | None
    leader: int
    tricks: tuple[Trick, ...]
    voids: tuple[frozenset[str], ...]
    calls: tuple[tuple[int, int], ...]
    tricks_won: tuple[int, ...]
    unit_tricks: tuple[int, ...]
    scores: tuple[int, ...]
    results: tuple[RoundResult, ...]
    is_over: bool
    winner: int | None
    capped: bool
    target: int


def _public(name: str) -> property:
    def get(self: GeoPowerObservation) -> Any:
        return getattr(self.public, name)

    get.__doc__ = f"``public.{name}``"
    return property(get)


@dataclass(frozen=True, slots=True)
class GeoPowerObservation:
    """What one seat may know: its own hand, the trick on the table, the hand sizes, and the
    :class:`PublicView` shared by all seats (its fields are readable here too, e.g.
    ``obs.category``, ``obs.tricks``, ``obs.voids``, ``obs.scores``). ``legal`` holds the
    seat's legal actions when it is to act, else ``()``.
    """

    player: int
    to_act: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]
    public: PublicView
    legal: tuple[Any, ...]

    players = _public("players")
    teams = _public("teams")
    team_of = _public("team_of")
    round_index = _public("round_index")
    dealer = _public("dealer")
    phase = _public("phase")
    stock_size = _public("stock_size")
    dealt_power = _public("dealt_power")
    face_up = _public("face_up")
    removed = _public("removed")
    category = _public("category")
    leader = _public("leader")
    tricks = _public("tricks")
    voids = _public("voids")
    calls = _public("calls")
    tricks_won = _public("tricks_won")
    unit_tricks = _public("unit_tricks")
    scores = _public("scores")
    results = _public("results")
    is_over = _public("is_over")
    winner = _public("winner")
    capped = _public("capped")
    target = _public("target")

    @property
    def units(self) -> int:
        return self.public.teams or self.public.players

    @property
    def winning(self) -> tuple[int, Card] | None:
        """The (seat, card) winning the trick on the table so far (:func:`winning_play`);
        ``None`` before its lead."""
        if not self.trick:
            return None
        return winning_play(self.trick, self.category)  # type: ignore[arg-type]

    @property
    def call_open(self) -> bool:
        """True while the GeoPlunge call may still be made this round."""
        return self.phase == CALLS or (
            self.phase != OVER and len(self.tricks) < TRICKS_BEFORE_CALL_CLOSES
        )
