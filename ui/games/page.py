"""The game page: one skeleton for every game (``pages/<game_id>.py`` is ``page_setup()`` and
``game_page("<game_id>")``).

The game's own part is its package ``ui/games/<game_id>/``: its words (``WORDS``, a
:class:`ui.games.words.GameWords`) and its board (``BOARD``, a
:class:`ui.games.protocol.GameBoard`); what surrounds it is the seating the URL asks for: a
game against the AI (``ui.games.solo``), or a seat at a shared table (``?seat=``, ``?table=``:
``ui.games.shared.lobby``), or the seat a page of its own hands in (a tournament team's table:
``ui.tournament.team``). In order: the title and the line on the object of the game, the
notes on bad link parameters, the seating's top, the switches, the AI's turns, the status
bar, the game or its end, the log, the rules, the seating's bottom. After every move the page
brings this seat's next action into view (``ui.games.next_move``).
"""

from __future__ import annotations

import streamlit as st

from messages import _
from ui.games import solo
from ui.games.next_move import keep_in_view, next_move
from ui.games.protocol import Seating, board_of
from ui.games.session import GameSession
from ui.games.shared import lobby
from ui.games.widgets import card_styles, end_screen, log_panel, rules_expander, status_bar
from ui.games.words import GameWords


def open_session(game: GameWords) -> tuple[Seating, GameSession]:
    """The seating the URL asks for, and this screen's session in it."""
    if lobby.wants_a_table():
        return lobby.SHARED, lobby.open_session(game)
    return solo.SOLO, solo.open_session(game)


def game_page(game_id: str, seated: tuple[Seating, GameSession] | None = None) -> None:
    """Draw the page of ``game_id`` for this screen's session: the one the URL asks for, or the
    ``seated`` seating and session a page of its own hands in (a tournament's table)."""
    board = board_of(game_id)
    game = board.words
    seating, session = seated or open_session(game)
    st.title(_(game.title))
    st.caption(game.intro(session))
    card_styles()
    for note in session.notes:
        st.warning(note, icon=":material/link_off:")
    seating.top(session)
    board.switches(session)
    waiting = session.advance()
    status = game.status(session, waiting)
    if status is not None:
        status_bar(status)
    board.after_status(session)
    over = session.state.is_over
    if over:
        ending = game.ending(session)
        with next_move():
            end_screen(ending)
            seating.end(session, ending)
        board.after_ending(session)
    else:
        board.body(session, waiting)
    log_panel(session, game.describe, since=game.since_in_log and not over)
    rules_expander(game.rules(session))
    seating.bottom(session, game)
    keep_in_view(session)
