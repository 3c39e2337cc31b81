"""The tournament page, ``/tournament``: with ``?board=CODE`` the board a class watches
(:mod:`ui.tournament.board`: nothing on it is secret, so the teacher projects this link);
otherwise a team's page (:mod:`ui.tournament.team`: ``?team=CODE``, or the form where a team
types the code on its card)."""

from __future__ import annotations

import streamlit as st

from ui.tournament.board import board_page
from ui.tournament.links import BOARD_PARAM
from ui.tournament.team import team_page


def tournament_page() -> None:
    """Draw the board or the team's page, as the URL asks."""
    board = str(st.query_params.get(BOARD_PARAM) or "").strip()
    if board:
        board_page(board)
    else:
        team_page()
