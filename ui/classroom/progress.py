"""The Class progress page (``/class_progress?key=…``): what the students of a class assignment
know over the weeks, opened with the teacher key as Class results is (the same key handling:
``ui.classroom.results.teacher_assignment``; a key opened on one of the two pages opens the
other in the same session).

* **Every student with a progress code** (a student gets one on joining, or gives theirs):
  their mastery per topic now, due today, and the last eight weeks of their mastery in a small
  chart; the class's mastery per topic over the same weeks.
* **The class map**: for one topic, each state by the class's figure (the mean of the
  students', a student who never met it counting 0), in the three bands, the exact figure on
  hover and in words; the facts due for the most students; a CSV of every student's facts.
* **Assign what the class does not know**: one button makes a class assignment of what the
  class was asked and missed most (:func:`engine.progress.review.class_review`: the topic
  with the most wrong answers, on its ten most missed states; the page says which before the
  press), its teacher key drawn once (one press, one assignment), shown as the Assign page
  shows one: the class link first, the private teacher link behind a button.

A student's progress holds all their practice, at home too: what a teacher sees here is what
the student's progress code holds, and the join page tells the student so.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

import streamlit as st
from babel.dates import format_date

from engine.csvfile import csv_text
from engine.progress.mastery import (
    class_figures,
    counts,
    most_due,
    topic_share,
    trend,
)
from engine.progress.review import ClassReview, class_review
from engine.progress.schedule import band, retrievability
from engine.quiz import QuizSettings, default_modes, repeat_free_count
from engine.quiz.items import TOPIC_GROUPS, TOPICS, Kind
from messages import _, join, language, ngettext, number, pgettext
from messages.formats import formats_locale
from store.classroom import AssignmentInfo, ClassroomError, NewAssignment, create_assignment
from store.clock import now_utc
from store.codes import KEY_BYTES, new_token
from store.db import Unavailable
from store.progress import ClassLearner, class_learners, class_states, learner_weeks
from ui.classroom.create import created
from ui.classroom.errors import unavailable, worded
from ui.classroom.links import show_student_link, student_link, teacher_link
from ui.classroom.results import teacher_assignment
from ui.classroom.student import about, language_of
from ui.links import md
from ui.my_progress import choose_topic, end_of_day, trend_weeks
from ui.progress.bands import percent, show_band_map, weeks_table
from ui.progress.links import app_base
from ui.progress.words import topic_title
from ui.quiz.wording import item_words
from ui.state_names import state_name
from ui.storage import app_database

REQUEST = "class_progress_request"  #: session key: the teacher key drawn for the next press
MADE = "class_progress_made"  #: session key: the assignment the button made
STEP = "class_progress_step"  #: session key: "class" or "teacher", the link on show
ERROR = "class_progress_error"
TOPIC = "class_progress_topic"
WEAKEST = 10  #: states (and questions) in an assignment of what the class does not know
ALL_KINDS = tuple(Kind)


def _share(totals: dict[Kind, float], kinds=ALL_KINDS) -> float:
    return topic_share(totals, kinds)


def _review_settings(review: ClassReview) -> QuizSettings:
    """The quiz of ``review``: its topic's drill modes on its states, :data:`WEAKEST` questions
    or as many as ask none twice."""
    group = TOPIC_GROUPS[review.topic.name]
    settings = QuizSettings(modes=default_modes(group), states=review.codes, n=WEAKEST)
    return replace(settings, n=min(WEAKEST, repeat_free_count(settings)))


def _assign(learners: list[dict]) -> None:
    """ "Assign what the class does not know": one assignment per press (its key drawn once)."""
    ss = st.session_state
    ss.pop(ERROR, None)
    review = class_review(learners, WEAKEST)
    if review is None:
        return
    n = len(review.states)
    title = ngettext("Review: {topic} of {n} state", "Review: {topic} of {n} states", n).format(
        topic=topic_title(review.topic).lower(), n=number(n)
    )
    try:
        made = create_assignment(
            app_database(), title=title,
            drill=TOPIC_GROUPS[review.topic.name], settings=_review_settings(review),
            teacher_key=ss.setdefault(REQUEST, new_token(KEY_BYTES)), language=language(),
        )  # fmt: skip
    except (ClassroomError, Unavailable) as error:
        ss[ERROR] = worded(error) if isinstance(error, ClassroomError) else unavailable()
        return
    ss.pop(REQUEST, None)
    ss[MADE] = made
    ss[STEP] = "class"


def _review(learners: list[dict]) -> None:
    """What "Assign what the class does not know" will assign, and its button."""
    review = class_review(learners, WEAKEST)
    if review is None:
        st.caption(_("Nothing to review yet: no student has missed a fact so far."))
        return
    wrong = _("{state} ({wrong} of {answers} wrong)")
    said = [
        wrong.format(state=state_name(m.state), wrong=number(m.wrong), answers=number(m.answers))
        for m in review.states
    ]
    missed = join(said)
    n, questions = len(review.states), _review_settings(review).n
    st.markdown(
        _(
            "A class assignment of **{topic}**, the topic the class missed most, on the {states} "
            "it missed most: {missed}; {questions}."
        ).format(
            topic=topic_title(review.topic).lower(),
            states=ngettext("{n} state", "{n} states", n).format(n=number(n)),
            missed=md(missed),
            questions=ngettext("{n} question", "{n} questions", questions).format(
                n=number(questions)
            ),
        )
    )
    if st.session_state.get(MADE) is None:
        st.button(_("Assign what the class does not know"), type="primary",
                  icon=":material/assignment_add:", on_click=_assign, args=(learners,),
                  key="class_progress_assign")  # fmt: skip


def _step(step: str) -> None:
    st.session_state[STEP] = step


def _done() -> None:
    for name in (MADE, STEP, ERROR):
        st.session_state.pop(name, None)


def _made(made: NewAssignment) -> None:
    """The assignment the button made: the class link, then (behind a button) the teacher's."""
    a, base = made.assignment, app_base()
    with st.container(border=True):
        st.success(created(a), icon=":material/check:")
        st.caption(md(about(a)))
        if st.session_state.get(STEP, "class") == "class":
            show_student_link(a.code, student_link(a.code, base, language_of(a)))
            st.button(_("Show my private teacher link"), icon=":material/key:", on_click=_step,
                      args=("teacher",), key="class_progress_teacher")  # fmt: skip
        else:
            st.markdown(_("**Your private teacher link** (not for the board):"))
            st.code(teacher_link(made.teacher_key, base), language=None, wrap_lines=True)
            st.warning(
                _("Keep this private and copy it now: only a fingerprint of its key is stored."),
                icon=":material/key:",
            )
            st.button(_("Hide it: back to the class link"), icon=":material/visibility_off:",
                      on_click=_step, args=("class",), key="class_progress_class")  # fmt: skip
        st.button(_("Done"), icon=":material/check:", on_click=_done, key="class_progress_done")


def _csv(linked: list[ClassLearner], states: dict[int, dict], now: datetime) -> str:
    """One row per student per fact met (:func:`engine.csvfile.csv_text`)."""

    def row(s: ClassLearner, item, state) -> list[object]:
        figure = retrievability(state, now)
        return [
            s.name, s.learner.code, item.kind.value, item.state, f"{figure:.3f}",
            band(figure).value, state.reviews, state.lapses,
            state.due.isoformat(timespec="minutes"),
            state.last_review.isoformat(timespec="minutes"),
        ]  # fmt: skip

    header = ["student", "progress code", "kind", "state", "retrievability", "band", "answers",
              "wrong", "due", "last answer"]  # fmt: skip
    rows = [
        row(s, item, state)
        for s in linked
        if s.learner is not None
        for item, state in sorted(states[s.learner.id].items())
    ]
    return csv_text([header, *rows])


def _roster(linked, states, rows, now, weeks) -> list[list[dict[Kind, float]]]:
    """The table of students; returns each one's weekly totals (for the class chart)."""
    until = end_of_day(now)
    histories, table = [], []
    last = ngettext("Last {n} week", "Last {n} weeks", len(weeks)).format(n=number(len(weeks)))
    for s in linked:
        mine = states[s.learner.id]
        history = trend(rows[s.learner.id], mine, weeks, now)
        histories.append(history)
        line = {
            pgettext("a roster's column", "Name"): s.name,
            pgettext("a progress code", "Code"): s.learner.code,
        }
        for topic in TOPICS:
            line[topic_title(topic)] = percent(topic_share(history[-1], topic.kinds))
        line[_("Due today")] = counts(mine, now, until).due
        line[last] = [round(100 * _share(t)) for t in history]
        table.append(line)
    weeks_table(table, "class_progress_roster", last, _("All topics' mastery, %"))
    return histories


def _class_chart(histories, weeks) -> None:
    """The class's mastery per topic at the end of each week (this week: now), in figures and
    in a small chart per topic (a table: its figures are read out, a chart's are not)."""
    table = []
    column = ngettext("{n} week", "{n} weeks", len(weeks)).format(n=number(len(weeks)))
    for topic in TOPICS:
        shares = [
            100 * sum(topic_share(h[i], topic.kinds) for h in histories) / len(histories)
            for i in range(len(weeks))
        ]
        line = {pgettext("a table's column", "Topic"): topic_title(topic)}
        line.update(
            {
                format_date(w, "MMM dd", locale=formats_locale()): percent(v / 100)
                for w, v in zip(weeks[:-1], shares, strict=False)
            }
        )
        line[pgettext("this week", "Now")] = percent(shares[-1] / 100)
        line[column] = [round(v, 1) for v in shares]
        table.append(line)
    weeks_table(table, "class_progress_weeks", column)
    st.caption(_("The class's mastery of each topic at the end of each week (week of Monday …)."))


def _class_map(learners: list[dict], now: datetime) -> None:
    topic = choose_topic(TOPIC, TOPICS[0].name)
    figures = class_figures(learners, now, topic.kinds)
    label = _("How well the class knows each state: {topic}").format(
        topic=topic_title(topic).lower()
    )
    show_band_map("class_progress_map", figures, label)
    st.caption(
        _("Each state: the mean of the students' figures (a student who never met it counts 0).")
    )


def _due(learners: list[dict], now: datetime) -> None:
    due = most_due(learners, end_of_day(now), 10)
    if not due:
        st.caption(_("Nothing is due today for anyone."))
        return
    line = _("{i}. {item}: due for {n} of {total}")
    st.markdown(
        "\n".join(
            line.format(
                i=number(i), item=md(item_words(item)), n=number(n), total=number(len(learners))
            )
            for i, (item, n) in enumerate(due, 1)
        )
    )


def _progress(assignment: AssignmentInfo) -> None:
    db = app_database()
    now = now_utc()
    weeks = trend_weeks(now)
    try:
        students = class_learners(db, assignment.id)
        linked = [s for s in students if s.learner is not None]
        ids = [s.learner.id for s in linked]
        states = class_states(db, ids)
        rows = learner_weeks(db, ids, weeks[0])
    except Unavailable:
        st.error(unavailable(), icon=":material/cloud_off:")
        st.button(_("Try again"), icon=":material/refresh:")
        return
    st.markdown(
        _("**{n}** of {total} students have a progress code.").format(
            n=number(len(linked)), total=number(len(students))
        )
    )
    if not linked:
        st.info(
            _(
                "No student of this assignment has a progress yet: students get one when they "
                "start the class quiz (those who joined before progress codes existed have "
                "none)."
            )
        )
        return
    learners = [states[i] for i in ids]
    st.subheader(_("Students"), anchor=False)
    histories = _roster(linked, states, rows, now, weeks)
    st.subheader(_("The class over the weeks"), anchor=False)
    _class_chart(histories, weeks)
    map_col, due_col = st.columns([3, 2], vertical_alignment="top")
    with map_col:
        st.subheader(_("Class map"), anchor=False)
        _class_map(learners, now)
    with due_col:
        st.subheader(_("Due for the most students"), anchor=False)
        _due(learners, now)
        st.download_button(
            _("Download every student's facts (CSV)"),
            lambda: _csv(linked, states, now),  # made when the button is pressed
            file_name=f"geoplunge-{assignment.code}-progress.csv",
            mime="text/csv",
            on_click="ignore",
            icon=":material/download:",
            key="class_progress_csv",
        )
        st.subheader(_("Assign what the class does not know"), anchor=False)
        _review(learners)
        if error := st.session_state.get(ERROR):
            st.error(md(error), icon=":material/error:")
    if (made := st.session_state.get(MADE)) is not None:
        _made(made)


def class_progress_page() -> None:
    """The Class progress page of one assignment, opened with its teacher key."""
    st.title(_("Class progress"))
    assignment = teacher_assignment()
    if assignment is None:
        return
    st.header(md(assignment.title), anchor=False)
    st.caption(md(about(assignment)))
    st.page_link("pages/results.py", label=_("Its class results"), icon=":material/monitoring:")
    _progress(assignment)
