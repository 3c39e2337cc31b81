"""A team's page when no game of its own is under way: before the first round, a "Call" round
waiting for its calls, between rounds, a final stage the team does not play, the end.

In order: the tournament's name, the team and its division, the round and the clock (the
page's pulse, :func:`ui.tournament.team_follow.follow`), the team's match (its table, the other
team, the games so far), then what the team does or waits for:

* **a "Call" round before the calls**: the cards turned over and who calls first; on the
  team's call one button per game it may call (:func:`store.tournament.call`), and how long
  until the AI calls for it; otherwise whom it waits for;
* **no round running** (before the first, between rounds, after the end): the match's
  outcome, what comes next, the team's standing (place and record) from the board's
  standings, the division's champion and the team's awards once known.

A press of a call button is refused in words when the call is no longer the team's (a second
press, another device of the team): the store calls once.
"""

from __future__ import annotations

import streamlit as st

from engine.core import Coded
from engine.tournament.standings import AI
from messages import _, join
from store import tournament as tm
from store.db import Unavailable
from store.tournament.records import WON
from ui.buttons import button
from ui.links import md
from ui.storage import app_database
from ui.tournament.errors import coded, worded
from ui.tournament.team_follow import AWAY, Followed, follow
from ui.tournament.team_game import board_link
from ui.tournament.team_words import (
    callable_games,
    calling,
    calls_line,
    cards_line,
    champion_line,
    game_lines,
    game_title,
    match_line,
    next_line,
    no_match_line,
    opponent,
    outcome_line,
    score_line,
    standing_line,
    team_line,
)
from ui.tournament.words import round_words
from worksheets.tournament import award_name

NOTICE = "tournament_team_notice"  #: session key: (team code, a refused call as its code)


def _call(code: str, game: str) -> None:
    """The team calls ``game``; a refusal is kept (as its code) for the page to say."""
    st.session_state.pop(NOTICE, None)
    try:
        tm.call(app_database(), code, game)
    except tm.TournamentError as error:
        st.session_state[NOTICE] = (code, coded(error))
    except Unavailable:
        st.session_state[NOTICE] = (code, AWAY)


def _notice(code: str) -> None:
    """A refused call, said once."""
    kept: tuple[str, Coded] | None = st.session_state.pop(NOTICE, None)
    if kept and kept[0] == code:
        st.warning(md(worded(kept[1])), icon=":material/block:")


def call_panel(followed: Followed) -> None:
    """The cards, who calls, and the team's call buttons when the call is its own."""
    view = followed.view
    m = view.match
    assert m is not None
    st.markdown(cards_line(view))
    if called := calls_line(view):
        st.markdown(called)
    _notice(followed.code)
    side = m.caller
    if view.tournament.clock == tm.PAUSED:
        st.info(
            _("The round is paused: the calls wait until it runs again."),
            icon=":material/pause_circle:",
        )
        return
    if side == view.team.id:
        if m.calls:
            ask = _("**Your call:** choose the second game of the match.")
        else:
            ask = _("**Your call:** choose the game the match plays first.")
        st.markdown(ask)
        for game in callable_games(m):
            button(
                game_title(game),
                key=f"tournament_call_{m.id}_{len(m.calls)}_{game}",
                on_click=_call,
                args=(followed.code, game),
                type="primary",
                width="stretch",
            )
    elif side == AI:
        st.markdown(_("**The AI is calling…** This page follows by itself."))
    else:
        st.markdown(
            _("**Waiting for {team} to call…** This page follows by itself.").format(
                team=opponent(view)
            )
        )


def match_panel(view: tm.TeamView) -> None:
    """The team's match: its games so far, and its outcome once decided (the round over, or a
    playoff match won)."""
    m = view.match
    assert m is not None
    if not m.games:
        return
    st.markdown(score_line(view))
    st.markdown("\n".join(f"- {line}" for line in game_lines(m, view.team.id)))
    won = any(g.result == WON for g in m.games)
    if view.tournament.clock == tm.DONE or (m.stage == tm.PLAYOFF and won):
        st.markdown(outcome_line(view))
        if m.stage == tm.PLAYOFF and not won:
            st.caption(
                _(
                    "A playoff match without a winner goes to the team placed higher in the "
                    "standings' draw: the next stage shows who goes on."
                )
            )


def standing_panel(view: tm.TeamView, division: str, board: tm.Board) -> None:
    """The team's place and record in its division (or its comeback division), the champion
    and the team's awards once given."""
    team = view.team
    lines = board.standings(team.division_id, team.comeback)
    st.markdown(_("**Standing:** {line}").format(
        line=standing_line(lines, team.id, division, team.comeback)
    ))  # fmt: skip
    champion = board.champion(team.division_id)
    if champion is not None:
        line = champion_line(board.team(champion).name, champion == team.id)
        if line:
            st.success(line, icon=":material/trophy:")
    awards = [award_name(kind) for tid, kind in board.awards if tid == team.id]
    if awards:
        st.success(
            _("Your team's award: {awards}").format(awards=join(awards)),
            icon=":material/emoji_events:",
        )


def status_page(followed: Followed, division: str, board: tm.Board | None) -> None:
    """The team's page without a game of its own under way (see the module); ``board`` is read
    when no round runs (the standings)."""
    view = followed.view
    t = view.tournament
    st.title(md(t.name), anchor=False)
    st.markdown(team_line(view, division))
    st.markdown(f"**{round_words(t)}**")
    follow(followed)
    if view.match is not None:
        st.markdown(match_line(view))
        if calling(view):
            call_panel(followed)
        match_panel(view)
        if t.clock != tm.DONE and not calling(view) and view.token is None:
            if t.clock == tm.PAUSED:
                st.info(
                    _("The round is paused: the next game opens when it runs again."),
                    icon=":material/pause_circle:",
                )
            else:
                st.markdown(_("The match is decided. This page follows the tournament by itself."))
    elif t.clock != tm.DONE:
        st.info(no_match_line(t), icon=":material/event_busy:")
    if t.clock == tm.DONE:
        st.info(next_line(t), icon=":material/schedule:")
    if board is not None:
        standing_panel(view, division, board)
    board_link(view)
