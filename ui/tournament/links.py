"""The tournament's addresses: the page ``/tournament`` with ``?board=CODE`` (the board a class
watches: nothing secret) or ``?team=CODE`` (a team's page: its code is its way in)."""

from __future__ import annotations

URL_PATH = "tournament"  #: the board's and the teams' page
BOARD_PARAM, TEAM_PARAM = "board", "team"  #: its URL parameters
