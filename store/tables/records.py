"""What the table store hands out (a seat, a table, a move, a snapshot, a seat's view, a new
table), how its rows become it, and the words stored in a row: a table's status, a seat's kind,
who made a move.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from engine.core import GameState
from store.models import GameTable, TableSeat

OPEN, PLAYING, FINISHED = "open", "playing", "finished"
PERSON, AI = "person", "ai"
BY_PERSON, BY_AI, BY_STAND_IN, BY_ROUND = "person", "ai", "stand-in", "round"


@dataclass(frozen=True)
class SeatInfo:
    """One seat as every screen may see it (never its token)."""

    seat: int
    kind: str  #: PERSON or AI
    level: str | None
    name: str | None
    joined_at: datetime | None
    last_seen: datetime | None

    @property
    def is_open(self) -> bool:
        """A person's seat nobody has taken yet."""
        return self.kind == PERSON and self.joined_at is None

    @property
    def label(self) -> str:
        if self.kind == AI:
            return f"AI ({self.level})"
        return self.name or "open seat"


@dataclass(frozen=True)
class TableInfo:
    """A table as its pages see it (the seed is secret: it is not here)."""

    id: int
    code: str
    game: str
    options: dict[str, Any]
    idle_seconds: int
    stand_in: str
    status: str
    round: int
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True)
class Move:
    """One stored action of the current round."""

    seq: int
    seat: int
    by: str  #: BY_PERSON, BY_AI or BY_STAND_IN
    action: Any
    at: datetime


@dataclass(frozen=True)
class Snapshot:
    """A table at one moment: its row, the last ``seq`` and the round's replayed state.

    ``state`` is shared by the process's cache: read it, never change it (``state.clone()``)."""

    table: TableInfo
    seq: int
    state: GameState
    moves: tuple[Move, ...]
    turn_since: datetime  #: when the seat to act got the turn (last move, round or start)
    seed: int = field(repr=False, default=0)  #: secret: the server's bots deal from it


@dataclass(frozen=True)
class SeatView:
    """What one seat's screen is built from: its own observation, never another seat's."""

    table: TableInfo
    seats: tuple[SeatInfo, ...]
    seat: int
    seq: int  #: pass it back to :func:`append` as ``seq_seen``
    observation: Any
    to_act: int | None
    moves: tuple[Move, ...]  #: this round's moves, in order
    away: tuple[int, ...]  #: person seats idle longer than the table's setting
    over: bool

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat

    @property
    def host(self) -> bool:
        return self.seat == 0

    def since_my_last_move(self) -> tuple[Move, ...]:
        """What the other seats did since this seat last moved (or since the round began)."""
        mine = [i for i, m in enumerate(self.moves) if m.seat == self.seat]
        start = mine[-1] + 1 if mine else 0
        return self.moves[start:]


@dataclass(frozen=True)
class NewTable:
    """A just-created table and the host's seat token (shown once, never stored)."""

    table: TableInfo
    token: str


def table_info(row: GameTable) -> TableInfo:
    """The table of a ``game_table`` row."""
    return TableInfo(
        row.id, row.code, row.game, dict(row.options), row.idle_seconds, row.stand_in,
        row.status, row.round, row.created_at, row.updated_at,
    )  # fmt: skip


def seat_info(row: TableSeat) -> SeatInfo:
    """The seat of a ``table_seat`` row."""
    return SeatInfo(row.seat, row.kind, row.level, row.name, row.joined_at, row.last_seen)
