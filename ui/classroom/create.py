"""The class assignment part of the Assign page: its form (a title, a closing date and time in
the teacher's time zone) and, once created, the class code, the student link with its QR code
and the teacher link, whose key is shown once: only its hash is kept."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, tzinfo

import streamlit as st

from engine.quiz import QuizSettings
from store.classroom import ClassroomError, NewAssignment, create_assignment
from store.db import Unavailable
from ui.classroom.links import links, show_student_link
from ui.classroom.student import about
from ui.classroom.times import teacher_zone
from ui.links import md
from ui.storage import UNAVAILABLE, app_database, storage_note

CREATED = "assign_class_created"  #: session key: the assignment just created, with its key


def _closing(day: date | None, at: time | None, zone: tzinfo) -> datetime | None:
    if day is None:
        return None
    return datetime.combine(day, at or time(23, 59), tzinfo=zone).astimezone(UTC)


def _create(group: str, settings: QuizSettings, timer: int | None) -> None:
    ss = st.session_state
    ss.pop("assign_class_error", None)
    try:
        closes = _closing(ss.get("assign_class_day"), ss.get("assign_class_time"), teacher_zone())
        made = create_assignment(
            app_database(), title=ss.get("assign_class_title", ""), drill=group,
            settings=settings, timer=timer, closes_at=closes,
        )  # fmt: skip
    except ClassroomError as error:
        ss["assign_class_error"] = str(error)
        return
    except Unavailable:
        ss["assign_class_error"] = UNAVAILABLE
        return
    ss[CREATED] = made


def create_section(group: str, settings: QuizSettings, timer: int | None, base: str | None) -> None:
    """The Assign page's "Create a class assignment" form, and the assignment it created."""
    st.subheader("Class assignment")
    st.markdown(
        "Collect every student's answers: the class gets a code and a link, you get a private "
        "results page. The assignment uses the settings above, with questions of its own from "
        "a secret seed (the preview and the answer key on this page are those of the practice "
        "link only)."
    )
    st.markdown(storage_note())  # not a caption: its code spans fail contrast in grey
    with st.form("assign_class"):
        st.text_input("Title", key="assign_class_title", placeholder="Borders of the West")
        left, right = st.columns(2)
        left.date_input("Closes on (optional)", value=None, key="assign_class_day")
        right.time_input("at", value=time(23, 59), key="assign_class_time")
        zone = teacher_zone()
        st.caption(f"Times are in your time zone ({getattr(zone, 'key', 'UTC')}).")
        st.form_submit_button(
            "Create a class assignment",
            type="primary",
            icon=":material/group_add:",
            width="stretch",
            on_click=_create,
            args=(group, settings, timer),
        )
    if error := st.session_state.get("assign_class_error"):
        st.error(md(error), icon=":material/error:")
    made: NewAssignment | None = st.session_state.get(CREATED)
    if made is not None:
        _created(made, base)


def _created(made: NewAssignment, base: str | None) -> None:
    a = made.assignment
    student, teacher = links(a.code, made.teacher_key, base)
    st.success(f"Created “{md(a.title)}”: class code **{a.code}**.", icon=":material/check:")
    st.caption(md(about(a)))
    show_student_link(a.code, student)
    st.markdown("**Your private teacher link** (the results, and closing or deleting them):")
    st.code(teacher, language=None, wrap_lines=True)
    st.warning(
        "**Keep this private.** Anyone with this link can see every student's answers and "
        "delete the assignment. It is shown only now: the app keeps only a fingerprint of its "
        "key and cannot show it again, so copy it somewhere safe. The key alone is "
        f"`{made.teacher_key}`.",
        icon=":material/key:",
    )
