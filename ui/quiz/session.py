"""A drill session: the quiz of one drill page, kept in ``st.session_state`` between reruns,
and the callbacks that move it on.

How the URL and the run stay in step:

* the first visit deals the quiz from the URL's parameters (a fresh random seed when the URL
  has none) and writes the quiz's full parameters back into the URL, so the address in the
  browser reproduces the quiz;
* a rerun never re-deals: the run is replaced only when the URL's quiz parameters change (a
  teacher link opened in the same session) or the student asks for a new quiz;
* coming back to the page from the menu (no parameters) resumes the quiz in progress.

The callbacks (Check, Add, Next, Practise, New quiz) run before the page script, so the page
draws the new step.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import streamlit as st

from engine.quiz import PARAMS, AnswerType, QuizRun, QuizSettings, ValueKind, echo, parse_settings
from ui.links import fresh_seed
from ui.maps import map_change
from ui.nav import DRILL_MENU
from ui.progress.keep import keep_answer
from ui.quiz.roles import follows_map

TIMER = "timer"
URL_PARAMS: tuple[str, ...] = (*PARAMS, TIMER)
MAX_TIMER = 60  #: minutes


# --- settings from the URL ------------------------------------------------------------------


def parse_timer(raw: object) -> tuple[int | None, list[str]]:
    """The ``timer`` parameter: minutes for the whole quiz (1 to 60); missing, empty or 0 means
    no timer. A bad value means no timer, with a note naming it."""
    if isinstance(raw, list | tuple):
        raw = raw[-1] if raw else None
    text = "" if raw is None else str(raw).strip()
    if not text or text == "0":
        return None, []
    if text.isascii() and text.isdigit() and 1 <= int(text) <= MAX_TIMER:
        return int(text), []
    return None, [f"timer={echo(text)} is not a number of minutes from 1 to {MAX_TIMER}; no timer."]


def read_settings(
    params: Mapping[str, object], group: str, default_seed: int
) -> tuple[QuizSettings, int | None, list[str]]:
    """Settings, timer and notes from URL parameters; never raises."""
    settings, notes = parse_settings(params, group=group, default_seed=default_seed)
    timer, timer_notes = parse_timer(params.get(TIMER))
    return settings, timer, notes + timer_notes


def quiz_params(settings: QuizSettings, timer: int | None) -> dict[str, str]:
    """The URL parameters of a quiz, in a stable order (the timer only when set)."""
    params = settings.to_params()
    if timer:
        params[TIMER] = str(timer)
    return params


# --- the state of one drill page -------------------------------------------------------------


@dataclass
class QuizView:
    """Everything a drill page remembers between reruns (one per page, in session state).

    ``url`` holds the quiz's parameters; ``written`` the parameters last put into the browser's
    URL, to tell a URL changed by the student from one the page wrote. ``turn`` changes with
    every question shown (it keys the answer widgets); the map keeps one key for the page, so
    it is drawn once and each question only repaints it.

    A page that runs a quiz of its own (a class assignment) sets ``key`` (its session-state
    key, default the drill page's URL path), ``locked`` (the settings cannot be changed and the
    seed is never shown) and ``recorder``, called with the view and the response after every
    counted answer. "Practise my misses" keeps ``key`` and ``locked`` but records nothing.

    Every counted answer also goes to the session's progress, if it has one (``ui.progress.
    keep``), as given in ``source``: ``practice`` (a drill, a practice run) or ``class``.
    """

    group: str
    run: QuizRun
    url: dict[str, str]
    notes: list[str]
    timer: int | None = None
    written: dict[str, str] = field(default_factory=dict)
    phase: str = "ask"  #: "ask" or "feedback"; the summary shows once the run is over
    turn: int = 0
    picked: list[str] = field(default_factory=list)
    synced: int = 0  #: how many times the map changed ``picked`` (names the answer widgets)
    notice: str = ""  #: why the last answer was not counted
    started: float = field(default_factory=time.monotonic)
    asked_at: float = field(default_factory=time.monotonic)
    finished: float | None = None
    time_up: bool = False
    unchecked: bool = False  #: the time ran out on an answer picked but not checked
    uid: str = field(default_factory=lambda: secrets.token_hex(4))  #: names focus requests
    key: str = ""
    locked: bool = False
    recorder: Callable[[QuizView, object], None] | None = None
    source: str = "practice"  #: where the learner's progress says the answers were given

    def __post_init__(self) -> None:
        self.key = self.key or DRILL_MENU[self.group].url_path

    @property
    def map_key(self) -> str:
        """The session-state key of the page's map."""
        return f"{self.key}_map"

    def widget_key(self, name: str) -> str:
        return f"{self.key}_{name}_{self.turn}"

    def synced_key(self, name: str) -> str:
        """The key of an answer widget that shows the map's picks. It changes whenever the map
        changes them, so the server never rewrites the value of a widget the browser already
        holds: a browser that had not yet received the rewrite would send the old value back
        as if the student had chosen it, undoing the newer picks."""
        return f"{self.widget_key(name)}_v{self.synced}"

    def answer_key(self, name: str) -> str:
        """The key of answer widget ``name`` ("pick", "one", "text" …) of the question on screen."""
        q = self.run.current
        follows = name == "pick" or (name == "one" and q is not None and follows_map(q))
        return self.synced_key(name) if follows else self.widget_key(name)

    @property
    def over(self) -> bool:
        """True when the summary is due: every question answered right, or the time is up."""
        return self.time_up or (self.run.is_done and self.phase != "feedback")

    def elapsed(self) -> float:
        return (self.finished or time.monotonic()) - self.started

    def time_left(self) -> float | None:
        return None if not self.timer else self.timer * 60 - self.elapsed()

    def next_question(self) -> None:
        """Move on from feedback to the next question (or the summary)."""
        self.phase = "ask"
        self.turn += 1
        self.picked = []
        self.notice = ""
        self.asked_at = time.monotonic()
        if self.run.is_done and self.finished is None:
            self.finished = time.monotonic()


def new_view(
    group: str, params: Mapping[str, object], previous: QuizView | None = None
) -> QuizView:
    """A fresh quiz from URL-style parameters (a new random seed if they have none)."""
    settings, timer, notes = read_settings(params, group, fresh_seed())
    view = QuizView(group, QuizRun(settings), quiz_params(settings, timer), notes, timer)
    if previous is not None:
        view.written = previous.written
        view.turn = previous.turn + 1
    return view


def _url_now() -> dict[str, str]:
    return {k: v for k in URL_PARAMS if (v := st.query_params.get(k)) is not None}


def _write_url(params: Mapping[str, str]) -> None:
    if _url_now() == dict(params):
        return
    for name in URL_PARAMS:
        if name in params:
            st.query_params[name] = params[name]
        elif name in st.query_params:
            del st.query_params[name]


def current_view(group: str) -> QuizView:
    """The page's view: resumed, or dealt anew when there is none or the URL asks for another
    quiz; the URL then gets the quiz's parameters."""
    key = DRILL_MENU[group].url_path
    view: QuizView | None = st.session_state.get(key)
    url = _url_now()
    if view is None or (url and url != view.written):
        view = new_view(group, url, view)
        st.session_state[key] = view
    _write_url(view.url)
    view.written = dict(view.url)
    return view


# --- callbacks (run before the page script, so the page draws the new step) -----------------


def _view(key: str) -> QuizView:
    return st.session_state[key]


def check_time(view: QuizView) -> bool:
    """Stop the run when its timer has run out; True if it has."""
    left = view.time_left()
    if left is not None and left <= 0 and not view.time_up:
        view.time_up = True
        view.finished = view.started + view.timer * 60
        _at_time_up(view)
    return view.time_up


def _at_time_up(view: QuizView) -> None:
    """A typed list of names counts the names given when the time runs out (each one was
    accepted as it was typed); any other answer picked but not checked stays out of the score."""
    q = view.run.current
    if view.phase != "ask" or q is None:
        return
    if q.answer_type is AnswerType.NAMES and view.picked:
        view.run.answer(tuple(view.picked), seconds=round(time.monotonic() - view.asked_at, 1))
        return
    typed = str(st.session_state.get(view.widget_key("text")) or "").strip()
    view.unchecked = bool(view.picked or typed or st.session_state.get(view.answer_key("one")))


def submit(key: str) -> None:
    """Check: judge the answer on screen (the map's last picks included) and show its feedback;
    an answer that does not count stays on the question with a note saying why."""
    view = _view(key)
    if check_time(view) or view.phase != "ask" or view.run.is_done:
        return
    q = view.run.current
    assert q is not None
    if (picked := map_change(view.map_key)) is not None:
        view.picked = picked  # a click that reached the server with this Check
        view.synced += 1
    response: object
    if q.answer_type is AnswerType.TEXT:
        response = st.session_state.get(view.widget_key("text"), "")
        if not str(response).strip() and q.choices:
            response = st.session_state.get(view.answer_key("one")) or None
            if response is None:
                view.notice = "Type or choose an answer first."
                return
    elif q.answer_type in (AnswerType.SET, AnswerType.ORDER, AnswerType.NAMES):
        response = tuple(view.picked)
    elif q.value_kind is ValueKind.STATE:
        response = view.picked[0] if view.picked else None
    else:
        response = st.session_state.get(view.answer_key("one"))
    if response is None:
        view.notice = "Choose an answer first."
        return
    result = view.run.answer(response, seconds=round(time.monotonic() - view.asked_at, 1))
    if result.counted:
        view.phase = "feedback"
        view.notice = ""
        if view.recorder is not None:
            view.recorder(view, response)
        keep_answer(view)
    else:
        view.notice = result.message


def take_name(key: str) -> None:
    """A name typed into a list of names: taken at once (its state fills the map) or refused
    with a note, never counted against the student."""
    view = _view(key)
    if check_time(view) or view.phase != "ask" or view.run.current is None:
        return
    text = str(st.session_state.get(view.widget_key("name")) or "")
    taken = view.run.current.take_name(view.picked, text)
    if taken.usps:
        view.picked.append(taken.usps)
    view.notice = taken.message


def move_on(key: str) -> None:
    """Next question (or the summary, once the run is done)."""
    view = _view(key)
    check_time(view)
    view.next_question()


def picked_from_widget(key: str, widget: str) -> None:
    """An answer widget changed: its value becomes the picks, which the map then shows."""
    view = _view(key)
    value = st.session_state.get(widget)
    if value is None:
        view.picked = []
    elif isinstance(value, list | tuple):
        view.picked = list(value)
    else:
        view.picked = [value]


def restart(group: str, params: Mapping[str, object]) -> None:
    """Deal the drill page of ``group`` anew from these parameters."""
    key = DRILL_MENU[group].url_path
    st.session_state[key] = new_view(group, params, st.session_state.get(key))


def new_quiz(group: str) -> None:
    """New quiz: the same settings with a new seed."""
    view = _view(DRILL_MENU[group].url_path)
    restart(group, {**view.url, "seed": str(fresh_seed())})


def practise(key: str) -> None:
    """Practise my misses: a run of the first-attempt misses, with the quiz's key and lock
    (so a class quiz's practice is not recorded: the practice view has no recorder)."""
    view = _view(key)
    run = view.run.misses_run()
    if run is None:
        return
    fresh = QuizView(
        view.group, run, view.url, [], view.timer, written=view.written, key=key,
        locked=view.locked,
    )  # fmt: skip
    fresh.turn = view.turn + 1
    st.session_state[key] = fresh
