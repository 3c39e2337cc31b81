"""Playing at a table: a person's move, written only if it extends the sequence its player
saw (the unique ``(table, seq)`` decides between two sessions); the AI's move, chosen outside
the store and written the same way at the row after its snapshot; a seat's view (its own
observation only), who is away, and the host's rematch.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa

from engine.core import IllegalAction
from store import changes, clock
from store.actions import encode
from store.db import Database, insert_new
from store.models import GameTable, TableAction, TableSeat
from store.tables.errors import (
    GameOver,
    MoveRefused,
    NotYourTurn,
    TableError,
    TableMovedOn,
    TableNotFound,
)
from store.tables.lobby import host_table, seat_row
from store.tables.records import (
    BY_PERSON,
    BY_ROUND,
    FINISHED,
    OPEN,
    PERSON,
    PLAYING,
    SeatView,
    Snapshot,
)
from store.tables.snapshots import read_seats, snapshot_of

TOUCH_EVERY = 10.0  #: seconds: a seat's last-seen time is written at most this often


def _write(
    session: Any, snap: Snapshot, seq: int, seat: int | None, by: str, action: Any,
    now: datetime, round_index: int | None = None,
) -> bool:  # fmt: skip
    """Insert the row ``seq``; False when another session wrote it first."""
    row = {
        "table_id": snap.table.id, "seq": seq,
        "round": snap.table.round if round_index is None else round_index, "seat": seat,
        "by": by, "action": None if action is None else encode(action), "created_at": now,
    }  # fmt: skip
    if insert_new(session, TableAction.__table__, [row], ("table_id", "seq")) != 1:
        return False
    changes.mark(session, changes.table(snap.table.id))
    return True


def _finish(session: Any, table_id: int, over: bool, now: datetime) -> None:
    values = {"updated_at": now}
    if over:
        values["status"] = FINISHED
    session.execute(sa.update(GameTable).where(GameTable.id == table_id).values(**values))


def append(
    db: Database,
    table_id: int,
    token: object,
    seq_seen: int,
    action: Any,
    now: datetime | None = None,
) -> int:
    """Play ``action`` for the seat of ``token``, on the table as its player saw it after row
    ``seq_seen``; returns the new row's seq. Refusals: :class:`TableMovedOn` (stale),
    :class:`NotYourTurn`, :class:`GameOver`, :class:`TableError` (illegal, with the rule's
    reason), :class:`TableNotFound` (a forged token or one of another table)."""
    now = now or clock.now_utc()
    with db.write() as session:
        seat = seat_row(session, token)
        if seat.table_id != table_id:
            raise TableNotFound("not_this_table")
        snap = snapshot_of(session, db, table_id)
        if snap.table.status == OPEN:
            raise TableError("not_started")
        if seq_seen != snap.seq:
            raise TableMovedOn()
        state = snap.state
        if state.is_over:
            raise GameOver()
        if state.current_player != seat.seat:
            raise NotYourTurn(seat=state.current_player)
        refusal = state.check(action)
        if refusal is not None:
            raise MoveRefused(refusal)
        after = state.clone()
        try:
            after.apply(action)
        except IllegalAction as error:
            raise MoveRefused(error.refusal) from None
        seat.last_seen = now
        if not _write(session, snap, seq_seen + 1, seat.seat, BY_PERSON, action, now):
            raise TableMovedOn()
        _finish(session, table_id, after.is_over, now)
        return seq_seen + 1


def is_away(last_seen: datetime | None, to_act: bool, snap: Snapshot, now: datetime) -> bool:
    """A person seat is away when it has not been seen for the idle time. The seat to act (whose
    page stops refreshing while it thinks) is away once the idle time has run since the turn
    came to it, or at once when it was already away then (a gone player costs one wait, not
    one per turn)."""
    if last_seen is None:
        return False
    idle = snap.table.idle_seconds
    if not to_act:
        return (now - last_seen).total_seconds() > idle
    since = snap.turn_since
    return (now - max(last_seen, since)).total_seconds() > idle or (
        since - last_seen
    ).total_seconds() > idle


def write_move(
    db: Database,
    snap: Snapshot,
    seat: int,
    by: str,
    action: Any,
    now: datetime | None = None,
) -> bool:
    """Write the move the AI chose for ``seat`` from ``snap`` (``by``: :data:`BY_AI` for an AI
    seat, :data:`BY_STAND_IN` for a person away) at row ``snap.seq + 1``; False when another
    session wrote that row first, or the table is gone. The engine checks the move (an illegal
    one raises ``IllegalAction``, and nothing is written)."""
    now = now or clock.now_utc()
    after = snap.state.clone()
    after.apply(action)
    with db.write() as session:
        if session.get(GameTable, snap.table.id) is None:
            return False  # cleaned up meanwhile
        if not _write(session, snap, snap.seq + 1, seat, by, action, now):
            return False  # another session played it
        _finish(session, snap.table.id, after.is_over, now)
    return True


def view(db: Database, token: object, now: datetime | None = None) -> SeatView:
    """What the seat of ``token`` may see now: its own observation only. Marks it seen."""
    now = now or clock.now_utc()
    with db.read() as session:
        seat = seat_row(session, token)
        snap = snapshot_of(session, db, seat.table_id)
        stale = seat.last_seen is None or (now - seat.last_seen).total_seconds() > TOUCH_EVERY
        seat_no, seat_id = seat.seat, seat.id
        infos = read_seats(session, seat.table_id)
    if stale:
        with db.write() as session:
            session.execute(
                sa.update(TableSeat).where(TableSeat.id == seat_id).values(last_seen=now)
            )
    state = snap.state
    away = tuple(
        s.seat
        for s in infos
        if s.kind == PERSON
        and s.seat != seat_no
        and snap.table.status == PLAYING
        and is_away(s.last_seen, s.seat == state.current_player, snap, now)
    )
    return SeatView(
        snap.table, infos, seat_no, snap.seq, state.observation(seat_no), state.current_player,
        snap.moves, away, state.is_over,
    )  # fmt: skip


def observation(db: Database, token: object, now: datetime | None = None) -> Any:
    """The seat's own observation (``view(…).observation``)."""
    return view(db, token, now).observation


def rematch(db: Database, host_token: object, seq_seen: int, now: datetime | None = None) -> int:
    """The host starts a new round at the finished table (same seats, new deal); returns the
    round's number. A second click, or a stale page, gets :class:`TableMovedOn`."""
    now = now or clock.now_utc()
    with db.write() as session:
        table = host_table(session, host_token)
        snap = snapshot_of(session, db, table.id)
        if seq_seen != snap.seq:
            raise TableMovedOn()
        if not snap.state.is_over:
            raise TableError("rematch_too_soon")
        new_round = snap.table.round + 1
        if not _write(session, snap, seq_seen + 1, None, BY_ROUND, None, now, new_round):
            raise TableMovedOn()
        table.round, table.status, table.updated_at = new_round, PLAYING, now
        return new_round
