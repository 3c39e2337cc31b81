"""Tournaments: teams of a class (or of many schools) in divisions meet in head-to-head matches
over timed rounds, at the shared game tables of :mod:`store.tables`.

The rules of the format are the engine's (:mod:`engine.tournament`: standings, Swiss pairing,
what a round plays, the final stages); this package keeps the tournament in the database and
moves it on: ``setup`` (creating, teams, awards), ``play`` (rounds, calls, games, the clock,
the final stages) and ``views`` (the board, a team's view). Refusals are
:class:`TournamentError` codes with their values (the pages word them); every result is written
once, whichever page or server settles it first.
"""

from store.tournament.errors import MovedOn, NotFound, TournamentError
from store.tournament.play import (
    call,
    end_round,
    pause,
    resume,
    seat_token,
    settle,
    stand_in_call,
    start_final,
    start_round,
)
from store.tournament.records import (
    AWARDS,
    CHAMPIONSHIP,
    DEFAULT_ROUNDS,
    DONE,
    ENDED,
    PAUSED,
    PLAYOFF,
    RUNNING,
    SWISS,
    GameInfo,
    MatchInfo,
    TeamInfo,
    TournamentInfo,
)
from store.tournament.setup import (
    GRACE_SECONDS,
    add_team,
    awards,
    create,
    divisions,
    find,
    for_key,
    give_award,
    team_by_code,
    teams,
)
from store.tournament.views import Board, TeamView, board, team_view

__all__ = [
    "AWARDS", "CHAMPIONSHIP", "DEFAULT_ROUNDS", "DONE", "ENDED", "GRACE_SECONDS", "PAUSED",
    "PLAYOFF", "RUNNING", "SWISS", "Board", "GameInfo", "MatchInfo", "MovedOn", "NotFound",
    "TeamInfo", "TeamView", "TournamentError", "TournamentInfo", "add_team", "awards", "board",
    "call", "create", "divisions", "end_round", "find", "for_key", "give_award", "pause",
    "resume", "seat_token", "settle", "stand_in_call", "start_final", "start_round",
    "team_by_code", "team_view", "teams",
]  # fmt: skip
