"""A shared game table on a game page: classmates on their own devices, AI in the other seats.

The game pages are written once, around a :class:`ui.games.session.Table`; at a shared table the
same page script runs around a :class:`SeatPlay` table instead (the page's own ``Table`` class
with this mixin in front, :func:`seat_class`). The rules of it:

* **The URL.** ``?seat=TOKEN`` is a seat (the token is the only key: a reload, or the link on
  another device, returns to the seat); ``?table=CODE`` opens the join form of a table. The
  deal's seed never reaches a page.
* **What a screen sees.** ``tab.state`` is a :class:`SeatGame`: the seat's own observation
  (``store.tables.view``) and the public facts (whose turn, over or not). The steps of the log
  are kept with the seat's own observation after each move, replayed on the server from the
  round's deal (:func:`store.tables.round_state`); that replay holds every hand, so nothing
  on a page reads it. No other seat's hidden card is drawn, so none reaches the browser.
* **Moves** go to the store (``store.tables.append``) with the ``seq`` the page showed; a
  stale page, a move out of turn or after the end gets the store's sentence as the page's
  message (the engine's reason for an illegal move), and the page shows the table as it is.
* **Waiting.** While it is not this seat's turn (or in the lobby, or after the end) the page
  draws :func:`watch`, a fragment that every :data:`REFRESH` seconds plays what is due for
  the AI seats and the idle stand-in, and reruns the page when the table changed. On its own
  turn the page does not refresh (nothing can change but by this player, or by the stand-in
  after the idle time, which the next click then learns as "the table has moved on").
* **Away.** A person idle longer than the host's setting is played by the AI until seen
  again; every screen says so (:func:`seat_notes`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

import streamlit as st

import store.tables as tables
from engine.core import GameState, IllegalAction
from engine.games import game_class, player_settings
from store.db import Unavailable
from store.tables import AI, AI_LEVELS, OPEN, SeatView, TableError
from ui.games.session import (
    JOIN_PARAM,
    LEVEL_NAMES,
    SEAT_PARAM,
    Choice,
    Setup,
    Step,
    Table,
    url_params,
)
from ui.games.shared import autoplay
from ui.games.shared.autoplay import due
from ui.links import app_base_url, app_link, md
from ui.storage import app_database

REFRESH = 1.0  #: seconds between two looks at the table while waiting
UNAVAILABLE = (
    "The game's database cannot be reached just now, so nothing was played. This page tries "
    "again by itself; your seat is kept."
)


class SeatGame:
    """The game as one seat may see it: its observation and the public facts. Asking for
    another seat's observation is refused; any other attribute is the observation's."""

    def __init__(self, view: SeatView, target: int | None) -> None:
        self._view = view
        self._target = target

    def observation(self, seat: int | None) -> Any:
        if seat != self._view.seat:
            raise PermissionError("a seat's screen sees only its own observation")
        return self._view.observation

    @property
    def current_player(self) -> int | None:
        return None if self._view.over else self._view.to_act

    @property
    def is_over(self) -> bool:
        return self._view.over

    @property
    def target(self) -> int | None:
        return self._target

    @property
    def next_dealer(self) -> int:
        return 1 - self._view.observation.dealer

    def __getattr__(self, name: str) -> Any:
        return getattr(self._view.observation, name)


class SeatPlay:
    """The mixin that puts a page's :class:`Table` at a shared table (see the module)."""

    shared = True
    token: str
    peeked: tuple = ()  #: the table's peek taken with the view the page shows
    looked: float = 0.0  #: when the store's view was last read (time.monotonic)
    view: SeatView
    _replay: GameState
    _round: int
    _by: dict[int, str]

    # -- what the page reads

    @property
    def humans_turn(self) -> bool:
        return not self.view.over and self.view.to_act == self.me

    @property
    def ai_to_act(self) -> bool:
        return False  # the store plays the AI seats (``refresh``)

    @property
    def version(self) -> int:
        return self.view.seq

    def snapshot(self) -> Any:
        return self._replay.observation(self.me)

    def seat_info(self, seat: int) -> tables.SeatInfo:
        return self.view.seats[seat]

    def seat_name(self, seat: int | None) -> str:
        if seat == self.me:
            return "You"
        if seat is None:
            return "Both"
        info = self.view.seats[seat]
        if info.kind == AI:
            ais = [s.seat for s in self.view.seats if s.kind == AI]
            return "AI" if len(ais) == 1 else f"AI {ais.index(seat) + 1}"
        return info.name or f"Seat {seat + 1}"

    def seat_label(self, seat: int) -> str:
        info = self.view.seats[seat]
        if info.kind == AI:
            return f"{self.seat_name(seat)} ({info.level})"
        return self.seat_name(seat)

    def others(self) -> list[int]:
        return [s.seat for s in self.view.seats if s.seat != self.me]

    def about(self) -> str:
        return f"Table {self.view.table.code}, game {self.view.table.round + 1}"

    def stand_in(self, index: int) -> bool:
        return self._by.get(index) == tables.BY_STAND_IN

    # -- what changes the game

    def play(self, action: Any, seat: int | None) -> Step:
        """Send this seat's move to the store; its refusal is the page's message."""
        db = app_database()
        try:
            tables.append(db, self.view.table.id, self.token, self.view.seq, action)
        except TableError as refused:
            self.absorb(self.look(db))
            raise IllegalAction(str(refused)) from None
        except Unavailable:
            raise IllegalAction(UNAVAILABLE) from None
        self.absorb(self.look(db))
        return self.history[-1]

    def refresh(self) -> None:
        """Play what is due for the AI seats and the stand-in, then take the table as it is."""
        db = app_database()
        view = self.look(db)  # first: it marks a returning player present
        if due(view) and autoplay.play_ai_turns(db, view.table.id):
            view = self.look(db)
        self.absorb(view)

    def look(self, db: Any) -> SeatView:
        """The store's view of this seat, and the table's :func:`store.tables.peek` taken
        just before it (so a change made in between makes the watcher look again)."""
        self.peeked = tables.peek(db, self.view.table.id, fresh=True)
        self.looked = time.monotonic()
        return tables.view(db, self.token)

    def absorb(self, view: SeatView) -> None:
        """Take the store's ``view``: a new round starts the steps again; new moves become
        steps, each with this seat's observation after it."""
        if view.table.round != self._round or not hasattr(self, "_replay"):
            self._replay = tables.round_state(app_database(), view.table.id)
            self._round, self._by = view.table.round, {}
            self.history, self.seen, self.picks = [], 0, []
            self.initial = self._replay.observation(view.seat)
        done = self.history[-1].seq if self.history else 0
        for move in view.moves:
            if move.seq <= done:
                continue
            before = len(self._replay.log)
            self._replay.apply(move.action)
            step = Step(move.seat, move.action, tuple(self._replay.log[before:]), None)
            step.seq = move.seq
            step.after = self._replay.observation(view.seat)
            if move.by != tables.BY_PERSON:
                self._by[len(self.history)] = move.by
            self.history.append(step)
            if move.seat == view.seat:
                self.seen = len(self.history)
        self.view, self.me = view, view.seat
        self.state = SeatGame(view, getattr(self._replay, "target", None))


@cache
def seat_class(base: type[Table]) -> type[Table]:
    """The page's table class, at a shared table."""
    return type(f"Seat{base.__name__}", (SeatPlay, base), {})


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
        "Play against the AI instead", on_click=_leave, args=(key,), icon=":material/smart_toy:"
    )
    st.stop()


def seat_table(key: str, game_id: str, table_cls: type[Table], choices: Sequence[Choice]) -> Table:
    """The page's shared table (``?seat=``), refreshed; or the join form (``?table=``)."""
    token = _param(SEAT_PARAM)
    if not token:
        join_screen(key, game_id)
        st.stop()
    tab = st.session_state.get(key)
    try:
        if isinstance(tab, SeatPlay) and tab.token == token:
            tab.refresh()
        else:
            tab = _sit(key, game_id, table_cls, choices, token)
    except TableError as error:
        _fail(key, str(error))
    except Unavailable:
        st.warning(UNAVAILABLE, icon=":material/cloud_off:")
        watch(key, None)
        st.stop()
    if tab.view.table.game != game_id:
        _fail(key, "This seat is at a table of another game: open it from that game's page.")
    for name in url_params(choices):
        if name in st.query_params:
            del st.query_params[name]
    return tab


def _sit(
    key: str, game_id: str, table_cls: type[Table], choices: Sequence[Choice], token: str
) -> Table:
    view = tables.view(app_database(), token)
    opts = view.table.options
    setup = Setup(game_id, 0, opts.get("players", 2), opts.get("teams"))
    old = st.session_state.get(key)
    tab = seat_class(table_cls)(key, setup, None, {}, tuple(choices), serial=view.table.id)
    tab.token, tab._round, tab.options = token, -1, {}
    if isinstance(old, Table):
        tab.hints = old.hints
    tab.absorb(view)
    st.session_state[key] = tab
    return tab


# --- what every screen of a table shows -----------------------------------------------------


def _signature(view: SeatView) -> tuple:
    return (
        view.seq,
        view.table.status,
        view.table.round,
        tuple((s.kind, s.name, s.level) for s in view.seats),
        view.away,
    )


def watch(key: str, tab: SeatPlay | None) -> None:
    """While this seat waits: look at the table every :data:`REFRESH` seconds (playing what is
    due for the AI seats and the stand-in) and rerun the page when it changed."""

    @st.fragment(run_every=REFRESH)
    def look() -> None:
        db = app_database()
        try:
            if tab is None:
                tables.view(db, _param(SEAT_PARAM))
                st.rerun()
            if tables.peek(db, tab.view.table.id) != tab.peeked:
                st.rerun()  # a move, a join, the start …: the page is drawn again
            if time.monotonic() - tab.looked < tables.TOUCH_EVERY:
                return
            # Now and then the whole view: it keeps this seat present, shows who is away,
            # and lets the stand-in play for a player who is.
            now = tab.look(db)
            if due(now) and autoplay.play_ai_turns(db, now.table.id):
                st.rerun()
        except Unavailable:
            return
        except TableError:
            st.rerun()
        if _signature(now) != _signature(tab.view):
            st.rerun()

    look()


def seat_notes(tab: SeatPlay) -> None:
    """Whose turn it is and who is away, on every screen of the table."""
    view = tab.view
    names = ", ".join(
        f"{md(s.name or '')} (you)" if s.seat == tab.me else md(tab.seat_label(s.seat))
        for s in view.seats
    )
    st.markdown(f":small[Table **{view.table.code}** · game {view.table.round + 1} · {names}]")
    for seat in view.away:
        st.info(
            f"{md(tab.seat_name(seat))} is away: the AI ({view.table.stand_in}) plays for "
            "them until they come back.",
            icon=":material/person_off:",
        )
    count = 0  # the stand-in's moves for this seat since its player's own last move
    for i, step in enumerate(tab.history):
        if step.seat == tab.me:
            count = count + 1 if tab.stand_in(i) else 0
    if count:
        st.info(
            f"While you were away the AI played {count} move{'s' if count != 1 else ''} for "
            "you (the log says which). You have your seat back.",
            icon=":material/person_check:",
        )
    if tab.message and not tab.humans_turn:  # on its turn the page shows it by the widgets
        st.warning(f"Not played: {tab.message}", icon=":material/block:")
        tab.message = ""  # said once
    if view.over or tab.humans_turn:
        return
    to_act = view.to_act
    who = tab.seat_name(to_act) if to_act is not None else "the table"
    st.markdown(f"**Waiting for {md(who)}…** This page follows the game by itself.")


def page_parts(tab: Table) -> None:
    """The top of a page at a shared table (after its title): the lobby while the host waits
    for players (then the page stops), else the table's line and notes, and the watcher."""
    if not tab.shared:
        if _param(JOIN_PARAM):
            join_screen(tab.key, tab.setup.game_id)
            st.stop()
        return
    if tab.view.table.status == OPEN:
        lobby(tab)
        watch(tab.key, tab)
        st.stop()
    seat_notes(tab)
    if not tab.humans_turn:
        watch(tab.key, tab)


# --- the lobby: joining, filling seats, starting --------------------------------------------


def _host_action(tab: SeatPlay, act: Callable[..., Any], *args: Any) -> None:
    """``act(db, host's token, *args)`` (a ``store.tables`` function); its refusal is the
    page's message."""
    try:
        act(app_database(), tab.token, *args)
        tab.message = ""
    except TableError as error:
        tab.message = str(error)
    except Unavailable:
        tab.message = UNAVAILABLE


def lobby(tab: SeatPlay) -> None:
    """Before the start: the table code, the link and QR code (host), the seats, and for the
    host a level to put in each empty seat and the Start button."""
    from ui.class_teacher import qr_svg

    view = tab.view
    code = view.table.code
    if tab.me == 0:
        game_id = view.table.game  # a game page's URL path is its game's id (ui.nav)
        link = app_link(game_id, {JOIN_PARAM: code}, app_base_url(game_id))
        st.success(
            f"Your table is open. Table code: **{code}**. Classmates join with the code on this "
            "game's page (Play with others), or with this link:",
            icon=":material/groups:",
        )
        st.code(link, language=None, wrap_lines=True)
        if "://" in link:
            st.image(qr_svg(link), caption="Scan this with a phone to join.", width=200)
    else:
        st.success(
            f"You are at table **{code}**, seat {tab.me + 1}. The game starts when the host "
            "starts it; this page follows by itself.",
            icon=":material/groups:",
        )
    st.markdown("**Seats**")
    for info in view.seats:
        if info.kind == AI:
            text = f"Seat {info.seat + 1}: AI ({LEVEL_NAMES[info.level].lower()})"
        elif info.is_open:
            text = f"Seat {info.seat + 1}: open — waiting for a player"
        else:
            you = " (you)" if info.seat == tab.me else ""
            host = " · host" if info.seat == 0 else ""
            text = f"Seat {info.seat + 1}: {md(info.name or '')}{you}{host}"
        st.markdown(text)
        if tab.me == 0 and info.is_open:
            left, right = st.columns(2, vertical_alignment="bottom")
            level = left.selectbox(
                "AI level",
                AI_LEVELS,
                index=1,
                format_func=LEVEL_NAMES.get,
                key=f"{tab.key}_fill_level_{info.seat}",
                label_visibility="collapsed",
            )
            right.button(
                f"Put an AI in seat {info.seat + 1}",
                key=f"{tab.key}_fill_{info.seat}",
                on_click=_host_action,
                args=(tab, tables.fill_with_ai, info.seat, level),
                width="stretch",
            )
    if tab.message:
        st.warning(tab.message, icon=":material/block:")
    if tab.me == 0:
        empty = [s for s in view.seats if s.is_open]
        st.button(
            "Start the game",
            key=f"{tab.key}_start",
            type="primary",
            icon=":material/play_arrow:",
            disabled=bool(empty),
            help="Every seat needs a player or an AI." if empty else None,
            on_click=_host_action,
            args=(tab, tables.start),
            width="stretch",
        )
    st.button("Leave this table", on_click=_leave, args=(tab.key,), key=f"{tab.key}_leave")


def _join(key: str, game_id: str) -> None:
    code = st.session_state.get(f"{key}_join_code", "")
    name = st.session_state.get(f"{key}_join_name", "")
    db = app_database()
    try:
        table = tables.find(db, code)
        if table.game != game_id:
            raise TableError(
                f"Table {table.code} plays {game_class(table.game).title}: join it on that "
                "game's page."
            )
        _, token = tables.join(db, code, name)
    except TableError as error:
        st.session_state[f"{key}_join_error"] = str(error)
        return
    except Unavailable:
        st.session_state[f"{key}_join_error"] = UNAVAILABLE
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
        st.text_input("Table code", key=box, placeholder="K7PQ2M", max_chars=20)
        st.text_input("Your name", key=f"{key}_join_name", placeholder="First name", max_chars=60)
        st.form_submit_button("Join the table", type="primary", on_click=_join, args=(key, game_id))
    if error := st.session_state.get(f"{key}_join_error"):
        st.error(error, icon=":material/error:")


def join_screen(key: str, game_id: str) -> None:
    """What a ``?table=CODE`` link opens: the join form with the code filled in."""
    st.title(game_class(game_id).title)
    st.markdown(
        f"**Join a table of {game_class(game_id).title}.** Type your name: the host and the "
        "other players see it."
    )
    join_form(key, game_id, _param(JOIN_PARAM))
    st.button("Play against the AI instead", on_click=_leave, args=(key,))


def _host(tab: Table) -> None:
    game_id = tab.setup.game_id
    key = tab.key
    state = st.session_state
    players, teams = state.get(f"{key}_host_players", (tab.setup.players, tab.setup.teams))
    seats = {s: state.get(f"{key}_host_seat_{s}", "person") for s in range(1, players)}
    options: dict[str, Any] = {}
    for choice in (c for c in tab.choices if c.at_shared_tables):
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
        state[f"{key}_host_error"] = str(error)
        return
    except Unavailable:
        state[f"{key}_host_error"] = UNAVAILABLE
        return
    state.pop(f"{key}_host_error", None)
    for name in url_params(tab.choices):
        if name in st.query_params:
            del st.query_params[name]
    st.query_params[SEAT_PARAM] = made.token


def play_with_others(tab: Table) -> None:
    """The "Play with others" expander beside "New game": host a table, or join one."""
    if tab.shared:
        table_panel(tab)
        return
    game_id, key = tab.setup.game_id, tab.key
    with st.expander("Play with others", icon=":material/groups:"):
        st.markdown(
            "Play with classmates, each on their own device. Host a table and share its code, "
            "or join a classmate's table."
        )
        host, join = st.tabs(["Host a table", "Join a table"])
        with host:
            settings = list(player_settings(game_id))
            labels = {(p, t): f"{p} players" + (f" in {t} teams" if t else "") for p, t in settings}
            players, _ = (
                st.selectbox(
                    "Players",
                    settings,
                    format_func=labels.get,
                    key=f"{key}_host_players",
                )
                if len(settings) > 1
                else settings[0]
            )
            st.text_input("Your name", key=f"{key}_host_name", max_chars=60)
            kinds = ["person", *AI_LEVELS]
            kind_names = {"person": "Open for a classmate", **{
                lv: f"AI ({LEVEL_NAMES[lv].lower()})" for lv in AI_LEVELS
            }}  # fmt: skip
            for seat in range(1, players):
                st.selectbox(
                    f"Seat {seat + 1}", kinds, format_func=kind_names.get,
                    key=f"{key}_host_seat_{seat}",
                )  # fmt: skip
            for choice in (c for c in tab.choices if c.at_shared_tables):
                values = list(choice.values)
                st.selectbox(
                    choice.label,
                    values if choice.default else ["", *values],
                    format_func=lambda v, c=choice: c.values.get(v, "Decided by the deal"),
                    key=f"{key}_host_{choice.name}",
                )
            st.number_input(
                "Minutes before the AI plays for a player who is away",
                min_value=tables.IDLE_MIN / 60,
                max_value=tables.IDLE_MAX / 60,
                value=tables.IDLE_SECONDS / 60,
                step=0.5,
                key=f"{key}_host_idle",
            )
            st.selectbox(
                "Level of that AI",
                AI_LEVELS,
                index=1,
                format_func=LEVEL_NAMES.get,
                key=f"{key}_host_stand_in",
            )
            st.button(
                "Open the table",
                type="primary",
                icon=":material/group_add:",
                on_click=_host,
                args=(tab,),
                key=f"{key}_host_open",
            )
            if error := st.session_state.get(f"{key}_host_error"):
                st.error(error, icon=":material/error:")
        with join:
            join_form(key, game_id)


def table_panel(tab: SeatPlay) -> None:
    """At a shared table, in place of "New game": the seat's link and the way out."""
    with st.expander("This table", icon=":material/groups:"):
        st.markdown(
            "This page's address is your seat: open it again (here or on another device) to "
            "come back to the game. Do not share it; classmates join with the table code "
            f"**{tab.view.table.code}**."
        )
        st.button(
            "Leave this table",
            on_click=_leave,
            args=(tab.key,),
            key=f"{tab.key}_leave",
            icon=":material/logout:",
        )


def end_parts(tab: SeatPlay) -> None:
    """At the end of a shared game: the host's Rematch button; the others wait for it."""
    if tab.message:
        st.warning(tab.message, icon=":material/block:")
    if tab.me == 0:
        st.button(
            "Rematch: a new deal at this table",
            key=f"{tab.key}_rematch",
            type="primary",
            icon=":material/restart_alt:",
            width="stretch",
            on_click=_host_action,
            args=(tab, tables.rematch, tab.view.seq),
        )
    else:
        st.markdown("The host can offer a rematch at this table: this page follows by itself.")
