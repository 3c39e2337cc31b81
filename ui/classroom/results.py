"""The Results page of a class assignment, opened with the private teacher link
(``/results?key=…``) or by typing the key.

The page refreshes itself while students work (a small look, run by the stream of changes
the moment an answer comes in and every few seconds, redraws the page when there are new
ones): the roster, the class map (the
share of wrong first answers per state), the most-missed questions with the wrong answers
given most often, each student's answers and a CSV of every attempt.

* **The key stays off the board.** A key that came in the address (``?key=…``) is moved into
  the session at once and taken out of the address bar, so a projected page never shows it; a
  rerun goes on with the session's key (a reload asks for the key or the link again).
* **Managing** (behind an expander): close the assignment, or reopen a closed one; replace the
  teacher key (the new key and link are shown once, the old ones open nothing from then on);
  delete the assignment with every answer once its title is typed.
* **Languages.** The page is in the teacher's language; the gradebook files and the worksheet
  in the assignment's (its headers and words). A question and its right answer are worded
  anew in the teacher's language from the assignment's questions (:class:`Asked`), and so is
  what a student answered (read again from the response stored), whatever language the
  answers were stored in.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo
from functools import lru_cache
from typing import TypeVar

import streamlit as st

from engine.quiz import Question, QuizSettings, build_questions
from messages import _, ngettext, number, pgettext, speaking
from store import changes
from store.classroom import (
    AnswerRecord,
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
from store.report import (
    AT_LEAST,
    MissedQuestion,
    attempts_csv,
    most_missed,
    roster,
    state_shares,
)
from ui.classroom.class_map import HEIGHT, label, legend, share_roles
from ui.classroom.errors import unavailable, worded
from ui.classroom.links import (
    KEY_PARAM,
    RESULTS_PATH,
    show_student_link,
    student_link,
    teacher_link,
)
from ui.classroom.student import about, language_of
from ui.classroom.worksheet import assignment_worksheet
from ui.links import app_base_url, md
from ui.live.board import run_assignment_live
from ui.maps import us_map
from ui.quiz.text import clock, score_words
from ui.quiz.wording import answer_of, given_of, prompt_of
from ui.storage import app_database, storage_note
from ui.stream import watched
from ui.times import teacher_zone, when

T = TypeVar("T")
RESULTS_KEY = "results_key"  #: session key: the teacher key (typed, or from the link)
NEW_KEY = "results_new_key"  #: session key: a new teacher key, shown until the teacher hides it
REFRESH = 5  #: seconds between two looks for new results
VERSION = "results_version"  #: session key: the results' version drawn last


def status_words(status: str) -> str:
    """A student's status on the roster (``store.report.RosterLine.status``) in words."""
    return {
        "working": pgettext("a student's status", "working"),
        "finished": pgettext("a student's status", "finished"),
        "time up": pgettext("a student's status", "time up"),
        "closed": pgettext("a student's status", "closed"),
    }[status]


def outcome_words(outcome: str) -> str:
    """An answer's outcome (``engine.quiz.Outcome``'s value) in words."""
    return {
        "right": pgettext("an answer's outcome", "right"),
        "wrong": pgettext("an answer's outcome", "wrong"),
        "not_counted": pgettext("an answer's outcome", "not counted"),
    }.get(outcome, outcome)


# --- the results page -----------------------------------------------------------------------


def _open_key() -> None:
    st.session_state[RESULTS_KEY] = str(st.session_state.get("results_key_typed", "")).strip()


def _key_form() -> None:
    st.markdown(
        _(
            "Open the results with the private teacher link you got when you created the "
            "assignment, or type its key here."
        )
    )
    with st.form("results_key_form"):
        st.text_input(_("Teacher key"), key="results_key_typed", type="password")
        st.form_submit_button(_("Open the results"), type="primary", on_click=_open_key)


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
        _flash(worded(error))
    except Unavailable:
        _flash(unavailable())
    return None


def _close(assignment_id: int) -> None:
    if _ask_store(close_assignment, assignment_id) is not None:
        _flash(_("Closed: late students see that it is closed."))


def _reopen(assignment_id: int) -> None:
    if _ask_store(reopen_assignment, assignment_id) is not None:
        _flash(_("Reopened: students can join and answer again, until you close it."))


def _new_key(assignment_id: int) -> None:
    """Replace the session's key; the new one is shown until the teacher hides it."""
    fresh = _ask_store(new_teacher_key, assignment_id, st.session_state.get(RESULTS_KEY, ""))
    if fresh is not None:
        st.session_state[RESULTS_KEY] = fresh
        st.session_state[NEW_KEY] = fresh


def _delete(assignment_id: int, title: str) -> None:
    typed = str(st.session_state.get("results_delete_title") or "")
    if name_key(typed) != name_key(title):
        _flash(_("Type the assignment's title, “{title}”, to delete it.").format(title=title))
        return
    answers = _ask_store(delete_assignment, assignment_id)
    if answers is None:
        return
    _forget_key()
    st.session_state["results_deleted"] = ngettext(
        "Deleted “{title}” with its {n} answer.", "Deleted “{title}” with its {n} answers.", answers
    ).format(title=title, n=number(answers))


def _roster(assignment: AssignmentInfo, students: list[StudentResult], zone: tzinfo) -> None:
    lines = roster(assignment, students, datetime.now(UTC))
    finished = sum(1 for line in lines if line.status == "finished")
    st.markdown(
        ngettext(
            "**{n}** student · **{finished}** finished",
            "**{n}** students · **{finished}** finished",
            len(lines),
        ).format(n=number(len(lines)), finished=number(finished))
    )
    if not lines:
        st.info(_("No student has joined yet: this page shows them as they do."))
        return
    of = _("{n} of {total}")
    columns = (
        pgettext("a roster's column", "Name"),
        pgettext("a roster's column", "Started"),
        pgettext("a roster's column", "Finished"),
        pgettext("a roster's column", "Score"),
        pgettext("a roster's column", "Answered"),
        pgettext("a roster's column", "Time taken"),
    )
    st.dataframe(
        [
            dict(
                zip(
                    columns,
                    (
                        line.name,
                        when(line.started, zone),
                        when(line.finished, zone) or status_words(line.status),
                        score_words(line.score, line.scored, line.named, line.to_name),
                        of.format(n=number(line.answered), total=number(line.questions)),
                        clock(line.taken.total_seconds()) if line.taken else "",
                    ),
                    strict=True,
                )
            )
            for line in lines
        ],
        hide_index=True,
        width="stretch",
        key="results_roster",
    )


@dataclass(frozen=True)
class Asked:
    """The assignment's questions by qid, to word a stored answer in the reader's language: its
    question, its right answer, and what the student answered (the stored response read again
    by its question, as the quiz read it). The stored words, in the assignment's language, stand
    where the assignment deals no such qid."""

    questions: dict[str, Question]

    @classmethod
    def of(cls, assignment: AssignmentInfo) -> Asked:
        return cls(_asked(assignment.settings()))

    def prompt(self, qid: str, stored: str) -> str:
        q = self.questions.get(qid)
        return prompt_of(q) if q else stored

    def answer(self, qid: str, stored: str) -> str:
        q = self.questions.get(qid)
        return answer_of(q) if q else stored

    def given(self, a: AnswerRecord) -> str:
        q = self.questions.get(a.qid)
        return given_of(q.check(a.response)) if q else a.given


@lru_cache(maxsize=64)
def _asked(settings: QuizSettings) -> dict[str, Question]:
    """An assignment's questions by qid, dealt once per process (the page reruns every few
    seconds while students work)."""
    return {q.qid: q for q in build_questions(settings)}


def _missed(students: list[StudentResult], asked: Asked) -> None:
    missed = most_missed(students, asked.given)
    if not missed:
        st.caption(_("No question missed so far."))
        return
    st.caption(
        _(
            "Every question that a quarter or more of those who answered it got wrong at the "
            "first try, and at least the {n} most missed; the largest share first."
        ).format(n=number(AT_LEAST))
    )
    st.markdown("\n".join(_missed_line(i, m, asked) for i, m in enumerate(missed, 1)))


def _missed_line(i: int, m: MissedQuestion, asked: Asked) -> str:
    """One question of the most missed (Markdown): what it asked, how many got it wrong, the
    right answer and the wrong answers given most often."""
    given = " · ".join(
        _("{answer} (×{n})").format(answer=md(answer) or _("(nothing)"), n=number(n))
        for answer, n in m.wrong_answers
    )
    return _(
        "{i}. **Q{question}.** {prompt}  \n{wrong} of {asked} wrong at the first try · right: "
        "**{answer}**  \nMost given: {given}"
    ).format(
        i=number(i), question=number(m.question), prompt=md(asked.prompt(m.qid, m.prompt)),
        wrong=number(m.wrong), asked=number(m.asked),
        answer=md(asked.answer(m.qid, m.correct_answer)), given=given,
    )  # fmt: skip


def _answers_of(students: list[StudentResult], zone: tzinfo, asked: Asked) -> None:
    if not students:
        return
    started = _("{name} (started {time})")
    labels = {
        s.student.id: started.format(name=s.student.name, time=when(s.student.started_at, zone))
        for s in students
    }
    chosen = st.selectbox(
        _("Answers of"), list(labels), format_func=labels.get, key="results_student"
    )
    student = next((s for s in students if s.student.id == chosen), students[0])
    if not student.answers:
        st.caption(_("No answer yet."))
        return
    # A static table, not a data grid: a grid cuts a long answer (a list of states) at the
    # cell's edge, a table wraps it and shows it whole. Five columns fit a phone's width.
    # Its cells are Markdown: escaped.
    again = _("{question} (try {attempt})")
    columns = (
        pgettext("a question's number", "Q"),
        pgettext("an answers table's column", "Question"),
        pgettext("an answers table's column", "Answer"),
        pgettext("an answers table's column", "Right answer"),
        pgettext("an answers table's column", "Outcome"),
    )

    def row(a: AnswerRecord) -> dict[str, str]:
        number_of = number(a.question)
        if a.attempt != 1:
            number_of = again.format(question=number_of, attempt=number(a.attempt))
        parts = (outcome_words(a.outcome), _seconds(a.seconds), when(a.answered_at, zone))
        outcome = " · ".join(part for part in parts if part)
        prompt, right = asked.prompt(a.qid, a.prompt), asked.answer(a.qid, a.correct_answer)
        said = (number_of, md(prompt), md(asked.given(a)), md(right), outcome)
        return dict(zip(columns, said, strict=True))

    st.table(
        [row(a) for a in student.answers],
        hide_index=True,
        alt=_("The answers of {name}").format(name=student.student.name),
    )


def _seconds(seconds: float | None) -> str:
    if seconds is None:
        return ""
    return _("{seconds} s").format(seconds=number(seconds, decimals=1))


def _watch(assignment_id: int) -> None:
    """Look at the results the moment the stream of changes says they moved (a new student, a
    new answer, closed, deleted), and every :data:`REFRESH` seconds: one small query; the page
    is drawn again only when they have changed."""

    def look(_cause: str) -> None:
        try:
            version = class_version(app_database(), assignment_id)
        except Unavailable:
            trying = _("The class database is not answering; still trying.")
            st.caption(f":material/cloud_off: {trying}")
            return
        if version != st.session_state.get(VERSION):
            st.rerun(scope="app")
        looked = f"{datetime.now(teacher_zone()):%H:%M:%S}"
        st.caption(_("Live: last looked at {time}").format(time=looked))

    topics = [changes.results(assignment_id)]
    watched(look, topics, key="results_pulse", every=REFRESH, fallback=REFRESH)


def _results(assignment: AssignmentInfo) -> None:
    """Everything that changes while students work."""
    db = app_database()
    zone = teacher_zone()
    try:
        st.session_state[VERSION] = class_version(db, assignment.id)
        students = class_results(db, assignment.id)
    except Unavailable:
        st.warning(unavailable(), icon=":material/cloud_off:")
        return
    now = f"{datetime.now(zone):%H:%M:%S}"
    asked = Asked.of(assignment)
    if not assignment.is_open():
        state = _("The assignment is closed since {time} · results of {now}")
    elif assignment.closes_at:
        state = _("The assignment is open until {time} · results of {now}")
    else:
        state = _("The assignment is open · results of {now}")
    st.caption(state.format(time=when(assignment.closes_at, zone), now=now))
    st.subheader(_("Roster"), anchor=False)
    _roster(assignment, students, zone)
    map_col, missed_col = st.columns([3, 2], vertical_alignment="top")
    with map_col:
        st.subheader(_("Class map"), anchor=False)
        roles, notes = share_roles(state_shares(students))
        st.caption(_("The share of wrong first answers to the questions about each state."))
        us_map(
            "results_map",
            roles,
            notes=notes,
            words=legend(),
            codes=True,
            height=HEIGHT,
            label=label(),
        )
    with missed_col:
        st.subheader(_("Most missed"), anchor=False)
        _missed(students, asked)
    st.subheader(_("Each student's answers"), anchor=False)
    _answers_of(students, zone, asked)
    st.download_button(
        _("Download every attempt (CSV)"),
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
    st.subheader(_("Gradebook"), anchor=False)
    chosen = st.selectbox(
        _("Gradebook format"),
        list(GRADEBOOKS),
        format_func=lambda g: _(GRADEBOOKS[g].label),
        key="results_gradebook",
        help=_(
            "Each student's name as typed and the questions right at the first try, out of {n}."
        ).format(n=number(assignment.questions)),
    )
    book = GRADEBOOKS[chosen]
    with speaking(language_of(assignment)):  # the file's words: the assignment's language
        scores = book.csv(assignment, students)
    st.download_button(
        _("Download the scores (CSV)"),
        scores,
        file_name=book.file_name(assignment),
        mime="text/csv",
        on_click="ignore",
        icon=":material/grading:",
        key="results_gradebook_csv",
    )


def _manage(assignment: AssignmentInfo) -> None:
    with st.expander(_("Close, reopen, new teacher key or delete"), icon=":material/settings:"):
        if assignment.is_open():
            name, icon, action = _("Close the assignment now"), "lock", _close
            said = _("Students who open the link later see that it is closed.")
        else:
            name, icon, action = _("Reopen the assignment"), "lock_open", _reopen
            said = _("Students can join and answer again, until you close it.")
        st.button(
            name, icon=f":material/{icon}:", on_click=action, args=(assignment.id,), help=said
        )
        st.markdown(
            _(
                "**New teacher key.** If the key or this page's link was seen by someone else "
                "(on the board, in a photo), replace it: the new key is shown once, and the old "
                "key and link open nothing from then on."
            )
        )
        st.button(
            _("Make a new teacher key"),
            icon=":material/key:",
            on_click=_new_key,
            args=(assignment.id,),
        )
        st.markdown(_("**Delete.** The assignment goes with every answer: this cannot be undone."))
        st.text_input(
            _("Type the title, “{title}”, to delete it").format(title=md(assignment.title)),
            key="results_delete_title",
            autocomplete="off",
        )
        st.button(
            _("Delete the assignment"),
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
        st.markdown(_("**Your new private teacher link** (the old key and link open nothing now):"))
        st.code(teacher, language=None, wrap_lines=True)
        st.warning(
            _(
                "**Keep this private, and copy it now**: it is shown only until you hide it. "
                "The key alone is `{key}`."
            ).format(key=key),
            icon=":material/key:",
        )
        st.button(
            _("I have copied it: hide it"),
            icon=":material/visibility_off:",
            on_click=_hide_new_key,
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
        st.error(md(worded(error)), icon=":material/error:")
        _forget_key()
        _key_form()
        return
    except Unavailable:
        st.error(unavailable(), icon=":material/cloud_off:")
        st.button(_("Try again"), icon=":material/refresh:")
        return
    return assignment


def results_page() -> None:
    """The Results page of one assignment, opened with its teacher key."""
    st.title(_("Class results"))
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
    with st.expander(_("The student link and its QR code"), icon=":material/qr_code_2:"):
        link = student_link(assignment.code, app_base_url(RESULTS_PATH), language_of(assignment))
        show_student_link(assignment.code, link, assignment.title)
    with st.expander(_("Print it: the worksheet and its answer key"), icon=":material/print:"):
        assignment_worksheet("results_print", assignment)
    if st.button(
        _("Run it live on the board"),
        icon=":material/podium:",
        help=_("Play this assignment's questions as a live class game; its answers come here."),
    ):
        run_assignment_live(assignment.id, assignment.title)
    live = st.toggle(_("Live: refresh while students work"), value=True, key="results_live")
    _results(assignment)  # sets the version _watch compares with: it must come first
    if live:
        _watch(assignment.id)
    _manage(assignment)
    st.markdown(storage_note())  # not a caption: its code spans fail contrast in grey
