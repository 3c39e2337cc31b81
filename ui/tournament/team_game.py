"""A team's game at its tournament table: the game's own page (``ui.games.page.game_page``)
around the team's seat (:class:`ui.games.shared.session.SharedSession`), with what surrounds it
in a tournament (:class:`TeamSeating`).

* **The seat** is the one :func:`store.tournament.team_view` hands the team's page, by its
  token; the token stays on the server (in the page's state), never in the address or on the
  page: the team's code is the page's only key.
* **The surroundings.** Above the game: the tournament and the team, the round, the table and
  the other team, the game of the match, the clock, the games so far, who is away and whom the
  page waits for. At the end: the result, and that the next game opens in a moment (a
  tournament's table has no host: no rematch, no new game). Below: the link to the board.
* **A game just over** stays on the page with its result for
  :data:`ui.tournament.team_words.LINGER` seconds after the page first saw it over, even though
  the next game of the match has opened meanwhile; then the page goes on by itself, and brings
  the next game's match line into view with, when it fits, the team's first move (the page
  keeps its scroll from the game before; a game's own first drawing would not scroll).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import streamlit as st

from messages import _, number
from store import tournament as tm
from store.db import Database
from ui.focus import by_key, focus
from ui.games.next_move import FIRST_CONTROL
from ui.games.page import game_page
from ui.games.protocol import board_of
from ui.games.session import GameSession
from ui.games.shared import autoplay
from ui.games.shared.lobby import seat_notes
from ui.games.shared.session import SharedSession
from ui.games.words import Ending, GameWords
from ui.links import app_link, md
from ui.tournament.links import BOARD_PARAM, URL_PATH
from ui.tournament.team_follow import Followed, follow
from ui.tournament.team_words import (
    LINGER,
    calls_line,
    game_lines,
    game_now_line,
    match_line,
    score_line,
    team_line,
)
from ui.tournament.words import round_words

SESSION = "tournament_game"  #: session key (and widget prefix) of the game drawn
OVER = "tournament_game_over"  #: session key: (seat token, when the page saw it over or None)
DRAWN = "tournament_game_drawn"  #: session key: the table of the game the page drew last
MATCH_BOX = "tournament_match"  #: the key of the box of the match's lines, above the game


def _linger_until(session: SharedSession) -> float | None:
    """Until when (``time.monotonic``) the game of ``session`` stays on the page with its
    result: :data:`LINGER` seconds after the page first saw it over; ``None`` once that has
    passed, or for a game that did not end (the clock decided it)."""
    seen = st.session_state.get(OVER)
    if seen is None or seen[0] != session.token:
        session.refresh()
        seen = (session.token, time.monotonic() if session.view.over else None)
        st.session_state[OVER] = seen
    if seen[1] is None:
        return None
    until = seen[1] + LINGER
    return until if time.monotonic() < until else None


@dataclass(eq=False)
class TeamSession(SharedSession):
    """A team's seat at its tournament table, which the team knows by its number and the game
    of the match (the end screen names them, not the table's code)."""

    table_no: int = 0
    game_no: int = 0

    def about(self) -> str:
        return _("Table {table}, game {number} of the match").format(
            table=number(self.table_no), number=number(self.game_no)
        )


def open_game(db: Database, view: tm.TeamView) -> tuple[SharedSession, float | None] | None:
    """The game the page draws and, for a game just over, until when: the team's game under
    way (its seat refreshed, or taken), or the one before it while its result stays on the
    page; ``None`` when neither."""
    held = st.session_state.get(SESSION)
    if (
        isinstance(held, SharedSession)
        and view.match is not None
        and held.token != view.token
        and held.serial in {g.table_id for g in view.match.games}
        and (until := _linger_until(held)) is not None
    ):
        return held, until
    if view.token is None or view.match is None or view.match.current is None:
        return None
    if isinstance(held, SharedSession) and held.token == view.token:
        held.refresh()
        session = held
    else:
        game = board_of(view.match.current.game).words
        hints = isinstance(held, GameSession) and held.hints
        session = TeamSession.sit(db, SESSION, game.game_id, game.choices, view.token, hints=hints)
        session.table_no, session.game_no = view.match.table_no, view.match.current.n + 1
        st.session_state[SESSION] = session
        if autoplay.due(session.view):
            session.refresh()  # the AI's move (a bye's first lead): played now, not later
    return session, _linger_until(session) if session.view.over else None


def board_link(view: tm.TeamView) -> None:
    """The tournament's board (public: the class watches it)."""
    link = app_link(URL_PATH, {BOARD_PARAM: view.tournament.code})
    st.caption(
        _("[The tournament's board]({link}): every table, the results, the standings.").format(
            link=link
        )
    )


class TeamSeating:
    """The seating of a team at its tournament table (see the module)."""

    def __init__(self, followed: Followed, division: str, bring: bool = False) -> None:
        self.followed = followed
        self.division = division
        self.bring = bring  #: the next game of the match, drawn for the first time

    def top(self, session: GameSession) -> None:
        """The tournament, the match and the clock (the pulse), the games so far, the notes."""
        view = self.followed.view
        t = view.tournament
        st.markdown(f":small[**{md(t.name)}** · {team_line(view, self.division)}]")
        box = st.container(key=MATCH_BOX)
        box.markdown(f"{round_words(t)} · {match_line(view)}")
        with box:
            follow(self.followed)
        games = view.match.games if view.match is not None else ()
        shown = next((g for g in games if g.table_id == session.serial), None)
        if shown is not None:
            lines = [game_now_line(shown), score_line(view)]
            if called := calls_line(view):
                lines.append(called)
            box.markdown(f":small[{' · '.join(lines)}]")
            done = [
                line
                for g, line in zip(games, game_lines(view.match, view.team.id), strict=True)
                if g.n < shown.n
            ]
            if done:
                st.caption(" · ".join(done))
        if t.clock == tm.PAUSED and not session.state.is_over:
            st.info(
                _("The round is paused: wait for your teacher before you play on."),
                icon=":material/pause_circle:",
            )
        assert isinstance(session, SharedSession)
        seat_notes(session, table_line=False)

    def end(self, session: GameSession, ending: Ending) -> None:
        """The result is in; what comes next comes by itself."""
        if session.message:
            st.warning(session.message, icon=":material/block:")
        if self.followed.linger_until is not None and self.followed.view.token is None:
            st.info(_("The result is in. This page goes on by itself."), icon=":material/flag:")
        else:
            st.info(
                _("The result is in; the next game opens in a moment."),
                icon=":material/hourglass_top:",
            )

    def bottom(self, session: GameSession, game: GameWords) -> None:
        """The link to the board; the next game of the match brought into view."""
        board_link(self.followed.view)
        if self.bring:
            first = FIRST_CONTROL if session.humans_turn else by_key(MATCH_BOX)
            focus(first, f"{SESSION}-{session.serial}", reveal=by_key(MATCH_BOX))


def draw_game(followed: Followed, division: str) -> None:
    """The team's game (``followed.session``) on the game's own page, in its seating."""
    session = followed.session
    assert session is not None
    before = st.session_state.get(DRAWN)
    st.session_state[DRAWN] = session.serial
    match = followed.view.match
    earlier = {g.table_id for g in match.games if g.table_id != session.serial} if match else set()
    # A first drawing: the skeleton's keep_in_view does not scroll (nor mount its focus) now.
    bring = before != session.serial and before in earlier
    game_page(session.setup.game_id, (TeamSeating(followed, division, bring), session))
