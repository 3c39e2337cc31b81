"""A game page at a shared table: classmates on their own devices, AI in the other seats.

The page is the game's own page (``ui.games.page.game_page``) around a
:class:`ui.games.shared.session.SharedSession` instead of a game against the AI; this module
draws what surrounds the game there (the :data:`SHARED` seating) and the ways in. The rules:

* **The URL.** ``?seat=TOKEN`` is a seat (the token is the only key: a reload, or the link on
  another device, returns to the seat); ``?table=CODE`` opens the join form of a table. The
  deal's seed never reaches a page.
* **Ways in** (:func:`play_with_others`, beside "New game" on a game against the AI): host a
  table (players, teams, target, each other seat open for a classmate or an AI of a level,
  the idle time after which the AI plays for an absent player), or join one with its code.
* **The lobby** (:func:`lobby`): the code, the link and its QR code, the seats as they fill;
  the host may put an AI in a seat still empty and starts the game once every seat is taken.
* **Waiting.** While it is not this seat's turn (or in the lobby, or after the end) the page
  draws :func:`watch`, a look that the stream of changes runs when the table moves
  (:mod:`ui.stream`; every :data:`REFRESH` seconds without it), and every
  :data:`store.tables.TOUCH_EVERY` seconds to play what is due for the idle stand-in; it
  reruns the page when the table changed. On its own
  turn the page does not refresh (nothing can change but by this player, or by the stand-in
  after the idle time, which the next click then learns as "the table has moved on").
* **Away.** A person idle longer than the host's setting is played by the AI until seen
  again; every screen says so (:func:`seat_notes`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import streamlit as st

import store.tables as tables
from engine.games import game_class
from messages import _, join, ngettext, number
from store import changes
from store.db import Unavailable
from store.tables import AI, OPEN, SeatInfo, SeatView, TableError
from ui.games.session import GameSession
from ui.games.setup import (
    AI_LEVELS,
    JOIN_PARAM,
    SEAT_PARAM,
    level_name,
    settings,
    settings_label,
    url_params,
)
from ui.games.shared import autoplay
from ui.games.shared.errors import worded
from ui.games.shared.session import UNAVAILABLE, SharedSession
from ui.games.words import Ending, GameWords
from ui.links import app_base_url, app_link, md
from ui.storage import app_database
from ui.stream import reconnect, watched

REFRESH = 1.0  #: seconds between two looks at the table while waiting


def wants_a_table() -> bool:
    """Whether the URL names a seat or a table to join (the page is then a shared table's)."""
    return bool(_param(SEAT_PARAM) or _param(JOIN_PARAM))


# --- the URL and the session ----------------------------------------------------------------


def _param(name: str) -> str:
    return str(st.query_params.get(name) or "").strip()


def _leave(key: str) -> None:
    """Back to a game against the AI (the seat stays the player's: its link still works)."""
    for name in (SEAT_PARAM, JOIN_PARAM):
        if name in st.query_params:
            del st.query_params[name]
    st.session_state.pop(key, None)


def _fail(key: str, message: str) -> None:
    st.error(message, icon=":material/error:")
    st.button(
        _("Play against the AI instead"),
        on_click=_leave,
        args=(key,),
        icon=":material/smart_toy:",
    )
    st.stop()


def open_session(game: GameWords) -> SharedSession:
    """The page's seat at its shared table (``?seat=``), refreshed; or the join form
    (``?table=``), and the page stops there."""
    key, game_id = game.game_id, game.game_id
    token = _param(SEAT_PARAM)
    if not token:
        join_screen(key, game_id)
        st.stop()
    session = st.session_state.get(key)
    try:
        if isinstance(session, SharedSession) and session.token == token:
            session.refresh()
        else:
            hints = isinstance(session, GameSession) and session.hints
            session = SharedSession.sit(
                app_database(),
                key,
                game_id,
                game.choices,
                token,
                hints=hints,
            )
            st.session_state[key] = session
    except TableError as error:
        _fail(key, worded(error, game_id))
    except Unavailable:
        st.warning(_(UNAVAILABLE), icon=":material/cloud_off:")
        watch(None)
        st.stop()
    if session.view.table.game != game_id:
        _fail(key, _("This seat is at a table of another game: open it from that game's page."))
    for name in url_params(game.choices):
        if name in st.query_params:
            del st.query_params[name]
    return session


# --- what every screen of a table shows -----------------------------------------------------


def _signature(view: SeatView) -> tuple:
    return (
        view.seq,
        view.table.status,
        view.table.round,
        tuple((s.kind, s.name, s.level) for s in view.seats),
        view.away,
    )


def watch(session: SharedSession | None) -> None:
    """While this seat waits: look at the table when the stream says it changed, and every
    :data:`store.tables.TOUCH_EVERY` seconds (playing what is due for the AI seats and the
    stand-in); rerun the page when it changed. Without the stream, look every :data:`REFRESH`
    seconds. Without a session (the database was away) it reruns the page once the seat can be
    read again."""
    if session is None:
        seat = _param(SEAT_PARAM)
        reconnect(lambda: tables.view(app_database(), seat), gone=TableError, every=REFRESH)
        return

    def look(cause: str) -> None:
        if cause == "page":
            return  # the page has just read the table
        try:
            fresh = cause == "change"  # the cache of this process may not hold the change yet
            if tables.peek(session.db, session.view.table.id, fresh=fresh) != session.peeked:
                st.rerun()  # a move, a join, the start …: the page is drawn again
            if cause != "time" and time.monotonic() - session.looked < tables.TOUCH_EVERY:
                return
            # Now and then the whole view: it keeps this seat present, shows who is away,
            # and lets the stand-in play for a player who is.
            now = session.look()
            if autoplay.due(now) and autoplay.play_ai_turns(session.db, now.table.id):
                st.rerun()
        except Unavailable:
            return
        except TableError:
            st.rerun()
        if _signature(now) != _signature(session.view):
            st.rerun()

    topics = [changes.table(session.view.table.id)]
    watched(look, topics, key="table_pulse", every=tables.TOUCH_EVERY)


def seat_notes(session: SharedSession, *, table_line: bool = True) -> None:
    """Whose turn it is and who is away, on every screen of the table; the table's line (its
    code, game and seats) first unless ``table_line`` is false (a tournament's table: its
    teams know it by its number)."""
    view = session.view
    if table_line:
        names = join(
            [
                _("{name} (you)").format(name=md(s.name or ""))
                if s.seat == session.me
                else session.seat_label(s.seat)
                for s in view.seats
            ]
        )
        line = _("Table **{code}** · game {number} · {names}").format(
            code=view.table.code, number=number(view.table.round + 1), names=names
        )
        st.markdown(f":small[{line}]")
    for seat in view.away:
        st.info(
            _("{name} is away: the AI ({level}) plays for them until they come back.").format(
                name=session.seat_name(seat), level=level_name(view.table.stand_in).lower()
            ),
            icon=":material/person_off:",
        )
    count = 0  # the stand-in's moves for this seat since its player's own last move
    for i, step in enumerate(session.history):
        if step.seat == session.me:
            count = count + 1 if session.stand_in(i) else 0
    if count:
        st.info(
            ngettext(
                "While you were away the AI played {count} move for you (the log says which). "
                "You have your seat back.",
                "While you were away the AI played {count} moves for you (the log says which). "
                "You have your seat back.",
                count,
            ).format(count=number(count)),
            icon=":material/person_check:",
        )
    if session.message and not session.humans_turn:  # on its turn: said by the widgets
        st.warning(
            _("Not played: {reason}").format(reason=session.message), icon=":material/block:"
        )
        session.message = ""  # said once
    if view.over or session.humans_turn:
        return
    to_act = view.to_act
    if to_act is None:
        st.markdown(_("**Waiting for the table…** This page follows the game by itself."))
    else:
        name = session.seat_label(to_act) if view.seats[to_act].kind == AI else None
        st.markdown(
            _("**Waiting for {name}…** This page follows the game by itself.").format(
                name=name or session.seat_name(to_act)
            )
        )


class Shared:
    """The seating of a shared table."""

    def top(self, session: SharedSession) -> None:
        """The lobby while the host waits for players (then the page stops), else the
        table's line and notes, and the watcher while another seat is to act."""
        if session.view.table.status == OPEN:
            lobby(session)
            watch(session)
            st.stop()
        seat_notes(session)
        if not session.humans_turn:
            watch(session)

    def end(self, session: SharedSession, ending: Ending) -> None:
        """The host's Rematch button; the others wait for it."""
        if session.message:
            st.warning(session.message, icon=":material/block:")
        if session.me == 0:
            st.button(
                _("Rematch: a new deal at this table"),
                key=f"{session.key}_rematch",
                type="primary",
                icon=":material/restart_alt:",
                width="stretch",
                on_click=_host_action,
                args=(session, tables.rematch, session.view.seq),
            )
        else:
            st.markdown(
                _("The host can offer a rematch at this table: this page follows by itself.")
            )

    def bottom(self, session: SharedSession, game: GameWords) -> None:
        """In place of "New game": the seat's link and the way out."""
        with st.expander(_("This table"), icon=":material/groups:"):
            st.markdown(
                _(
                    "This page's address is your seat: open it again (here or on another "
                    "device) to come back to the game. Do not share it; classmates join with "
                    "the table code **{code}**."
                ).format(code=session.view.table.code)
            )
            st.button(
                _("Leave this table"),
                on_click=_leave,
                args=(session.key,),
                key=f"{session.key}_leave",
                icon=":material/logout:",
            )


SHARED = Shared()


# --- the lobby: joining, filling seats, starting --------------------------------------------


def _host_action(session: SharedSession, act: Callable[..., Any], *args: Any) -> None:
    """``act(db, host's token, *args)`` (a ``store.tables`` function); its refusal is the
    page's message."""
    try:
        act(session.db, session.token, *args)
        session.message = ""
    except TableError as error:
        session.message = worded(error, session.setup.game_id)
    except Unavailable:
        session.message = _(UNAVAILABLE)


def lobby(session: SharedSession) -> None:
    """Before the start: the table code, the link and QR code (host), the seats, and for the
    host a level to put in each empty seat and the Start button."""
    from ui.qr import qr_svg

    view = session.view
    code = view.table.code
    if session.me == 0:
        game_id = view.table.game  # a game page's URL path is its game's id (ui.nav)
        link = app_link(game_id, {JOIN_PARAM: code}, app_base_url(game_id))
        st.success(
            _(
                "Your table is open. Table code: **{code}**. Classmates join with the code on "
                "this game's page (Play with others), or with this link:"
            ).format(code=code),
            icon=":material/groups:",
        )
        st.code(link, language=None, wrap_lines=True)
        if "://" in link:
            st.image(qr_svg(link), caption=_("Scan this with a phone to join."), width=200)
    else:
        st.success(
            _(
                "You are at table **{code}**, seat {number}. The game starts when the host "
                "starts it; this page follows by itself."
            ).format(code=code, number=number(session.me + 1)),
            icon=":material/groups:",
        )
    st.markdown(_("**Seats**"))
    for info in view.seats:
        st.markdown(_seat_line(info, session.me))
        if session.me == 0 and info.is_open:
            left, right = st.columns(2, vertical_alignment="bottom")
            level = left.selectbox(
                _("AI level"),
                AI_LEVELS,
                index=1,
                format_func=level_name,
                key=f"{session.key}_fill_level_{info.seat}",
                label_visibility="collapsed",
            )
            right.button(
                _("Put an AI in seat {number}").format(number=number(info.seat + 1)),
                key=f"{session.key}_fill_{info.seat}",
                on_click=_host_action,
                args=(session, tables.fill_with_ai, info.seat, level),
                width="stretch",
            )
    if session.message:
        st.warning(session.message, icon=":material/block:")
    if session.me == 0:
        empty = [s for s in view.seats if s.is_open]
        st.button(
            _("Start the game"),
            key=f"{session.key}_start",
            type="primary",
            icon=":material/play_arrow:",
            disabled=bool(empty),
            help=_("Every seat needs a player or an AI.") if empty else None,
            on_click=_host_action,
            args=(session, tables.start),
            width="stretch",
        )
    st.button(
        _("Leave this table"), on_click=_leave, args=(session.key,), key=f"{session.key}_leave"
    )


def _seat_line(info: SeatInfo, me: int) -> str:
    """A seat in the lobby's list: "Seat 2: AI (easy)", "Seat 1: Ana (you) · host"."""
    seat = number(info.seat + 1)
    if info.kind == AI:
        return _("Seat {number}: AI ({level})").format(
            number=seat, level=level_name(info.level).lower()
        )
    if info.is_open:
        return _("Seat {number}: open — waiting for a player").format(number=seat)
    name = md(info.name or "")
    if info.seat == me:
        if info.seat == 0:
            return _("Seat {number}: {name} (you) · host").format(number=seat, name=name)
        return _("Seat {number}: {name} (you)").format(number=seat, name=name)
    if info.seat == 0:
        return _("Seat {number}: {name} · host").format(number=seat, name=name)
    return _("Seat {number}: {name}").format(number=seat, name=name)


def _join(key: str, game_id: str) -> None:
    code = st.session_state.get(f"{key}_join_code", "")
    name = st.session_state.get(f"{key}_join_name", "")
    db = app_database()
    try:
        table = tables.find(db, code)
        if table.game != game_id:
            raise TableError("other_game", table=table.code, title=game_class(table.game).title)
        _, token = tables.join(db, code, name)
    except TableError as error:
        st.session_state[f"{key}_join_error"] = worded(error, game_id)
        return
    except Unavailable:
        st.session_state[f"{key}_join_error"] = _(UNAVAILABLE)
        return
    st.session_state.pop(f"{key}_join_error", None)
    st.query_params[SEAT_PARAM] = token
    if JOIN_PARAM in st.query_params:
        del st.query_params[JOIN_PARAM]


def join_form(key: str, game_id: str, code: str = "") -> None:
    """The table code and the player's name. A link's ``code`` fills the code box whenever the
    link brings a code the box has not had from it yet, even if the session drew the box before
    (a keyed widget keeps its value across runs and ignores a new default)."""
    box, linked = f"{key}_join_code", f"{key}_join_linked"
    if code and st.session_state.get(linked) != code:
        st.session_state[linked] = st.session_state[box] = code
    with st.form(f"{key}_join_form"):
        st.text_input(_("Table code"), key=box, placeholder="K7PQ2M", max_chars=20)
        st.text_input(
            _("Your name"), key=f"{key}_join_name", placeholder=_("First name"), max_chars=60
        )
        st.form_submit_button(
            _("Join the table"), type="primary", on_click=_join, args=(key, game_id)
        )
    if error := st.session_state.get(f"{key}_join_error"):
        st.error(error, icon=":material/error:")


def join_screen(key: str, game_id: str) -> None:
    """What a ``?table=CODE`` link opens: the join form with the code filled in."""
    st.title(game_class(game_id).title)
    st.markdown(
        _(
            "**Join a table of {game}.** Type your name: the host and the other players see it."
        ).format(game=game_class(game_id).title)
    )
    join_form(key, game_id, _param(JOIN_PARAM))
    st.button(_("Play against the AI instead"), on_click=_leave, args=(key,))


def _host(session: GameSession) -> None:
    game_id = session.setup.game_id
    key = session.key
    state = st.session_state
    players, teams = state.get(f"{key}_host_players", (session.setup.players, session.setup.teams))
    seats = {s: state.get(f"{key}_host_seat_{s}", "person") for s in range(1, players)}
    options: dict[str, Any] = {}
    for choice in (c for c in session.choices if c.at_shared_tables):
        value = state.get(f"{key}_host_{choice.name}") or choice.default
        if choice.engine_option and value:
            options[choice.engine_option] = choice.to_engine(value)
    minutes = state.get(f"{key}_host_idle", 2.0)
    db = app_database()
    try:
        tables.cleanup(db)  # tables finished or idle for a day
        made = tables.create(
            db,
            game_id,
            state.get(f"{key}_host_name", ""),
            players=players,
            teams=teams,
            options=options,
            ai={s: level for s, level in seats.items() if level != "person"},
            idle_seconds=int(round(float(minutes) * 60)),
            stand_in=state.get(f"{key}_host_stand_in", "medium"),
        )
    except TableError as error:
        state[f"{key}_host_error"] = worded(error, game_id)
        return
    except Unavailable:
        state[f"{key}_host_error"] = _(UNAVAILABLE)
        return
    state.pop(f"{key}_host_error", None)
    for name in url_params(session.choices):
        if name in st.query_params:
            del st.query_params[name]
    st.query_params[SEAT_PARAM] = made.token


def play_with_others(session: GameSession) -> None:
    """The "Play with others" expander beside "New game": host a table, or join one."""
    game_id, key = session.setup.game_id, session.key
    with st.expander(_("Play with others"), icon=":material/groups:"):
        st.markdown(
            _(
                "Play with classmates, each on their own device. Host a table and share its "
                "code, or join a classmate's table."
            )
        )
        host, joining = st.tabs([_("Host a table"), _("Join a table")])
        with host:
            allowed = list(settings(game_id))
            players, _teams = (
                st.selectbox(
                    _("Players"),
                    allowed,
                    format_func=lambda s: settings_label(*s),
                    key=f"{key}_host_players",
                )
                if len(allowed) > 1
                else allowed[0]
            )
            st.text_input(_("Your name"), key=f"{key}_host_name", max_chars=60)
            kinds = ["person", *AI_LEVELS]
            kind_names = {"person": _("Open for a classmate"), **{
                lv: _("AI ({level})").format(level=level_name(lv).lower()) for lv in AI_LEVELS
            }}  # fmt: skip
            for seat in range(1, players):
                st.selectbox(
                    _("Seat {number}").format(number=number(seat + 1)), kinds,
                    format_func=kind_names.get,
                    key=f"{key}_host_seat_{seat}",
                )  # fmt: skip
            for choice in (c for c in session.choices if c.at_shared_tables):
                values = list(choice.values)
                st.selectbox(
                    choice.label_text(),
                    values if choice.default else ["", *values],
                    format_func=choice.value_text,
                    key=f"{key}_host_{choice.name}",
                )
            st.number_input(
                _("Minutes before the AI plays for a player who is away"),
                min_value=tables.IDLE_MIN / 60,
                max_value=tables.IDLE_MAX / 60,
                value=tables.IDLE_SECONDS / 60,
                step=0.5,
                key=f"{key}_host_idle",
            )
            st.selectbox(
                _("Level of that AI"),
                AI_LEVELS,
                index=1,
                format_func=level_name,
                key=f"{key}_host_stand_in",
            )
            st.button(
                _("Open the table"),
                type="primary",
                icon=":material/group_add:",
                on_click=_host,
                args=(session,),
                key=f"{key}_host_open",
            )
            if error := st.session_state.get(f"{key}_host_error"):
                st.error(error, icon=":material/error:")
        with joining:
            join_form(key, game_id)
