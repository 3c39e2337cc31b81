"""What the tournament store hands out, how its rows become it, and the words stored in a row:
stages, the clock's states, results, awards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from engine.cards import card
from engine.tournament.rounds import ALL, CALL, calls_first
from engine.tournament.standings import AI, GameResult, Match
from store.models import Tournament, TournamentGame, TournamentMatch, TournamentTeam

SWISS, PLAYOFF, CHAMPIONSHIP, ENDED = "swiss", "playoff", "championship", "ended"  #: stages
RUNNING, PAUSED, DONE = "running", "paused", "done"  #: the clock of the round under way
WON, TIED = "won", "tied"  #: a game's result
OVER, TIME = "over", "time"  #: how a game was decided: it ended, or the clock ended it
AWARDS = ("teamwork", "sportsmanship")  #: the awards a teacher gives
DEFAULT_ROUNDS: tuple[tuple[str, int], ...] = ((ALL, 20),) * 4 + ((CALL, 12),) * 4
ROUNDS_MAX, MINUTES_MAX, DIVISIONS_MAX = 12, 90, 8


@dataclass(frozen=True)
class TournamentInfo:
    """A tournament as its pages see it (the seed is secret: never shown)."""

    id: int
    code: str
    name: str
    rounds: tuple[tuple[str, int], ...]
    grace_seconds: int
    round: int  #: the round under way or last played; 0 before the first
    stage: str
    clock: str
    ends_at: datetime | None
    left: float | None
    version: int
    seed: int = field(default=0, repr=False)

    @property
    def kind(self) -> str:
        """The current round's kind (a final stage loops like an "All" round)."""
        if self.stage == SWISS and 1 <= self.round <= len(self.rounds):
            return self.rounds[self.round - 1][0]
        return ALL

    def seconds_left(self, now: datetime) -> float:
        """The round's time left at ``now`` (0 once it is done)."""
        if self.clock == PAUSED:
            return self.left or 0.0
        if self.clock == RUNNING and self.ends_at is not None:
            return max(0.0, (self.ends_at - now).total_seconds())
        return 0.0


@dataclass(frozen=True)
class TeamInfo:
    id: int
    name: str
    code: str
    division_id: int
    comeback: bool


@dataclass(frozen=True)
class GameInfo:
    """One game of a match: team a sits at ``seat_a`` of table ``table_id``."""

    n: int
    game: str
    table_id: int | None
    seat_a: int
    result: str | None  #: WON, TIED or ``None`` while undecided
    winner: int | None  #: a team id, or :data:`engine.tournament.AI`
    decided_by: str | None


@dataclass(frozen=True)
class MatchInfo:
    """A match of a round; ``team_b`` is ``None`` for a bye (the hard AI)."""

    id: int
    round: int
    stage: str
    table_no: int
    team_a: int
    team_b: int | None
    calls: tuple[str, ...]
    cards: tuple[str, ...]
    games: tuple[GameInfo, ...] = ()
    created_at: datetime | None = None  #: the round's start
    called_at: datetime | None = None  #: the last call's time

    @property
    def caller(self) -> int | None:
        """The side to call next in a "Call" round: a team, :data:`AI` for a bye's AI, or
        ``None`` once both have called (or in a match without cards). The team whose card came
        into the Union earlier calls first (:func:`engine.tournament.rounds.calls_first`)."""
        first = self.first_caller
        if first is None or len(self.calls) >= 2:
            return None
        return first if not self.calls else next(x for x in self.teams if x != first)

    @property
    def first_caller(self) -> int | None:
        """The side that calls first in a "Call" round (``None``: no cards drawn)."""
        if len(self.cards) != 2:
            return None
        return self.teams[calls_first((card(self.cards[0]), card(self.cards[1])))]

    def call_due_at(self, grace_seconds: int) -> datetime | None:
        """When the stand-in calls for the side to call, if it has not: at once for the AI;
        else the grace time after the round began (the first call) or after the first call
        (the second). ``None`` when nobody is to call."""
        caller = self.caller
        if caller is None or self.created_at is None:
            return None
        if caller == AI:
            return self.created_at
        since = self.called_at if self.calls and self.called_at else self.created_at
        return since + timedelta(seconds=grace_seconds)

    @property
    def teams(self) -> tuple[int, int]:
        return self.team_a, AI if self.team_b is None else self.team_b

    def result(self) -> Match:
        """The engine's match, with the games decided so far."""
        decided = [g for g in self.games if g.result is not None]
        return Match(
            self.round, self.team_a, self.teams[1],
            tuple(GameResult(g.game, g.winner if g.result == WON else None) for g in decided),
        )  # fmt: skip

    @property
    def current(self) -> GameInfo | None:
        """The last game begun, if any."""
        return self.games[-1] if self.games else None


def tournament_info(row: Tournament) -> TournamentInfo:
    return TournamentInfo(
        row.id, row.code, row.name, tuple((k, int(m)) for k, m in row.rounds),
        row.grace_seconds, row.round, row.stage, row.clock, row.ends_at, row.left, row.version,
        row.seed,
    )  # fmt: skip


def team_info(row: TournamentTeam) -> TeamInfo:
    return TeamInfo(row.id, row.name, row.code, row.division_id, bool(row.comeback))


def game_info(row: TournamentGame) -> GameInfo:
    return GameInfo(
        row.n, row.game, row.table_id, row.seat_a, row.result, row.winner, row.decided_by
    )


def match_info(row: TournamentMatch, games: list[TournamentGame]) -> MatchInfo:
    return MatchInfo(
        row.id, row.round, row.stage, row.table_no, row.team_a, row.team_b,
        tuple(row.calls or ()), tuple(row.cards or ()),
        tuple(game_info(g) for g in sorted(games, key=lambda g: g.n)), row.created_at,
        row.called_at,
    )  # fmt: skip
