"""A live class game on a student's phone (``/live?code=…``): join with the game's code and a
name, wait in the lobby, answer each question, see right or wrong and the correct answer at the
reveal, and the final place at the end. The rules are :mod:`store.live`'s; this page only shows
what :func:`store.live.player_view` hands it (never an answer before the reveal).

* **One press, one player.** The join form draws the phone's token once
  (:func:`store.codes.new_token`, kept in session state); a second press of "Join" sends the
  same token and the store returns the player the first press made. Once joined, the page puts
  the token in the address (``?code=…&player=…``): a reload, a lost connection or another
  server brings the student back to the game at the current question.
* **The phone follows the game.** Until the game has ended a fragment looks at
  :func:`store.live.version` every second, lets :func:`store.live.tick` end a question whose
  time is up, and reruns the page only when what the phone shows changed: the game's state
  (a step, or the host removing a player or setting a team), never another student's joining
  or answer. The answer widgets sit in a form, so a student picking an answer
  is not disturbed by these looks; when the teacher reveals or the time is up, the phone moves
  on to the reveal by itself. The server still refuses an answer that comes after the
  deadline.
* **Through a database outage.** A phone keeps the question it showed, with the pick in its
  form, and says so on the question; an answer sent while the database does not answer is
  kept on the phone (:data:`PENDING`) and sent by itself when it is back, if that question is
  still asked (:func:`ui.stream.reconnect` looks every second). With no question to show
  it says so, with a "Try again" button, and still looks by itself.
* Refusals are the store's codes, worded in the reader's language (:mod:`ui.live.errors`);
  the page keeps a refusal as its code, never its sentence. No traceback.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import streamlit as st
from streamlit.delta_generator import DeltaGenerator
from streamlit.runtime.scriptrunner import get_script_run_ctx

import store.clock
from engine.core import Coded
from engine.live import Phase
from engine.quiz import AnswerType, Question
from messages import _, ngettext, number, ordinal
from store import live
from store.codes import new_token, normalize_code
from store.db import Database, Unavailable
from ui.buttons import button
from ui.links import md
from ui.live.errors import ANSWER_KEPT, AWAY, UNAVAILABLE_NOTICE, coded, worded
from ui.live.follow import follow
from ui.live.words import answer_words, given_words, prompt_words
from ui.maps import map_change
from ui.progress.keep import attach_student, keep_attempt, keep_panel, me, open_form
from ui.quiz.inputs import Kind, answer_input, nothing_notice, read_answer
from ui.quiz.page import answer_map
from ui.quiz.roles import asking_roles, clickable, zoom_states
from ui.quiz.widgets import answer_box, answer_list
from ui.storage import app_database
from ui.stream import reconnect

URL_PATH = "live"
CODE, PLAYER = "code", "player"  #: the page's URL parameters
JOIN_TOKEN = "live_join_token"  #: session key: the token the join form drew
TOKEN = "live_token"  #: session key: the token this session joined with
GAME = "live_game"  #: session key: (token, game id, game code) of the game joined
JOIN_ERROR = "live_join_error"  #: session key: the refused join, as its code
NOTICE = "live_notice"  #: session key: (token, question index, code) of a refused answer
PENDING = "live_pending"  #: session key: (token, question index, response) not sent yet
SHOWN = "live_shown"  #: session key: (token, the PlayerView last drawn)
NOTHING = Coded("nothing")  #: a notice: nothing chosen (the drills' sentence for the question)
CODE_BOX, NAME_BOX = "live_code", "live_name"


def _param(name: str) -> str:
    return str(st.query_params.get(name) or "").strip()


# --- joining --------------------------------------------------------------------------------


def _form_token() -> str:
    """The token of this session's join form: drawn once, and again only once a player has
    joined with it (the next join from this phone is a new player)."""
    ss = st.session_state
    if JOIN_TOKEN not in ss or ss[JOIN_TOKEN] == ss.get(TOKEN):
        ss[JOIN_TOKEN] = new_token()
    return ss[JOIN_TOKEN]


def _client() -> str | None:
    """This browser session, for the store's count of joins per browser (a reload is a new
    session; a school's phones share one address, so the address is not what is counted)."""
    ctx = get_script_run_ctx()
    return ctx.session_id if ctx else None


def _join() -> None:
    ss = st.session_state
    token = ss.get(JOIN_TOKEN) or _form_token()
    typed = ss.get(CODE_BOX, "")
    ss.pop(JOIN_ERROR, None)
    try:
        db = app_database()
        player = live.join(db, typed, ss.get(NAME_BOX, ""), token, client=_client())
        code = normalize_code(typed) or live.find_game(db, typed).code
    except live.LiveError as error:
        ss[JOIN_ERROR] = coded(error)
        return
    except Unavailable:
        ss[JOIN_ERROR] = UNAVAILABLE_NOTICE
        return
    ss[TOKEN] = token
    ss[GAME] = (token, player.game_id, code)
    st.query_params[CODE] = code
    st.query_params[PLAYER] = token
    if player.class_student_id is not None:
        attach_student(player.class_student_id)  # a class student's answers keep a progress


def _join_form(code: str) -> None:
    st.markdown(_("Type the game code on the board and your name, then join."))
    _form_token()
    ss = st.session_state
    if code and not ss.get(CODE_BOX):
        ss[CODE_BOX] = normalize_code(code) or code
    with st.form("live_join_form"):
        st.text_input(_("Game code"), key=CODE_BOX, placeholder="K7PQ2M", autocomplete="off")
        st.text_input(
            _("Your name"),
            key=NAME_BOX,
            placeholder=_("First name and initial"),
            autocomplete="off",
        )
        button(_("Join"), form=True, type="primary", width="stretch", on_click=_join)
    if error := ss.get(JOIN_ERROR):
        st.error(md(worded(error)), icon=":material/error:")


# --- answering ------------------------------------------------------------------------------


def _key(view: live.PlayerView, part: str) -> str:
    return f"live_{view.player.id}_{view.index}_{part}"


def _several(q: Question) -> bool:
    """The question is answered with several states (a set or an order): widget ``pick``."""
    return q.answer_type in (AnswerType.SET, AnswerType.ORDER)


def _response(view: live.PlayerView, q: Question) -> object:
    """What the widgets hold, read as the drills read it (``None``: nothing chosen)."""
    ss = st.session_state
    text = str(ss.get(_key(view, "text")) or "")
    if _several(q):
        return read_answer(q, list(ss.get(_key(view, "pick")) or ()), text)
    choice = ss.get(_key(view, "one"))
    return read_answer(q, [choice] if choice else [], text, choice)


def _send(token: str, view: live.PlayerView, q: Question) -> None:
    ss = st.session_state
    response = _response(view, q)
    if response is None:
        ss[NOTICE] = (token, view.index, NOTHING)
        return
    ss.pop(NOTICE, None)
    db = app_database()
    try:
        done = live.answer(db, token, view.index, response)
    except live.AnswerRefused as error:
        ss[NOTICE] = (token, view.index, coded(error))
        with contextlib.suppress(live.LiveError, Unavailable):
            live.tick(db, view.player.game_id)  # time up: the reveal comes now
    except live.LiveError as error:
        ss[NOTICE] = (token, view.index, coded(error))
    except Unavailable:
        ss[PENDING] = (token, view.index, response)
        ss[NOTICE] = (token, view.index, ANSWER_KEPT)
    else:
        keep_attempt(done.attempt, "live")


def _send_pending(db: Database, token: str, view: live.PlayerView) -> live.PlayerView:
    """Send the answer kept through an outage, if its question is still asked; the view
    after it. The database away again: :class:`Unavailable`, the answer still kept."""
    ss = st.session_state
    pending = ss.get(PENDING)
    if not pending or pending[0] != token:
        return view
    _, index, response = pending
    if view.phase is not Phase.QUESTION or view.index != index or view.answered:
        ss.pop(PENDING, None)
        return view
    try:
        done = live.answer(db, token, index, response)
    except live.LiveError as error:
        ss.pop(PENDING, None)
        ss[NOTICE] = (token, index, coded(error))
        return view
    ss.pop(PENDING, None)
    ss.pop(NOTICE, None)
    keep_attempt(done.attempt, "live")
    return live.player_view(db, token)


def _widgets(token: str, view: live.PlayerView, q: Question) -> None:
    """The drills' answer widget of ``q`` (``ui.quiz.inputs``), in a form that sends it."""
    spec = answer_input(q)
    with st.form(_key(view, "form"), border=False):
        if spec.kind is Kind.TYPED:
            answer_box(spec.label, _key(view, "text"), _("Type your answer"))
            if spec.options:
                answer_list(spec, q, _key(view, "one"))
        else:
            answer_list(spec, q, _key(view, "pick" if _several(q) else "one"))
        button(
            _("Send my answer"),
            form=True,
            type="primary",
            width="stretch",
            on_click=_send,
            args=(token, view, q),
        )


def _map_picks(view: live.PlayerView, q: Question) -> list[str]:
    """States picked on the phone's map go into the form's answer widget (drawn after the
    map), so the list shows them and "Send my answer" sends them; returns what the widget
    holds, for the map to show."""
    ss = st.session_state
    several = _several(q)
    widget = _key(view, "pick" if several else "one")
    if (picks := map_change(_key(view, "map"))) is not None:
        picks = [c for c in picks if c in q.choices]
        ss[widget] = picks if several else (picks[-1] if picks else None)
    held = ss.get(widget)
    return list(held or ()) if several else ([held] if held else [])


def _clock(view: live.PlayerView) -> Callable[[live.LiveGameInfo], None]:
    def draw(game: live.LiveGameInfo) -> None:
        left = game.seconds_left()
        if left is not None and left > 0 and not view.answered:
            seconds = int(left + 0.999)
            st.markdown(
                ":material/timer: "
                + ngettext(
                    "**{n} s** left to answer.", "**{n} s** left to answer.", seconds
                ).format(n=number(seconds))
            )

    return draw


def _where(view: live.PlayerView) -> str:
    """The line above a question: its number and the player's name."""
    return _("Question {number} of {total} · {name}").format(
        number=number(view.index + 1), total=number(view.questions), name=md(view.player.name)
    )


def _notice_words(notice: Coded, q: Question) -> str:
    """A notice kept under the question, in words (nothing chosen: the drills' sentence)."""
    return nothing_notice(q) if notice == NOTHING else worded(notice)


def _question(token: str, view: live.PlayerView) -> DeltaGenerator:
    """The question asked, or that the answer is in, or that the time is up; returns the place
    under the prompt where the page's watcher draws the time left."""
    q = view.question
    assert q is not None
    st.caption(_where(view))
    st.subheader(md(prompt_words(q)), anchor=False)
    clock = st.container()
    if view.answered:
        st.success(
            _("Your answer is in: {given}. The right answer comes at the reveal.").format(
                given=md(given_words(q, view.picked, view.given))
            ),
            icon=":material/check_circle:",
        )
        return clock
    if view.deadline is not None and view.deadline <= store.clock.now_utc():
        st.warning(
            _("Time is up for this question: the answer comes now."), icon=":material/timer_off:"
        )
        return clock
    if q.shown or q.focus or clickable(q):
        roles, notes = asking_roles(q)
        zoom = zoom_states(view.settings, q) if view.settings else None
        answer_map(_key(view, "map"), q, roles, notes, _map_picks(view, q), zoom=zoom)
    _widgets(token, view, q)
    notice = st.session_state.get(NOTICE)
    if notice and notice[:2] == (token, view.index):
        st.warning(md(_notice_words(notice[2], q)), icon=":material/info:")
    return clock


def _points(points: int) -> str:
    return ngettext("{n} point", "{n} points", points).format(n=number(points))


def _standing_lines(view: live.PlayerView) -> None:
    points = _points(view.points)
    if view.place is not None:
        st.markdown(
            _("You have **{points}**: **{place} of {players}**.").format(
                points=points, place=ordinal(view.place), players=number(view.players)
            )
        )
    else:
        st.markdown(_("You have **{points}**.").format(points=points))
    if view.team_place is not None and view.player.team is not None:
        st.markdown(
            _("Team {team} is **{place}** with {points}.").format(
                team=number(view.player.team),
                place=ordinal(view.team_place),
                points=_points(view.team_points or 0),
            )
        )
    if view.rules.all_in and view.goal:
        if view.class_right >= view.goal:
            line = ngettext(
                "The class has {right} of the {goal} right answer it aims for. Goal reached!",
                "The class has {right} of the {goal} right answers it aims for. Goal reached!",
                view.goal,
            )
        else:
            line = ngettext(
                "The class has {right} of the {goal} right answer it aims for.",
                "The class has {right} of the {goal} right answers it aims for.",
                view.goal,
            )
        st.markdown(line.format(right=number(view.class_right), goal=number(view.goal)))


def _reveal(view: live.PlayerView) -> None:
    q = view.question
    assert q is not None
    st.caption(_where(view))
    st.subheader(md(prompt_words(q)), anchor=False)
    if view.outcome == "right":
        st.success(_("Right!"), icon=":material/check_circle:")
    elif view.outcome == "wrong":
        st.error(
            _("Not this time: you answered {given}.").format(
                given=md(given_words(q, view.picked, view.given))
            ),
            icon=":material/cancel:",
        )
    else:
        st.info(_("No answer from you this time."), icon=":material/schedule:")
    st.markdown(_("The answer: **{answer}**").format(answer=md(answer_words(q))))
    _standing_lines(view)
    st.caption(_("The next question comes when the teacher moves on."))


def _ended(view: live.PlayerView) -> None:
    st.subheader(_("The game is over, {name}.").format(name=md(view.player.name)), anchor=False)
    _standing_lines(view)
    st.markdown(_("Thank you for playing!"))
    keep_panel()


def _lobby(view: live.PlayerView) -> None:
    st.subheader(_("You're in, {name}.").format(name=md(view.player.name)), anchor=False)
    st.markdown(_("Waiting for the teacher to start the game."))
    if view.player.team is not None:
        st.markdown(_("You play in team {team}.").format(team=number(view.player.team)))
    st.caption(_("Game {code} · the game starts on this page by itself.").format(code=view.code))
    _progress_choice()


def _progress_choice() -> None:
    """Where this phone's answers go besides the game: the learner's progress, kept with
    "Keep my progress" or opened from a progress link."""
    keep_panel()
    if me() is None:
        with st.expander(_("I already have a progress link"), icon=":material/key:"):
            open_form("live_progress")


# --- following the game ---------------------------------------------------------------------


def _shown(version: tuple) -> tuple:
    """The part of :func:`store.live.version` the phone shows: the game's state, whose version
    moves with each step and with each change the host makes to the players (a removal, a
    team), never with another student's joining or answer, so a class of phones does not
    redraw for every name and every answer."""
    return version[0]


def _game_id(token: str) -> int:
    known = st.session_state.get(GAME)
    if known and known[0] == token:
        return known[1]
    player = live.player_for_token(app_database(), token)
    st.session_state[GAME] = (token, player.game_id, "")
    return player.game_id


def _play(token: str) -> None:
    db = app_database()
    game_id = _game_id(token)
    seen = live.version(db, game_id)  # read first: a change after it reruns the page
    view = live.player_view(db, token)
    if view.phase is Phase.QUESTION and view.deadline and view.deadline <= store.clock.now_utc():
        live.tick(db, game_id)
        seen = live.version(db, game_id)
        view = live.player_view(db, token)
    view = _send_pending(db, token, view)
    notice = st.session_state.get(NOTICE)
    if notice and notice[2] in (AWAY, ANSWER_KEPT):  # the database answers again
        st.session_state.pop(NOTICE, None)
    st.session_state[TOKEN] = token
    st.session_state[SHOWN] = (token, view)
    watcher = st.container()
    if view.phase is Phase.LOBBY:
        _lobby(view)
    elif view.phase is Phase.QUESTION:
        watcher = _question(token, view)
    elif view.phase is Phase.REVEAL:
        _reveal(view)
    else:
        _ended(view)
        return
    timed = view.phase is Phase.QUESTION and view.deadline is not None
    with watcher:
        follow(
            game_id,
            seen,
            timed=timed,
            shown=_shown,
            crowd=False,
            clock=_clock(view) if timed else None,
            away_page=True,
        )


def phone_page() -> None:
    """A student's page of a live game (``/live?code=…[&player=…]``)."""
    st.title(_("Live game"))
    code, token = _param(CODE), _param(PLAYER)
    ss = st.session_state
    if not token and ss.get(TOKEN):
        known = ss.get(GAME)
        if known and known[0] == ss[TOKEN] and (not code or normalize_code(code) == known[2]):
            token = ss[TOKEN]  # the address lost its token (a press before it came back)
            st.query_params[PLAYER] = token
    try:
        if not token:
            _join_form(code)
            return
        try:
            _play(token)
        except live.NotFound as error:
            st.error(md(worded(error)), icon=":material/error:")
            if ss.get(TOKEN) == token:
                ss.pop(TOKEN, None)
            _join_form(code)
    except Unavailable:
        _away(token)


def _away(token: str) -> None:
    """The database does not answer: the question shown stays (with the pick in its form and
    the notice on it), or the app's sentence and "Try again"; the page looks by itself."""
    ss = st.session_state
    shown = ss.get(SHOWN)
    if token and shown and shown[0] == token and shown[1].phase is Phase.QUESTION:
        notice = ss.get(NOTICE)
        if not (notice and notice[:2] == (token, shown[1].index)):
            ss[NOTICE] = (token, shown[1].index, AWAY)
        watcher = _question(token, shown[1])  # where the page's look was: nothing moves
    else:
        watcher = st.container()
        st.error(worded(UNAVAILABLE_NOTICE), icon=":material/cloud_off:")
        st.button(_("Try again"), icon=":material/refresh:", width="stretch")
    if token:
        with watcher:
            reconnect(lambda: _retry(token), gone=live.LiveError)


def _retry(token: str) -> None:
    """What failed, tried again: the game read, then the answer kept, if any (sent now).
    :class:`Unavailable` while the database is still away."""
    db = app_database()
    _send_pending(db, token, live.player_view(db, token))
