"""Setting a tournament up: the teacher creates it (name, divisions, rounds, the grace time of
an empty seat), adds teams to its divisions, and gives awards; a team is found by its code.

A team's name follows the rules of a student's name in a class (:mod:`store.names`) and may
not hold formatting characters (it sits at game tables, whose names may not:
:data:`store.tables.MARKUP`); two teams of one tournament cannot have the same name as names
are compared. Teams may be added until the last round of the Swiss stage has begun: a late
team starts with no match played.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Session, object_session

from engine.tournament.rounds import ALL, CALL
from store import changes, clock
from store.codes import digest, find_by_code, find_by_secret, new_code
from store.db import Database, insert_once
from store.models import Tournament, TournamentAward, TournamentDivision, TournamentTeam
from store.names import NAME_MAX, TITLE_MAX, cleaned, name_hash
from store.seeds import new_seed
from store.tables import IDLE_MAX, IDLE_MIN, MARKUP
from store.tournament.errors import NotFound, TournamentError
from store.tournament.records import (
    AWARDS,
    DIVISIONS_MAX,
    DONE,
    MINUTES_MAX,
    ROUNDS_MAX,
    SWISS,
    TeamInfo,
    TournamentInfo,
    team_info,
    tournament_info,
)

GRACE_SECONDS = 60  #: default: an empty seat waits this long for its team, then the AI plays


def _name(raw: object, what: str = "name") -> str:
    name = cleaned(raw, limit=NAME_MAX, error=TournamentError, what=what)
    if MARKUP.intersection(name):
        raise TournamentError(f"{what}_markup", characters="".join(sorted(MARKUP)))
    return name


def checked_rounds(rounds: Sequence[tuple[str, int]]) -> list[list]:
    """The rounds as stored, or :class:`TournamentError` saying what is wrong."""
    if not 1 <= len(rounds) <= ROUNDS_MAX:
        raise TournamentError("rounds_count", low=1, high=ROUNDS_MAX)
    for i, (kind, minutes) in enumerate(rounds, 1):
        if kind not in (ALL, CALL):
            raise TournamentError("round_kind", round=i)
        if isinstance(minutes, bool) or not isinstance(minutes, int):
            raise TournamentError("minutes_not_whole", round=i)
        if not 1 <= minutes <= MINUTES_MAX:
            raise TournamentError("minutes_range", round=i, low=1, high=MINUTES_MAX)
    return [[kind, minutes] for kind, minutes in rounds]


def create(
    db: Database,
    name: object,
    host_key: str,
    divisions: Sequence[object],
    rounds: Sequence[tuple[str, int]],
    grace_seconds: int = GRACE_SECONDS,
    now: datetime | None = None,
) -> TournamentInfo:
    """A new tournament with its divisions (1 to :data:`DIVISIONS_MAX`, in order). A second
    call with the same ``host_key`` returns the first tournament (one press, one tournament)."""
    now = now or clock.now_utc()
    key = str(host_key or "").strip()
    if not key:
        raise TournamentError("no_host_key")
    title = cleaned(name, limit=TITLE_MAX, error=TournamentError, what="title")
    stored_rounds = checked_rounds(rounds)
    if isinstance(grace_seconds, bool) or not isinstance(grace_seconds, int):
        raise TournamentError("grace_not_whole")
    if not IDLE_MIN <= grace_seconds <= IDLE_MAX:
        raise TournamentError("grace_range", low=IDLE_MIN, high=IDLE_MAX)
    if not 1 <= len(divisions) <= DIVISIONS_MAX:
        raise TournamentError("divisions_count", low=1, high=DIVISIONS_MAX)
    names = [_name(d, "division") for d in divisions]
    keys = [name_hash(n) for n in names]
    if len(set(keys)) != len(keys):
        raise TournamentError("division_twice")
    for _ in range(10):
        row = {
            "code": new_code(), "host_key_hash": digest(key), "name": title, "seed": new_seed(),
            "rounds": stored_rounds, "grace_seconds": grace_seconds, "round": 0, "stage": SWISS,
            "clock": DONE, "ends_at": None, "left": None, "version": 0, "created_at": now,
            "updated_at": now,
        }  # fmt: skip
        with db.write() as session:
            new_id = insert_once(session, Tournament.__table__, row)
            if new_id is not None:
                session.add_all(
                    TournamentDivision(tournament_id=new_id, name=n, name_key=k)
                    for n, k in zip(names, keys, strict=True)
                )
            found = session.scalar(
                sa.select(Tournament).where(Tournament.host_key_hash == digest(key))
            )
            if found is not None:
                return tournament_info(found)
    raise RuntimeError("could not draw a free tournament code")


def host_row(session: Session, host_key: object, lock: bool = False) -> Tournament:
    """The row of the tournament this key runs (:class:`NotFound` otherwise)."""
    row = find_by_secret(session, Tournament.host_key_hash, host_key)
    if row is None:
        raise NotFound("bad_host_key")
    if lock:
        session.refresh(row, with_for_update=True)
    return row


def for_key(db: Database, host_key: object) -> TournamentInfo:
    """The tournament this teacher's key runs."""
    with db.read() as session:
        return tournament_info(host_row(session, host_key))


def find(db: Database, code: object) -> TournamentInfo:
    """The tournament with this (board) code."""
    return find_by_code(
        db, Tournament, code, tournament_info, error=NotFound, unknown="no_tournament",
        named="tournament",
    )  # fmt: skip


def divisions(db: Database, tournament_id: int) -> tuple[tuple[int, str], ...]:
    """The divisions as ``(id, name)``, in the order given."""
    with db.read() as session:
        rows = session.execute(
            sa.select(TournamentDivision.id, TournamentDivision.name)
            .where(TournamentDivision.tournament_id == tournament_id)
            .order_by(TournamentDivision.id)
        ).all()
    return tuple((i, n) for i, n in rows)


def teams(db: Database, tournament_id: int) -> tuple[TeamInfo, ...]:
    """The teams, in the order they were entered."""
    with db.read() as session:
        return read_teams(session, tournament_id)


def read_teams(session: Session, tournament_id: int) -> tuple[TeamInfo, ...]:
    rows = session.scalars(
        sa.select(TournamentTeam)
        .where(TournamentTeam.tournament_id == tournament_id)
        .order_by(TournamentTeam.id)
    )
    return tuple(team_info(r) for r in rows)


def add_team(
    db: Database, host_key: object, division_id: int, name: object, now: datetime | None = None
) -> TeamInfo:
    """A new team in the division; refused when the name is taken (``name_taken``) or the
    last Swiss round has begun (``too_late``)."""
    now = now or clock.now_utc()
    clean = _name(name)
    with db.write() as session:
        t = host_row(session, host_key)
        if t.stage != SWISS or t.round >= len(t.rounds):
            raise TournamentError("too_late")
        division = session.get(TournamentDivision, division_id)
        if division is None or division.tournament_id != t.id:
            raise NotFound("no_division")
        for _ in range(10):
            row = {
                "tournament_id": t.id, "division_id": division_id, "name": clean,
                "name_key": name_hash(clean), "code": new_code(), "comeback": False,
                "created_at": now,
            }  # fmt: skip
            new_id = insert_once(session, TournamentTeam.__table__, row)
            if new_id is not None:
                changes.mark(session, changes.tournament(t.id))
                return team_info(session.get(TournamentTeam, new_id))
            taken = sa.select(TournamentTeam.id).where(
                TournamentTeam.tournament_id == t.id, TournamentTeam.name_key == row["name_key"]
            )
            if session.scalar(taken) is not None:
                raise TournamentError("name_taken", name=clean)
    raise RuntimeError("could not draw a free team code")


def team_by_code(db: Database, code: object) -> tuple[TournamentInfo, TeamInfo]:
    """The team whose code this is, and its tournament (one read: a team's page asks often)."""

    def both(row: TournamentTeam) -> tuple[TournamentInfo, TeamInfo]:
        tournament = object_session(row).get(Tournament, row.tournament_id)
        return tournament_info(tournament), team_info(row)

    return find_by_code(
        db, TournamentTeam, code, both, error=NotFound, unknown="no_team", named="team"
    )


def give_award(
    db: Database, host_key: object, team_id: int, kind: str, given: bool = True,
    now: datetime | None = None,
) -> None:  # fmt: skip
    """Give (``given``) or take back an award of :data:`AWARDS` to a team; giving twice keeps
    one award."""
    now = now or clock.now_utc()
    if kind not in AWARDS:
        raise TournamentError("no_award", kind=str(kind)[:20])
    with db.write() as session:
        t = host_row(session, host_key)
        team = session.get(TournamentTeam, team_id)
        if team is None or team.tournament_id != t.id:
            raise NotFound("no_team_here")
        table = TournamentAward.__table__
        if given:
            row = {"tournament_id": t.id, "team_id": team_id, "kind": kind, "given_at": now}
            insert_once(session, table, row)
        else:
            session.execute(
                sa.delete(table).where(table.c.team_id == team_id, table.c.kind == kind)
            )
        changes.mark(session, changes.tournament(t.id))


def awards(db: Database, tournament_id: int) -> tuple[tuple[int, str], ...]:
    """Every award given, as ``(team id, kind)``, in the order given."""
    table = TournamentAward.__table__
    with db.read() as session:
        rows = session.execute(
            sa.select(table.c.team_id, table.c.kind)
            .where(table.c.tournament_id == tournament_id)
            .order_by(table.c.id)
        ).all()
    return tuple((t, k) for t, k in rows)
