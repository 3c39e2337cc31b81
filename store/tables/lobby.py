"""An open table: the host creates it (the game, its options, the AI seats, the idle time),
people join it by its code into the open seats, the host fills empty seats with AI and starts
the game once every seat is taken. A seat token finds its seat; only seat 0 is the host.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from engine.games import GAMES, game_class, has_decisions
from store import clock
from store.codes import digest, find_by_code, new_code, new_token
from store.db import Database
from store.models import GameTable, TableSeat
from store.names import clean_name
from store.seeds import new_seed
from store.tables.errors import NotHost, TableError, TableFull, TableNotFound
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
                return NewTable(table_info(row), token)
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
        db, GameTable, code, table_info, error=TableNotFound, what="a table code",
        missing="No table has the code {code}: check it with your host (a table finished or "
        "idle for a day is gone).",
    )  # fmt: skip


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


def seat_row(session: Any, token: object) -> TableSeat:
    """The row of the seat this token is (:class:`TableNotFound` otherwise)."""
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


def host_table(session: Any, token: object) -> GameTable:
    """The table whose host this token is, its row locked (:class:`NotHost` otherwise)."""
    seat = seat_row(session, token)
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
        table = host_table(session, host_token)
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
        table = host_table(session, host_token)
        if table.status != OPEN:
            raise TableError("The game has already started.")
        empty = [s.seat + 1 for s in table.seats if s.kind == PERSON and s.token_hash is None]
        if empty:
            listed = ", ".join(map(str, empty))
            raise TableError(
                f"Seat {listed} is still empty: wait for a player or fill it with an AI."
            )
        table.status, table.updated_at = PLAYING, now
        return table_info(table)
