"""A round's score and the end of the game (rules: :mod:`engine.geopower_toss.state`, decisions
2, 5, 9 and 10).

- The player or team with the most tricks scores ``MOST_TRICKS`` (10); several tied for the
  most score ``TIED_FOR_MOST`` (5) each.
- A caller that wins ``CALL_TRICKS`` (6) tricks or more makes its call and scores
  ``CALL_BONUS`` (15) more; a caller with fewer scores nothing for the round, and nobody else
  takes its points.
- The first to reach the target (``TARGET``, 50, or 30 for a shorter game) wins; when several
  reach it in the same round the higher score wins, and when the top score is tied another
  round is played. After ``MAX_ROUNDS`` (40) rounds the higher score wins (equal: a draw).

Its events (:class:`engine.core.Event`). A unit is a seat in a game without teams, else a team
(``by_team``); in ``round_over`` (a round's score) its values are per unit, in unit order:
``round`` (the round's number, 1 for the first), ``tricks`` (the tricks won), ``points`` (the
points scored), ``scores`` (the scores after the round), ``made`` and
``failed`` (the units whose GeoPlunge call was made or failed, as indices into those tuples).
Then ``tied`` (``score``: the top score, reached by several units: another round is played);
the end of the game: ``wins_game`` (``seat``) or ``team_wins_game`` (``team``: the team's
number, 1 for the first); after the round cap ``stopped_draw``, ``stopped_seat_wins``
(``seat``) or ``stopped_team_wins`` (``team``), each with ``rounds`` (the cap).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import TARGETS, Event
from engine.geopower_toss.observation import CALL_TRICKS, OVER, RoundResult
from engine.geopower_toss.table import Table

TARGET = TARGETS[0]  # the score that wins unless ``new(target=30)`` says 30
MOST_TRICKS = 10
TIED_FOR_MOST = 5
CALL_BONUS = 15
MAX_ROUNDS = 40


def call_made(tricks: int) -> bool:
    """Whether a caller with ``tricks`` tricks this round made its GeoPlunge call."""
    return tricks >= CALL_TRICKS


def round_points(unit_tricks: Sequence[int], callers: Sequence[int]) -> tuple[int, ...]:
    """The points of a round per unit, from its tricks per unit and the units that called."""
    top = max(unit_tricks)
    leaders = [u for u, t in enumerate(unit_tricks) if t == top]
    points = [0] * len(unit_tricks)
    for u in leaders:
        points[u] = MOST_TRICKS if len(leaders) == 1 else TIED_FOR_MOST
    for u in callers:
        points[u] = points[u] + CALL_BONUS if call_made(unit_tricks[u]) else 0
    return tuple(points)


def sole_leader(scores: Sequence[int]) -> int | None:
    """The unit with the top score when no other unit has it, else ``None``."""
    best = max(scores)
    leaders = [u for u, s in enumerate(scores) if s == best]
    return leaders[0] if len(leaders) == 1 else None


def tied_top(scores: Sequence[int], target: int) -> int | None:
    """The top score when it reaches ``target`` but several units share it (another round is
    played), else ``None``."""
    best = max(scores)
    return best if best >= target and sole_leader(scores) is None else None


class Scoring(Table):
    """The end of a round in a game's state: its points, its record, and the end of the game."""

    def _score_round(self) -> bool:
        """Score the round just over and record it; end the game when it is won (or capped).
        True when another round is to be dealt."""
        tricks = self.unit_tricks
        callers = tuple(u for _, u in self.calls)
        points = round_points(tricks, callers)
        self._view = None
        scores = self.team_scores = tuple(
            s + p for s, p in zip(self.team_scores, points, strict=True)
        )
        self.results = (
            *self.results,
            RoundResult(
                self.round_no,
                self.dealer,
                self.category,  # type: ignore[arg-type]
                tricks,
                callers,
                points,
                scores,
                self.tricks,
            ),
        )
        made = tuple(u for u in callers if call_made(tricks[u]))
        failed = tuple(u for u in callers if not call_made(tricks[u]))
        self.log.append(
            Event(
                "round_over",
                round=self.round_no + 1,
                tricks=tricks,
                points=points,
                scores=scores,
                made=made,
                failed=failed,
                by_team=bool(self.teams),
            )
        )
        self.round_no += 1
        best = max(scores)
        leader = sole_leader(scores)
        if best >= self.target:
            if leader is not None:
                self._finish(leader)
                return False
            self.log.append(Event("tied", score=best))
        if self.round_no >= MAX_ROUNDS:
            self.capped = True
            self._finish(leader)
            return False
        return True

    def _finish(self, unit: int | None) -> None:
        """The game is over: ``unit`` won (``None``: a draw)."""
        self.phase = OVER
        self._winner = unit
        self._view = None
        if self.capped:
            if unit is None:
                self.log.append(Event("stopped_draw", rounds=MAX_ROUNDS))
            elif self.teams:
                self.log.append(Event("stopped_team_wins", rounds=MAX_ROUNDS, team=unit + 1))
            else:
                self.log.append(Event("stopped_seat_wins", rounds=MAX_ROUNDS, seat=unit))
        elif self.teams:
            self.log.append(Event("team_wins_game", team=unit + 1))  # type: ignore[operator]
        else:
            self.log.append(Event("wins_game", seat=unit))
