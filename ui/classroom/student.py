"""A class assignment as a student does it: the class code, a name, then the assignment's quiz
with its settings locked.

* The student link is ``/class?code=K7PQ2M``; once the student has joined, the page adds
  ``&resume=<token>``: a reload, a closed tab or the same address on another device continues
  where the student left off (the quiz is dealt again from the secret seed and the stored
  answers are replayed).
* Every counted answer goes through the session's :class:`store.outbox.Outbox` and is written
  as it is checked; while the database is away the answers wait there and the status line says
  "Saving…" until they are written ("Saved"). The answer being picked goes there too, as a
  draft (``ui.classroom.draft``), so a quiz rebuilt on another server puts it back.
* **One press, one student.** The join form draws the student's resume token once; a second
  press of "Start the quiz" (a double click) sends the same token, and the database returns
  the student the first press made (``store.classroom.join``). A session that is a student of
  the class stays that student when the address comes without its resume token (the second
  press was sent before the browser had it, or the student went back): the page puts it back.
* The quiz's widgets are numbered by the **step** (the answers counted so far), so the quiz
  rebuilt on another server draws them under the keys the browser already holds: what the
  browser still shows (a typed answer not yet checked) stays where it is.
* "Practise my misses" afterwards is the student's own: it is not recorded.
* Closed, deleted, forged or cut-short links each get a sentence (``ui.classroom.errors``); no
  traceback, nothing written.
* **The assignment's language.** An assignment is shown in the language its teacher chose: the
  first time a session opens it, that language becomes the session's (:func:`speak_its_language`);
  a student who then switches to another language keeps it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import streamlit as st

import messages
from engine.quiz import QuizRun, question_states
from messages import _, ngettext, number, speaking
from store.classroom import (
    AnswerRecord,
    AssignmentInfo,
    ClassroomError,
    DraftRecord,
    NotFound,
    StudentInfo,
    draft_for,
    find_assignment,
    join,
    resume,
)
from store.clock import now_utc
from store.codes import CODE_LENGTH, new_token, normalize_code
from store.db import Unavailable
from store.outbox import Outbox, Status
from ui.buttons import button
from ui.classroom.draft import draft_of, put_back
from ui.classroom.errors import closed_sentence, worded
from ui.links import LANG_PARAM, md
from ui.progress.keep import ProgressRecorder, attach_student, class_join_note
from ui.quiz.page import show_quiz
from ui.quiz.session import QuizView
from ui.quiz.text import describe, score_words
from ui.quiz.wording import answer_of, given_of, group_title, prompt_of
from ui.storage import app_database

URL_PATH = "class"
CODE, RESUME = "code", "resume"  #: the page's URL parameters
VIEW = "class_quiz"  #: session key of the quiz view
STATE = "class_state"  #: session key of the :class:`ClassSession`
JOIN_TOKENS = "class_join_tokens"  #: session key: class code → the token its join form drew
SPOKEN = "class_spoken"  #: session key: the class codes whose language the session took
LANGUAGE = "language"  #: session key: the session's language, kept by the page setup


def cannot_open() -> str:
    """What the student's page says when the class database does not answer."""
    return _(
        "The class database is not answering right now, so the quiz cannot be opened. "
        "Try again in a moment."
    )


def language_of(assignment: AssignmentInfo) -> str:
    """The language ``assignment`` is in: its teacher's choice, or the reader's for one made
    before there was a choice (or in a language no longer offered)."""
    lang = assignment.language
    return lang if lang in messages.LANGUAGES else messages.language()


def speak_its_language(assignment: AssignmentInfo) -> None:
    """The first time this session opens ``assignment``, its language (the one its teacher
    chose) becomes the session's: kept in the session and the address (``?lang=``), as the
    page setup keeps a language (``ui.language``), and the page is drawn again in it. Later
    runs leave the language alone, so a student who switches to another one keeps it; an
    assignment made before there was a choice, or in a language no longer offered, changes
    nothing."""
    spoken: set[str] = st.session_state.setdefault(SPOKEN, set())
    lang = assignment.language
    if assignment.code in spoken or lang not in messages.LANGUAGES:
        return
    spoken.add(assignment.code)
    if lang == messages.language():
        return
    messages.use(lang)
    st.session_state[LANGUAGE] = lang
    st.query_params[LANG_PARAM] = lang
    st.rerun()


@dataclass
class ClassSession:
    """The student this session is, in which assignment, and the answers waiting to be saved."""

    assignment: AssignmentInfo
    student: StudentInfo
    token: str
    outbox: Outbox


# --- answers in and out ---------------------------------------------------------------------


def answer_record(
    run: QuizRun, response: object, seq: int, lang: str | None = None
) -> AnswerRecord:
    """The row for the answer ``run`` has just counted; its words (the question, the answer as
    read, the right answer) in ``lang``, the assignment's (default: the current language), so
    the teacher reads every student's in one language, whatever each student switched to."""
    attempt = run.last
    assert attempt is not None
    q, r = attempt.question, attempt.result
    if isinstance(response, list | tuple):
        response = list(response)
    elif not isinstance(response, str):
        response = str(response)
    with speaking(lang or messages.language()):
        prompt, given, right = prompt_of(q), given_of(r), answer_of(q)
    return AnswerRecord(
        seq=seq, question=attempt.number, attempt=attempt.attempt, qid=q.qid, mode=q.mode,
        prompt=prompt, states=question_states(q), response=response, given=given,
        correct_answer=right, outcome=r.outcome.value, seconds=attempt.seconds,
        answered_at=now_utc(), finished=run.is_done,
    )  # fmt: skip


def replay(assignment: AssignmentInfo, answers: list[AnswerRecord]) -> QuizRun:
    """The run after the stored answers, dealt again from the assignment's secret seed."""
    run = QuizRun(assignment.settings())
    for a in answers:
        if run.is_done:
            break
        response = tuple(a.response) if isinstance(a.response, list) else a.response
        run.answer(response, seconds=a.seconds)
    return run


class ClassRecorder:
    """The class quiz's recorder (``ui.quiz.flow.Recorder``): every counted answer into the
    session's outbox, then whatever waits is written. "Practise my misses" is not recorded."""

    def record(self, run: QuizRun, response: object) -> None:
        session: ClassSession | None = st.session_state.get(STATE)
        if session is None:
            return
        lang = language_of(session.assignment)
        session.outbox.add(lambda seq: answer_record(run, response, seq, lang))
        session.outbox.flush(app_database())

    def practice(self) -> None:
        return None


def _view(
    assignment: AssignmentInfo, student: StudentInfo, answers: list[AnswerRecord]
) -> QuizView:
    run = replay(assignment, answers)
    recorders = (ClassRecorder(), ProgressRecorder("class"))
    view = QuizView(
        assignment.drill, run, {}, [], assignment.timer, key=VIEW, locked=True, recorders=recorders
    )
    view.turn = len(run.attempts)  # the step: the same widget keys on every server
    view.started = time.monotonic() - (now_utc() - student.started_at).total_seconds()
    if run.is_done:
        end = student.finished_at or (answers[-1].answered_at if answers else now_utc())
        view.finished = view.started + (end - student.started_at).total_seconds()
    previous: QuizView | None = st.session_state.get(VIEW)
    if previous is not None:  # new widget keys: nothing of the old quiz's widgets carries over
        view.turn = max(view.turn, previous.turn + 1)
    return view


def _begin(
    assignment: AssignmentInfo,
    student: StudentInfo,
    token: str,
    answers: list[AnswerRecord],
    draft: DraftRecord | None = None,
) -> None:
    """This session becomes ``student``'s: the quiz after ``answers``, with ``draft`` put back
    if it is of the step on screen."""
    next_seq = max((a.seq for a in answers), default=0) + 1
    box = Outbox(student.id, next_seq=next_seq)
    view = _view(assignment, student, answers)
    if put_back(view, draft, next_seq):
        box.kept = (draft.seq, draft.qid, draft.value)
    st.session_state[STATE] = ClassSession(assignment, student, token, box)
    st.session_state[VIEW] = view
    attach_student(student.id)  # the student's answers also go to their progress


def _keep_draft(session: ClassSession, view: QuizView) -> None:
    """After the quiz is drawn: the answer being picked, to the outbox (written if changed)."""
    box = session.outbox
    if (draft := draft_of(view, box.next_seq)) is not None:
        box.hold_draft(draft)
    if box.draft is not None:
        box.flush(app_database())


def _resumed(
    code: str, token: str
) -> tuple[AssignmentInfo, StudentInfo, list[AnswerRecord], DraftRecord | None]:
    """The student behind ``token`` from the database, with their answers and draft."""
    db = app_database()
    assignment, student, answers = resume(db, code, token)
    return assignment, student, answers, draft_for(db, student.id)


# --- the URL --------------------------------------------------------------------------------


def _param(name: str) -> str:
    value = st.query_params.get(name)
    return str(value or "").strip()


def _join_token(code: str) -> str:
    """The resume token of this session's join form of class ``code``: drawn once, and again
    only once a student has joined with it (the next join is someone else's)."""
    tokens = st.session_state.setdefault(JOIN_TOKENS, {})
    session: ClassSession | None = st.session_state.get(STATE)
    if code not in tokens or (session is not None and session.token == tokens[code]):
        tokens[code] = new_token()
    return tokens[code]


def _join(code: str) -> None:
    name = st.session_state.get("class_name", "")
    token = st.session_state.get(JOIN_TOKENS, {}).get(code) or _join_token(code)
    session: ClassSession | None = st.session_state.get(STATE)
    if session is not None and session.token == token:
        return  # a second press of the same form: this session is that student already
    st.session_state.pop("class_join_error", None)
    try:
        student, token = join(app_database(), code, name, token=token)
    except ClassroomError as error:
        st.session_state["class_join_error"] = worded(error)
        return
    except Unavailable:
        st.session_state["class_join_error"] = cannot_open()
        return
    assignment = find_assignment(app_database(), code)
    _begin(assignment, student, token, [])
    st.query_params[CODE] = assignment.code
    st.query_params[RESUME] = token


def _open_code() -> None:
    typed = st.session_state.get("class_code_typed", "")
    code = normalize_code(typed)
    if code is None:
        refused = NotFound("not_a_code", typed=str(typed).strip()[:20], length=CODE_LENGTH)
        st.session_state["class_code_error"] = md(worded(refused))
        return
    st.session_state.pop("class_code_error", None)
    st.query_params[CODE] = code
    if RESUME in st.query_params:
        del st.query_params[RESUME]


# --- the page -------------------------------------------------------------------------------


def _code_form() -> None:
    st.markdown(_("Type the class code your teacher gave you."))
    with st.form("class_code_form"):
        st.text_input(_("Class code"), key="class_code_typed", placeholder="K7PQ2M")
        button(_("Open"), form=True, type="primary", on_click=_open_code)
    if error := st.session_state.get("class_code_error"):
        st.error(error, icon=":material/error:")


def about(assignment: AssignmentInfo) -> str:
    """What the assignment asks, in one line (never its seed)."""
    settings = assignment.settings()
    line = describe(settings, assignment.timer, seed=False)
    if assignment.closes_at:
        closes = _("closes {date} {time} UTC").format(
            date=f"{assignment.closes_at:%Y-%m-%d}", time=f"{assignment.closes_at:%H:%M}"
        )
        line = f"{line} · {closes}"
    return f"{group_title(assignment.drill)} · {line}"


def _join_form(assignment: AssignmentInfo) -> None:
    st.header(md(assignment.title), anchor=False)
    st.caption(about(assignment))
    if not assignment.is_open():
        st.warning(md(closed_sentence(assignment)), icon=":material/lock:")
        return
    st.markdown(
        _(
            "Your teacher sees your name, your answers and your score, and through your "
            "progress code how well you know each state; nothing else is kept."
        )
    )
    class_join_note()
    _join_token(assignment.code)
    with st.form("class_join_form"):
        st.text_input(_("Your name"), key="class_name", placeholder=_("First name and initial"))
        button(
            _("Start the quiz"), form=True, type="primary", on_click=_join, args=(assignment.code,)
        )
    if error := st.session_state.get("class_join_error"):
        st.error(md(error), icon=":material/error:")


def _save_line(session: ClassSession) -> None:
    box = session.outbox
    box.flush(app_database())
    if box.status is Status.WAITING:
        waiting = ngettext(
            "{n} answer waiting: the class database is not answering. The quiz goes on; keep "
            "this tab open until it is saved.",
            "{n} answers waiting: the class database is not answering. The quiz goes on; keep "
            "this tab open until they are saved.",
            len(box.pending),
        ).format(n=number(len(box.pending)))
        badge = _("Saving…")
        st.markdown(f":orange-badge[:material/cloud_sync: {badge}] {waiting}")
    elif box.status is Status.SAVED and box.saved:
        badge, saved = _("Saved"), _("Your answers are saved.")
        st.markdown(f":green-badge[:material/cloud_done: {badge}] {saved}")
    if box.stopped and not st.session_state.get("class_stop_shown"):
        st.session_state["class_stop_shown"] = True
        st.rerun(scope="app")


def _status(session: ClassSession) -> None:
    box = session.outbox
    run_every = 2 if box.pending else None
    st.fragment(_save_line, run_every=run_every)(session)
    if box.status is Status.CLOSED:
        refused = ngettext(
            "{n} answer after the closing time could not be recorded; the rest of the quiz is "
            "your own practice.",
            "{n} answers after the closing time could not be recorded; the rest of the quiz is "
            "your own practice.",
            box.refused,
        ).format(n=number(box.refused))
        st.warning(f"{md(closed_sentence(session.assignment))} {refused}", icon=":material/lock:")
    elif box.status is Status.GONE:
        st.error(
            _("The teacher deleted this assignment: your answers are no longer recorded."),
            icon=":material/delete:",
        )


def _resync(session: ClassSession, code: str) -> None:
    """The quiz went on elsewhere with this resume link: continue from the stored answers."""
    try:
        assignment, student, answers, draft = _resumed(code, session.token)
    except (NotFound, Unavailable):
        return
    _begin(assignment, student, session.token, answers, draft)
    st.info(
        _(
            "This quiz went on in another tab or on another device with the same link: it "
            "continues here from the answers saved there."
        ),
        icon=":material/sync:",
    )


def _run(session: ClassSession, code: str) -> None:
    if session.outbox.status is Status.CONFLICT:
        _resync(session, code)
        session = st.session_state[STATE]
    assignment, student = session.assignment, session.student
    st.header(md(assignment.title), anchor=False)
    st.caption(f"{md(student.name)} · {about(assignment)}")
    _status(session)
    view: QuizView = st.session_state[VIEW]
    show_quiz(view)
    _keep_draft(session, view)
    if not view.run.practice:
        keep = _(
            "To go on later or on another device, keep this page's address: it holds your "
            "resume token (keep it to yourself)."
        )
        st.caption(f":material/bookmark: {keep}")


def _resume_or_join(code: str, token: str) -> None:
    db = app_database()
    try:
        if not token:
            assignment = find_assignment(db, code)
            speak_its_language(assignment)
            _join_form(assignment)
            return
        try:
            assignment, student, answers, draft = _resumed(code, token)
        except NotFound as error:
            assignment = find_assignment(db, code)  # the code is fine: the token is not
            speak_its_language(assignment)
            st.error(md(worded(error)), icon=":material/error:")
            _join_form(assignment)
            return
    except NotFound as error:
        st.error(md(worded(error)), icon=":material/error:")
        _code_form()
        return
    speak_its_language(assignment)
    if not assignment.is_open():
        st.header(md(assignment.title), anchor=False)
        st.warning(md(closed_sentence(assignment)), icon=":material/lock:")
        if answers:
            st.markdown(_closed_score(student, replay(assignment, answers)))
        return
    _begin(assignment, student, token, answers, draft)
    _run(st.session_state[STATE], code)


def _closed_score(student: StudentInfo, run: QuizRun) -> str:
    """What a student who answered reads of a closed assignment (Markdown): how far they got."""
    s = run.summary()
    answered = ngettext(
        "{answered} of {total} question answered",
        "{answered} of {total} questions answered",
        run.total,
    ).format(answered=number(run.answered), total=number(run.total))
    scores = [answered]
    if s.total:
        scores.append(_("{n} right at the first try").format(n=number(s.score)))
    if s.to_name:
        scores.append(score_words(0, 0, s.named, s.to_name))
    return _("{name}: {scores}. Your teacher has them.").format(
        name=md(student.name), scores=", ".join(scores)
    )


def class_page() -> None:
    """The student's page of a class assignment (``/class?code=…[&resume=…]``)."""
    st.title(_("Class quiz"))
    code, token = _param(CODE), _param(RESUME)
    if not code:
        if token:
            st.error(
                _(
                    "This link is missing its class code (`code=`): ask your teacher for the "
                    "class code or the link."
                ),
                icon=":material/error:",
            )
        _code_form()
        return
    session: ClassSession | None = st.session_state.get(STATE)
    if (
        session is not None
        and token in ("", session.token)
        and session.assignment.code == normalize_code(code)
    ):
        if not token:  # a run the browser asked for before it had the token (a double click)
            st.query_params[RESUME] = session.token
        _run(session, code)
        return
    try:
        _resume_or_join(code, token)
    except Unavailable:
        st.error(cannot_open(), icon=":material/cloud_off:")
        st.button(_("Try again"), icon=":material/refresh:")
