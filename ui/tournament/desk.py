"""The tournament desk, the teacher's page (``/tournament_desk``).

* **Setup** (no tournament in this session): the name, the divisions (one a line), the rounds
  (how many "All" rounds and how long, then how many "Call" rounds and how long) and how long
  an empty seat waits for its team before the AI plays it. "Create the tournament" makes it
  with a teacher key the form drew once, so a double press makes one tournament.
* **The key stays off the screen.** The key lives in the session; the teacher link
  ``/tournament_desk?key=…`` is shown once, right after the tournament is made, on a screen of
  its own; a key that comes in the address is moved into the session and out of the address
  bar at once (as the Live board does). The board a class watches is another page
  (``/tournament?board=CODE``) with nothing secret on it; the desk links to it.
* **Teams** are added a division at a time, one name a line; each refused line says why and
  stays in the box, the others are added. Their codes are on the desk (the teacher prints the
  cards) under a warning to keep the list off the projector.
* **The round's steps** (start, pause, resume, end now, the finals) each pass the version the
  desk showed, so a double press or a second tab moves the tournament once.
* **Printing**: the team cards (each with its code and the QR code of its link) and a
  certificate per team (its final place, record and awards), made when a button is pressed.
* **Awards**: teamwork and sportsmanship, to any teams, given or taken back at any time.
* **Following**: a look every second shows the clock and reruns the page when the tournament
  moved (the stream says so at once).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import streamlit as st

from engine.core import Coded
from engine.tournament.rounds import ALL, CALL
from messages import _, language, ngettext, number
from store import changes
from store import tournament as tm
from store.codes import KEY_BYTES, new_token
from store.db import Unavailable
from ui.buttons import button
from ui.links import app_base_url, app_link, md
from ui.storage import app_database
from ui.stream import reconnect, watched
from ui.tournament.errors import UNAVAILABLE_NOTICE, coded, worded
from ui.tournament.links import BOARD_PARAM, TEAM_PARAM
from ui.tournament.links import URL_PATH as TEAM_PATH
from ui.tournament.roster import names_in
from ui.tournament.words import clock_words, round_words
from worksheets import Certificate, Paper, TeamCard, certificates_pdf, team_cards_pdf
from worksheets.tournament import award_name

URL_PATH = "tournament_desk"
KEY_PARAM = "key"
KEY = "desk"  #: widget keys' prefix
HOST_KEY = "desk_host_key"  #: session key: the teacher key of the tournament on this desk
REQUEST = "desk_request"  #: session key: the key the setup form drew
FRESH = "desk_fresh"  #: session key: made in this session (show its link once)
ERROR = "desk_error"  #: session key: the last refusal, as its code
PULSE = "desk_pulse"


def teacher_link(key: str, base: str | None) -> str:
    """The private link that opens this desk again: ``/tournament_desk?key=…``."""
    return app_link(URL_PATH, {KEY_PARAM: key}, base)


def team_link(code: str, base: str | None) -> str:
    """A team's link, on its card's QR code: ``/tournament?team=…``."""
    return app_link(TEAM_PATH, {TEAM_PARAM: code}, base)


def board_link(code: str, base: str | None) -> str:
    """The board's link, to project: ``/tournament?board=…`` (nothing secret in it)."""
    return app_link(TEAM_PATH, {BOARD_PARAM: code}, base)


def _key_from_link() -> None:
    """A key in the address goes into the session and out of the address bar."""
    if KEY_PARAM in st.query_params:
        ss = st.session_state
        ss[HOST_KEY] = str(st.query_params.get(KEY_PARAM) or "").strip()
        for name in (FRESH, ERROR):
            ss.pop(name, None)
        del st.query_params[KEY_PARAM]


def _ask(action: Callable[..., Any], *args: Any) -> Any:
    """``action(db, *args)``; ``None``, its refusal kept to show, when refused or away."""
    st.session_state.pop(ERROR, None)
    try:
        return action(app_database(), *args)
    except tm.TournamentError as error:
        st.session_state[ERROR] = coded(error)
    except Unavailable:
        st.session_state[ERROR] = UNAVAILABLE_NOTICE
    return None


# --- setup ------------------------------------------------------------------------------------


def _rounds() -> list[tuple[str, int]]:
    ss = st.session_state
    rounds = [(ALL, int(ss[f"{KEY}_all_minutes"]))] * int(ss[f"{KEY}_all_rounds"])
    return rounds + [(CALL, int(ss[f"{KEY}_call_minutes"]))] * int(ss[f"{KEY}_call_rounds"])


def _create() -> None:
    ss = st.session_state
    if ss.get(HOST_KEY):
        return  # a second press: it is made
    key = ss.setdefault(REQUEST, new_token(KEY_BYTES))
    divisions = [line for line in str(ss.get(f"{KEY}_divisions", "")).split("\n") if line.strip()]
    made = _ask(
        tm.create, ss.get(f"{KEY}_name", ""), key, divisions or [""], _rounds(),
        int(ss[f"{KEY}_grace"]),
    )  # fmt: skip
    if made is not None:
        ss[HOST_KEY], ss[FRESH] = key, True
        ss.pop(REQUEST, None)


def _setup_form() -> None:
    st.title(_("Run a tournament"))
    st.caption(
        _(
            "Teams of two to four meet in head-to-head matches of the card games over timed "
            "rounds, change opponents every round, and the top two play the championship."
        )
    )
    ss = st.session_state
    ss.setdefault(f"{KEY}_divisions", _("All teams"))
    with st.form(f"{KEY}_setup"):
        st.text_input(_("Tournament name"), key=f"{KEY}_name", max_chars=120)
        st.text_area(_("Divisions, one a line"), key=f"{KEY}_divisions", height=100)
        left, right = st.columns(2)
        left.number_input(_("“All” rounds"), 0, tm.records.ROUNDS_MAX, 4, key=f"{KEY}_all_rounds")
        right.number_input(
            _("Minutes each"), 1, tm.records.MINUTES_MAX, 20, key=f"{KEY}_all_minutes"
        )
        left.number_input(_("“Call” rounds"), 0, tm.records.ROUNDS_MAX, 4, key=f"{KEY}_call_rounds")
        right.number_input(
            _("Minutes each"), 1, tm.records.MINUTES_MAX, 12, key=f"{KEY}_call_minutes"
        )
        st.caption(
            _(
                "An “All” round plays Border Attack, BorderCap Gin and GeoPower Toss in turn "
                "until time is up; in a “Call” round each team calls a game and the two "
                "alternate."
            )
        )
        st.number_input(
            _("Seconds an empty seat waits for its team before the AI plays it"),
            10, 3600, tm.GRACE_SECONDS, key=f"{KEY}_grace",
        )  # fmt: skip
        button(_("Create the tournament"), on_click=_create, form=True, type="primary")
    _error_line()


def _private_link(key: str, t: tm.TournamentInfo) -> None:
    """The teacher link, once, before anything a class may see."""
    st.title(md(t.name))
    st.success(_("The tournament is ready."), icon=":material/check_circle:")
    st.markdown(
        _(
            "Keep this link to open the desk again (from another device too). It is yours "
            "alone: do not project it or share it."
        )
    )
    st.code(teacher_link(key, app_base_url(URL_PATH)), language=None)
    button(_("Go to the desk"), on_click=st.session_state.pop, args=(FRESH, None), type="primary")


# --- the desk ---------------------------------------------------------------------------------


def _step(action: Callable[..., Any], seen: int) -> None:
    _ask(action, st.session_state.get(HOST_KEY, ""), seen)


def _controls(t: tm.TournamentInfo) -> None:
    """The step the tournament is ready for, and the round's line."""
    v = t.version
    if t.clock == tm.RUNNING:
        left, right = st.columns(2)
        with left:
            button(_("Pause"), on_click=_step, args=(tm.pause, v), icon=":material/pause:",
                   width="stretch", key=f"{KEY}_pause")  # fmt: skip
        with right:
            button(_("End the round now"), on_click=_step, args=(tm.end_round, v),
                   icon=":material/stop:", width="stretch", key=f"{KEY}_end")  # fmt: skip
    elif t.clock == tm.PAUSED:
        left, right = st.columns(2)
        with left:
            button(_("Resume"), on_click=_step, args=(tm.resume, v), type="primary",
                   icon=":material/play_arrow:", width="stretch", key=f"{KEY}_resume")  # fmt: skip
        with right:
            button(_("End the round now"), on_click=_step, args=(tm.end_round, v),
                   icon=":material/stop:", width="stretch", key=f"{KEY}_end")  # fmt: skip
    elif t.stage == tm.SWISS and t.round < len(t.rounds):
        label = _("Start round {n}").format(n=number(t.round + 1))
        button(label, on_click=_step, args=(tm.start_round, v), type="primary",
               icon=":material/play_arrow:", key=f"{KEY}_start")  # fmt: skip
    elif t.stage != tm.ENDED:
        label = _("End the tournament") if t.stage == tm.CHAMPIONSHIP else _("Go on to the finals")
        button(label, on_click=_step, args=(tm.start_final, v), type="primary",
               icon=":material/emoji_events:", key=f"{KEY}_final")  # fmt: skip


def _add_teams(division_id: int, box: str) -> None:
    """Add one team a line; the refused lines stay in the box, each with why."""
    ss = st.session_state
    ss.pop(ERROR, None)
    kept, faults = [], []
    for line in str(ss.get(box, "")).split("\n"):
        if not line.strip():
            continue
        try:
            tm.add_team(app_database(), ss.get(HOST_KEY, ""), division_id, line)
        except tm.TournamentError as error:
            kept.append(line)
            faults.append((line, coded(error)))
        except Unavailable:
            kept.append(line)
            faults.append((line, UNAVAILABLE_NOTICE))
    ss[box] = "\n".join(kept)
    ss[f"{box}_faults"] = faults


def _import(box: str) -> None:
    """The names of the file just uploaded, added to the box's (the teacher reviews them and
    presses "Add the teams"); a file of no text says so."""
    ss = st.session_state
    upload = ss.get(f"{box}_file")
    if upload is None:
        return
    names = names_in(upload.getvalue())
    if names is None:
        ss[f"{box}_faults"] = [(upload.name, Coded("not_a_list"))]
        return
    ss[box] = "\n".join([*str(ss.get(box, "")).split("\n"), *names]).strip()
    ss[f"{box}_faults"] = []


def _teams(board: tm.Board) -> None:
    st.warning(
        _("The codes below let each team in: keep this list off the projector."),
        icon=":material/visibility_off:",
    )
    late = board.tournament.stage != tm.SWISS or board.tournament.round >= len(
        board.tournament.rounds
    )
    for division_id, name in board.divisions:
        members = [x for x in board.teams if x.division_id == division_id]
        st.subheader(md(name), anchor=False)
        if members:
            st.dataframe(
                [{_("Team"): x.name, _("Code"): x.code,
                  _("Comeback division"): _("yes") if x.comeback else ""} for x in members],
                hide_index=True, width="stretch",
            )  # fmt: skip
        if late:
            continue
        box = f"{KEY}_add_{division_id}"
        st.text_area(_("New teams, one a line"), key=box, height=90)
        st.file_uploader(
            _("Or take the names from a file: a list, one a line, or a CSV whose first column "
              "holds them"),
            type=["csv", "txt"], key=f"{box}_file", on_change=_import, args=(box,),
        )  # fmt: skip
        for line, fault in st.session_state.get(f"{box}_faults", []):
            st.error(f"{md(line)}: {worded(fault)}", icon=":material/error:")
        button(_("Add the teams"), on_click=_add_teams, args=(division_id, box),
               key=f"{box}_button")  # fmt: skip


def _award(kind: str, widget: str, holders: set[int]) -> None:
    ss = st.session_state
    chosen = set(ss.get(widget) or ())
    for team_id in chosen ^ holders:
        _ask(tm.give_award, ss.get(HOST_KEY, ""), team_id, kind, team_id in chosen)
        if ss.get(ERROR):
            return


def _awards(board: tm.Board) -> None:
    names = {x.id: x.name for x in board.teams}
    for kind in tm.AWARDS:
        holders = {team for team, k in board.awards if k == kind}
        widget = f"{KEY}_award_{kind}"
        st.session_state[widget] = sorted(holders)
        st.multiselect(
            award_name(kind), list(names), key=widget, format_func=lambda i: names[i],
            on_change=_award, args=(kind, widget, holders), placeholder=_("No team yet"),
        )  # fmt: skip


def _cards(board: tm.Board, base: str | None) -> list[TeamCard]:
    divisions = dict(board.divisions)
    return [
        TeamCard(x.name, divisions[x.division_id], x.code, team_link(x.code, base))
        for x in board.teams
    ]


def _certificates(board: tm.Board) -> list[Certificate]:
    """Each team's certificate: its final place in its division, its record, its awards (the
    champion's and the other finalist's too)."""
    made = []
    for division_id, name in board.divisions:
        members = [x for x in board.teams if x.division_id == division_id]
        places = board.final_places(division_id)
        lines = {line.team: line for line in board.standings(division_id)}
        lines |= {line.team: line for line in board.standings(division_id, comeback=True)}
        final = board.final(division_id)
        first = board.champion(division_id)
        for x in members:
            awards = [kind for team, kind in board.awards if team == x.id]
            if first is not None and x.id in final.teams:
                awards.insert(0, "champion" if x.id == first else "runner_up")
            line = lines[x.id]
            made.append(Certificate(
                x.name, name, places.get(x.id), len(members), line.won, line.tied, line.lost,
                line.points, tuple(awards),
            ))  # fmt: skip
    return made


def _print(board: tm.Board, base: str | None) -> None:
    """The team cards and the certificates as PDF downloads, made when pressed."""
    if not board.teams:
        st.caption(_("Add teams first: their cards and certificates print here."))
        return
    paper = st.radio(_("Paper"), list(Paper), format_func=lambda p: p.label, horizontal=True,
                     key=f"{KEY}_paper")  # fmt: skip
    lang, name = language(), board.tournament.name
    downloads = (
        (_("Download the team cards (PDF)"), "team-cards", ":material/badge:",
         lambda: team_cards_pdf(name, _cards(board, base), lang=lang, paper=paper)),
        (_("Download the certificates (PDF)"), "certificates", ":material/workspace_premium:",
         lambda: certificates_pdf(name, _certificates(board), lang=lang, paper=paper)),
    )  # fmt: skip
    for column, (label, part, icon, make) in zip(st.columns(2), downloads, strict=True):
        column.download_button(
            label, make, file_name=f"tournament-{part}-{paper.slug}.pdf",
            mime="application/pdf", on_click="ignore", icon=icon, width="stretch",
            key=f"{KEY}_{part}",
        )  # fmt: skip
    if board.tournament.stage != tm.ENDED:
        st.caption(_("Until the tournament ends, a certificate shows the standings of now."))


def _error_line() -> None:
    error = st.session_state.get(ERROR)
    if error is not None:
        st.error(worded(error), icon=":material/error:")


def _follow(t: tm.TournamentInfo) -> None:
    """Every second: the clock; the page again when the tournament moved."""

    def look(cause: str) -> None:
        try:
            now = tm.settle(app_database(), t.id)
        except Unavailable:
            st.caption(worded(UNAVAILABLE_NOTICE))
            return
        if now.version != t.version:
            st.rerun(scope="app")
        st.markdown(f"**{clock_words(now, datetime.now(UTC))}**")

    watched(look, [changes.tournament(t.id)], key=PULSE, every=1)


def desk_page() -> None:
    """Draw the desk for this session (see the module)."""
    _key_from_link()
    ss = st.session_state
    key = ss.get(HOST_KEY)
    if not key:
        _setup_form()
        return
    try:
        t = tm.for_key(app_database(), key)
        board = tm.board(app_database(), t.id)
    except tm.TournamentError as error:
        st.error(worded(error), icon=":material/error:")
        button(_("Set up a new tournament"), on_click=ss.pop, args=(HOST_KEY, None))
        return
    except Unavailable:
        st.error(worded(UNAVAILABLE_NOTICE), icon=":material/cloud_off:")
        reconnect(lambda: tm.for_key(app_database(), key), gone=tm.TournamentError)
        return
    t = board.tournament
    if ss.get(FRESH):
        _private_link(key, t)
        return
    st.title(md(t.name))
    base = app_base_url(URL_PATH)
    st.markdown(
        _("[Open the board]({board}) to project it · teams play at [{teams}]({teams})").format(
            board=board_link(t.code, base), teams=app_link(TEAM_PATH, {}, base)
        )
    )
    st.subheader(round_words(t), anchor=False)
    _follow(t)
    _controls(t)
    _error_line()
    teams_tab, print_tab, awards_tab = st.tabs([
        ngettext("{n} team", "{n} teams", len(board.teams)).format(n=number(len(board.teams))),
        _("Print"),
        _("Awards"),
    ])  # fmt: skip
    with teams_tab:
        _teams(board)
    with print_tab:
        _print(board, base)
    with awards_tab:
        _awards(board)
