"""A team's page of a tournament (``/tournament?team=CODE``): one device per team follows its
match and plays its games at the tournament's tables.

* **The way in** is the code on the team card, in the address (the card's QR code opens it) or
  typed in a short form, forgivingly (:func:`store.codes.normalize_code`: any case, spaces and
  dashes). Once read, the code stays in the address in its printed form, so a reload, a lost
  connection or another server returns to the team. A wrong or malformed code is refused in
  words (:mod:`ui.tournament.errors`) above the form, never with a traceback.
* **What the team sees** is :func:`store.tournament.team_view` (which settles what is due
  first): with a game of its own under way, the game itself at the team's seat
  (:mod:`ui.tournament.team_game`); otherwise its match, its calls, what comes next and its
  standing (:mod:`ui.tournament.team_status`). The page never shows another team's code, nor
  any seat token (the team's own stays on the server).
* **Following** is one pulse (:mod:`ui.tournament.team_follow`): the tournament and the team's
  table, and the clock every second.
* **The database away**: the page says so and looks again every second by itself
  (:func:`ui.stream.reconnect`), drawing the team again as soon as the database answers.
"""

from __future__ import annotations

import streamlit as st

from messages import _
from store import tournament as tm
from store.codes import CODE_LENGTH, normalize_code
from store.db import Database, Unavailable
from store.tables import TableError
from ui.buttons import button
from ui.games.shared.errors import worded as table_worded
from ui.links import md
from ui.storage import app_database
from ui.stream import reconnect
from ui.tournament.errors import coded, worded
from ui.tournament.links import TEAM_PARAM
from ui.tournament.team_follow import AWAY, Followed
from ui.tournament.team_game import SESSION, draw_game, open_game
from ui.tournament.team_status import status_page

CODE_BOX = "tournament_team_code"  #: the form's text box
FORM_ERROR = "tournament_team_error"  #: session key: the form's refusal, as its code
DIVISIONS = "tournament_team_divisions"  #: session key: (tournament id, {division id: name})


def _param() -> str:
    return str(st.query_params.get(TEAM_PARAM) or "").strip()


# --- the way in -------------------------------------------------------------------------------


def _open() -> None:
    """The form's code: the team's page if it is one, else the refusal under the form."""
    ss = st.session_state
    typed = ss.get(CODE_BOX, "")
    ss.pop(FORM_ERROR, None)
    try:
        _, team = tm.team_by_code(app_database(), typed)
    except tm.TournamentError as error:
        ss[FORM_ERROR] = coded(error)
        return
    except Unavailable:
        ss[FORM_ERROR] = AWAY
        return
    st.query_params[TEAM_PARAM] = team.code


def way_in(refused: tm.TournamentError | None = None) -> None:
    """The form where a team types its code (the refusal of the address's code above it)."""
    st.title(_("Tournament"), anchor=False)
    st.markdown(_("Type your team's code: it is on your team card."))
    if refused is not None:
        st.error(md(worded(refused)), icon=":material/error:")
    with st.form("tournament_team_form"):
        st.text_input(
            _("Your team's code"),
            key=CODE_BOX,
            placeholder="K7PQ2M",
            max_chars=4 * CODE_LENGTH,
            autocomplete="off",
        )
        button(_("Open my team's page"), form=True, type="primary", width="stretch", on_click=_open)
    if error := st.session_state.get(FORM_ERROR):
        st.error(md(worded(error)), icon=":material/error:")


def _leave() -> None:
    """Back to the form (another team's code on this device)."""
    if TEAM_PARAM in st.query_params:
        del st.query_params[TEAM_PARAM]
    for key in (SESSION, CODE_BOX, FORM_ERROR):
        st.session_state.pop(key, None)


# --- the team -------------------------------------------------------------------------------


def _division(db: Database, view: tm.TeamView) -> str:
    """The team's division's name (a tournament's divisions never change: read once)."""
    held = st.session_state.get(DIVISIONS)
    t = view.tournament.id
    if not held or held[0] != t:
        held = (t, dict(tm.divisions(db, t)))
        st.session_state[DIVISIONS] = held
    return held[1].get(view.team.division_id, "")


def _away(code: str) -> None:
    """The database does not answer: say so, and draw the team again once it does."""
    st.title(_("Tournament"), anchor=False)
    st.error(worded(AWAY), icon=":material/cloud_off:")
    st.button(_("Try again"), icon=":material/refresh:", width="stretch")
    reconnect(lambda: tm.team_view(app_database(), code), gone=tm.TournamentError)


def team_page() -> None:
    """The page of the team whose code is in the address, or the form (see the module)."""
    typed = _param()
    if not typed:
        way_in()
        return
    code = normalize_code(typed) or typed
    db = app_database()
    try:
        view = tm.team_view(db, code)
        division = _division(db, view)
        opened = open_game(db, view)
        board = None
        if opened is None and (view.tournament.clock == tm.DONE or view.match is None):
            board = tm.board(db, view.tournament.id)
    except tm.TournamentError as error:
        way_in(error)
        return
    except TableError as error:
        st.session_state.pop(SESSION, None)
        st.error(md(table_worded(error)), icon=":material/error:")
        st.button(_("Try again"), icon=":material/refresh:")
        return
    except Unavailable:
        _away(code)
        return
    if typed != view.team.code:
        st.query_params[TEAM_PARAM] = view.team.code  # the code as printed: a reload returns
    followed = Followed(view.team.code, view)
    if opened is not None:
        followed.session, followed.linger_until = opened
        draw_game(followed, division)
        return
    status_page(followed, division, board)
    st.button(_("Another team's code"), on_click=_leave, icon=":material/swap_horiz:")
