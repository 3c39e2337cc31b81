"""The Live board, the teacher's screen of a live class game (``/live_board``).

* **Setup** (no game in this session): the drill, its settings (the Assign page's fields, under
  the key prefix ``live``) and the live rules (timer per question, speed and streak points,
  teams, All in). "Start a live game" makes the game with a host key the form drew once
  (:data:`REQUEST`), so a double press makes one game; the store refuses solo modes in words.
* **The key stays off the board.** The host key lives in the session (:data:`HOST_KEY`); the
  teacher link ``/live_board?key=…`` (to open the board again) is shown once, on a screen of
  its own right after the game is made and before the board is shown to the class
  (:func:`_private_link`), and never again; a key that comes in the address is moved into the
  session and out of the address bar at once (as the Results page does).
* **A projector's screen** (:func:`projector`): while a game runs the board hides the sidebar
  and Streamlit's chrome and sizes its type by the window, and each phase is laid out to fit a
  16:9 screen (1280×720 to 1920×1080) without scrolling; the host's button is in the top bar.
* **Lobby, question, reveal, ended**: each drawn from :func:`store.live.board`, in large type
  with headings and plain text; every name and title through :func:`ui.links.md`. Every host
  button passes the version the board showed to :func:`store.live.advance`, so a double press
  or a second tab moves the game once.
* **Watching** (:func:`ui.live.follow.follow`): every second a fragment moves a question whose
  time is up to its reveal and reruns the page only when something changed (a name, an
  answer, a step).
* **Through a database outage** a step pressed (Start, Reveal, Next) is kept and made when the
  database is back, from the version the board showed (:data:`STEP`), and the board looks by
  itself every second (:func:`ui.stream.reconnect`) instead of waiting for "Try again".
* **Counts, never names**: the reveal shows how many picked each value; the standings show
  points and places only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from engine.core import Coded, IllegalAction
from engine.live import (
    MAX_PLAYERS,
    SPEED_MAX,
    TEAMS_MAX,
    TEAMS_MIN,
    TIMERS,
    LiveRules,
    Phase,
)
from engine.quiz import AnswerType, Question, QuizSettings, ValueKind
from messages import _, ngettext, number, pgettext
from store import live
from store.codes import KEY_BYTES, new_token
from store.db import Database, Unavailable
from ui.buttons import button
from ui.links import app_base_url, app_link, md
from ui.live.errors import STEP_KEPT, UNAVAILABLE_NOTICE, coded, worded
from ui.live.follow import follow
from ui.live.standings import reveal_roles, reveal_words, share_line, show_leaders, team_name
from ui.live.words import answer_words, prompt_words, value_words
from ui.qr import show_code, show_qr
from ui.quiz.page import draw_map
from ui.quiz.roles import MAX_RADIO, asking_roles
from ui.quiz.session import TIMER
from ui.quiz.widgets import choose_drill, field_values, form_params, settings_fields
from ui.storage import app_database
from ui.stream import reconnect

KEY = "live"  #: the settings form's key prefix
URL_PATH = "live_board"
PHONE_PATH = "live"  #: the student's page
CODE_PARAM = "code"
KEY_PARAM = "key"
HOST_KEY = "live_host_key"  #: session key: the host key of the game on this board
REQUEST = "live_request"  #: session key: the host key the setup form drew
GAME_ID = "live_game_id"  #: session key: (host key, the id of its game)
FRESH = "live_fresh"  #: session key: the game was made in this session (show its link)
ERROR = "live_error"  #: session key: the last refused press, as its code (ui.live.errors)
STEP = "live_step"  #: session key: (host key, version shown) of a step pressed in an outage
TEAM_CHOICES = (0, *range(TEAMS_MIN, TEAMS_MAX + 1))
CARRIED = "live_assignment"  #: session key: (id, title) of the class assignment to run live


# --- links and keys -------------------------------------------------------------------------


def student_link(code: str, base: str | None) -> str:
    """The link students open: ``/live?code=…`` (nothing secret in it)."""
    return app_link(PHONE_PATH, {CODE_PARAM: code}, base)


def teacher_link(key: str, base: str | None) -> str:
    """The private link that opens this board again: ``/live_board?key=…``."""
    return app_link(URL_PATH, {KEY_PARAM: key}, base)


def run_settings_live(group: str, settings: QuizSettings) -> None:
    """Open the board's setup filled with a drill's settings (Assign's "Run it live"); the
    teacher then chooses the live rules and starts."""
    ss = st.session_state
    ss.pop(CARRIED, None)
    ss[f"{KEY}_drill"] = group
    ss.update(field_values(group, settings, None, KEY))
    st.switch_page(f"pages/{URL_PATH}.py")


def run_assignment_live(assignment_id: int, title: str) -> None:
    """Open the board's setup for a class assignment (its questions; the answers go to its
    results). Only a page that opened the assignment with its teacher key calls it."""
    st.session_state[CARRIED] = (assignment_id, title)
    st.switch_page(f"pages/{URL_PATH}.py")


def timer_words(timer: int | None) -> str:
    """A choice of the timer per question: "Off", "20 s"."""
    if timer is None:
        return pgettext("a timer", "Off")
    return _("{seconds} s").format(seconds=number(timer))


def teams_words(teams: int) -> str:
    """A choice of teams: "No teams", "3 teams"."""
    if not teams:
        return _("No teams")
    return ngettext("{n} team", "{n} teams", teams).format(n=number(teams))


def _key_from_link() -> None:
    """A key in the address goes into the session and out of the address bar."""
    if KEY_PARAM not in st.query_params:
        return
    ss = st.session_state
    ss[HOST_KEY] = str(st.query_params.get(KEY_PARAM) or "").strip()
    for name in (FRESH, ERROR):
        ss.pop(name, None)
    del st.query_params[KEY_PARAM]


def _flash(notice: Coded) -> None:
    """Keep a refusal or a notice to show (as its code: worded when it is shown)."""
    st.session_state[ERROR] = notice


def _ask_store(action: Callable[..., Any], *args: Any) -> Any:
    """``action(db, *args)``; ``None``, with its refusal flashed, when the store or the live
    rules refuse or the database does not answer."""
    try:
        return action(app_database(), *args)
    except (live.LiveError, IllegalAction) as error:
        _flash(coded(error))
    except Unavailable:
        _flash(UNAVAILABLE_NOTICE)
    return None


# --- host actions (callbacks) ---------------------------------------------------------------


def _create(group: str) -> None:
    """ "Start a live game": the rules and settings as this press submitted them."""
    ss = st.session_state
    ss.pop(ERROR, None)
    if ss.get(HOST_KEY):
        return  # a second press of the same form: the game is made already
    try:
        rules = LiveRules(
            timer=ss.get(f"{KEY}_rule_timer"),
            speed=bool(ss.get(f"{KEY}_rule_speed")),
            streaks=bool(ss.get(f"{KEY}_rule_streaks")),
            teams=int(ss.get(f"{KEY}_rule_teams") or 0),
            all_in=bool(ss.get(f"{KEY}_rule_all_in")),
        )
    except IllegalAction as error:
        _flash(coded(error))
        return
    carried = ss.get(CARRIED)  # a class assignment: its settings, not the form's
    params = {} if carried else form_params(group, KEY)
    params = {k: v for k, v in params.items() if k not in ("seed", TIMER)}
    key = ss.setdefault(REQUEST, new_token(KEY_BYTES))
    made = _ask_store(live.create_game, group, params, rules, key, carried and carried[0])
    if made is None:
        return
    ss[HOST_KEY] = key
    ss[FRESH] = True
    ss.pop(REQUEST, None)
    ss.pop(CARRIED, None)


def _step_button(label: str, icon: str, game: live.LiveGameInfo, name: str) -> None:
    """A host's step (Start, Reveal, Next, Finish), pressed from the version shown."""
    button(label, on_click=_advance, args=(game.version,), type="primary",
           icon=f":material/{icon}:", width="stretch", key=f"{KEY}_{name}")  # fmt: skip


def _advance(version_seen: int) -> None:
    """Start, Reveal, Next, Finish: one step from the version this board showed (kept for
    :func:`_resume` when the database does not answer)."""
    ss = st.session_state
    ss.pop(ERROR, None)
    key = ss.get(HOST_KEY, "")
    try:
        live.advance(app_database(), key, version_seen)
    except live.LiveError as error:
        _flash(coded(error))
    except Unavailable:
        ss[STEP] = (key, version_seen)
        _flash(STEP_KEPT)


def _resume(db: Database, key: str) -> bool:
    """Make the step pressed while the database was away (once: from the version then shown);
    whether one was made. The database away again: :class:`Unavailable`, the step kept."""
    ss = st.session_state
    pending = ss.get(STEP)
    if not pending or pending[0] != key:
        return False
    live.advance(db, key, pending[1])
    ss.pop(STEP, None)
    if ss.get(ERROR) in (STEP_KEPT, UNAVAILABLE_NOTICE):
        ss.pop(ERROR, None)
    return True


def _remove(player_id: int) -> None:
    st.session_state.pop(ERROR, None)
    _ask_store(live.remove_player, st.session_state.get(HOST_KEY, ""), player_id)


def _set_locked(widget: str) -> None:
    st.session_state.pop(ERROR, None)
    locked = bool(st.session_state.get(widget))
    _ask_store(live.set_locked, st.session_state.get(HOST_KEY, ""), locked)


def _lock_control(game: live.LiveGameInfo) -> None:
    """The host's lock of the lobby (no new players; a phone already in comes back after a
    reload), and the rules of joining in a line."""
    widget = f"{KEY}_locked"
    st.session_state[widget] = game.locked
    st.toggle(
        _("Lock the game: no new players"),
        key=widget,
        on_change=_set_locked,
        args=(widget,),
        help=_(
            "Players already in stay in, and come back after a reload. A game takes at most "
            "{limit} players; a player you remove cannot join this game again, by that name or "
            "from that browser."
        ).format(limit=number(MAX_PLAYERS)),
    )


def _set_team(player_id: int, widget: str) -> None:
    st.session_state.pop(ERROR, None)
    team = st.session_state.get(widget) or None
    _ask_store(live.set_team, st.session_state.get(HOST_KEY, ""), player_id, team)


def _new_game() -> None:
    """ "New live game": back to the setup form, with a new key drawn for it."""
    for name in (HOST_KEY, REQUEST, FRESH, ERROR):
        st.session_state.pop(name, None)


# --- setup ----------------------------------------------------------------------------------


def _drop_assignment() -> None:
    st.session_state.pop(CARRIED, None)


def _setup() -> None:
    carried = st.session_state.get(CARRIED)
    if carried:
        intro = _(
            "Run a quiz on the board: the class joins with a code on their phones, you show "
            "each question and reveal the class's answers. Choose the rules, then start."
        )
    else:
        intro = _(
            "Run a quiz on the board: the class joins with a code on their phones, you show "
            "each question and reveal the class's answers. Choose the drill and the rules, then "
            "start."
        )
    st.markdown(intro)
    if carried:
        st.info(
            _(
                "The questions of your class assignment **{title}**, in its order. Every answer "
                "also goes to its results, under the name the student plays with."
            ).format(title=md(carried[1])),
            icon=":material/assignment:",
        )
        st.button(_("Choose a drill instead"), on_click=_drop_assignment, key=f"{KEY}_drop")
        group = ""
    else:
        group, _seed, defaults = choose_drill(KEY)
    st.session_state.setdefault(REQUEST, new_token(KEY_BYTES))
    with st.form(KEY):
        if not carried:
            st.subheader(_("The questions"), anchor=False)
            settings_fields(group, defaults, None, KEY, secret=True)
            st.caption(
                _(
                    "The game deals its own questions from a secret seed, so no student can look "
                    "them up beforehand; each question is timed with the timer below."
                )
            )
        st.subheader(_("The live rules"), anchor=False)
        st.radio(
            _("Timer per question"),
            TIMERS,
            format_func=timer_words,
            horizontal=True,
            key=f"{KEY}_rule_timer",
            help=_(
                "Off: you reveal each answer yourself. With a timer the reveal comes when the "
                "time is up."
            ),
        )
        left, right = st.columns(2)
        left.checkbox(
            _("Speed points"),
            key=f"{KEY}_rule_speed",
            help=_("Up to {points} more for a fast right answer.").format(points=number(SPEED_MAX)),
        )
        right.checkbox(
            _("Streak points"),
            key=f"{KEY}_rule_streaks",
            help=_("More for right answers in a row."),
        )
        left.selectbox(
            _("Teams"),
            TEAM_CHOICES,
            format_func=teams_words,
            key=f"{KEY}_rule_teams",
            help=_(
                "Players are dealt to teams at random when you start (or by hand in the lobby)."
            ),
        )
        right.checkbox(_("All in: the class works toward one goal"), key=f"{KEY}_rule_all_in")
        button(
            _("Start a live game"),
            on_click=_create,
            args=(group,),
            form=True,
            type="primary",
            icon=":material/podium:",
            width="stretch",
        )


# --- the projector's screen -----------------------------------------------------------------

#: type sized by the window (the smaller of its width and height, so a 16:9 board from 1280×720
#: to 1920×1080 keeps one layout), read from the back of a room
PROJECTOR_CSS = """
<style>
section[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"],
[data-testid="stExpandSidebarButton"], header[data-testid="stHeader"],
[data-testid="stToolbar"], [data-testid="stDecoration"] { display: none !important; }
[data-testid="stMainBlockContainer"] {
  padding: 1.5vh 2.5vw 0 !important; max-width: none !important;
}
[data-testid="stMain"] { padding-top: 0 !important; }
.st-key-live_stage, .st-key-live_stage [data-testid="stVerticalBlock"] { gap: .6vh; }
.st-key-live_stage [data-testid="stImageCaption"] { font-size: min(1.2vw, 2.1vh); }
.st-key-live_stage .st-key-live_players h3 { overflow-wrap: anywhere; }
[class*="st-key-live_remove_"] button p {
  position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%);
}
.st-key-live_stage h1, .st-key-live_stage h2, .st-key-live_stage h3 {
  padding: .15em 0 !important; line-height: 1.15 !important; scroll-margin: 0;
}
.st-key-live_stage h1 { font-size: min(3.4vw, 6vh) !important; }
.st-key-live_stage h2 { font-size: min(2.6vw, 4.6vh) !important; }
.st-key-live_stage h3 { font-size: min(2vw, 3.6vh) !important; }
.st-key-live_stage [data-testid="stMarkdownContainer"] :is(p, li) { font-size: min(1.9vw, 3.4vh); }
.st-key-live_stage [data-testid="stCaptionContainer"] p { font-size: min(1.1vw, 2vh) !important; }
.st-key-live_stage [data-testid="stHeadingWithActionElements"] a { display: none; }
.st-key-live_stage button[kind="primary"] { min-height: 6vh; }
.st-key-live_stage button[kind="primary"] p { font-size: min(2vw, 3.6vh); font-weight: 700; }
</style>
"""


def projector() -> None:
    """While a game runs: the board as a projector's screen (no sidebar, no chrome, type sized
    by the window)."""
    st.html(PROJECTOR_CSS)


def _bar(where: str, game: live.LiveGameInfo, prompt: str | None = None) -> Any:
    """The top bar: where the game is (``where``, the code) and the ``prompt`` in the largest
    type on the left; the column returned on the right holds the host's step."""
    left, right = st.columns([4, 1], vertical_alignment="center")
    if prompt is None:
        left.markdown(f"## {where}")
        left.caption(_("Game code {code}").format(code=game.code))
    else:
        left.caption(
            _("{where} · game code {code} · the board follows the class by itself.").format(
                where=where, code=game.code
            )
        )
        left.header(md(prompt), anchor=False)
    return right


# --- the game's screens ---------------------------------------------------------------------


def _shown_to_class() -> None:
    st.session_state.pop(FRESH, None)


def _private_link(key: str, base: str | None) -> None:
    """Once, right after the game is made and before the class sees the board: the link that
    opens this board again. It never comes back (not in the lobby, not in a question)."""
    st.header(_("Your private link, before the class sees the board"), anchor=False)
    st.markdown(
        _(
            "Keep this link to reopen the board (on this or another computer) if the page is "
            "closed. Copy it now: it is shown only here, once. Anyone with it runs this game, so "
            "keep it off the board; the app keeps only a fingerprint of its key."
        )
    )
    st.code(teacher_link(key, base), language=None, wrap_lines=True)
    st.button(
        _("I have kept it: show the board to the class"),
        on_click=_shown_to_class,
        type="primary",
        icon=":material/co_present:",
        key=f"{KEY}_show_board",
    )


def team_choice(team: int) -> str:
    """A choice of a player's team in the lobby: "At random" (0) or the team."""
    return _("At random") if not team else team_name(team)


def _player(p: live.PlayerInfo, teams: int) -> None:
    """One name in the lobby on one line: the name, its team (if any) and a Remove button
    whose words only a screen reader reads."""
    cols = st.columns([3, 2, 1] if teams else [5, 1], vertical_alignment="center", gap="small")
    cols[0].markdown(f"### {md(p.name)}")
    if teams:
        widget = f"{KEY}_team_{p.id}"
        st.session_state[widget] = p.team or 0
        cols[1].selectbox(
            _("Team of {name}").format(name=md(p.name)),
            range(teams + 1),
            format_func=lambda t: team_choice(t),
            key=widget,
            on_change=_set_team,
            args=(p.id, widget),
            label_visibility="collapsed",
        )
    cols[-1].button(
        _("Remove {name}").format(name=md(p.name)),
        key=f"{KEY}_remove_{p.id}",
        on_click=_remove,
        args=(p.id,),
        help=_("Remove {name} from the game").format(name=md(p.name)),
        icon=":material/person_remove:",
        type="tertiary",
    )


NAME_COLUMNS = 3  #: names side by side in the lobby


def _lobby(b: live.Board, base: str | None) -> None:
    game = b.game
    code, qr = st.columns([2, 1], vertical_alignment="center")
    code.markdown("## " + _("Join the game with this code"))
    show_code(game.code, code)
    link = student_link(game.code, base)
    code.markdown(_("Or open this link on a phone:"))
    code.code(link, language=None, wrap_lines=True)
    if "://" in link:
        with qr:
            show_qr(link, _("Scan this to join."), f"geoplunge-live-{game.code}", f"{KEY}_qr")
    count = len(b.players)
    joined, lock, start = st.columns([3, 2, 1], vertical_alignment="center")
    joined.markdown(
        "## " + ngettext("{n} player joined", "{n} players joined", count).format(n=number(count))
    )
    with lock:
        _lock_control(game)
    with start:
        _step_button(_("Start"), "play_arrow", game, "start")
    teams = game.rules.teams
    if teams:
        st.markdown(
            ngettext(
                "Played in {n} team: a player without a team is dealt to one at random when you "
                "start.",
                "Played in {n} teams: a player without a team is dealt to one at random when you "
                "start.",
                teams,
            ).format(n=number(teams))
        )
    if not b.players:
        st.markdown(_("Waiting for the first name…"))
    with st.container(key=f"{KEY}_players"):
        cells = st.columns(NAME_COLUMNS, gap="large")
        for i, p in enumerate(b.players):
            with cells[i % NAME_COLUMNS]:
                _player(p, teams)


def _choices(q: Question) -> None:
    if q.choices and len(q.choices) <= MAX_RADIO and q.answer_type is not AnswerType.ORDER:
        st.markdown("### " + " · ".join(md(value_words(q, c)) for c in q.choices))


MAP_HEIGHT = 300  #: px: the board's map, which leaves room for the words beside it


def _question(b: live.Board, watch: Callable[[], None]) -> None:
    game, q = b.game, b.question
    assert q is not None
    where = _("Question {number} of {total}").format(
        number=number(game.index + 1), total=number(game.questions)
    )
    with _bar(where, game, prompt_words(q)):
        _step_button(_("Reveal"), "visibility", game, "reveal")
    _choices(q)
    roles, notes = asking_roles(q)
    words = st.columns([3, 2]) if roles else [st.container()]
    with words[-1]:
        st.markdown(
            "## "
            + _("{answered} of {players} answered").format(
                answered=number(b.answered), players=number(len(b.players))
            )
        )
        watch()  # with a timer, the time left
    if roles:
        with words[0]:
            draw_map(
                f"{KEY}_map_ask",
                roles,
                notes,
                settings=game.settings(),
                label=_("Map for the question: {prompt}").format(prompt=prompt_words(q)),
                height=MAP_HEIGHT,
            )


def _reveal(b: live.Board) -> None:
    game, q = b.game, b.question
    assert q is not None
    last = game.index + 1 >= game.questions
    where = _("Question {number} of {total}: the answer").format(
        number=number(game.index + 1), total=number(game.questions)
    )
    with _bar(where, game, prompt_words(q)):
        _step_button(_("Finish") if last else _("Next question"),
                     "flag" if last else "arrow_forward", game, "next")  # fmt: skip
    answer, leaders = st.columns([3, 2], gap="large")
    with answer:
        st.markdown("### " + _("The answer: {answer}").format(answer=md(answer_words(q))))
        counts = b.counts or {}
        if b.answered:
            st.markdown(f"### {share_line(b)}")
            st.markdown(
                _("The class's answers: {counts}").format(
                    counts=" · ".join(
                        f"{md(value_words(q, v))} {number(n)}" for v, n in counts.items()
                    )
                )
            )
        else:
            st.markdown("### " + _("Nobody answered this question."))
        if q.value_kind is ValueKind.STATE or q.focus:
            roles, notes = reveal_roles(q, counts)
            if roles:
                draw_map(
                    f"{KEY}_map_reveal",
                    roles,
                    notes,
                    settings=game.settings(),
                    label=_("Map of the class's answers to: {prompt}").format(
                        prompt=prompt_words(q)
                    ),
                    words=reveal_words(),
                    height=MAP_HEIGHT,
                )
    with leaders:
        show_leaders(b.standings, _("Top five"))


def _ended(b: live.Board) -> None:
    where = ngettext(
        "The game is over: {n} question", "The game is over: {n} questions", b.game.questions
    ).format(n=number(b.game.questions))
    with _bar(where, b.game):
        st.button(_("New live game"), icon=":material/add:", on_click=_new_game, key=f"{KEY}_new")
    show_leaders(b.standings, _("Final top five"))
    if b.game.assignment_id is not None and b.standings and b.standings.top(1):
        st.markdown(
            _(
                "Every answer is in the class assignment's results, with the class map and the "
                "CSV (the Results page, with your teacher link)."
            )
        )


def _time_left(game: live.LiveGameInfo) -> None:
    if (left := game.seconds_left()) is not None:
        st.markdown("## " + _("Time left: {seconds} s").format(seconds=number(int(left + 0.999))))


def _game_id(db: Database, key: str) -> int:
    """The id of the game ``key`` hosts, looked up once per session and key."""
    known = st.session_state.get(GAME_ID)
    if not known or known[0] != key:
        known = st.session_state[GAME_ID] = (key, live.game_for_key(db, key).id)
    return known[1]


def board_page() -> None:
    """The Live board: setup, the private link once, then the projector's screen of the
    lobby, questions, reveals and the end."""
    _key_from_link()
    ss = st.session_state
    if not ss.get(HOST_KEY) or ss.get(FRESH):
        st.title(_("Live board"))
    if error := ss.get(ERROR):
        st.error(md(worded(error)), icon=":material/error:")
    key = ss.get(HOST_KEY)
    if not key:
        _setup()
        return
    try:
        db = app_database()
        if _resume(db, key):
            st.rerun()
        shown = live.version(db, _game_id(db, key))  # read first: a later change reruns
        b = live.board(db, key)
    except live.LiveError as error:
        st.error(md(worded(error)), icon=":material/error:")
        st.button(_("Set up a new live game"), on_click=_new_game, key=f"{KEY}_new_after_error")
        return
    except Unavailable:
        if ss.get(ERROR) != STEP_KEPT:
            st.error(worded(UNAVAILABLE_NOTICE), icon=":material/cloud_off:")
        st.button(_("Try again"), key=f"{KEY}_retry")
        reconnect(
            lambda: _resume(app_database(), key) or live.board(app_database(), key),
            gone=live.LiveError,
        )
        return
    base = app_base_url(URL_PATH)
    if ss.get(FRESH):
        _private_link(key, base)
        return
    projector()
    phase = b.game.phase
    timed = phase is Phase.QUESTION and b.game.deadline is not None

    def watch() -> None:
        follow(b.game.id, shown, timed=timed, clock=_time_left)

    with st.container(key=f"{KEY}_stage"):
        if phase is Phase.LOBBY:
            _lobby(b, base)
        elif phase is Phase.QUESTION:
            _question(b, watch)
        elif phase is Phase.REVEAL:
            _reveal(b)
        else:
            _ended(b)
    if phase in (Phase.LOBBY, Phase.REVEAL):
        watch()
