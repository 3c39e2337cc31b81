"""The progress this session's answers go to, and the line under every quiz that says so.

* **Every counted answer** of every quiz (a drill page, a practice link, the class quiz, My
  progress's practice) becomes reviews (``engine.progress.reviews``: an item each, rated by
  the one rule) that go into the session's review outbox (``store.review_outbox``) as it is
  checked, and are written at once when the database answers; while it is away they wait.
* **Before the session has a progress** they wait too, unwritten. "Keep my progress" makes a
  progress code (the button draws its token once: a double click makes one) and the answers
  of this tab so far join it; opening a progress link does the same with an existing one.
* **A class student** always has a progress: the one this session has, or a new one made
  when they start (:func:`attach_student`); a student resumed on another device writes to
  the progress they are linked to, whose link that device does not have (the token is kept
  only as a hash).
* The token stays in the session (it is never put in the address bar) and on this device
  (``ui.progress.device``: the browser's storage), so a reload or a typed address opens the
  same progress again; where the browser keeps nothing, the quiz page says so. "Forget my
  progress on this device" drops it from both, and later answers wait for another.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from engine.core import Coded
from engine.progress.reviews import reviews_of
from engine.quiz import Attempt, QuizRun
from messages import N_, _, ngettext, number
from store.clock import now_utc
from store.codes import new_token
from store.db import Unavailable
from store.progress import (
    LearnerInfo,
    NotFound,
    ReviewRecord,
    create_learner,
    learner_by_id,
    learner_of_student,
    link_student,
    open_learner,
)
from store.review_outbox import ReviewOutbox
from ui.links import md
from ui.progress import device
from ui.progress.errors import said
from ui.progress.links import URL_PATH, read_link, show_progress_link
from ui.storage import UNAVAILABLE, app_database
from ui.times import teacher_zone

LEARNER = "progress_learner"  #: session key: the :class:`Me` of this session
BOXES = "progress_boxes"  #: session key: the review outboxes, the current one last
PRESS = "progress_press"  #: session key: the token "Keep my progress" drew for its press
FRESH = "progress_fresh"  #: session key: the new link is on show until the learner hides it
#: session key: why a pasted link opened nothing (a refusal or a marked text: ``said``)
ERROR = "progress_open_error"
FORGOTTEN = "progress_forgotten"  #: session key: forgotten here and on the device
TRIED = "progress_device_tried"  #: session key: the device's progress this session last tried


@dataclass(frozen=True)
class Me:
    """The session's learner, with its token when this session knows it (``None``: attached
    through a class student resumed here)."""

    learner: LearnerInfo
    token: str | None


def me() -> Me | None:
    """The session's learner, if any: the one this session opened, or else the one this
    device keeps (opened once, when the device has reported it)."""
    if LEARNER not in st.session_state and not st.session_state.get(FORGOTTEN):
        _from_device()
    return st.session_state.get(LEARNER)


def _from_device() -> None:
    """Open the progress the device keeps (after a reload, in a new session), once per value;
    a replaced token is dropped from the device, with a sentence saying why."""
    kept = device.stored()
    if kept is None or st.session_state.get(TRIED) == kept:
        return
    st.session_state[TRIED] = kept
    try:
        learner = open_learner(app_database(), *kept)
    except NotFound:
        st.session_state[FORGOTTEN] = True  # and off the device
        st.session_state[ERROR] = Coded("device_replaced", progress=kept[0])
        return
    except Unavailable:
        st.session_state.pop(TRIED, None)  # try again at the next run
        return
    become(learner, kept[1])


def device_want() -> str | None:
    """What this device should keep: the session's progress, ``""`` (forget what it keeps),
    or ``None`` (leave it: not known yet, or a class student's progress without its token)."""
    if st.session_state.get(FORGOTTEN):
        return ""
    who = st.session_state.get(LEARNER)
    if who is not None and who.token:
        return device.value_of(who.learner.code, who.token)
    return None


def sync_device() -> None:
    """Keep the session's progress on this device (see :mod:`ui.progress.device`)."""
    me()
    device.sync(device_want())


def _boxes() -> list[ReviewOutbox]:
    return st.session_state.setdefault(BOXES, [ReviewOutbox()])


def waiting() -> int:
    """Reviews of this session not yet written."""
    return sum(len(b.pending) for b in _boxes())


def flush() -> None:
    """Write whatever waits and is due, in every outbox of the session; keep the current one
    and those still holding reviews."""
    boxes = _boxes()
    db = app_database()
    for box in boxes:
        box.flush(db)
    st.session_state[BOXES] = [b for b in boxes[:-1] if b.pending] + [boxes[-1]]


def become(learner: LearnerInfo, token: str | None) -> None:
    """The session's answers go to ``learner`` from now on (those waiting without a progress
    join it; those waiting for another learner still go to that one)."""
    box = _boxes()[-1]
    if box.student_id == 0:
        box.student_id = learner.id
    elif box.student_id != learner.id:
        _boxes().append(ReviewOutbox(student_id=learner.id))
    current = st.session_state.get(LEARNER)
    if token is None and current is not None and current.learner.id == learner.id:
        token = current.token
    st.session_state[LEARNER] = Me(learner, token)
    st.session_state.pop(FORGOTTEN, None)
    flush()


def forget() -> None:
    """This session and this device forget the progress (the answers already given stay in
    it)."""
    st.session_state.pop(LEARNER, None)
    st.session_state[FORGOTTEN] = True
    st.session_state.pop(FRESH, None)
    _boxes().append(ReviewOutbox())


def keep() -> None:
    """ "Keep my progress": a new progress for this session (one per press)."""
    token = st.session_state.setdefault(PRESS, new_token())
    try:
        made = create_learner(app_database(), token=token)
    except Unavailable:
        st.session_state[ERROR] = UNAVAILABLE
        return
    st.session_state.pop(PRESS, None)
    st.session_state.pop(ERROR, None)
    st.session_state[FRESH] = True
    become(made.learner, made.token)


def open_link(code: object, token: object) -> bool:
    """Open the progress of ``code`` and ``token`` in this session; False, with the reason kept
    for the page to say, when they open nothing."""
    try:
        learner = open_learner(app_database(), code, token)
    except NotFound as error:
        st.session_state[ERROR] = error
        return False
    except Unavailable:
        st.session_state[ERROR] = UNAVAILABLE
        return False
    st.session_state.pop(ERROR, None)
    become(learner, str(token).strip())
    return True


@dataclass(frozen=True)
class ProgressRecorder:
    """A quiz's recorder (``ui.quiz.flow.Recorder``) for the session's progress: every counted
    answer becomes reviews given in ``source`` (``practice`` or ``class``); a practice of the
    misses is recorded too, as ``practice``."""

    source: str

    def record(self, run: QuizRun, response: object) -> None:
        if run.last is not None:
            keep_attempt(run.last, self.source)

    def practice(self) -> ProgressRecorder:
        return ProgressRecorder("practice")


def keep_attempt(attempt: Attempt, source: str) -> None:
    """A counted answer given in ``source`` (``practice``, ``class`` or ``live``): its
    reviews into the outbox, then write what waits."""
    now = now_utc()
    day = now.astimezone(teacher_zone()).date()
    me()  # the device's progress, if not opened yet, before the answer joins a box
    box = _boxes()[-1]
    for r in reviews_of(attempt, now):
        box.add(
            lambda seq, r=r: ReviewRecord(
                seq,
                r.item.kind.value,
                r.item.state,
                int(r.rating),
                r.at,
                day,
                source,
                r.mode,
                r.seconds,
            )  # fmt: skip
        )
    flush()


def attach_student(student_id: int) -> None:
    """The class student this session has become: their answers also go to the progress they
    are linked to; a student without one is linked to this session's progress, or to a new
    one made now (its link is then shown with the quiz)."""
    db = app_database()
    try:
        linked = learner_of_student(db, student_id)
        if linked is not None:
            become(linked, None)
            return
        current = me()
        if current is None:
            keep()
            current = me()
            if current is None:
                return
        chosen = link_student(db, student_id, current.learner.id)
        if chosen != current.learner.id and (other := learner_by_id(db, chosen)) is not None:
            become(other, None)  # another tab linked the student first
    except Unavailable:
        return  # the answers wait for a progress; the quiz goes on


# --- on the page ----------------------------------------------------------------------------


def _open_pasted(key: str) -> None:
    code, token = read_link(st.session_state.get(key, ""))
    if not code or not token:
        st.session_state[ERROR] = N_(
            "Paste the whole progress link (it holds a code and a long token), or type the code "
            "and the token with a space between."
        )
        return
    open_link(code, token)


def open_form(key: str, label: str | None = None) -> None:
    """A small form: paste a progress link (or type its code and token) to open it here;
    ``label``: its button's words (in the reader's language; "Open my progress")."""
    with st.form(f"{key}_form"):
        st.text_input(
            _("Your progress link"), key=f"{key}_text", type="password",
            placeholder="https://…/progress?code=…&token=…",
        )  # fmt: skip
        st.form_submit_button(label or _("Open my progress"), icon=":material/key:",
                              on_click=_open_pasted,
                              args=(f"{key}_text",))  # fmt: skip
    _show_error()


def _show_error() -> None:
    if error := st.session_state.get(ERROR):
        st.error(md(said(error)), icon=":material/error:")


def _hide_fresh() -> None:
    st.session_state.pop(FRESH, None)


def _status() -> None:
    flush()
    count = waiting()
    who = me()
    if who is None:
        return
    parts = [
        ":material/bookmark: "
        + _("Your answers go to your progress **{code}**").format(code=who.learner.code)
    ]
    if who.token and device.kept(who.learner.code, who.token):
        parts.append(_("kept on this device"))
    if count:
        parts.append(
            ":orange-badge[:material/cloud_sync: {saving}] {waiting}".format(
                saving=_("Saving…"),
                waiting=ngettext(
                    "{n} waiting: the database is not answering; they go as soon as it does.",
                    "{n} waiting: the database is not answering; they go as soon as it does.",
                    count,
                ).format(n=number(count)),
            )
        )
    st.markdown(" · ".join(parts))


def _no_storage() -> None:
    if device.blocked():
        st.warning(
            _(
                "**This browser keeps nothing for GeoPlunge** (blocked site data, or a private "
                "window), so a reload or a new address forgets your progress here and your next "
                "answers wait unsaved. Keep your progress link, and open it again after a reload."
            ),
            icon=":material/warning:",
        )


def keep_panel() -> None:
    """Under a quiz: "Keep my progress", or where the answers go (and, just after keeping,
    the new progress link with its QR code); a warning where this device cannot keep it."""
    sync_device()
    _no_storage()
    who = me()
    if who is None:
        with st.container(border=True):
            st.markdown(
                _(
                    "**Keep my progress.** GeoPlunge can remember each state you answer about "
                    "and bring it back just before you would forget it. You get a link of your "
                    "own (no account, no name) to open it on any device; this one remembers it."
                )
            )
            st.button(
                _("Keep my progress"), icon=":material/bookmark_add:", on_click=keep,
                key="progress_keep",
            )  # fmt: skip
            _show_error()
        return
    st.fragment(_status, run_every=5 if waiting() else None)()
    if st.session_state.get(FRESH) and who.token:
        with st.container(border=True):
            st.markdown(
                _(
                    "**Your progress is kept.** Save this link, or print its card: it opens your "
                    "progress on any device. [My progress]({page}) shows what you know."
                ).format(page=URL_PATH)
            )
            show_progress_link(who.learner.code, who.token, "progress_fresh")
            st.button(
                _("I have saved it: hide it"), icon=":material/visibility_off:",
                on_click=_hide_fresh, key="progress_fresh_hide",
            )  # fmt: skip


def class_join_note() -> None:
    """On the class quiz's join form: where the student's answers will also go."""
    who = me()
    if who is not None:
        st.caption(
            _("Your answers will also go to your progress {code}.").format(code=who.learner.code)
        )
        return
    with st.expander(_("Have a progress link? Use it for this quiz"), icon=":material/bookmark:"):
        st.caption(
            _(
                "Otherwise you get a new progress code when you start: its link is shown with "
                "the quiz."
            )
        )
        open_form("progress_class", _("Use my progress"))
