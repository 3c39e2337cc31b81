"""What the pages read: the board (everything a class may see: pairings, results, standings,
the final stages and the awards) and a team's view (its match, its game and the token of its
seat there, which only that team's page is given).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

import sqlalchemy as sa

from engine.tournament.rounds import champion, final_places
from engine.tournament.standings import Standing, standings
from store import clock
from store.db import Database
from store.models import Tournament, TournamentAward, TournamentDivision
from store.tournament.play import read_matches, seat_token, settle
from store.tournament.records import (
    CHAMPIONSHIP,
    DONE,
    SWISS,
    MatchInfo,
    TeamInfo,
    TournamentInfo,
    tournament_info,
)
from store.tournament.setup import read_teams, team_by_code


@dataclass(frozen=True)
class Board:
    """A tournament as its board shows it."""

    tournament: TournamentInfo
    divisions: tuple[tuple[int, str], ...]
    teams: tuple[TeamInfo, ...]
    matches: tuple[MatchInfo, ...]
    awards: tuple[tuple[int, str], ...]  #: (team id, kind), in the order given

    def team(self, team_id: int) -> TeamInfo:
        return next(t for t in self.teams if t.id == team_id)

    def round(self, r: int) -> tuple[MatchInfo, ...]:
        """The matches of round ``r``, table order."""
        return tuple(m for m in self.matches if m.round == r)

    def standings(self, division_id: int, comeback: bool = False) -> list[Standing]:
        """The division's standings (or its comeback division's), from the Swiss rounds played
        (not the one under way)."""
        members = [
            t.id for t in self.teams if t.division_id == division_id and t.comeback == comeback
        ]
        swiss = [m.result() for m in self.matches if m.stage == SWISS and self.played(m)]
        return standings(members, swiss)

    def played(self, match: MatchInfo) -> bool:
        """Whether the match's round is over (a round under way counts in no standings)."""
        t = self.tournament
        return match.round < t.round or t.clock == DONE

    def final_places(self, division_id: int) -> dict[int, int]:
        """Each team's place in its division, comeback teams included (after the rest), the
        championship's result once it is played (:func:`engine.tournament.rounds.
        final_places`)."""
        main = self.standings(division_id)
        back = self.standings(division_id, comeback=True)
        lines = main + [replace(line, place=line.place + len(main)) for line in back]
        final = self.final(division_id)
        played = final is not None and self.champion(division_id) is not None
        return final_places(lines, final.result() if played else None)

    def final(self, division_id: int) -> MatchInfo | None:
        """The division's championship match, once it is drawn."""
        members = {t.id for t in self.teams if t.division_id == division_id}
        return next(
            (m for m in self.matches if m.stage == CHAMPIONSHIP and m.team_a in members), None
        )

    def champion(self, division_id: int) -> int | None:
        """The division's champion, once its championship match is over."""
        final = self.final(division_id)
        t = self.tournament
        if final is None or (t.round == final.round and t.clock != DONE):
            return None
        return champion(final.result())


def board(db: Database, tournament_id: int, now: datetime | None = None) -> Board:
    """The tournament's board, brought up to date first (:func:`settle`)."""
    t = settle(db, tournament_id, now or clock.now_utc())
    with db.read() as session:
        divisions = session.execute(
            sa.select(TournamentDivision.id, TournamentDivision.name)
            .where(TournamentDivision.tournament_id == t.id)
            .order_by(TournamentDivision.id)
        ).all()
        awards = session.execute(
            sa.select(TournamentAward.team_id, TournamentAward.kind)
            .where(TournamentAward.tournament_id == t.id)
            .order_by(TournamentAward.id)
        ).all()
        return Board(
            tournament_info(session.get(Tournament, t.id)),
            tuple((i, n) for i, n in divisions),
            read_teams(session, t.id),
            tuple(read_matches(session, t.id)),
            tuple((i, k) for i, k in awards),
        )


@dataclass(frozen=True)
class TeamView:
    """What a team's page shows: its match of the round under way (``None``: none yet), the
    other team's name (``None`` for the AI of a bye) and, while its game is undecided, the
    table and the token of the team's seat there."""

    tournament: TournamentInfo
    team: TeamInfo
    match: MatchInfo | None
    opponent: str | None
    table_id: int | None
    seat: int | None
    token: str | None

    def seconds_left(self, now: datetime) -> float:
        return self.tournament.seconds_left(now)


def team_view(db: Database, code: object, now: datetime | None = None) -> TeamView:
    """The view of the team whose code this is (:class:`NotFound` for a wrong code)."""
    now = now or clock.now_utc()
    t, team = team_by_code(db, code)
    t = settle(db, t.id, now)
    with db.read() as session:
        mine = [
            m
            for m in read_matches(session, t.id, t.round)
            if team.id in (m.team_a, m.team_b)
        ] if t.round else []  # fmt: skip
        names = {x.id: x.name for x in read_teams(session, t.id)}
    match = mine[0] if mine else None
    if match is None:
        return TeamView(t, team, None, None, None, None, None)
    other = match.team_b if match.team_a == team.id else match.team_a
    game = match.current
    table_id = seat = token = None
    if game is not None and game.result is None and game.table_id is not None:
        table_id = game.table_id
        seat = game.seat_a if team.id == match.team_a else 1 - game.seat_a
        token = seat_token(t.seed, team.code, match.id, game.n)
    return TeamView(t, team, match, names.get(other), table_id, seat, token)
