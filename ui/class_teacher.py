"""The teacher's side of a class assignment: creating one on the Assign page, and the Results
page opened with the private teacher link (``/results?key=…``) or by typing the key.

Creating one returns the class code, the student link (``/class?code=…``) with its QR code
(SVG, drawn by ``segno``) and the teacher link, whose key is shown once: only its hash is kept.
The Results page refreshes itself while students work (a small ``st.fragment`` with
``run_every`` looks for new answers and redraws the page when there are):
the roster, the class map (the share of wrong first answers per state), the most-missed
questions with the wrong answers given most often, each student's answers and a CSV of every
attempt; the teacher can close the assignment or delete it with every answer.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, date, datetime, time, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import segno
import streamlit as st

from engine.quiz import QuizSettings
from store.classroom import (
    AssignmentInfo,
    ClassroomError,
    NewAssignment,
    NotFound,
    StudentResult,
    assignment_for_key,
    class_results,
    class_version,
    close_assignment,
    create_assignment,
    delete_assignment,
)
from store.db import Unavailable
from store.report import attempts_csv, most_missed, roster, state_shares
from ui.classroom import CODE, URL_PATH, about
from ui.links import app_base_url, app_link, md
from ui.maps import us_map
from ui.quiz.text import clock
from ui.storage import app_database, storage_note

RESULTS_PATH = "results"
KEY_PARAM = "key"
CREATED = "assign_class_created"  #: session key: the assignment just created, with its key
RESULTS_KEY = "results_key"  #: session key: a teacher key typed on the Results page
REFRESH = 5  #: seconds between two looks for new results
VERSION = "results_version"  #: session key: the results' version drawn last
UNAVAILABLE = "The class database is not answering right now. Try again in a moment."
#: the class map's bands of the share of wrong first answers: (role, lower bound, words)
BANDS: tuple[tuple[str, float, str], ...] = (
    ("correct", 0.0, "none wrong"),
    ("missed", 1e-9, "under half wrong"),
    ("wrong", 0.5, "half or more wrong"),
)


def teacher_zone() -> tzinfo:
    """The browser's time zone (UTC when it is not known)."""
    try:
        name = st.context.timezone
    except AttributeError:
        name = None
    try:
        return ZoneInfo(name) if name else UTC
    except (ZoneInfoNotFoundError, ValueError):
        return UTC


def _when(moment: datetime | None, zone: tzinfo) -> str:
    return "" if moment is None else f"{moment.astimezone(zone):%b %d, %H:%M}"


def links(code: str, key: str | None, base: str | None) -> tuple[str, str | None]:
    """The student link and (with ``key``) the teacher link."""
    student = app_link(URL_PATH, {CODE: code}, base)
    return student, app_link(RESULTS_PATH, {KEY_PARAM: key}, base) if key else None


def qr_svg(link: str) -> str:
    """The QR code of ``link`` as inline SVG (medium error correction, scannable from a
    projected screen)."""
    return segno.make(link, error="m").svg_inline(
        scale=5, title=f"QR code of {link}", dark="#1F2933"
    )


def _student_link(code: str, link: str) -> None:
    st.markdown(f"Class code: **{code}** · Student link:")
    st.code(link, language=None, wrap_lines=True)
    if "://" in link:
        st.image(qr_svg(link), caption="Students can scan this with a phone.", width=220)
        st.download_button(
            "Download the QR code (SVG)",
            qr_svg(link),
            file_name=f"geoplunge-{code}.svg",
            mime="image/svg+xml",
            on_click="ignore",
            icon=":material/qr_code_2:",
            key=f"qr_{code}",
        )


# --- creating an assignment (the Assign page) -----------------------------------------------


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
    _student_link(a.code, student)
    st.markdown("**Your private teacher link** (the results, and closing or deleting them):")
    st.code(teacher, language=None, wrap_lines=True)
    st.warning(
        "**Keep this private.** Anyone with this link can see every student's answers and "
        "delete the assignment. It is shown only now: the app keeps only a fingerprint of its "
        "key and cannot show it again, so copy it somewhere safe. The key alone is "
        f"`{made.teacher_key}`.",
        icon=":material/key:",
    )


# --- the results page -----------------------------------------------------------------------


def _open_key() -> None:
    st.session_state[RESULTS_KEY] = str(st.session_state.get("results_key_typed", "")).strip()


def _key_form() -> None:
    st.markdown(
        "Open the results with the private teacher link you got when you created the "
        "assignment, or type its key here."
    )
    with st.form("results_key_form"):
        st.text_input("Teacher key", key="results_key_typed", type="password")
        st.form_submit_button("Open the results", type="primary", on_click=_open_key)


def _forget_key() -> None:
    st.session_state.pop(RESULTS_KEY, None)
    if KEY_PARAM in st.query_params:
        del st.query_params[KEY_PARAM]


def _close(assignment_id: int) -> None:
    try:
        close_assignment(app_database(), assignment_id)
        st.session_state["results_flash"] = "Closed: late students see that it is closed."
    except (ClassroomError, Unavailable) as error:
        st.session_state["results_flash"] = str(error) if str(error) else UNAVAILABLE


def _delete(assignment_id: int, title: str) -> None:
    if not st.session_state.get("results_delete_sure"):
        st.session_state["results_flash"] = "Tick the box first to delete the assignment."
        return
    try:
        answers = delete_assignment(app_database(), assignment_id)
    except Unavailable:
        st.session_state["results_flash"] = UNAVAILABLE
        return
    _forget_key()
    st.session_state["results_deleted"] = (
        f"Deleted “{title}” with its {answers} answer{'s' if answers != 1 else ''}."
    )


def share_roles(
    shares: Mapping[str, tuple[int, int]],
) -> tuple[dict[str, str], dict[str, str]]:
    """Map roles (:data:`BANDS`) and hover notes from ``store.report.state_shares``."""
    roles, notes = {}, {}
    for usps, (wrong, asked) in shares.items():
        share = wrong / asked
        roles[usps] = next(role for role, low, _ in reversed(BANDS) if share >= low)
        notes[usps] = f"{wrong} of {asked} first answers wrong ({round(100 * share)}%)"
    return roles, notes


def _roster(assignment: AssignmentInfo, students: list[StudentResult], zone: tzinfo) -> None:
    lines = roster(assignment, students, datetime.now(UTC))
    finished = sum(1 for line in lines if line.status == "finished")
    st.markdown(
        f"**{len(lines)}** student{'s' if len(lines) != 1 else ''} · **{finished}** finished"
    )
    if not lines:
        st.info("No student has joined yet: this page shows them as they do.")
        return
    st.dataframe(
        [
            {
                "Name": line.name,
                "Started": _when(line.started, zone),
                "Finished": _when(line.finished, zone) or line.status,
                "Score": f"{line.score} of {line.questions}",
                "Answered": f"{line.answered} of {line.questions}",
                "Time taken": clock(line.taken.total_seconds()) if line.taken else "",
            }
            for line in lines
        ],
        hide_index=True,
        width="stretch",
        key="results_roster",
    )


def _missed(students: list[StudentResult]) -> None:
    missed = most_missed(students)
    if not missed:
        st.caption("No question missed so far.")
        return
    st.markdown(
        "\n".join(
            f"{i}. **Q{m.question}.** {md(m.prompt)}  \n"
            f"{m.wrong} of {m.asked} wrong at the first try · right: **{md(m.correct_answer)}**"
            + "  \nMost given: "
            + " · ".join(f"{md(given)} (×{n})" for given, n in m.wrong_answers)
            for i, m in enumerate(missed, 1)
        )
    )


def _answers_of(students: list[StudentResult], zone: tzinfo) -> None:
    if not students:
        return
    labels = {
        s.student.id: f"{s.student.name} (started {_when(s.student.started_at, zone)})"
        for s in students
    }
    chosen = st.selectbox("Answers of", list(labels), format_func=labels.get, key="results_student")
    student = next((s for s in students if s.student.id == chosen), students[0])
    if not student.answers:
        st.caption("No answer yet.")
        return
    st.dataframe(
        [
            {
                "Q": a.question,
                "Try": a.attempt,
                "Question": a.prompt,
                "Answer": a.given,
                "Right answer": a.correct_answer,
                "Outcome": a.outcome,
                "Seconds": a.seconds,
                "Time": _when(a.answered_at, zone),
            }
            for a in student.answers
        ],
        hide_index=True,
        width="stretch",
        key="results_answers",
    )


def _watch(assignment_id: int) -> None:
    """Every :data:`REFRESH` seconds: one small query; the page is drawn again only when the
    results have changed (a new student, a new answer, closed, deleted)."""
    try:
        version = class_version(app_database(), assignment_id)
    except Unavailable:
        st.caption(":material/cloud_off: The class database is not answering; still trying.")
        return
    if version != st.session_state.get(VERSION):
        st.rerun(scope="app")
    st.caption(f"Live: last looked at {datetime.now(teacher_zone()):%H:%M:%S}")


def _results(assignment: AssignmentInfo) -> None:
    """Everything that changes while students work."""
    db = app_database()
    zone = teacher_zone()
    try:
        st.session_state[VERSION] = class_version(db, assignment.id)
        students = class_results(db, assignment.id)
    except Unavailable:
        st.warning(UNAVAILABLE, icon=":material/cloud_off:")
        return
    state = "open"
    if not assignment.is_open():
        state = f"closed since {_when(assignment.closes_at, zone)}"
    elif assignment.closes_at:
        state = f"open until {_when(assignment.closes_at, zone)}"
    st.caption(f"The assignment is {state} · results of {datetime.now(zone):%H:%M:%S}")
    st.subheader("Roster", anchor=False)
    _roster(assignment, students, zone)
    map_col, missed_col = st.columns([3, 2], vertical_alignment="top")
    with map_col:
        st.subheader("Class map", anchor=False)
        roles, notes = share_roles(state_shares(students))
        st.caption("The share of wrong first answers to the questions about each state.")
        us_map(
            "results_map",
            roles,
            notes=notes,
            words={role: words for role, _, words in BANDS},
            codes=True,
            height=360,
            label="Class map: the share of wrong first answers per state",
        )
    with missed_col:
        st.subheader("Most missed", anchor=False)
        _missed(students)
    st.subheader("Each student's answers", anchor=False)
    _answers_of(students, zone)
    st.download_button(
        "Download every attempt (CSV)",
        attempts_csv(students, zone),
        file_name=f"geoplunge-{assignment.code}-answers.csv",
        mime="text/csv",
        on_click="ignore",
        icon=":material/download:",
        key="results_csv",
    )


def _manage(assignment: AssignmentInfo) -> None:
    with st.expander("Close or delete the assignment", icon=":material/settings:"):
        if assignment.is_open():
            st.button(
                "Close the assignment now",
                icon=":material/lock:",
                on_click=_close,
                args=(assignment.id,),
                help="Students who open the link later see that it is closed.",
            )
        st.checkbox(
            f"Yes, delete “{assignment.title}” and every answer: this cannot be undone",
            key="results_delete_sure",
        )
        st.button(
            "Delete the assignment",
            icon=":material/delete:",
            on_click=_delete,
            args=(assignment.id, assignment.title),
        )


def results_page() -> None:
    """The Results page of one assignment, opened with its teacher key."""
    st.title("Class results")
    if deleted := st.session_state.pop("results_deleted", None):
        st.success(md(deleted), icon=":material/delete:")
    key = str(st.query_params.get(KEY_PARAM) or st.session_state.get(RESULTS_KEY) or "").strip()
    if not key:
        _key_form()
        st.markdown(storage_note())  # not a caption: its code spans fail contrast in grey
        return
    db = app_database()
    try:
        assignment = assignment_for_key(db, key)
    except NotFound as error:
        st.error(md(str(error)), icon=":material/error:")
        st.session_state.pop(RESULTS_KEY, None)
        _key_form()
        return
    except Unavailable:
        st.error(UNAVAILABLE, icon=":material/cloud_off:")
        st.button("Try again", icon=":material/refresh:")
        return
    st.header(md(assignment.title), anchor=False)
    st.caption(md(about(assignment)))
    if flash := st.session_state.pop("results_flash", None):
        st.info(md(flash), icon=":material/info:")
    student, _ = links(assignment.code, None, app_base_url(RESULTS_PATH))
    with st.expander("The student link and its QR code", icon=":material/qr_code_2:"):
        _student_link(assignment.code, student)
    live = st.toggle("Live: refresh while students work", value=True, key="results_live")
    _results(assignment)  # sets the version _watch compares with: it must come first
    if live:
        st.fragment(_watch, run_every=REFRESH)(assignment.id)
    _manage(assignment)
    st.markdown(storage_note())  # not a caption: its code spans fail contrast in grey
