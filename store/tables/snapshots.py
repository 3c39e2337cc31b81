"""A table's state: dealt from its secret seed (a rematch from a seed derived from it) and
replayed from its moves, which the engine's determinism makes the same everywhere.

Each process keeps the latest replayed state of each table it served, keyed by (database,
table, seq): a refresh asks the database, in one indexed query, for the table's row and the
actions after the cached seq, and applies the new ones to a copy of the cached state.
:func:`peek` is the cheap question "did anything change?", shared by a process's sessions.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa

from engine.core import GameState
from engine.games import new_game
from store.actions import decode, encode
from store.codes import new_code
from store.db import Database
from store.models import GameTable, TableAction, TableSeat
from store.seeds import SEED_BITS
from store.tables.errors import TableNotFound
from store.tables.records import BY_ROUND, FINISHED, Move, SeatInfo, Snapshot, seat_info, table_info

CACHE_SIZE = 512  #: tables whose replayed state a process keeps


def derived_seed(seed: int, *parts: object) -> int:
    """A seed of :data:`SEED_BITS` bits derived from the table's secret ``seed`` and ``parts``
    (SHA-256): the same parts, the same seed; nothing of the secret can be read back."""
    text = ":".join(str(p) for p in (seed, *parts)).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> (64 - SEED_BITS)


def round_seed(seed: int, round_index: int) -> int:
    """The deal of a round: round 0 is the secret seed itself, a rematch a seed derived from it."""
    return seed if round_index == 0 else derived_seed(seed, "round", round_index)


def record(
    db: Database,
    game: str,
    options: dict[str, Any],
    seed: int,
    actions: list[Any],
    *,
    status: str = FINISHED,
    at: datetime,
) -> int:
    """Store a whole game as a table of its own, one row per action (all as seat 0's, and not
    checked): how the replay test and ``benchmarks/tables_replay.py`` put games in the store.
    Returns the table's id."""
    with db.write() as session:
        row = GameTable(
            code=new_code(), game=game, options=options, seed=seed, idle_seconds=120,
            stand_in="medium", status=status, round=0, created_at=at, updated_at=at,
        )  # fmt: skip
        session.add(row)
        session.flush()
        rows = [
            {
                "table_id": row.id,
                "seq": i + 1,
                "round": 0,
                "seat": 0,
                "by": "person",
                "action": encode(a),
                "created_at": at,
            }  # fmt: skip
            for i, a in enumerate(actions)
        ]
        if rows:
            session.execute(sa.insert(TableAction), rows)  # executemany: fast
        return row.id


def deal(game: str, options: dict[str, Any], seed: int) -> GameState:
    """A new state of ``game`` with ``options`` (players, teams …) from ``seed``."""
    return new_game(game, seed=seed, **options)


def rebuild(game: str, options: dict[str, Any], seed: int, actions: list[Any]) -> GameState:
    """The state after ``actions`` (decoded, or as stored by :func:`store.actions.encode`)."""
    state = deal(game, options, seed)
    for action in actions:
        state.apply(decode(game, action) if isinstance(action, dict) else action)
    return state


@dataclass
class _Entry:
    seed: int
    round: int
    seq: int
    state: GameState
    moves: tuple[Move, ...]
    turn_since: datetime | None


_cache: OrderedDict[tuple[str, int], _Entry] = OrderedDict()
_cache_lock = threading.Lock()


def _cache_key(db: Database, table_id: int) -> tuple[str, int]:
    return (db.url.render_as_string(hide_password=True), table_id)


def forget_cache() -> None:
    """Empty the process's cache (tests)."""
    with _cache_lock:
        _cache.clear()


def snapshot_of(session: Any, db: Database, table_id: int) -> Snapshot:
    """The table now, from the cache and one query for what is new."""
    key = _cache_key(db, table_id)
    with _cache_lock:
        entry = _cache.get(key)
        if entry is not None:
            _cache.move_to_end(key)
    after = entry.seq if entry is not None else 0
    rows = session.execute(
        sa.select(GameTable, TableAction)
        .outerjoin(
            TableAction, sa.and_(TableAction.table_id == GameTable.id, TableAction.seq > after)
        )
        .where(GameTable.id == table_id)
        .order_by(TableAction.seq)
    ).all()
    if not rows:
        raise TableNotFound("table_gone")
    table = rows[0][0]
    if entry is not None and entry.seed != table.seed:  # not the table this entry was for
        with _cache_lock:
            _cache.pop(key, None)
        return snapshot_of(session, db, table_id)
    if entry is None:
        entry = _Entry(table.seed, 0, 0, deal(table.game, table.options, table.seed), (), None)
    news = [a for _, a in rows if a is not None]
    if news:
        state = entry.state.clone()
        moves, round_index, since = list(entry.moves), entry.round, entry.turn_since
        for a in news:
            if a.by == BY_ROUND:
                round_index = a.round
                state = deal(table.game, table.options, round_seed(table.seed, a.round))
                moves = []
            else:
                action = decode(table.game, a.action)
                state.apply(action)
                moves.append(Move(a.seq, a.seat, a.by, action, a.created_at))
            since = a.created_at
        entry = _Entry(table.seed, round_index, news[-1].seq, state, tuple(moves), since)
        with _cache_lock:
            held = _cache.get(key)
            if held is None or held.seq <= entry.seq:  # a racing thread may be ahead
                _cache[key] = entry
            _cache.move_to_end(key)
            while len(_cache) > CACHE_SIZE:
                _cache.popitem(last=False)
    elif after == 0:
        with _cache_lock:
            _cache[key] = entry
    since = entry.turn_since or table.updated_at
    return Snapshot(table_info(table), entry.seq, entry.state, entry.moves, since, table.seed)


def replay(db: Database, table_id: int) -> GameState:
    """The table's current state (a copy of its own: change it freely)."""
    with db.read() as session:
        return snapshot_of(session, db, table_id).state.clone()


PEEK_FOR = 0.3  #: seconds a process reuses a table's :func:`peek` for its other sessions
_peeks: dict[tuple[str, int], tuple[float, tuple]] = {}


def peek(db: Database, table_id: int, *, fresh: bool = False) -> tuple:
    """What changes whenever anything at the table changes but the clock (a join, an AI, the
    start, a move, a rematch): its last-update time, status, round and last seq, in one
    indexed query. The sessions of one process share it for :data:`PEEK_FOR` seconds (a
    waiting page asks every second; ``fresh`` asks the database). A gone table peeks ``()``."""
    key = _cache_key(db, table_id)
    held = _peeks.get(key)
    if not fresh and held is not None and time.monotonic() - held[0] < PEEK_FOR:
        return held[1]
    last = sa.select(sa.func.max(TableAction.seq)).where(TableAction.table_id == table_id)
    with db.read() as session:
        row = session.execute(
            sa.select(
                GameTable.updated_at, GameTable.status, GameTable.round, last.scalar_subquery()
            ).where(GameTable.id == table_id)
        ).first()
    value = tuple(row) if row is not None else ()
    if len(_peeks) > 4 * CACHE_SIZE:
        _peeks.clear()
    _peeks[key] = (time.monotonic(), value)
    return value


def round_state(db: Database, table_id: int) -> GameState:
    """The current round of the table as dealt, before any move: the server's own replay of a
    seat's steps starts from it (it holds every hand: never drawn on a page)."""
    with db.read() as session:
        row = session.get(GameTable, table_id)
        if row is None:
            raise TableNotFound("table_gone")
        return deal(row.game, row.options, round_seed(row.seed, row.round))


def snapshot(db: Database, table_id: int) -> Snapshot:
    """The table now (its state is the cache's: read only)."""
    with db.read() as session:
        return snapshot_of(session, db, table_id)


def snapshot_and_seats(db: Database, table_id: int) -> tuple[Snapshot, tuple[SeatInfo, ...]]:
    """The table now and its seats, read together (the snapshot's state is the cache's)."""
    with db.read() as session:
        snap = snapshot_of(session, db, table_id)
        return snap, read_seats(session, table_id)


def read_seats(session: Any, table_id: int) -> tuple[SeatInfo, ...]:
    """The table's seats, in order, read in ``session``."""
    rows = session.scalars(
        sa.select(TableSeat).where(TableSeat.table_id == table_id).order_by(TableSeat.seat)
    )
    return tuple(seat_info(r) for r in rows)


def seats(db: Database, table_id: int) -> tuple[SeatInfo, ...]:
    """The table's seats, in order."""
    with db.read() as session:
        return read_seats(session, table_id)
