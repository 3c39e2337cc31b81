"""The Results page of a class assignment, opened with the private teacher link
(``/results?key=…``) or by typing the key.

The page refreshes itself while students work (a small ``st.fragment`` with ``run_every``
looks for new answers and redraws the page when there are): the roster, the class map (the
share of wrong first answers per state), the most-missed questions with the wrong answers
given most often, each student's answers and a CSV of every attempt.

* **The key stays off the board.** A key that came in the address (``?key=…``) is moved into
  the session at once and taken out of the address bar, so a projected page never shows it; a
  rerun goes on with the session's key (a reload asks for the key or the link again).
* **Managing** (behind an expander): close the assignment, or reopen a closed one; replace the
  teacher key (the new key and link are shown once, the old ones open nothing from then on);
  delete the assignment with every answer once its title is typed.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, tzinfo
from typing import TypeVar

import streamlit as st

from store.classroom import (
    AssignmentInfo,
    ClassroomError,
    NotFound,
    StudentResult,
    assignment_for_key,
    class_results,
    class_version,
    close_assignment,
    delete_assignment,
    new_teacher_key,
    reopen_assignment,
)
from store.db import Unavailable
from store.gradebook import GRADEBOOKS
from store.names import name_key
from store.report import AT_LEAST, attempts_csv, most_missed, roster, state_shares
from ui.classroom.class_map import HEIGHT, LABEL, LEGEND, share_roles
from ui.classroom.links import (
    KEY_PARAM,
    RESULTS_PATH,
    show_student_link,
    student_link,
    teacher_link,
)
from ui.classroom.student import about
from ui.classroom.worksheet import assignment_worksheet
from ui.links import app_base_url, md
from ui.live.board import run_assignment_live
from ui.maps import us_map
from ui.quiz.text import clock, score_words
from ui.storage import UNAVAILABLE, app_database, storage_note
from ui.times import teacher_zone, when

T = TypeVar("T")
RESULTS_KEY = "results_key"  #: session key: the teacher key (typed, or from the link)
NEW_KEY = "results_new_key"  #: session key: a new teacher key, shown until the teacher hides it
REFRESH = 5  #: seconds between two looks for new results
VERSION = "results_version"  #: session key: the results' version drawn last


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
    st.session_state.pop(NEW_KEY, None)


def _key_from_link() -> None:
    """A key in the address goes into the session and out of the address bar."""
    if KEY_PARAM not in st.query_params:
        return
    st.session_state[RESULTS_KEY] = str(st.query_params.get(KEY_PARAM) or "").strip()
    st.session_state.pop(NEW_KEY, None)
    del st.query_params[KEY_PARAM]


def _flash(text: str) -> None:
    st.session_state["results_flash"] = text


def _ask_store(action: Callable[..., T], *args: object) -> T | None:
    """``action(db, *args)``; ``None``, with its sentence flashed, when the store refuses or
    the database does not answer."""
    try:
        return action(app_database(), *args)
    except ClassroomError as error:
        _flash(str(error))
    except Unavailable:
        _flash(UNAVAILABLE)
    return None


def _close(assignment_id: int) -> None:
    if _ask_store(close_assignment, assignment_id) is not None:
        _flash("Closed: late students see that it is closed.")


def _reopen(assignment_id: int) -> None:
    if _ask_store(reopen_assignment, assignment_id) is not None:
        _flash("Reopened: students can join and answer again, until you close it.")


def _new_key(assignment_id: int) -> None:
    """Replace the session's key; the new one is shown until the teacher hides it."""
    fresh = _ask_store(new_teacher_key, assignment_id, st.session_state.get(RESULTS_KEY, ""))
    if fresh is not None:
        st.session_state[RESULTS_KEY] = fresh
        st.session_state[NEW_KEY] = fresh


def _delete(assignment_id: int, title: str) -> None:
    typed = str(st.session_state.get("results_delete_title") or "")
    if name_key(typed) != name_key(title):
        _flash(f"Type the assignment's title, “{title}”, to delete it.")
        return
    answers = _ask_store(delete_assignment, assignment_id)
    if answers is None:
        return
    _forget_key()
    st.session_state["results_deleted"] = (
        f"Deleted “{title}” with its {answers} answer{'s' if answers != 1 else ''}."
    )


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
                "Started": when(line.started, zone),
                "Finished": when(line.finished, zone) or line.status,
                "Score": score_words(line.score, line.scored, line.named, line.to_name),
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
    st.caption(
        "Every question that a quarter or more of those who answered it got wrong at the first "
        f"try, and at least the {AT_LEAST} most missed; the largest share first."
    )
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
        s.student.id: f"{s.student.name} (started {when(s.student.started_at, zone)})"
        for s in students
    }
    chosen = st.selectbox("Answers of", list(labels), format_func=labels.get, key="results_student")
    student = next((s for s in students if s.student.id == chosen), students[0])
    if not student.answers:
        st.caption("No answer yet.")
        return
    # A static table, not a data grid: a grid cuts a long answer (a list of states) at the
    # cell's edge, a table wraps it and shows it whole. Five columns fit a phone's width.
    # Its cells are Markdown: escaped.
    st.table(
        [
            {
                "Q": str(a.question) if a.attempt == 1 else f"{a.question} (try {a.attempt})",
                "Question": md(a.prompt),
                "Answer": md(a.given),
                "Right answer": md(a.correct_answer),
                "Outcome": " · ".join(
                    part
                    for part in (a.outcome, _seconds(a.seconds), when(a.answered_at, zone))
                    if part
                ),
            }
            for a in student.answers
        ],
        hide_index=True,
        alt=f"The answers of {student.student.name}",
    )


def _seconds(seconds: float | None) -> str:
    return "" if seconds is None else f"{seconds:.1f} s"


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
        state = f"closed since {when(assignment.closes_at, zone)}"
    elif assignment.closes_at:
        state = f"open until {when(assignment.closes_at, zone)}"
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
            words=LEGEND,
            codes=True,
            height=HEIGHT,
            label=LABEL,
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
    _gradebook(assignment, students)


def _gradebook(assignment: AssignmentInfo, students: list[StudentResult]) -> None:
    """The scores in a gradebook's import format, chosen from a list."""
    st.subheader("Gradebook", anchor=False)
    chosen = st.selectbox(
        "Gradebook format",
        list(GRADEBOOKS),
        format_func=lambda g: GRADEBOOKS[g].label,
        key="results_gradebook",
        help="Each student's name as typed and the questions right at the first try, out of "
        f"{assignment.questions}.",
    )
    book = GRADEBOOKS[chosen]
    st.download_button(
        "Download the scores (CSV)",
        book.csv(assignment, students),
        file_name=book.file_name(assignment),
        mime="text/csv",
        on_click="ignore",
        icon=":material/grading:",
        key="results_gradebook_csv",
    )


def _manage(assignment: AssignmentInfo) -> None:
    with st.expander("Close, reopen, new teacher key or delete", icon=":material/settings:"):
        label, icon, action, said = (
            ("Close the assignment now", "lock", _close, "Students who open the link later "
             "see that it is closed.")
            if assignment.is_open()
            else ("Reopen the assignment", "lock_open", _reopen, "Students can join and "
                  "answer again, until you close it.")
        )  # fmt: skip
        st.button(
            label, icon=f":material/{icon}:", on_click=action, args=(assignment.id,), help=said
        )
        st.markdown(
            "**New teacher key.** If the key or this page's link was seen by someone else (on "
            "the board, in a photo), replace it: the new key is shown once, and the old key and "
            "link open nothing from then on."
        )
        st.button(
            "Make a new teacher key",
            icon=":material/key:",
            on_click=_new_key,
            args=(assignment.id,),
        )
        st.markdown("**Delete.** The assignment goes with every answer: this cannot be undone.")
        st.text_input(
            f"Type the title, “{md(assignment.title)}”, to delete it",
            key="results_delete_title",
            autocomplete="off",
        )
        st.button(
            "Delete the assignment",
            icon=":material/delete:",
            on_click=_delete,
            args=(assignment.id, assignment.title),
        )


def _hide_new_key() -> None:
    st.session_state.pop(NEW_KEY, None)


def _show_new_key(key: str) -> None:
    """The new teacher link and key, until the teacher hides them."""
    teacher = teacher_link(key, app_base_url(RESULTS_PATH))
    with st.container(border=True):
        st.markdown("**Your new private teacher link** (the old key and link open nothing now):")
        st.code(teacher, language=None, wrap_lines=True)
        st.warning(
            "**Keep this private, and copy it now**: it is shown only until you hide it. The "
            f"key alone is `{key}`.",
            icon=":material/key:",
        )
        st.button(
            "I have copied it: hide it", icon=":material/visibility_off:", on_click=_hide_new_key
        )


def teacher_assignment() -> AssignmentInfo | None:
    """The assignment the session's teacher key opens (a key in the address is moved into the
    session first); ``None`` once the key form, or why the key opens nothing, is shown. The
    Results and Class progress pages open with it."""
    _key_from_link()
    key = str(st.session_state.get(RESULTS_KEY) or "").strip()
    if not key:
        _key_form()
        st.markdown(storage_note())  # not a caption: its code spans fail contrast in grey
        return
    db = app_database()
    try:
        assignment = assignment_for_key(db, key)
    except NotFound as error:
        st.error(md(str(error)), icon=":material/error:")
        _forget_key()
        _key_form()
        return
    except Unavailable:
        st.error(UNAVAILABLE, icon=":material/cloud_off:")
        st.button("Try again", icon=":material/refresh:")
        return
    return assignment


def results_page() -> None:
    """The Results page of one assignment, opened with its teacher key."""
    st.title("Class results")
    if deleted := st.session_state.pop("results_deleted", None):
        st.success(md(deleted), icon=":material/delete:")
    assignment = teacher_assignment()
    if assignment is None:
        return
    st.header(md(assignment.title), anchor=False)
    st.caption(md(about(assignment)))
    if flash := st.session_state.pop("results_flash", None):
        st.info(md(flash), icon=":material/info:")
    if new_key := st.session_state.get(NEW_KEY):
        _show_new_key(new_key)
    with st.expander("The student link and its QR code", icon=":material/qr_code_2:"):
        show_student_link(
            assignment.code,
            student_link(assignment.code, app_base_url(RESULTS_PATH)),
            assignment.title,
        )
    with st.expander("Print it: the worksheet and its answer key", icon=":material/print:"):
        assignment_worksheet("results_print", assignment)
    if st.button(
        "Run it live on the board",
        icon=":material/podium:",
        help="Play this assignment's questions as a live class game; its answers come here.",
    ):
        run_assignment_live(assignment.id, assignment.title)
    live = st.toggle("Live: refresh while students work", value=True, key="results_live")
    _results(assignment)  # sets the version _watch compares with: it must come first
    if live:
        st.fragment(_watch, run_every=REFRESH)(assignment.id)
    _manage(assignment)
    st.markdown(storage_note())  # not a caption: its code spans fail contrast in grey
