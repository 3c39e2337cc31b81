"""An open table: the host creates it (the game, its options, the AI seats, the idle time),
people join it by its code into the open seats, the host fills empty seats with AI and starts
the game once every seat is taken. A seat token finds its seat; only seat 0 is the host.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from engine.core import BadSetup
from engine.games import GAMES, game_class, has_decisions
from store import changes, clock
from store.codes import digest, find_by_code, new_code, new_token
from store.db import Database
from store.models import GameTable, TableSeat, TournamentGame
from store.names import NAME_MAX, checked
from store.seeds import new_seed
from store.tables.errors import NotHost, SetupRefused, TableError, TableFull, TableNotFound
from store.tables.records import (
    AI,
    OPEN,
    PERSON,
    PLAYING,
    NewTable,
    SeatInfo,
    TableInfo,
    table_info,
)
from store.tables.snapshots import deal

AI_LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
IDLE_SECONDS = 120  #: default: a person away this long is played by the stand-in AI
IDLE_MIN, IDLE_MAX = 10, 3600


def _clean_options(game: str, options: dict[str, Any]) -> dict[str, Any]:
    try:
        deal(game, options, 0)
    except BadSetup as error:
        raise SetupRefused(error.refusal, game) from error
    except TypeError as error:  # an option given twice (a caller's mistake): Python's words
        raise TableError(
            "unknown_options", title=game_class(game).title, detail=str(error)
        ) from None
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
        raise TableError("no_game", game=str(game)[:30])
    if not has_decisions(game):
        raise TableError("no_decisions", title=game_class(game).title)
    name = _name(host_name)
    opts = _clean_options(game, {"players": players, "teams": teams, **(options or {})})
    ai = dict(ai or {})
    for seat, level in ai.items():
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat < players:
            raise TableError("not_an_ai_seat", given=seat, players=players)
        if level not in AI_LEVELS:
            raise TableError("bad_level", level=level, levels=AI_LEVELS)
    if stand_in not in AI_LEVELS:
        raise TableError("bad_level", level=stand_in, levels=AI_LEVELS)
    if isinstance(idle_seconds, bool) or not isinstance(idle_seconds, int):
        raise TableError("idle_not_whole")
    if not IDLE_MIN <= idle_seconds <= IDLE_MAX:
        raise TableError("idle_range", low=IDLE_MIN, high=IDLE_MAX)
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
                return NewTable(table_info(row), token)
        except IntegrityError:  # the code was taken: draw again
            continue
    raise RuntimeError("could not draw a free table code")


def seated(
    session: Any, game: str, seats: list[tuple[str, str | None, str | None]], *,
    idle_seconds: int, now: datetime, seed: int | None = None,
) -> GameTable:  # fmt: skip
    """A table of ``game`` already playing, made in ``session`` (a tournament's game): each of
    ``seats`` is ``(name, token_hash, None)`` for a person, seen now, or ``(name, None, level)``
    for an AI. Nobody hosts it (no seat is a host's: seat 0's token opens nothing more)."""
    opts = _clean_options(game, {"players": len(seats), "teams": None})
    for _ in range(10):
        row = GameTable(
            code=new_code(), game=game, options=opts, seed=new_seed() if seed is None else seed,
            idle_seconds=idle_seconds, stand_in="medium", status=PLAYING, round=0,
            created_at=now, updated_at=now,
        )  # fmt: skip
        row.seats = [
            TableSeat(seat=i, kind=PERSON, name=name, token_hash=token_hash, joined_at=now,
                      last_seen=now)
            if level is None
            else TableSeat(seat=i, kind=AI, level=level, name=name)
            for i, (name, token_hash, level) in enumerate(seats)
        ]  # fmt: skip
        try:
            with session.begin_nested():
                session.add(row)
                session.flush()
            changes.mark(session, changes.table(row.id))
            return row
        except IntegrityError:  # the code was taken: draw again
            continue
    raise RuntimeError("could not draw a free table code")


MARKUP = set("*_[]<>`|#~$\\{}")  #: characters a player's name may not hold: pages would read
#: them as formatting


def _name(raw: object) -> str:
    """A player's name as stored (:func:`store.names.checked`; no Markdown's characters)."""
    name, fault, values = checked(raw, NAME_MAX)
    if fault is not None:
        raise TableError(f"name_{fault}", **values)
    if bad := sorted(MARKUP.intersection(name)):
        raise TableError("name_markup", characters=tuple(bad))
    return name


def find(db: Database, code: object) -> TableInfo:
    """The table with this code."""
    return find_by_code(
        db, GameTable, code, table_info, error=TableNotFound, unknown="no_table", named="table"
    )


def join(
    db: Database, code: object, name: object, now: datetime | None = None
) -> tuple[SeatInfo, str]:
    """Sit at the first open seat of table ``code``; returns the seat and its token."""
    now = now or clock.now_utc()
    clean = _name(name)
    table = find(db, code)
    if table.status != OPEN:
        raise TableFull("started", table=table.code)
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
                changes.mark(session, changes.table(table.id))
                info = SeatInfo(seat.seat, PERSON, None, clean, now, now)
                return info, token
    raise TableFull("full", table=table.code)


def seat_row(session: Any, token: object) -> TableSeat:
    """The row of the seat this token is (:class:`TableNotFound` otherwise)."""
    text = str(token or "").strip()
    row = (
        session.scalar(sa.select(TableSeat).where(TableSeat.token_hash == digest(text)))
        if text
        else None
    )
    if row is None:
        raise TableNotFound("bad_seat_link")
    return row


def host_table(session: Any, token: object) -> GameTable:
    """The table whose host this token is, its row locked (:class:`NotHost` otherwise: a
    tournament's table has no host, its seat 0 is a team like the other)."""
    seat = seat_row(session, token)
    hosted = sa.select(TournamentGame.id).where(TournamentGame.table_id == seat.table_id)
    if seat.seat != 0 or session.scalar(hosted) is not None:
        raise NotHost()
    table = session.get(GameTable, seat.table_id, with_for_update=True)
    return table


def fill_with_ai(
    db: Database, host_token: object, seat: int, level: str, now: datetime | None = None
) -> SeatInfo:
    """The host puts an AI of ``level`` in an empty seat of the open table."""
    now = now or clock.now_utc()
    if level not in AI_LEVELS:
        raise TableError("bad_level", level=level, levels=AI_LEVELS)
    with db.write() as session:
        table = host_table(session, host_token)
        if table.status != OPEN:
            raise TableError("seats_set")
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
            raise TableError("not_empty_seat", seat=seat)
        table.updated_at = now
        changes.mark(session, changes.table(table.id))
        return SeatInfo(seat, AI, level, None, None, None)


def start(db: Database, host_token: object, now: datetime | None = None) -> TableInfo:
    """The host starts the game once every seat is taken."""
    now = now or clock.now_utc()
    with db.write() as session:
        table = host_table(session, host_token)
        if table.status != OPEN:
            raise TableError("already_started")
        empty = [s.seat for s in table.seats if s.kind == PERSON and s.token_hash is None]
        if empty:
            raise TableError("seats_empty", seats=tuple(sorted(empty)))
        table.status, table.updated_at = PLAYING, now
        changes.mark(session, changes.table(table.id))
        return table_info(table)
