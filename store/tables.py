"""Shared game tables: people on their own devices (and AI in the other seats) at one game.

The rules:

* A **table** is for a game with decisions (Reverse Geography War has none: nothing to
  share). It is a game id, the game's options (``players``, ``teams`` and whatever else the
  game's ``new`` takes, ``target`` …), a **secret seed** (drawn with :mod:`secrets`, never
  shown) and the **list of actions**, one row each, unique ``(table, seq)``. The state is the
  replay of that list (:func:`rebuild`), which the engine's determinism guarantees.
* A **table code** is a code of :mod:`store.codes`, as a class code is (same alphabet, same
  typing rules); a player's **name** is cleaned by :func:`store.names.clean_name`, as a
  student's is, and may not hold formatting characters (:data:`MARKUP`).
* **Seats**: seat 0 is the host's; each other seat is open for a person or an AI of
  :data:`AI_LEVELS`. A person's **seat token** (128 random bits) is handed out once and stored
  only as a SHA-256 hash; the token alone finds the seat again (reload, another device).
* **Status**: ``open`` (people joining; the host may fill an empty seat with an AI),
  ``playing`` once the host starts (every seat taken), ``finished`` when the game is over.
  The host may then offer a **rematch**: the same seats, a new round of the same table, dealt
  from a new seed derived from the secret one (:func:`round_seed`). A rematch is a row of the
  action list (``by = "round"``), so ``seq`` runs on across rounds and a move sent for the old
  round can never land in the new one.
* **A move** (:func:`append`) is written only if it extends exactly the sequence its player
  saw: it goes in at ``seq_seen + 1``, and the unique key, not this process, decides between
  two sessions (:class:`TableMovedOn`: "the table has moved on"). The engine checks every move
  (``check``/``apply``), and the seat token must be the seat to act.
* **A move by the AI** (an AI seat, or the stand-in of a person away) is chosen outside the
  store, by ``ui.games.shared.autoplay``, and written with :func:`write_move` at the row after
  the snapshot it was chosen from: the same unique key, so exactly once however many sessions
  try.
* **Away** (:func:`is_away`): a person to act who has not been seen (:func:`view`) for the
  table's idle setting (default :data:`IDLE_SECONDS`) since the turn came to them, or who was
  already away when it came, is away until seen again (the stand-in plays for them).
* **Cleanup** (:func:`cleanup`): a table untouched for :data:`KEEP_FOR` (finished, or
  abandoned) is deleted with its seats and actions.

The **replay cache**: each process keeps the latest replayed state of each table it served,
keyed by (database, table, seq). A refresh asks the database, in one indexed query, for the
table's row and the actions after the cached seq; when nothing changed that is all it costs,
and new actions are applied to a copy of the cached state.

Refusals raise :class:`TableError` subclasses whose message is the sentence to show; an
unreachable database raises :class:`store.db.Unavailable`.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from engine.core import GameState, IllegalAction
from engine.games import GAMES, game_class, has_decisions, new_game
from store import clock, errors
from store.actions import decode, encode
from store.codes import digest, find_by_code, new_code, new_token
from store.db import Database, insert_new
from store.models import GameTable, TableAction, TableSeat
from store.names import clean_name
from store.seeds import SEED_BITS, new_seed

AI_LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
IDLE_SECONDS = 120  #: default: a person away this long is played by the stand-in AI
IDLE_MIN, IDLE_MAX = 10, 3600
KEEP_FOR = timedelta(days=1)
TOUCH_EVERY = 10.0  #: seconds: a seat's last-seen time is written at most this often
CACHE_SIZE = 512  #: tables whose replayed state a process keeps
OPEN, PLAYING, FINISHED = "open", "playing", "finished"
PERSON, AI = "person", "ai"
BY_PERSON, BY_AI, BY_STAND_IN, BY_ROUND = "person", "ai", "stand-in", "round"


class TableError(ValueError):
    """A request the table refuses; the message is the sentence to show."""


class TableNotFound(TableError, errors.NotFound):
    """No table answers to this code or seat token."""


class TableFull(TableError):
    """Every seat of the table is taken."""


class TableMovedOn(TableError):
    """The move does not extend the sequence the table has now: refresh and look again."""

    def __init__(self, message: str = "The table has moved on: look at the game again.") -> None:
        super().__init__(message)


class NotYourTurn(TableError):
    """The seat token is not the seat to act."""


class GameOver(TableError):
    """A move after the end of the game."""


class NotHost(TableError):
    """Only the host may do this."""


# --- what the store hands out ---------------------------------------------------------------


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


# --- seeds and the pure replay --------------------------------------------------------------


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


# --- the cache ------------------------------------------------------------------------------


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


def _table_info(row: GameTable) -> TableInfo:
    return TableInfo(
        row.id, row.code, row.game, dict(row.options), row.idle_seconds, row.stand_in,
        row.status, row.round, row.created_at, row.updated_at,
    )  # fmt: skip


def _seat_info(row: TableSeat) -> SeatInfo:
    return SeatInfo(row.seat, row.kind, row.level, row.name, row.joined_at, row.last_seen)


def _snapshot(session: Any, db: Database, table_id: int) -> Snapshot:
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
        raise TableNotFound("This table is gone: it was finished or idle for a day.")
    table = rows[0][0]
    if entry is not None and entry.seed != table.seed:  # not the table this entry was for
        with _cache_lock:
            _cache.pop(key, None)
        return _snapshot(session, db, table_id)
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
    return Snapshot(_table_info(table), entry.seq, entry.state, entry.moves, since, table.seed)


def replay(db: Database, table_id: int) -> GameState:
    """The table's current state (a copy of its own: change it freely)."""
    with db.read() as session:
        return _snapshot(session, db, table_id).state.clone()


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
            raise TableNotFound("This table is gone: it was finished or idle for a day.")
        return deal(row.game, row.options, round_seed(row.seed, row.round))


def snapshot(db: Database, table_id: int) -> Snapshot:
    """The table now (its state is the cache's: read only)."""
    with db.read() as session:
        return _snapshot(session, db, table_id)


def snapshot_and_seats(db: Database, table_id: int) -> tuple[Snapshot, tuple[SeatInfo, ...]]:
    """The table now and its seats, read together (the snapshot's state is the cache's)."""
    with db.read() as session:
        snap = _snapshot(session, db, table_id)
        return snap, _seats(session, table_id)


# --- creating, joining, starting ------------------------------------------------------------


def _clean_options(game: str, options: dict[str, Any]) -> dict[str, Any]:
    try:
        deal(game, options, 0)
    except ValueError as error:
        raise TableError(str(error)) from error
    except TypeError as error:
        raise TableError(f"These are not options of {game_class(game).title}: {error}") from None
    return dict(options)


def create(
    db: Database,
    game: str,
    host_name: object,
    *,
    players: int = 2,
    teams: int | None = None,
    options: dict[str, Any] | None = None,
    ai: dict[int, str] | None = None,
    idle_seconds: int = IDLE_SECONDS,
    stand_in: str = "medium",
    now: datetime | None = None,
) -> NewTable:
    """A new open table of ``game``. The host sits at seat 0; seats in ``ai`` (seat → level)
    are AI, the others wait for people. Returns the table and the host's seat token."""
    now = now or clock.now_utc()
    if game not in GAMES:
        raise TableError(f"There is no game {str(game)[:30]!r} to play at a table.")
    if not has_decisions(game):
        raise TableError(f"{game_class(game).title} has no decisions to share: play it alone.")
    name = _name(host_name)
    opts = _clean_options(game, {"players": players, "teams": teams, **(options or {})})
    ai = dict(ai or {})
    for seat, level in ai.items():
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat < players:
            raise TableError(
                f"Seat {seat!r} (counted from 0) cannot be an AI: seat 0 is the host's and the "
                f"table has {players} seats."
            )
        if level not in AI_LEVELS:
            raise TableError(f"The AI levels are {', '.join(AI_LEVELS)}, not {level!r}.")
    if stand_in not in AI_LEVELS:
        raise TableError(f"The AI levels are {', '.join(AI_LEVELS)}, not {stand_in!r}.")
    if isinstance(idle_seconds, bool) or not isinstance(idle_seconds, int):
        raise TableError("The idle time is a whole number of seconds.")
    if not IDLE_MIN <= idle_seconds <= IDLE_MAX:
        raise TableError(f"The idle time is {IDLE_MIN} to {IDLE_MAX:,} seconds.")
    token = new_token()
    for _ in range(10):
        row = GameTable(
            code=new_code(), game=game, options=opts, seed=new_seed(),
            idle_seconds=idle_seconds, stand_in=stand_in, status=OPEN, round=0,
            created_at=now, updated_at=now,
        )  # fmt: skip
        row.seats = [
            TableSeat(
                seat=0,
                kind=PERSON,
                name=name,
                token_hash=digest(token),
                joined_at=now,
                last_seen=now,
            ),  # fmt: skip
            *(
                TableSeat(seat=s, kind=AI, level=ai[s])
                if s in ai
                else TableSeat(seat=s, kind=PERSON)
                for s in range(1, players)
            ),
        ]
        try:
            with db.write() as session:
                session.add(row)
                session.flush()
                return NewTable(_table_info(row), token)
        except IntegrityError:  # the code was taken: draw again
            continue
    raise RuntimeError("could not draw a free table code")


MARKUP = set("*_[]<>`|#~$\\{}")  #: characters a player's name may not hold: pages would read
#: them as formatting


def _name(raw: object) -> str:
    name = clean_name(raw, TableError)
    if bad := sorted(MARKUP.intersection(name)):
        raise TableError(
            f"A name at a table cannot contain {' '.join(bad)}: letters, digits, spaces and "
            "punctuation such as . ' - are fine."
        )
    return name


def find(db: Database, code: object) -> TableInfo:
    """The table with this code."""
    return find_by_code(
        db, GameTable, code, _table_info, error=TableNotFound, what="a table code",
        missing="No table has the code {code}: check it with your host (a table finished or "
        "idle for a day is gone).",
    )  # fmt: skip


def _seats(session: Any, table_id: int) -> tuple[SeatInfo, ...]:
    rows = session.scalars(
        sa.select(TableSeat).where(TableSeat.table_id == table_id).order_by(TableSeat.seat)
    )
    return tuple(_seat_info(r) for r in rows)


def seats(db: Database, table_id: int) -> tuple[SeatInfo, ...]:
    """The table's seats, in order."""
    with db.read() as session:
        return _seats(session, table_id)


def join(
    db: Database, code: object, name: object, now: datetime | None = None
) -> tuple[SeatInfo, str]:
    """Sit at the first open seat of table ``code``; returns the seat and its token."""
    now = now or clock.now_utc()
    clean = _name(name)
    table = find(db, code)
    if table.status != OPEN:
        raise TableFull(f"Table {table.code} has already started: every seat is taken.")
    token = new_token()
    with db.write() as session:
        free = session.scalars(
            sa.select(TableSeat)
            .where(
                TableSeat.table_id == table.id,
                TableSeat.kind == PERSON,
                TableSeat.token_hash.is_(None),
            )
            .order_by(TableSeat.seat)
        ).all()
        for seat in free:
            taken = session.execute(
                sa.update(TableSeat)
                .where(TableSeat.id == seat.id, TableSeat.token_hash.is_(None))
                .values(name=clean, token_hash=digest(token), joined_at=now, last_seen=now)
            ).rowcount
            if taken:
                session.execute(
                    sa.update(GameTable).where(GameTable.id == table.id).values(updated_at=now)
                )
                info = SeatInfo(seat.seat, PERSON, None, clean, now, now)
                return info, token
    raise TableFull(f"Table {table.code} is full: every seat is taken.")


def _seat_for(session: Any, token: object) -> TableSeat:
    text = str(token or "").strip()
    row = (
        session.scalar(sa.select(TableSeat).where(TableSeat.token_hash == digest(text)))
        if text
        else None
    )
    if row is None:
        raise TableNotFound(
            "This seat link is not one of a table: it may be cut short or made up, or the "
            "table is gone. Join again with the table code."
        )
    return row


def _host_table(session: Any, token: object) -> GameTable:
    seat = _seat_for(session, token)
    if seat.seat != 0:
        raise NotHost("Only the host can do this.")
    table = session.get(GameTable, seat.table_id, with_for_update=True)
    return table


def fill_with_ai(
    db: Database, host_token: object, seat: int, level: str, now: datetime | None = None
) -> SeatInfo:
    """The host puts an AI of ``level`` in an empty seat of the open table."""
    now = now or clock.now_utc()
    if level not in AI_LEVELS:
        raise TableError(f"The AI levels are {', '.join(AI_LEVELS)}, not {level!r}.")
    with db.write() as session:
        table = _host_table(session, host_token)
        if table.status != OPEN:
            raise TableError("The game has started: the seats are set.")
        done = session.execute(
            sa.update(TableSeat)
            .where(
                TableSeat.table_id == table.id,
                TableSeat.seat == seat,
                TableSeat.kind == PERSON,
                TableSeat.token_hash.is_(None),
            )
            .values(kind=AI, level=level)
        ).rowcount
        if not done:
            raise TableError(f"Seat {seat + 1} is not an empty seat of this table.")
        table.updated_at = now
        return SeatInfo(seat, AI, level, None, None, None)


def start(db: Database, host_token: object, now: datetime | None = None) -> TableInfo:
    """The host starts the game once every seat is taken."""
    now = now or clock.now_utc()
    with db.write() as session:
        table = _host_table(session, host_token)
        if table.status != OPEN:
            raise TableError("The game has already started.")
        empty = [s.seat + 1 for s in table.seats if s.kind == PERSON and s.token_hash is None]
        if empty:
            listed = ", ".join(map(str, empty))
            raise TableError(
                f"Seat {listed} is still empty: wait for a player or fill it with an AI."
            )
        table.status, table.updated_at = PLAYING, now
        return _table_info(table)


# --- playing --------------------------------------------------------------------------------


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
    return insert_new(session, TableAction.__table__, [row], ("table_id", "seq")) == 1


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
        seat = _seat_for(session, token)
        if seat.table_id != table_id:
            raise TableNotFound("This seat link is not one of this table.")
        snap = _snapshot(session, db, table_id)
        if snap.table.status == OPEN:
            raise TableError("The game has not started yet: wait for the host.")
        if seq_seen != snap.seq:
            raise TableMovedOn()
        state = snap.state
        if state.is_over:
            raise GameOver("The game is over: no more moves. The host may offer a rematch.")
        if state.current_player != seat.seat:
            raise NotYourTurn(f"It is not your turn: {_name_of(snap, state.current_player)} plays.")
        reason = state.check(action)
        if reason is not None:
            raise TableError(reason)
        after = state.clone()
        try:
            after.apply(action)
        except IllegalAction as error:
            raise TableError(error.reason) from None
        seat.last_seen = now
        if not _write(session, snap, seq_seen + 1, seat.seat, BY_PERSON, action, now):
            raise TableMovedOn()
        _finish(session, table_id, after.is_over, now)
        return seq_seen + 1


def _name_of(snap: Snapshot, seat: int | None) -> str:
    return "nobody" if seat is None else f"seat {seat + 1}"


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
        seat = _seat_for(session, token)
        snap = _snapshot(session, db, seat.table_id)
        stale = seat.last_seen is None or (now - seat.last_seen).total_seconds() > TOUCH_EVERY
        seat_no, seat_id = seat.seat, seat.id
        infos = _seats(session, seat.table_id)
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
        table = _host_table(session, host_token)
        snap = _snapshot(session, db, table.id)
        if seq_seen != snap.seq:
            raise TableMovedOn()
        if not snap.state.is_over:
            raise TableError("A rematch is offered once the game is over.")
        new_round = snap.table.round + 1
        if not _write(session, snap, seq_seen + 1, None, BY_ROUND, None, now, new_round):
            raise TableMovedOn()
        table.round, table.status, table.updated_at = new_round, PLAYING, now
        return new_round


def cleanup(db: Database, now: datetime | None = None) -> int:
    """Delete every table untouched for :data:`KEEP_FOR`; returns how many."""
    now = now or clock.now_utc()
    with db.write() as session:
        return session.execute(
            sa.delete(GameTable).where(GameTable.updated_at < now - KEEP_FOR)
        ).rowcount
