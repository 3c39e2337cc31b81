"""Playing the rounds: the teacher starts, pauses, resumes and ends a round; the teams call
their games in a "Call" round; every game is played at a shared table and its result written
once; the clock's end decides the games under way.

* **A step of the teacher's** is one conditional ``UPDATE … WHERE version = the version the
  teacher saw`` (:class:`MovedOn` otherwise): two presses of "Start round" start one round.
* **Starting a Swiss round** pairs each division's teams (:func:`engine.tournament.pairing.
  pair_round`, the comeback division apart), numbers the tables (each division's top pair
  first, byes last) and opens each match's first game. At the start of the round after the
  half, the teams out of the running move to their division's comeback division.
* **A game** is a table of the tournament's own (:func:`store.tables.seated`): team ``a`` sits
  at seat ``n % 2`` of the match's ``n``-th game, so the first move alternates; a bye's other
  seat is the hard AI. A team's seat opens with :func:`seat_token` (its code, the match and the
  game, through the tournament's secret seed): nothing but its hash is stored. A seat its team
  has not looked at for the grace time is played by the table's stand-in AI, as any away seat.
* **Settling** (:func:`settle`, run by every page that shows the tournament): a game whose table
  has finished gets its result (the engine's winner; written only where no result is yet), and
  while the clock runs the match's next game opens (unique ``(match, n)``: once, whoever
  looks). In a "Call" round a team that has not called within the grace time after the
  round began (the second team: after the first call; a bye's AI at once) has the first game
  of the rotation not yet called called for it. When the clock has
  run out the round ends once, and every game under way is decided by its engine's time-up rule.
* **The final stages** (:func:`start_final`): after the Swiss rounds, playoff rounds where a
  championship place is shared, then the championship match of each division's top two, then
  the tournament has ended (:mod:`engine.tournament.rounds` has the rules).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Session

from engine.tournament.pairing import pair_round, ranked
from engine.tournament.rounds import (
    ALL,
    CALL,
    PLAYOFF_GAME,
    ROTATION,
    championship,
    draw,
    nth_game,
    out_of_the_running,
    playoff_pairs,
    still_in,
)
from engine.tournament.standings import standings
from store import changes, clock
from store.codes import digest
from store.db import Database, insert_new
from store.models import (
    GameTable,
    Tournament,
    TournamentDivision,
    TournamentGame,
    TournamentMatch,
    TournamentTeam,
)
from store.tables import FINISHED, derived_seed, seated
from store.tables.snapshots import snapshot_of
from store.tournament.errors import MovedOn, TournamentError
from store.tournament.records import (
    CHAMPIONSHIP,
    DONE,
    ENDED,
    OVER,
    PAUSED,
    PLAYOFF,
    RUNNING,
    SWISS,
    TIED,
    TIME,
    WON,
    MatchInfo,
    TournamentInfo,
    match_info,
    tournament_info,
)
from store.tournament.setup import host_row, read_teams, team_by_code

AI_LEVEL = "hard"  #: the AI a team with a bye plays


def seat_token(seed: int, team_code: str, match_id: int, n: int) -> str:
    """The token of a team's seat at game ``n`` of a match: only the server makes it."""
    key = str(seed).encode()
    return hmac.new(key, f"{team_code}/{match_id}/{n}".encode(), hashlib.sha256).hexdigest()[:32]


# --- reading ----------------------------------------------------------------------------------


def read_matches(session: Session, tournament_id: int, round: int | None = None) -> list[MatchInfo]:
    """The matches (of ``round``, or all), table order, with their games."""
    query = sa.select(TournamentMatch).where(TournamentMatch.tournament_id == tournament_id)
    if round is not None:
        query = query.where(TournamentMatch.round == round)
    rows = session.scalars(query.order_by(TournamentMatch.round, TournamentMatch.table_no)).all()
    games: dict[int, list[TournamentGame]] = {r.id: [] for r in rows}
    if rows:
        for g in session.scalars(
            sa.select(TournamentGame).where(TournamentGame.match_id.in_(list(games)))
        ):
            games[g.match_id].append(g)
    return [match_info(r, games[r.id]) for r in rows]


# --- the teacher's steps ----------------------------------------------------------------------


def _teacher(session: Session, host_key: object, seen: int) -> Tournament:
    """The teacher's tournament, as the teacher's page saw it (:class:`MovedOn` otherwise)."""
    row = host_row(session, host_key)
    if row.version != seen:
        raise MovedOn()
    return row


def _step(session: Session, t: Tournament, seen: int, now: datetime, **values: Any) -> None:
    moved = session.execute(
        sa.update(Tournament)
        .where(Tournament.id == t.id, Tournament.version == seen)
        .values(version=seen + 1, updated_at=now, **values)
        .execution_options(synchronize_session=False)
    ).rowcount
    if not moved:
        raise MovedOn()
    changes.mark(session, changes.tournament(t.id))


def start_round(
    db: Database, host_key: object, seen: int, now: datetime | None = None
) -> TournamentInfo:
    """Start the next Swiss round (see the module)."""
    now = now or clock.now_utc()
    with db.write() as session:
        t = _teacher(session, host_key, seen)
        if t.clock != DONE:
            raise TournamentError("round_under_way")
        if t.stage != SWISS or t.round >= len(t.rounds):
            raise TournamentError("no_round_left")
        teams = read_teams(session, t.id)
        if len(teams) < 2:
            raise TournamentError("too_few_teams", least=2)
        r, minutes = t.round + 1, t.rounds[t.round][1]
        info = tournament_info(t)
        ends = now + timedelta(minutes=minutes)
        _step(session, t, seen, now, round=r, clock=RUNNING, ends_at=ends, left=None)
        past = [m.result() for m in read_matches(session, t.id)]
        half = len(t.rounds) // 2
        comeback = {team.id for team in teams if team.comeback}
        if half and r == half + 1:
            comeback |= _to_comeback(session, teams, past)
        groups = []
        for division_id in _division_ids(session, t.id):
            members = [team.id for team in teams if team.division_id == division_id]
            for back in (False, True):
                group = [m for m in members if (m in comeback) == back]
                if group:
                    seed = derived_seed(t.seed, "pair", r, division_id, back)
                    groups.append(pair_round(group, past, seed))
        pairs = [p for g in groups for p in g.tables] + [(g.bye, None) for g in groups if g.bye]
        _open_matches(session, info, r, SWISS, pairs, now)
    return for_id(db, info.id)


def _division_ids(session: Session, tournament_id: int) -> list[int]:
    return list(
        session.scalars(
            sa.select(TournamentDivision.id)
            .where(TournamentDivision.tournament_id == tournament_id)
            .order_by(TournamentDivision.id)
        )
    )


def _to_comeback(session: Session, teams: Iterable[Any], past: list) -> set[int]:
    """Move the teams out of the running to their division's comeback division."""
    out: set[int] = set()
    by_division: dict[int, list[int]] = {}
    for team in teams:
        by_division.setdefault(team.division_id, []).append(team.id)
    for members in by_division.values():
        out |= set(out_of_the_running(standings(members, past)))
    if out:
        session.execute(
            sa.update(TournamentTeam).where(TournamentTeam.id.in_(out)).values(comeback=True)
        )
    return out


def _open_matches(
    session: Session, t: TournamentInfo, r: int, stage: str,
    pairs: list[tuple[int, int | None]], now: datetime,
) -> None:  # fmt: skip
    """Write the round's matches, table 1 first, and open each one's first game (a "Call"
    round's after its calls)."""
    codes = _codes(session, t.id)
    for table_no, (a, b) in enumerate(pairs, 1):
        values = {
            "tournament_id": t.id, "round": r, "stage": stage, "table_no": table_no,
            "team_a": a, "team_b": b, "calls": None, "cards": None, "created_at": now,
        }  # fmt: skip
        call = stage == SWISS and t.rounds[r - 1][0] == CALL
        if call:
            cards = draw(derived_seed(t.seed, "draw", r, table_no))
            values |= {"calls": [], "cards": [c.usps for c in cards]}
        row = TournamentMatch(**values)
        session.add(row)
        session.flush()
        if not call:
            game = PLAYOFF_GAME if stage == PLAYOFF else nth_game(ALL, 0)
            _open_game(session, t, row, 0, game, codes, now)


def _codes(session: Session, tournament_id: int) -> dict[int, tuple[str, str]]:
    rows = session.execute(
        sa.select(TournamentTeam.id, TournamentTeam.code, TournamentTeam.name).where(
            TournamentTeam.tournament_id == tournament_id
        )
    )
    return {i: (code, name) for i, code, name in rows}


def _open_game(
    session: Session, t: TournamentInfo, match: TournamentMatch, n: int, game: str,
    codes: dict[int, tuple[str, str]], now: datetime,
) -> bool:  # fmt: skip
    """Open game ``n`` of ``match`` at a new table; False when another session opened it."""
    seat_a = n % 2
    row = {"match_id": match.id, "n": n, "game": game, "table_id": None, "seat_a": seat_a,
           "result": None, "winner": None, "decided_by": None, "decided_at": None,
           "created_at": now}  # fmt: skip
    if insert_new(session, TournamentGame.__table__, [row], ("match_id", "n")) != 1:
        return False
    seats = []
    for team in (match.team_a, match.team_b):
        if team is None:
            seats.append((None, None, AI_LEVEL))
        else:
            code, name = codes[team]
            seats.append((name, digest(seat_token(t.seed, code, match.id, n)), None))
    if seat_a:
        seats.reverse()
    table = seated(session, game, seats, idle_seconds=t.grace_seconds, now=now,
                   seed=derived_seed(t.seed, "deal", match.id, n))  # fmt: skip
    session.execute(
        sa.update(TournamentGame)
        .where(TournamentGame.match_id == match.id, TournamentGame.n == n)
        .values(table_id=table.id)
    )
    changes.mark(session, changes.tournament(t.id))
    return True


def pause(db: Database, host_key: object, seen: int, now: datetime | None = None) -> None:
    """Stop the round's clock: no new game opens, no call is made for a team, and the teams'
    pages ask them to wait (the tables themselves stay open)."""
    now = now or clock.now_utc()
    with db.write() as session:
        t = _teacher(session, host_key, seen)
        if t.clock != RUNNING:
            raise TournamentError("not_running")
        left = max(0.0, (t.ends_at - now).total_seconds())
        _step(session, t, seen, now, clock=PAUSED, ends_at=None, left=left)


def resume(db: Database, host_key: object, seen: int, now: datetime | None = None) -> None:
    """Run the paused clock again from where it stopped."""
    now = now or clock.now_utc()
    with db.write() as session:
        t = _teacher(session, host_key, seen)
        if t.clock != PAUSED:
            raise TournamentError("not_paused")
        ends = now + timedelta(seconds=t.left or 0)
        _step(session, t, seen, now, clock=RUNNING, ends_at=ends, left=None)


def end_round(db: Database, host_key: object, seen: int, now: datetime | None = None) -> None:
    """End the round now, its games under way decided by time."""
    now = now or clock.now_utc()
    with db.write() as session:
        t = _teacher(session, host_key, seen)
        if t.clock == DONE:
            raise TournamentError("not_running")
        _step(session, t, seen, now, clock=DONE, ends_at=None, left=None)
        _decide_by_time(session, db, tournament_info(t), now)


def _decide_by_time(session: Session, db: Database, t: TournamentInfo, now: datetime) -> None:
    for match in read_matches(session, t.id, t.round):
        game = match.current
        if game is not None and game.result is None:
            _decide(session, db, match, game, now, by_time=True)


def _decide(
    session: Session, db: Database, match: MatchInfo, game: Any, now: datetime, by_time: bool
) -> bool:
    """Write the game's result once: its engine's winner (the time-up rule when the clock ended
    it), mapped from seat to team; a table gone is a tie."""
    seat = None
    over = False
    if game.table_id is not None:
        snap = snapshot_of(session, db, game.table_id)
        seat, over = snap.state.time_up(), snap.state.is_over
    if seat is None:
        values = {"result": TIED, "winner": None}
    else:
        values = {"result": WON, "winner": match.teams[0 if seat == game.seat_a else 1]}
    values |= {"decided_by": OVER if over else TIME, "decided_at": now}
    if not by_time and not over:
        return False
    written = session.execute(
        sa.update(TournamentGame)
        .where(
            TournamentGame.match_id == match.id,
            TournamentGame.n == game.n,
            TournamentGame.result.is_(None),
        )
        .values(**values)
    ).rowcount
    return bool(written)


# --- what any page runs ---------------------------------------------------------------------


def for_id(db: Database, tournament_id: int) -> TournamentInfo:
    with db.read() as session:
        return tournament_info(session.get(Tournament, tournament_id))


def _pending(session: Session, t: TournamentInfo, matches: list[MatchInfo], now: datetime) -> bool:
    """Whether settling has anything to do (one read: most page runs stop here)."""
    if t.clock == RUNNING and t.ends_at is not None and t.ends_at <= now:
        return True
    tables = [m.current.table_id for m in matches if m.current and m.current.result is None]
    if tables and session.scalar(
        sa.select(sa.func.count())
        .select_from(GameTable)
        .where(GameTable.id.in_(tables), GameTable.status == FINISHED)
    ):
        return True
    if t.clock != RUNNING:
        return False
    return any(_due_call(t, m, now) or _next_game(t, m) for m in matches)


def _next_game(t: TournamentInfo, m: MatchInfo) -> tuple[int, str] | None:
    """The game the match opens next while the clock runs, if any."""
    game = m.current
    if game is not None and game.result is None:
        return None
    n = 0 if game is None else game.n + 1
    if m.stage == PLAYOFF:
        won = any(g.result == WON for g in m.games)
        return None if won else (n, PLAYOFF_GAME)
    if t.kind == CALL and m.stage == SWISS:
        return (n, nth_game(CALL, n, m.calls)) if len(m.calls) == 2 else None
    return n, nth_game(ALL, n)


def _due_call(t: TournamentInfo, m: MatchInfo, now: datetime) -> bool:
    """Whether the stand-in calls for the team to call now (the AI's at once)."""
    due = m.call_due_at(t.grace_seconds)
    return due is not None and now >= due


def stand_in_call(calls: tuple[str, ...]) -> str:
    """The call made for a team that has not called: the first of the rotation not called."""
    return next(game for game in ROTATION if game not in calls)


def settle(db: Database, tournament_id: int, now: datetime | None = None) -> TournamentInfo:
    """Bring the round up to date (see the module); the tournament as it is then."""
    now = now or clock.now_utc()
    with db.read() as session:
        t = tournament_info(session.get(Tournament, tournament_id))
        matches = read_matches(session, t.id, t.round) if t.round else []
        if not matches or not _pending(session, t, matches, now):
            return t
    with db.write() as session:
        row = session.get(Tournament, tournament_id)
        t = tournament_info(row)
        matches = read_matches(session, t.id, t.round)
        if t.clock == RUNNING and t.ends_at <= now:
            try:
                _step(session, row, t.version, now, clock=DONE, ends_at=None, left=None)
            except MovedOn:  # another page (or the teacher) ended it: nothing to do here
                return _reread(session, t.id)
            _decide_by_time(session, db, t, now)
            return _reread(session, t.id)
        codes = _codes(session, t.id)
        for m in matches:
            game = m.current
            undecided = game is not None and game.result is None and game.table_id is not None
            if undecided and _decide(session, db, m, game, now, by_time=False):
                changes.mark(session, changes.tournament(t.id))
                m = _reread_match(session, m.id)
            if t.clock != RUNNING:
                continue
            while _due_call(t, m, now):
                _write_call(session, m, stand_in_call(m.calls), now)
                m = _reread_match(session, m.id)
            upcoming = _next_game(t, m)
            if upcoming is not None:
                match_row = session.get(TournamentMatch, m.id)
                _open_game(session, t, match_row, *upcoming, codes, now)
        return _reread(session, t.id)


def _reread(session: Session, tournament_id: int) -> TournamentInfo:
    return tournament_info(session.get(Tournament, tournament_id, populate_existing=True))


def _reread_match(session: Session, match_id: int) -> MatchInfo:
    row = session.get(TournamentMatch, match_id, populate_existing=True)
    games = session.scalars(
        sa.select(TournamentGame)
        .where(TournamentGame.match_id == match_id)
        .execution_options(populate_existing=True)
    ).all()
    return match_info(row, list(games))


def _write_call(session: Session, m: MatchInfo, game: str, now: datetime) -> None:
    row = session.get(TournamentMatch, m.id, with_for_update=True, populate_existing=True)
    if len(row.calls or ()) != len(m.calls):
        return  # called meanwhile
    row.calls, row.called_at = [*m.calls, game], now


def call(db: Database, team_code: object, game: str, now: datetime | None = None) -> None:
    """The team calls ``game`` for its match of the "Call" round under way: the team whose card
    came into the Union earlier first, the other a different game."""
    now = now or clock.now_utc()
    t, team = team_by_code(db, team_code)
    t = settle(db, t.id, now)  # a round whose time is up ends first: no call after the clock
    if t.clock != RUNNING or t.kind != CALL:
        raise TournamentError("no_call_now")
    with db.write() as session:
        row = session.scalar(
            sa.select(TournamentMatch)
            .where(
                TournamentMatch.tournament_id == t.id,
                TournamentMatch.round == t.round,
                sa.or_(TournamentMatch.team_a == team.id, TournamentMatch.team_b == team.id),
            )
            .with_for_update()
        )
        if row is None:
            raise TournamentError("no_match")
        m = _reread_match(session, row.id)
        if m.caller != team.id:
            raise TournamentError("not_your_call")
        if game not in ROTATION or game in m.calls:
            raise TournamentError("bad_call", game=str(game)[:20], called=m.calls)
        row.calls, row.called_at = [*m.calls, game], now
        changes.mark(session, changes.tournament(t.id))
    settle(db, t.id, now)


# --- the final stages -------------------------------------------------------------------------


def start_final(
    db: Database, host_key: object, seen: int, now: datetime | None = None
) -> TournamentInfo:
    """Start the next final stage: a playoff round, or the championship; when both are
    played, end the tournament."""
    now = now or clock.now_utc()
    with db.write() as session:
        row = _teacher(session, host_key, seen)
        t = tournament_info(row)
        if t.clock != DONE:
            raise TournamentError("round_under_way")
        if t.stage == ENDED:
            raise TournamentError("ended")
        if t.stage == SWISS and t.round < len(t.rounds):
            raise TournamentError("rounds_left", left=len(t.rounds) - t.round)
        stage, pairs = final_plan(session, t)
        minutes = t.rounds[-1][1]
        if stage == ENDED:
            _step(session, row, seen, now, stage=ENDED)
        else:
            ends = now + timedelta(minutes=minutes)
            values = {"round": t.round + 1, "stage": stage, "clock": RUNNING, "ends_at": ends}
            _step(session, row, seen, now, left=None, **values)
            _open_matches(session, t, t.round + 1, stage, pairs, now)
        return _reread(session, t.id)


def final_plan(session: Session, t: TournamentInfo) -> tuple[str, list[tuple[int, int | None]]]:
    """The next stage and its pairs (see :mod:`engine.tournament.rounds`)."""
    teams = read_teams(session, t.id)
    played = read_matches(session, t.id)
    swiss = [m.result() for m in played if m.stage == SWISS]
    playoffs = [m.result() for m in played if m.stage == PLAYOFF]
    finals = [m for m in played if m.stage == CHAMPIONSHIP]
    pairs: list[tuple[int, int | None]] = []
    finalists: list[tuple[int, int | None]] = []
    for division_id in _division_ids(session, t.id):
        members = [x.id for x in teams if x.division_id == division_id and not x.comeback]
        if len(members) < 2:
            continue
        lines = ranked(members, swiss, derived_seed(t.seed, "final", division_id))
        plan = championship(lines)
        through = list(plan.through)
        if plan.playoff:
            order = [line.team for line in lines if line.team in plan.playoff]
            left = still_in(order, playoffs)
            if len(left) > plan.places:
                pairs += playoff_pairs(left, plan.places)
                continue
            through += left
        finalists.append((through[0], through[1]))
    if pairs:
        return PLAYOFF, pairs
    if not finals and finalists:
        return CHAMPIONSHIP, finalists
    return ENDED, []
