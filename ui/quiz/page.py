"""The quiz runner shared by every drill page, and the teacher-link helpers.

A drill page is one call: ``quiz_page("borders")``. The runner reads the quiz settings from the
URL (``engine.quiz.parse_settings`` plus the page's own ``timer`` parameter), keeps the run in
``st.session_state`` under the page's key, and shows one step at a time:

* **ask**: the prompt, the map (the asked state highlighted) and answer widgets that work with
  or without the map: states are clicked on the map (click again to remove) *or* picked in a
  multiselect, radio buttons or a text box;
* **feedback**: the verdict in words and on the map (right, missed, wrong), the explanation
  and a "Next question" button;
* **summary**: the score, a map of the run, the mistakes with their right answers, "Practise
  my misses", "New quiz" and a CSV download.

How the URL and the run stay in step:

* the first visit deals the quiz from the URL's parameters (a fresh random seed when the URL
  has none) and writes the quiz's full parameters back into the URL, so the address in the
  browser reproduces the quiz;
* a rerun never re-deals: the run is replaced only when the URL's quiz parameters change (a
  teacher link opened in the same session) or the student asks for a new quiz;
* coming back to the page from the menu (no parameters) resumes the quiz in progress.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape

import streamlit as st

from engine.cards import ZONES, by_usps, deck
from engine.quiz import (
    GROUP_TITLES,
    MAX_N,
    MODE_GROUPS,
    MODE_TITLES,
    PARAMS,
    AnswerType,
    Miss,
    Question,
    QuizRun,
    QuizSettings,
    Result,
    Summary,
    ValueKind,
    echo,
    four_corners_partner,
    parse_settings,
)
from geodata import REGIONS
from ui.cards import ordinal
from ui.focus import by_key, focus
from ui.links import fresh_seed, md
from ui.maps import Pick, map_change, us_map
from ui.nav import MENU

TIMER = "timer"
URL_PARAMS: tuple[str, ...] = (*PARAMS, TIMER)
MAX_TIMER = 60  #: minutes
MAP_HEIGHT = 460  #: px at most: the lower 48 fill a laptop's content column (700 px and more)
MAP_HEIGHT_SHOWN = 340  #: px at most, for a map that is not answered on


@dataclass(frozen=True)
class Drill:
    """A drill page: its mode group, page file and the line under its title."""

    group: str
    path: str
    intro: str

    @property
    def title(self) -> str:
        return GROUP_TITLES[self.group]

    @property
    def url_path(self) -> str:
        """The page's URL path, as the menu publishes it (also its session-state key)."""
        return next(e.url_path for e in MENU if e.path == self.path)


DRILLS: dict[str, Drill] = {
    "borders": Drill(
        "borders",
        "pages/border_quiz.py",
        "Which states touch which? Pick the neighbours on the map, find the state that fits a "
        "list of borders, count them.",
    ),
    "capitals": Drill(
        "capitals",
        "pages/capital_quiz.py",
        "Every state's capital, both ways, and their first letters: which capitals begin with "
        "S, and which share a first letter?",
    ),
    "ranks": Drill(
        "ranks",
        "pages/rank_quiz.py",
        "Size, statehood and population: which state is larger, joined the Union first or "
        "has more people, and whose worst rank is lowest?",
    ),
    "zones": Drill(
        "zones",
        "pages/zone_quiz.py",
        "Which time zone is each state's capital in? A state split between two time zones is "
        "asked about its capital.",
    ),
    "locate": Drill(
        "locate",
        "pages/locate_quiz.py",
        "Where is each state? Find it on the map, name the highlighted state, tell a state by "
        "its capital, or name them all.",
    ),
}


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

    def __post_init__(self) -> None:
        self.key = self.key or DRILLS[self.group].url_path

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
    key = DRILLS[group].url_path
    view: QuizView | None = st.session_state.get(key)
    url = _url_now()
    if view is None or (url and url != view.written):
        view = new_view(group, url, view)
        st.session_state[key] = view
    _write_url(view.url)
    view.written = dict(view.url)
    return view


# --- maps ------------------------------------------------------------------------------------


def _all_codes() -> list[str]:
    return [c.usps for c in deck()]


def clickable(q: Question) -> tuple[str, ...]:
    """The states a click on the map may pick for ``q`` (none when the map only shows)."""
    if q.map_answer or q.answer_type is AnswerType.ORDER:
        return tuple(c for c in q.choices if c != q.focus)
    return ()


def _capital_note(usps: str) -> str:
    return f"Capital: {by_usps()[usps].capital}"


def asking_roles(q: Question) -> tuple[dict[str, str], dict[str, str]]:
    """Roles and hover notes of the map while ``q`` is asked: states that cannot be picked
    are muted, the asked state (and the few states the prompt names) highlighted; the map
    paints the student's picks itself. Never reveals the answer."""
    roles: dict[str, str] = {}
    can_click = set(clickable(q))
    if can_click and len(can_click) < 50:
        roles.update({c: "muted" for c in _all_codes() if c not in can_click})
    if len(q.shown) <= 5 or q.mode == "exact":
        role = "neighbor" if q.mode == "exact" else "target"
        roles.update({s: role for s in q.shown})
    if q.focus:
        roles[q.focus] = "target"
    return roles, {}


def feedback_roles(q: Question, result: Result) -> tuple[dict[str, str], dict[str, str]]:
    """Roles and hover notes of the map after an answer: right, missed and wrong states in
    their colours (for a letter, number or Zone answer, the asked state shows the verdict)."""
    roles, notes = asking_roles(q)
    if q.value_kind in (ValueKind.STATE, ValueKind.CAPITAL):
        roles.update({c: "correct" for c in result.right})
        roles.update({c: "missed" for c in result.missed})
        roles.update({c: "wrong" for c in result.wrong})
    elif q.focus:
        if q.mode == "count":
            partner = four_corners_partner().get(q.focus)
            roles.update(
                {c: "corner" if c == partner else "neighbor" for c in by_usps()[q.focus].borders}
            )
        roles[q.focus] = "correct" if result.correct else "wrong"
    if q.answer_type is AnswerType.ORDER:
        assert isinstance(q.answer, tuple)
        notes = {c: f"belongs {ordinal(i)}" for i, c in enumerate(q.answer, 1)}
    if q.mode in MODE_GROUPS["capitals"]:
        coloured = {c for c, r in roles.items() if r not in ("neutral", "muted")}
        notes.update({c: _capital_note(c) for c in coloured})
    return roles, notes


def question_states(q: Question) -> tuple[str, ...]:
    """The states a question is about, for the map of a whole run."""
    if q.focus:
        return (q.focus,)
    if q.mode == "exact":
        assert isinstance(q.answer, str)
        return (q.answer,)
    if q.shown and len(q.shown) <= 5:
        return q.shown
    if q.answer_type is AnswerType.SET:
        return tuple(sorted(q.answer))
    return ()


def summary_roles(run: QuizRun) -> tuple[dict[str, str], dict[str, str]]:
    """The map of a run: the states of questions missed at the first attempt, and of those
    right at once (a state in both counts as missed); hover notes name the questions."""
    roles: dict[str, str] = {}
    notes: dict[str, list[str]] = {}
    for a in sorted((a for a in run.attempts if a.attempt == 1), key=lambda a: a.number):
        if a.question.answer_type is AnswerType.NAMES:  # the states named, and those missed
            states = [(c, True) for c in a.result.right] + [(c, False) for c in a.result.missed]
        else:
            states = [(c, a.result.correct) for c in question_states(a.question)]
        for usps, right in states:
            if roles.get(usps) != "missed":
                roles[usps] = "correct" if right else "missed"
            notes.setdefault(usps, []).append(f"Q{a.number} {'right' if right else 'missed'}")
    return roles, {c: ", ".join(v) for c, v in notes.items()}


def pick_mode(q: Question) -> Pick:
    """How the map takes an answer to ``q``: several states, states in order, one, or none."""
    if not clickable(q):
        return "none"
    if q.answer_type is AnswerType.SET:
        return "many"
    if q.answer_type is AnswerType.ORDER:
        return "order"
    return "one"


def zoom_states(settings: QuizSettings) -> list[str] | None:
    """The states a filtered quiz's map opens on (a few states come with their neighbours);
    ``None`` for the whole map."""
    if not settings.filtered:
        return None
    pool = set(settings.pool())
    if len(pool) < 5:
        pool |= {n for usps in pool for n in by_usps()[usps].borders}
    lower48 = pool - {"AK", "HI"}
    return sorted(lower48 or pool)


MAP_HINTS: dict[str, str] = {
    "many": "{Click} the states on the map ({click} again to remove one), or pick them below.",
    "order": "{Click} the states on the map in order, or pick them below in order.",
    "one": "{Click} the state on the map, or choose it below.",
}


def draw_map(
    key: str,
    roles: Mapping[str, str],
    notes: Mapping[str, str],
    *,
    settings: QuizSettings | None = None,
    label: str = "Map of the United States",
    hint: str | None = None,
) -> None:
    """A map that only shows (a summary, a preview), zoomed to the quiz's states."""
    us_map(
        key,
        roles,
        notes=notes,
        zoom=zoom_states(settings) if settings else None,
        height=MAP_HEIGHT_SHOWN,
        label=label,
        hint=hint,
    )


def refusals(q: Question) -> dict[str, str]:
    """What the map says when the student clicks a state that is not a choice of ``q``."""
    if q.focus and q.focus not in clickable(q):
        return {q.focus: f"{by_usps()[q.focus].name} is the state asked about: pick the others."}
    return {}


# --- text helpers ----------------------------------------------------------------------------


def clock(seconds: float) -> str:
    """Seconds as m:ss (h:mm:ss from an hour)."""
    s = max(0, int(seconds))
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def describe(
    settings: QuizSettings, timer: int | None, n: int | None = None, *, seed: bool = True
) -> str:
    """One line saying what a quiz asks (``n`` questions, default ``settings.n``; the seed
    unless ``seed`` is false)."""
    kinds = ", ".join(MODE_TITLES[m] for m in settings.modes)
    count = settings.n if n is None else n
    questions = "1 question" if count == 1 else f"{count} questions"
    line = f"{questions} · {kinds} · {settings.describe_pool()}"
    line += f" · seed {settings.seed}" if seed else ""
    return line + (f" · {timer} min timer" if timer else "")


# --- callbacks (run before the page script, so the page draws the new step) -----------------


def _view(key: str) -> QuizView:
    return st.session_state[key]


def _check_time(view: QuizView) -> bool:
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


def _submit(key: str) -> None:
    view = _view(key)
    if _check_time(view) or view.phase != "ask" or view.run.is_done:
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
    else:
        view.notice = result.message


def _take_name(key: str) -> None:
    """A name typed into a list of names: taken at once (its state fills the map) or refused
    with a note, never counted against the student."""
    view = _view(key)
    if _check_time(view) or view.phase != "ask" or view.run.current is None:
        return
    text = str(st.session_state.get(view.widget_key("name")) or "")
    taken = view.run.current.take_name(view.picked, text)
    if taken.usps:
        view.picked.append(taken.usps)
    view.notice = taken.message


def _next(key: str) -> None:
    view = _view(key)
    _check_time(view)
    view.next_question()


def _picked_from_widget(key: str, widget: str) -> None:
    view = _view(key)
    value = st.session_state.get(widget)
    if value is None:
        view.picked = []
    elif isinstance(value, list | tuple):
        view.picked = list(value)
    else:
        view.picked = [value]


def _restart(group: str, params: Mapping[str, object]) -> None:
    key = DRILLS[group].url_path
    st.session_state[key] = new_view(group, params, st.session_state.get(key))


def _new_quiz(group: str) -> None:
    view = _view(DRILLS[group].url_path)
    _restart(group, {**view.url, "seed": str(fresh_seed())})


def _practise(key: str) -> None:
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


def _apply_form(group: str, prefix: str) -> None:
    st.session_state[f"{DRILLS[group].url_path}_settings_open"] = False
    params = form_params(group, prefix)
    if st.session_state.get(f"{prefix}_reseed"):
        params["seed"] = str(fresh_seed())
    _restart(group, params)


# --- the page --------------------------------------------------------------------------------

ANY_REGION = "All regions"
ANY_ZONE = "All Zones"


def _state_names() -> dict[str, str]:
    return {c.usps: c.name for c in sorted(deck(), key=lambda c: c.name)}


def settings_fields(group: str, settings: QuizSettings, timer: int | None, prefix: str) -> None:
    """The widgets of a quiz's settings (for a form), first filled from ``settings`` and
    ``timer``; read them back with :func:`form_params`. Values live in session state under
    ``{prefix}_…`` keys, so a callback may change them (a new random seed)."""
    ss = st.session_state
    modes = MODE_GROUPS[group]
    names = _state_names()
    ss.setdefault(f"{prefix}_modes_{group}", [m for m in settings.modes if m in modes])
    ss.setdefault(f"{prefix}_region", settings.region or ANY_REGION)
    ss.setdefault(f"{prefix}_zone", settings.zone or ANY_ZONE)
    ss.setdefault(f"{prefix}_states", list(settings.states))
    ss.setdefault(f"{prefix}_n", settings.n)
    ss.setdefault(f"{prefix}_seed", str(settings.seed))
    ss.setdefault(f"{prefix}_timer", timer or 0)
    if len(modes) > 1:
        st.multiselect(
            "Kinds of question",
            modes,
            format_func=MODE_TITLES.get,
            key=f"{prefix}_modes_{group}",
            placeholder="All kinds",
            help="Several kinds take turns. None chosen: all of them.",
        )
    left, right = st.columns(2)
    left.selectbox("Census region", [ANY_REGION, *REGIONS], key=f"{prefix}_region")
    right.selectbox("Zone", [ANY_ZONE, *ZONES], key=f"{prefix}_zone")
    st.multiselect(
        "Only these states",
        list(names),
        format_func=names.get,
        key=f"{prefix}_states",
        placeholder="Any state",
        help="Filters combine: the quiz asks about the states that pass them all.",
    )
    left, middle, right = st.columns(3)
    left.number_input("Questions", min_value=1, max_value=MAX_N, key=f"{prefix}_n")
    middle.text_input(
        "Seed",
        key=f"{prefix}_seed",
        help="The same seed and settings always give the same questions.",
    )
    right.number_input(
        "Timer (minutes)",
        min_value=0,
        max_value=MAX_TIMER,
        key=f"{prefix}_timer",
        help="0: no timer. With a timer the quiz ends when the time is up.",
    )


def form_params(group: str, prefix: str) -> dict[str, str]:
    """The URL parameters the :func:`settings_fields` widgets stand for (not yet checked:
    read them with :func:`read_settings`)."""
    ss = st.session_state
    region, zone = ss.get(f"{prefix}_region"), ss.get(f"{prefix}_zone")
    return {
        "mode": ",".join(ss.get(f"{prefix}_modes_{group}") or []) or group,
        "region": region.lower() if region in REGIONS else "",
        "zone": zone.lower() if zone in ZONES else "",
        "states": ",".join(ss.get(f"{prefix}_states") or []),
        "n": str(ss.get(f"{prefix}_n", 10)),
        "seed": str(ss.get(f"{prefix}_seed", "")).strip(),
        TIMER: str(ss.get(f"{prefix}_timer") or 0),
    }


def _settings_form(view: QuizView) -> None:
    """ "Change the quiz": a button that opens the settings form. The form's widgets are drawn
    only once it is open, so a student's every click does not pay for a dozen hidden widgets."""
    group = view.group
    prefix = view.widget_key("form")
    opened = f"{view.key}_settings_open"
    if not st.session_state.get(opened):
        st.button(
            "Change the quiz",
            icon=":material/tune:",
            on_click=st.session_state.__setitem__,
            args=(opened, True),
            key=f"{prefix}_open",
        )
        return
    with st.container(border=True), st.form(prefix, border=False):
        settings_fields(group, view.run.settings, view.timer, prefix)
        st.checkbox("Draw a new random seed", key=f"{prefix}_reseed")
        left, right = st.columns(2)
        left.form_submit_button(
            "Start this quiz",
            type="primary",
            width="stretch",
            on_click=_apply_form,
            args=(group, prefix),
        )
        right.form_submit_button(
            "Close", width="stretch", on_click=st.session_state.__setitem__, args=(opened, False)
        )


def _status(view: QuizView) -> None:
    run = view.run
    number = run.number if view.phase == "ask" else (run.last.number if run.last else None)
    again = view.phase == "ask" and run.is_retry
    text = f"Question {number} of {run.total}" + (" · again" if again else "")
    st.progress(run.progress, text=text)
    line = f"**{run.score}** right at the first try · {run.answered} answered"
    if run.pending_retries:
        line += f" · {run.pending_retries} to try again"
    if view.timer:
        st.markdown(line)
        _countdown(view.key)
    else:
        st.markdown(f"{line} · :material/timer: {clock(view.elapsed())}")


@st.fragment(run_every=1)
def _countdown(key: str) -> None:
    view = st.session_state.get(key)
    if view is None or view.over:
        return
    left = view.time_left() or 0
    if left <= 0:
        st.rerun()
    st.markdown(f":material/timer: **{clock(left)}** left")


def _answer_widgets(view: QuizView, q: Question) -> None:
    page = view.key
    if q.answer_type is AnswerType.TEXT:
        _typed_answer(view, q)
        return
    if q.answer_type is AnswerType.NAMES:
        _names_answer(view, q)
        return
    if q.answer_type in (AnswerType.SET, AnswerType.ORDER):
        key = view.answer_key("pick")
        order = q.answer_type is AnswerType.ORDER
        st.multiselect(
            "Your order, first to last" if order else "Your answer",
            list(q.choices),
            default=[c for c in view.picked if c in q.choices],
            format_func=q.label,
            key=key,
            on_change=_picked_from_widget,
            args=(page, key),
            max_selections=len(q.choices) if order else None,
            select_all=False,
            placeholder="Pick them in order" if order else "Pick states",
        )
        if order and view.picked:
            st.markdown("  \n".join(f"{i}. {q.label(c)}" for i, c in enumerate(view.picked, 1)))
    elif len(q.choices) > MAX_RADIO:
        _state_select(view, q)
    else:
        on_map = follows_map(q)
        key = view.answer_key("one")
        st.radio(
            "Your answer",
            list(q.choices),
            index=_index(q.choices, view.picked) if on_map else None,
            format_func=q.label,
            key=key,
            horizontal=len(q.choices) > 2 and q.value_kind is not ValueKind.STATE,
            on_change=_picked_from_widget if on_map else None,
            args=(page, key) if on_map else None,
        )
    st.button(
        "Check",
        type="primary",
        width="stretch",
        on_click=_submit,
        args=(page,),
        key=view.widget_key("check"),
    )


MAX_RADIO = 6  #: more choices than this are offered in a select box


def follows_map(q: Question) -> bool:
    """True when the question's single-answer widget shows the map's pick (a select box of many
    states, or a radio group of states)."""
    if q.answer_type in (AnswerType.TEXT, AnswerType.NAMES, AnswerType.SET, AnswerType.ORDER):
        return False
    return len(q.choices) > MAX_RADIO or q.value_kind is ValueKind.STATE


def _index(choices: Sequence[str], picked: Sequence[str]) -> int | None:
    """Where the map's pick is among ``choices`` (``None``: nothing picked)."""
    return list(choices).index(picked[0]) if picked and picked[0] in choices else None


def _state_select(view: QuizView, q: Question) -> None:
    """One state of many (find it on the map): a select box that also follows map clicks."""
    key = view.answer_key("one")
    st.selectbox(
        "Your answer",
        list(q.choices),
        index=_index(q.choices, view.picked),
        format_func=q.label,
        key=key,
        placeholder="Choose a state (type to search)",
        on_change=_picked_from_widget,
        args=(view.key, key),
    )


def _typed_answer(view: QuizView, q: Question) -> None:
    """A typed capital or state (read forgivingly), Enter to check; a state may instead be
    chosen among ``q.choices``."""
    what = "capital" if q.value_kind is ValueKind.CAPITAL else "state"
    with st.form(view.widget_key("text_form"), border=False):
        st.text_input(
            "Your answer",
            key=view.widget_key("text"),
            placeholder=f"Type the {what}, then press Enter",
            autocomplete="off",
        )
        if q.choices:
            st.radio(
                "Or choose one",
                list(q.choices),
                index=None,
                format_func=q.label,
                key=view.widget_key("one"),
            )
        st.form_submit_button(
            "Check", type="primary", width="stretch", on_click=_submit, args=(view.key,)
        )


def _names_answer(view: QuizView, q: Question) -> None:
    """A typed list: one name at a time (Enter), each taken at once, then "I'm done"."""
    assert isinstance(q.answer, frozenset)
    st.markdown(f"**{len(view.picked)} of {len(q.answer)} named**")
    with st.form(view.widget_key("names_form"), border=False, clear_on_submit=True):
        st.text_input(
            "Type a state's name",
            key=view.widget_key("name"),
            placeholder="A state, then press Enter",
            autocomplete="off",
        )
        st.form_submit_button("Add", width="stretch", on_click=_take_name, args=(view.key,))
    st.html(f"<p role='status' class='gp-status'>{escape(view.notice)}</p>")
    if view.picked:
        st.caption("Named: " + ", ".join(by_usps()[c].name for c in view.picked))
    st.button(
        "I'm done: check my list",
        type="primary",
        width="stretch",
        on_click=_submit,
        args=(view.key,),
        key=view.widget_key("check"),
    )


def names_roles(q: Question, named: list[str]) -> tuple[dict[str, str], dict[str, str]]:
    """The map while a list of names is typed: the states named so far as right, the states
    outside the selection muted; nothing else is shown (the map must not prompt)."""
    pool = set(q.shown)
    roles = {c: "muted" for c in _all_codes() if c not in pool}
    roles.update({c: "correct" for c in named})
    return roles, {}


def _hint(q: Question) -> str:
    if q.answer_type is AnswerType.NAMES:
        return (
            "Type one state at a time and press Enter: each one fills in on the map. "
            "A repeat or a slip costs nothing."
        )
    if q.answer_type is AnswerType.TEXT and q.value_kind is ValueKind.STATE:
        extra = ", or choose it below" if q.choices else ""
        return f"Type the state's name (small slips are forgiven){extra}."
    if q.answer_type is AnswerType.TEXT:
        return "Spelling is forgiven within reason: “St. Paul” or “Saint Paul” both count."
    return ""


def _question_map(view: QuizView, q: Question, roles, notes, *, asking: bool) -> None:
    """The map of the question on screen: the same element while the question is asked and
    while its feedback shows, so the browser repaints it instead of drawing it again."""
    height = MAP_HEIGHT if clickable(q) else MAP_HEIGHT_SHOWN
    if asking and (picked := map_change(view.map_key)) is not None:
        view.picked = picked
        view.synced += 1
    us_map(
        view.map_key,
        roles,
        notes=notes,
        pick=pick_mode(q) if asking else "none",
        choices=clickable(q) if asking else None,
        selected=view.picked if asking else [],
        refuse=refusals(q),
        zoom=zoom_states(view.run.settings),
        height=height,
        label=f"Map for the question: {q.prompt}",
        hint=MAP_HINTS.get(pick_mode(q)) if asking else None,
    )


def _ask(view: QuizView) -> None:
    q = view.run.current
    assert q is not None
    with st.container():
        if view.run.is_retry:
            st.markdown(":orange-badge[:material/replay: Again] You missed this one earlier.")
        st.markdown(f"### {md(q.prompt)}")
        listed = all(q.label(c) in q.prompt for c in q.choices)
        if (
            q.answer_type in (AnswerType.SET, AnswerType.ORDER)
            and len(q.choices) <= 6
            and not listed
        ):
            st.markdown("**The states:** " + " · ".join(q.label(c) for c in q.choices))
        if hint := _hint(q):
            st.caption(hint)
    with st.container():
        if q.answer_type is AnswerType.NAMES:
            roles, notes = names_roles(q, view.picked)
        else:
            roles, notes = asking_roles(q)
        _question_map(view, q, roles, notes, asking=True)
    with st.container():
        _answer_widgets(view, q)
        if view.notice and q.answer_type is not AnswerType.NAMES:
            st.warning(md(view.notice), icon=":material/info:")


def _feedback(view: QuizView) -> None:
    attempt = view.run.last
    assert attempt is not None
    q, result = attempt.question, attempt.result
    with st.container():
        if attempt.attempt > 1:
            st.markdown(":orange-badge[:material/replay: Again] A question you missed earlier.")
        st.markdown(f"### {md(q.prompt)}")
    with st.container():
        roles, notes = feedback_roles(q, result)
        _question_map(view, q, roles, notes, asking=False)
    with st.container(key=view.widget_key("feedback")):
        if result.correct:
            st.success(md(result.message), icon=":material/check_circle:")
        else:
            st.error(md(result.message), icon=":material/cancel:")
        if result.given:
            st.markdown(f"**Your answer:** {md(result.given)}")
        if not result.correct:
            st.markdown(f"**Right answer:** {md(q.answer_text)}")
            st.caption("This question comes back later in the quiz.")
        if q.explanation:
            st.info(md(q.explanation), icon=":material/lightbulb:")
        label = "Next question" if not view.run.is_done else "See my results"
        st.button(
            label,
            type="primary",
            width="stretch",
            icon=":material/arrow_forward:",
            on_click=_next,
            args=(view.key,),
            key=view.widget_key("next"),
        )


def _summary(view: QuizView) -> None:
    run, drill = view.run, DRILLS[view.group]
    s = run.summary()
    st.subheader(_summary_title(view, s))
    for line in summary_lines(view, s):
        st.markdown(line)
    answered = {a.number for a in run.attempts}
    unreached = [q for i, q in enumerate(run.questions, 1) if i not in answered]
    map_col, list_col = st.columns([3, 2], vertical_alignment="top")
    with map_col:
        roles, notes = summary_roles(run)
        hint = "Point at a state to see its questions." if s.misses else None
        draw_map(view.map_key, roles, notes, settings=run.settings, label="Your answers", hint=hint)
    with list_col:
        if s.misses:
            st.markdown("**Your mistakes**")
            st.markdown(
                "\n".join(
                    f"{i}. **Q{m.number}.** {md(m.question.prompt)}  \n"
                    f"You: {md(m.given) or '(nothing)'} · {_right_part(run, m)}"
                    + (" · right later :material/check:" if m.cleared else "")
                    for i, m in enumerate(s.misses, 1)
                )
            )
        elif s.answered and s.complete:
            st.success("No mistakes: every answer right at the first try!")
        elif s.answered:
            st.info(f"No mistakes in the {_plural(s.answered, 'question')} answered.")
        if unreached:
            with st.expander(f"Not reached: {len(unreached)} questions, with their answers"):
                st.markdown(answer_key(unreached))
        if s.misses:
            st.button(
                f"Practise my misses ({len(s.misses)})",
                type="primary",
                width="stretch",
                icon=":material/replay:",
                on_click=_practise,
                args=(view.key,),
                key=view.widget_key("practise"),
            )
        if not view.locked:
            st.button(
                "New quiz",
                width="stretch",
                icon=":material/refresh:",
                on_click=_new_quiz,
                args=(view.group,),
                key=view.widget_key("new"),
                help="The same settings with a new seed.",
            )
        name = drill.url_path if view.locked else f"{drill.url_path}-seed{run.settings.seed}"
        st.download_button(
            "Download this run (CSV)",
            run.to_csv(),
            file_name=f"{name}{'-misses' if run.practice else ''}.csv",
            mime="text/csv",
            on_click="ignore",
            width="stretch",
            icon=":material/download:",
            key=view.widget_key("csv"),
        )


def _plural(k: int, word: str) -> str:
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def _summary_title(view: QuizView, s: Summary) -> str:
    if view.time_up:
        return "Time's up"
    return "Practice done" if view.run.practice else "Quiz complete"


def summary_lines(view: QuizView, s: Summary) -> list[str]:
    """The score lines of a summary. Questions never answered are "not reached", neither
    right nor wrong; an answer picked but not checked when the time ran out is left out; the
    share is given only for a finished quiz."""
    lines = []
    if view.time_up:
        lines.append(
            f"You answered {s.answered} of {_plural(s.total, 'question')} in {view.timer} min"
            + (f"; {s.unreached} not reached." if s.unreached else ".")
        )
    share = f" ({s.percent}%)" if s.complete else ""
    retries = f" {s.retries} more answered on a second try." if s.retries else ""
    lines.append(
        f"**You got {s.score} of {s.total} right at the first try**{share} "
        f"in {clock(view.elapsed())}.{retries}"
    )
    if view.unchecked:
        lines.append("The answer you had picked when the time ran out was not checked.")
    return lines


def _right_part(run: QuizRun, m: Miss) -> str:
    """The right answer of a miss; for a list of names, the states missed."""
    if m.question.answer_type is AnswerType.NAMES:
        result = next(a.result for a in run.attempts if a.number == m.number)
        names = [by_usps()[c].name for c in sorted(result.missed, key=m.question.label)]
        return f"Missed: **{md(', '.join(names))}**"
    return f"Right: **{md(m.right_answer)}**"


def preview(q: Question, key: str, settings: QuizSettings | None = None) -> None:
    """A question as the student will first see it (the prompt, its choices and the map),
    without answer widgets."""
    st.markdown(f"**{md(q.prompt)}**")
    if q.choices and len(q.choices) <= 6:
        st.caption("Choices: " + " · ".join(md(q.label(c)) for c in q.choices))
    roles, notes = asking_roles(q)
    draw_map(key, roles, notes, settings=settings, label=f"Map for the question: {q.prompt}")


def answer_key(questions: list[Question]) -> str:
    """The questions and their answers, as a numbered Markdown list."""
    return "\n".join(
        f"{i}. {md(q.prompt)}  \n**{md(q.answer_text)}**" for i, q in enumerate(questions, 1)
    )


def _focus_target(view: QuizView) -> str:
    """Where the keyboard belongs now: the answer box of a question, the feedback after Check
    (the next Tab reaches "Next question"), the summary at the end."""
    if view.over:
        return by_key(view.widget_key("summary"))
    if view.phase == "feedback":
        return by_key(view.widget_key("feedback"))
    q = view.run.current
    assert q is not None
    if q.answer_type is AnswerType.TEXT:
        return by_key(view.widget_key("text"), "input")
    if q.answer_type is AnswerType.NAMES:
        return by_key(view.widget_key("name"), "input")
    if q.answer_type in (AnswerType.SET, AnswerType.ORDER):
        return f'[class*="st-key-{view.widget_key("pick")}"] input'  # any of its synced keys
    return f'[class*="st-key-{view.widget_key("one")}"] input'


def _keep_focus(view: QuizView) -> None:
    step = "summary" if view.over else view.phase
    names = view.run.current is not None and view.run.current.answer_type is AnswerType.NAMES
    tick = f"-{len(view.picked)}-{view.notice}" if names and step == "ask" else ""
    focus(_focus_target(view), f"{view.uid}-{view.turn}-{step}{tick}")


def quiz_page(group: str) -> None:
    """Draw the drill page of ``group`` ("borders", "capitals", "ranks" or "zones")."""
    drill = DRILLS[group]
    view = current_view(group)
    st.title(drill.title)
    st.caption(drill.intro)
    if view.notes:
        st.warning(
            "Some settings in this link could not be used:\n\n"
            + "\n".join(f"- {md(n)}" for n in view.notes),
            icon=":material/warning:",
        )
    show_quiz(view)


def show_quiz(view: QuizView) -> None:
    """The quiz of ``view``: its status and question, feedback or summary; below it what the
    quiz asks and, unless ``view.locked``, the form to change it."""
    _check_time(view)
    if view.over:
        with st.container(key=view.widget_key("summary")):
            _summary(view)
    else:
        _status(view)
        if view.phase == "feedback":
            _feedback(view)
        else:
            _ask(view)
    _keep_focus(view)
    st.divider()
    practice = " · practising your misses" if view.run.practice else ""
    line = describe(view.run.settings, view.timer, view.run.total, seed=not view.locked)
    st.caption(line + practice)
    if not view.locked:
        _settings_form(view)
