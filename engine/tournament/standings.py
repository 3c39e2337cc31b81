"""Matches, their games, and the standings they make.

A game won is worth 2 points, a tie 1, a loss 0; the team that wins more of a match's games
wins the match. The standings rank teams by matches won, then games won, then points, then
head to head: among teams level on all three, the points each took in its matches against the
others of that group. Teams still level share a place (1, 2, 2, 4), listed in the order they
were entered (their ids).

>>> m = Match(1, 1, 2, (GameResult("border_attack", 1), GameResult("geopower_toss", None)))
>>> m.games_won(1), m.points(1), m.points(2), m.outcome(1), m.outcome(2)
(1, 3, 1, 'won', 'lost')
>>> [(s.team, s.place) for s in standings([1, 2, 3], [m])]
[(1, 1), (2, 2), (3, 3)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

AI = 0  #: the opponent of a team with a bye: the hard AI (team ids are 1 and up)
WIN, TIE = 2, 1  #: a game's points for its winner, and for each team of a tie


@dataclass(frozen=True)
class GameResult:
    """One game of a match: its game's id and the team that won it (``None``: a tie)."""

    game: str
    winner: int | None


@dataclass(frozen=True)
class Match:
    """Team ``a`` against team ``b`` (:data:`AI` for a bye) in round ``round`` (from 1), with
    the games played so far."""

    round: int
    a: int
    b: int
    games: tuple[GameResult, ...] = ()

    def __post_init__(self) -> None:
        if self.a == self.b or self.a == AI:
            raise ValueError(f"a match needs two sides, not {self.a} and {self.b}")
        for game in self.games:
            if game.winner not in (self.a, self.b, None):
                raise ValueError(f"{game.winner} did not play match {self.a}–{self.b}")

    @property
    def teams(self) -> tuple[int, int]:
        return self.a, self.b

    def opponent(self, team: int) -> int:
        if team not in self.teams:
            raise ValueError(f"team {team} did not play match {self.a}–{self.b}")
        return self.b if team == self.a else self.a

    def games_won(self, team: int) -> int:
        return sum(game.winner == team for game in self.games)

    def points(self, team: int) -> int:
        ties = sum(game.winner is None for game in self.games)
        return WIN * self.games_won(team) + TIE * ties

    def outcome(self, team: int) -> str:
        """``"won"``, ``"tied"`` or ``"lost"`` for ``team``: who won more games."""
        mine, theirs = self.games_won(team), self.games_won(self.opponent(team))
        return "won" if mine > theirs else "tied" if mine == theirs else "lost"


@dataclass(frozen=True)
class Standing:
    """A team's line in the standings."""

    team: int
    place: int
    played: int = 0
    won: int = 0
    tied: int = 0
    lost: int = 0
    games_won: int = 0
    points: int = 0
    byes: int = 0

    @property
    def key(self) -> tuple[int, int, int]:
        """What ranks teams before head to head."""
        return self.won, self.games_won, self.points


def _tally(team: int, matches: Iterable[Match]) -> Standing:
    mine = [m for m in matches if team in m.teams]
    outcomes = [m.outcome(team) for m in mine]
    return Standing(
        team=team,
        place=0,
        played=len(mine),
        won=outcomes.count("won"),
        tied=outcomes.count("tied"),
        lost=outcomes.count("lost"),
        games_won=sum(m.games_won(team) for m in mine),
        points=sum(m.points(team) for m in mine),
        byes=sum(m.opponent(team) == AI for m in mine),
    )


def head_to_head(group: Sequence[int], matches: Iterable[Match]) -> dict[int, int]:
    """The points each team of ``group`` took in its matches against the others of it."""
    members = set(group)
    taken = dict.fromkeys(group, 0)
    for m in matches:
        if m.a in members and m.b in members:
            taken[m.a] += m.points(m.a)
            taken[m.b] += m.points(m.b)
    return taken


def standings(teams: Sequence[int], matches: Sequence[Match]) -> list[Standing]:
    """Every team of ``teams`` (ids, in the order entered) ranked by ``matches`` (see the
    module); a team without a match is there with zeros."""
    lines = {team: _tally(team, matches) for team in teams}
    entered = {team: i for i, team in enumerate(teams)}
    order = sorted(teams, key=lambda t: (tuple(-x for x in lines[t].key), entered[t]))
    ranked: list[Standing] = []
    i = 0
    while i < len(order):
        key = lines[order[i]].key
        group = [t for t in order[i:] if lines[t].key == key]
        h2h = head_to_head(group, matches)
        group.sort(key=lambda t: (-h2h[t], entered[t]))
        for j, team in enumerate(group):
            level = j > 0 and h2h[team] == h2h[group[j - 1]]
            place = ranked[-1].place if level else len(ranked) + 1
            ranked.append(replace(lines[team], place=place))
        i += len(group)
    return ranked
