"""A quiz kept in ``st.session_state`` between reruns (:class:`QuizView`, the pure
:class:`~ui.quiz.flow.QuizFlow` with the page's keys and URL), and the callbacks that move it on:
the Streamlit glue of a drill page, also used by the class quiz and My progress's practice.

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
from collections.abc import Mapping

import streamlit as st

from engine.quiz import PARAMS, QuizRun, QuizSettings, Sentence, echo, parse_settings
from ui.links import fresh_seed
from ui.maps import map_change
from ui.nav import DRILL_MENU
from ui.progress.keep import ProgressRecorder
from ui.quiz.flow import ASK, QuizFlow, Recorder
from ui.quiz.inputs import read_answer
from ui.quiz.roles import follows_map
from ui.quiz.wording import notes_of

TIMER = "timer"
URL_PARAMS: tuple[str, ...] = (*PARAMS, TIMER)
MAX_TIMER = 60  #: minutes


# --- settings from the URL ------------------------------------------------------------------


def parse_timer(raw: object) -> tuple[int | None, list[Sentence]]:
    """The ``timer`` parameter: minutes for the whole quiz (1 to 60); missing, empty or 0 means
    no timer. A bad value means no timer, with a note naming it (``bad_timer``)."""
    if isinstance(raw, list | tuple):
        raw = raw[-1] if raw else None
    text = "" if raw is None else str(raw).strip()
    if not text or text == "0":
        return None, []
    if text.isascii() and text.isdigit() and 1 <= int(text) <= MAX_TIMER:
        return int(text), []
    return None, [Sentence("bad_timer", text=echo(text), most=MAX_TIMER)]


def read_link(
    params: Mapping[str, object], group: str, default_seed: int
) -> tuple[QuizSettings, int | None, list[Sentence]]:
    """Settings, timer and notes (sentences: ``ui.quiz.wording.notes_of`` words them) from URL
    parameters; never raises."""
    settings, notes = parse_settings(params, group=group, default_seed=default_seed)
    timer, timer_notes = parse_timer(params.get(TIMER))
    return settings, timer, notes + timer_notes


def read_settings(
    params: Mapping[str, object], group: str, default_seed: int
) -> tuple[QuizSettings, int | None, list[str]]:
    """Settings, timer and notes in the reader's language from URL parameters; never
    raises."""
    settings, timer, notes = read_link(params, group, default_seed)
    return settings, timer, notes_of(notes)


def quiz_params(settings: QuizSettings, timer: int | None) -> dict[str, str]:
    """The URL parameters of a quiz, in a stable order (the timer only when set)."""
    params = settings.to_params()
    if timer:
        params[TIMER] = str(timer)
    return params


# --- the state of one drill page -------------------------------------------------------------


class QuizView(QuizFlow):
    """A quiz as a page keeps it between reruns (one per page, in session state): the
    :class:`~ui.quiz.flow.QuizFlow` and what the page needs besides.

    ``url`` holds the quiz's parameters and ``notes`` what of them could not be used (sentences,
    worded when shown); ``written`` the parameters last put into the browser's
    URL, to tell a URL changed by the student from one the page wrote. ``turn`` keys the answer
    widgets; the map keeps one key for the page, so it is drawn once and each question only
    repaints it.

    A page that runs a quiz of its own (a class assignment, My progress's practice) sets
    ``key`` (its session-state key, default the drill page's URL path), ``locked`` (the
    settings cannot be changed and the seed is never shown) and its ``recorders``; a drill
    page's answers go to the session's progress (``ui.progress.keep``).
    """

    def __init__(
        self,
        group: str,
        run: QuizRun,
        url: dict[str, str],
        notes: list[Sentence],
        timer: int | None = None,
        *,
        written: dict[str, str] | None = None,
        key: str = "",
        locked: bool = False,
        recorders: tuple[Recorder, ...] = (),
    ) -> None:
        super().__init__(run, timer, recorders)
        self.group = group
        self.url = url
        self.notes = notes
        self.written = dict(written or {})
        self.synced = 0  #: how many times the map changed ``picked`` (names the answer widgets)
        self.uid = secrets.token_hex(4)  #: names focus requests
        self.key = key or DRILL_MENU[group].url_path
        self.locked = locked

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


def new_view(
    group: str, params: Mapping[str, object], previous: QuizView | None = None
) -> QuizView:
    """A fresh quiz from URL-style parameters (a new random seed if they have none)."""
    settings, timer, notes = read_link(params, group, fresh_seed())
    view = QuizView(
        group, QuizRun(settings), quiz_params(settings, timer), notes, timer,
        recorders=(ProgressRecorder("practice"),),
    )  # fmt: skip
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


def _holds(view: QuizView) -> bool:
    """True when a widget of the question on screen holds an answer not yet checked (typed or
    chosen); the map's picks are the view's own."""
    typed = str(st.session_state.get(view.widget_key("text")) or "").strip()
    return bool(typed or st.session_state.get(view.answer_key("one")))


def check_time(view: QuizView) -> bool:
    """Stop the run when its timer has run out; True if it has."""
    return view.check_time(held=_holds(view))


def submit(key: str) -> None:
    """Check: judge the answer on screen (the map's last picks included) and show its feedback;
    an answer that does not count stays on the question with a note saying why."""
    view = _view(key)
    if check_time(view) or view.phase != ASK or view.run.current is None:
        return
    if (picked := map_change(view.map_key)) is not None:
        view.picked = picked  # a click that reached the server with this Check
        view.synced += 1
    typed = st.session_state.get(view.widget_key("text"))
    choice = st.session_state.get(view.answer_key("one"))
    view.check(read_answer(view.run.current, view.picked, str(typed or ""), choice))


def take_name(key: str) -> None:
    """A name typed into a list of names: taken at once (its state fills the map) or refused
    with a note, never counted against the student."""
    view = _view(key)
    if not check_time(view):
        view.take_name(str(st.session_state.get(view.widget_key("name")) or ""))


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
    """Practise my misses: a run of the first-attempt misses, with the quiz's key and lock; a
    class quiz's practice goes to the progress only (see the recorders)."""
    view = _view(key)
    if view.practise():
        view.notes = []
