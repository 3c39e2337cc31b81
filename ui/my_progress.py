"""The My progress page (``/progress``; ``?code=…&token=…`` opens a progress): what the learner
knows, state by state, and "Practise what is due".

* **The link's secret stays off the screen.** A code and token in the address open the
  progress into the session and leave the address bar at once (as the teacher key does on
  Class results); this device keeps it (``ui.progress.device``), so a reload opens it again.
* **The map**: the 50 states coloured by how well the learner knows each, for one topic at a
  time (borders, capitals, zones, location, ranks): known, fading, weak (the three bands of
  ``engine.progress.schedule``), grey when not met yet; the exact figure on hover and every
  state's figure in words under the map.
* **The counts**: items learned, due today (by the end of the learner's day, in their time
  zone), new; the streak of days practised; each topic's mastery and its last eight weeks.
* **Practise what is due** deals a quiz of the items due now only (when none is, the weakest,
  then new ones: ``engine.progress.select``), seeded, answered on the drills' own page and map
  (``ui.quiz.page.show_quiz``); every answer goes to the history as it is checked.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta

import streamlit as st

from engine.progress.mastery import counts, state_figures, streak, topic_share, trend
from engine.progress.practice import PRACTICE_N, practice_questions, practice_settings
from engine.progress.schedule import retrievability, week_of, weeks_between
from engine.progress.select import practice_items
from engine.quiz import QuizRun
from engine.quiz.items import TOPICS, Item, Topic
from engine.quiz.modes import mode
from messages import N_, _, ngettext, number
from store.clock import now_utc
from store.db import Unavailable
from store.progress import (
    NotFound,
    learner_states,
    learner_weeks,
    practice_days,
    replace_token,
)
from ui.links import fresh_seed, md
from ui.progress.bands import percent, show_band_map, weeks_table
from ui.progress.errors import said
from ui.progress.keep import (
    FRESH,
    ProgressRecorder,
    become,
    forget,
    keep,
    me,
    open_form,
    open_link,
    sync_device,
)
from ui.progress.links import CODE, TOKEN, show_progress_link
from ui.progress.words import kind_label, topic_title
from ui.quiz.page import show_quiz
from ui.quiz.session import QuizView
from ui.storage import UNAVAILABLE, app_database, unavailable
from ui.times import teacher_zone

PRACTICE = "progress_quiz"  #: session key of the practice quiz's view
TOPIC = "progress_topic"  #: session key of the topic the map shows
WEEKS = 8  #: weeks in a trend
STREAK_DAYS = 400  #: days looked back for a streak


def end_of_day(now: datetime) -> datetime:
    """The end of the learner's day (their browser's time zone), as UTC."""
    zone = teacher_zone()
    local = now.astimezone(zone)
    return datetime.combine(local.date() + timedelta(days=1), time(), tzinfo=zone)


def trend_weeks(now: datetime) -> list:
    """The Mondays of the last :data:`WEEKS` weeks, this one last."""
    this = week_of(now)
    return weeks_between(this - timedelta(weeks=WEEKS - 1), this)


def _from_link() -> None:
    """A code and token in the address open the progress here and leave the address bar."""
    if CODE not in st.query_params and TOKEN not in st.query_params:
        return
    code, token = st.query_params.get(CODE, ""), st.query_params.get(TOKEN, "")
    for name in (CODE, TOKEN):
        if name in st.query_params:
            del st.query_params[name]
    open_link(code, token)


def choose_topic(key: str, first: str) -> Topic:
    """The topic a map shows, chosen with a row of buttons (``first`` at the start)."""
    st.session_state.setdefault(key, first)
    chosen = st.segmented_control(
        _("The map shows"), [t.name for t in TOPICS], format_func=topic_title, key=key,
        width="stretch",
    )  # fmt: skip
    return next(t for t in TOPICS if t.name == (chosen or first))


def practise_label(due: int) -> str:
    """The practice button's words: it asks the facts due only, as many as it says (the
    first :data:`PRACTICE_N` when more are due); with none due, the weakest, then new ones."""
    if not due:
        return _("Practise: the weakest, then new facts (up to {n})").format(n=number(PRACTICE_N))
    if due > PRACTICE_N:
        return _("Practise what is due ({n} of {due})").format(
            n=number(PRACTICE_N), due=number(due)
        )
    return _("Practise what is due ({due})").format(due=number(due))


def _practise(states: dict[Item, object]) -> None:
    """ "Practise what is due": a seeded quiz of the items due, the weakest, new ones."""
    now = now_utc()
    seed = fresh_seed()
    items = practice_items(states, now, end_of_day(now), PRACTICE_N, seed)
    if not items:
        return
    questions = practice_questions(items, seed)
    run = QuizRun(practice_settings(questions, seed), questions)
    group = mode(questions[0].mode).group
    view = QuizView(
        group, run, {}, [], key=PRACTICE, locked=True, recorders=(ProgressRecorder("practice"),)
    )
    previous: QuizView | None = st.session_state.get(PRACTICE)
    view.turn = previous.turn + 1 if previous else 0
    st.session_state[PRACTICE] = view


def _stop() -> None:
    st.session_state.pop(PRACTICE, None)


def _replace_link() -> None:
    who = me()
    if who is None or not who.token:
        return
    try:
        fresh = replace_token(app_database(), who.learner.id, who.token)
    except (NotFound, Unavailable) as error:
        st.session_state["progress_flash"] = error if isinstance(error, NotFound) else UNAVAILABLE
        return
    become(who.learner, fresh)
    st.session_state[FRESH] = True
    st.session_state["progress_flash"] = N_(
        "A new progress link is made: the old one opens nothing from now on. Save the new one."
    )


def _welcome() -> None:
    st.markdown(
        _(
            "GeoPlunge remembers each fact you answer (a state's borders, its capital, its zone, "
            "where it is, how it ranks) and brings it back just before you would forget it "
            "(the FSRS scheduler). There is no account: your progress is a link of your own."
        )
    )
    left, right = st.columns(2, gap="large")
    with left:
        st.subheader(_("Start"), anchor=False)
        st.markdown(_("A new progress code for this device and any other."))
        st.button(_("Keep my progress"), type="primary", icon=":material/bookmark_add:",
                  on_click=keep, key="progress_start")  # fmt: skip
    with right:
        st.subheader(_("Come back"), anchor=False)
        open_form("progress_page")


def _map(states, now, topic: Topic) -> None:
    figures = state_figures(states, now, topic.kinds)
    details = {}
    if len(topic.kinds) > 1:
        for usps in figures:
            parts = []
            for kind in topic.kinds:
                s = states.get(Item(kind, usps))
                parts.append(
                    _("{kind} {figure}").format(
                        kind=kind_label(kind), figure=percent(retrievability(s, now))
                    )
                    if s
                    else _("{kind} not met").format(kind=kind_label(kind))
                )
            details[usps] = ", ".join(parts)
    label = _("How well you know each state: {topic}").format(topic=topic_title(topic).lower())
    show_band_map("progress_map", figures, label, details)


def _topics_table(states, rows, now) -> None:
    weeks = trend_weeks(now)
    history = trend(rows, states, weeks, now)
    met = {t.name: sum(1 for i in states if i.kind in t.kinds) for t in TOPICS}
    weeks_column = ngettext("{n} week", "{n} weeks", WEEKS).format(n=number(WEEKS))
    rows = [
        {
            _("Topic"): topic_title(topic),
            _("Mastery"): percent(topic_share(history[-1], topic.kinds)),
            _("Facts met"): _("{met} of {total}").format(
                met=number(met[topic.name]), total=number(50 * len(topic.kinds))
            ),
            weeks_column: [round(100 * topic_share(t, topic.kinds)) for t in history],
        }
        for topic in TOPICS
    ]
    weeks_table(rows, "progress_topics", weeks_column, _("Mastery at the end of each week, %"))
    st.caption(
        _(
            "Mastery: the share of a topic's facts (50 states × its kinds) you are expected to "
            "recall now; facts never met count as not known."
        )
    )


def _dashboard() -> None:
    who = me()
    assert who is not None
    db = app_database()
    now = now_utc()
    today = now.astimezone(teacher_zone()).date()
    try:
        states = learner_states(db, who.learner.id)
        days = practice_days(db, who.learner.id, today - timedelta(days=STREAK_DAYS))
        rows = learner_weeks(db, [who.learner.id], trend_weeks(now)[0])[who.learner.id]
    except Unavailable:
        st.error(unavailable(), icon=":material/cloud_off:")
        st.button(_("Try again"), icon=":material/refresh:")
        return
    c = counts(states, now, end_of_day(now))
    st.markdown(
        _("Progress **{code}** · {met} of {total} facts met").format(
            code=who.learner.code, met=number(c.met), total=number(c.total)
        )
    )
    days_in_row = streak(days, today)
    with st.container(border=True):  # one line that wraps on a phone
        st.markdown(
            "#### :material/school: {learned} · :material/event: {due} · "
            ":material/fiber_new: {new} · :material/local_fire_department: {streak}".format(
                learned=_("{n} learned").format(n=number(c.learned)),
                due=_("{n} due today").format(n=number(c.due)),
                new=_("{n} new").format(n=number(c.new)),
                streak=ngettext("{n}-day streak", "{n}-day streak", days_in_row).format(
                    n=number(days_in_row)
                ),
            )
        )
        st.caption(
            _(
                "Learned: facts you are {share} or more likely to recall now. Due today: facts "
                "the scheduler brings back by tonight. New: facts not met yet. Streak: days in a "
                "row with practice."
            ).format(share=percent(0.9))
        )
    st.button(practise_label(c.due), type="primary", icon=":material/exercise:", width="stretch",
              on_click=_practise, args=(states,), key="progress_practise")  # fmt: skip
    if not states:
        st.info(_("Nothing is kept yet: practise, or answer any drill, and it shows here."))
    met = [t.name for t in TOPICS if any(i.kind in t.kinds for i in states)]
    topic = choose_topic(TOPIC, met[0] if met else TOPICS[0].name)
    map_col, table_col = st.columns([3, 2], vertical_alignment="top")
    with map_col:
        _map(states, now, topic)
    with table_col:
        _topics_table(states, rows, now)
    _link_and_device()


def _link_and_device() -> None:
    who = me()
    assert who is not None
    with st.expander(_("My progress link and its QR code"), icon=":material/qr_code_2:"):
        if who.token:
            show_progress_link(who.learner.code, who.token, "progress_link")
        else:
            st.markdown(
                _(
                    "This progress was opened through your class quiz: its link is the one you "
                    "saved when you started. Open it to see it here."
                )
            )
    with st.expander(_("Make a new progress link, or forget it here"), icon=":material/key:"):
        if who.token:
            st.markdown(
                _(
                    "If someone else saw your link (on a shared screen, in a photo), replace it: "
                    "the old link opens nothing from then on."
                )
            )
            st.button(_("Make a new progress link"), icon=":material/key:",
                      on_click=_replace_link, key="progress_replace")  # fmt: skip
        st.markdown(_("On a shared computer, forget this progress when you are done."))
        st.button(_("Forget my progress on this device"), icon=":material/logout:",
                  on_click=forget, key="progress_forget")  # fmt: skip


def progress_page() -> None:
    """The My progress page."""
    st.title(_("My progress"))
    _from_link()
    if flash := st.session_state.pop("progress_flash", None):
        st.info(md(said(flash)), icon=":material/info:")
    view: QuizView | None = st.session_state.get(PRACTICE)
    if me() is not None and view is not None:
        st.button(_("Back to my progress"), icon=":material/arrow_back:", on_click=_stop,
                  key="progress_back")  # fmt: skip
        show_quiz(view)  # its keep panel keeps the progress on this device
        return
    sync_device()
    if me() is None:
        _welcome()
        return
    _dashboard()
