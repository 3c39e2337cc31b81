"""The class assignment part of the Assign page.

* **One form.** The title and the closing date and time (in the teacher's time zone) are
  fields of the Assign page's settings form, and "Create a class assignment" is one of its
  submit buttons: pressing it sends what the form shows, so the assignment gets the settings
  on screen, not those of the last "Make the link" (:func:`class_fields`).
* **One press, one assignment.** The form draws the teacher key once (:data:`REQUEST`); a
  second press sends the same key and ``store.classroom.create_assignment`` returns the first
  assignment. Once created, the form offers no Create button until "New class assignment".
* **Two steps, never on screen together** (:func:`show_created`): first the class code, the
  student link and its QR code, to project; then, behind a button, the private teacher link
  and its key (shown in this session only: only the key's hash is kept). The teacher links of
  the assignments made earlier in the session stay behind an expander, so "New class
  assignment" pressed before copying a link loses nothing.
* **Its language** is the one the form's Language says (``ui.classroom.assign``), kept with the
  assignment: its student link, its quiz and its worksheet are in it.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, tzinfo

import streamlit as st

from messages import _, language, ngettext, number, pgettext
from store.classroom import AssignmentInfo, ClassroomError, NewAssignment, create_assignment
from store.codes import KEY_BYTES, new_token
from store.db import Unavailable
from ui.classroom.errors import unavailable, worded
from ui.classroom.links import show_student_link, student_link, teacher_link
from ui.classroom.student import about, language_of
from ui.classroom.worksheet import assignment_worksheet
from ui.focus import by_key, focus
from ui.links import md
from ui.live.board import run_assignment_live
from ui.quiz.session import read_settings
from ui.quiz.widgets import form_params
from ui.storage import app_database, storage_note
from ui.times import teacher_zone
from worksheets import title_problem

CREATED = "assign_class_created"  #: session key: the assignment just created, with its key
REQUEST = "assign_class_request"  #: session key: the teacher key the form drew for it
STEP = "assign_class_step"  #: session key: "class" (the student link) or "teacher"
EARLIER = "assign_class_earlier"  #: session key: the assignments made before, newest last
ERROR = "assign_class_error"
CLASS_STEP = "assign_class_step_shown"  #: the block of step 1, brought into view when made
FIELDS = ("assign_class_title", "assign_class_day", "assign_class_time")


def _closing(day: date | None, at: time | None, zone: tzinfo) -> datetime | None:
    if day is None:
        return None
    return datetime.combine(day, at or time(23, 59), tzinfo=zone).astimezone(UTC)


def _create(group: str, prefix: str, default_seed: int) -> None:
    """The form's "Create a class assignment": its settings are read here, from the values
    this press submitted, never from the page's last run."""
    ss = st.session_state
    ss.pop(ERROR, None)
    if ss.get(CREATED) is not None:
        return  # a second press of the same form: it is made already
    settings, timer, _notes = read_settings(form_params(group, prefix), group, default_seed)
    if problem := title_problem(ss.get("assign_class_title", "")):  # it must print, too
        change = _("Change the title: the assignment's worksheet prints it.")
        ss[ERROR] = f"{problem} {change}"
        return
    try:
        closes = _closing(ss.get("assign_class_day"), ss.get("assign_class_time"), teacher_zone())
        made = create_assignment(
            app_database(), title=ss.get("assign_class_title", ""), drill=group,
            settings=settings, timer=timer, closes_at=closes,
            teacher_key=ss.setdefault(REQUEST, new_token(KEY_BYTES)),
            language=ss.get(f"{prefix}_lang") or language(),
        )  # fmt: skip
    except ClassroomError as error:
        ss[ERROR] = worded(error)
        return
    except Unavailable:
        ss[ERROR] = unavailable()
        return
    ss[CREATED] = made
    ss[STEP] = "class"


def class_fields(group: str, prefix: str, default_seed: int) -> None:
    """Inside the Assign page's settings form: the class assignment's fields and its submit
    button, or, once one is created, a line saying so."""
    ss = st.session_state
    st.divider()
    st.subheader(_("Class assignment"), anchor=False)
    made: NewAssignment | None = ss.get(CREATED)
    if made is not None:
        st.markdown(
            _(
                "“{title}” is created: its class link is below this form. To make another, "
                "press “New class assignment” there."
            ).format(title=md(made.assignment.title))
        )
        st.markdown(storage_note())  # not a caption: its code spans fail contrast in grey
        return
    st.markdown(
        _(
            "Collect every student's answers: the class gets a code and a link, you get a "
            "private results page. The assignment uses the settings above as this form shows "
            "them, with questions of its own from a secret seed (the preview and the answer "
            "key on this page are those of the practice link only)."
        )
    )
    st.markdown(storage_note())
    ss.setdefault(REQUEST, new_token(KEY_BYTES))
    st.text_input(_("Title"), key="assign_class_title", placeholder=_("Borders of the West"))
    left, right = st.columns(2)
    left.date_input(_("Closes on (optional)"), value=None, key="assign_class_day")
    right.time_input(pgettext("a closing time", "at"), value=time(23, 59), key="assign_class_time")
    zone = teacher_zone()
    st.caption(_("Times are in your time zone ({zone}).").format(zone=getattr(zone, "key", "UTC")))
    st.form_submit_button(
        _("Create a class assignment"),
        type="primary",
        icon=":material/group_add:",
        width="stretch",
        on_click=_create,
        args=(group, prefix, default_seed),
    )


def _new_assignment() -> None:
    """ "New class assignment": the form comes back empty, with a new key drawn for it; the one
    made goes to the session's earlier ones."""
    ss = st.session_state
    if (made := ss.get(CREATED)) is not None:
        ss[EARLIER] = [*ss.get(EARLIER, []), made]
    for name in (CREATED, REQUEST, STEP, ERROR, *FIELDS):
        ss.pop(name, None)


def _earlier(base: str | None) -> None:
    """The teacher links of the assignments made earlier in this session, behind an expander."""
    earlier: list[NewAssignment] = st.session_state.get(EARLIER, [])
    if not earlier:
        return
    with st.expander(
        ngettext(
            "Private teacher links of the {n} assignment made before in this session",
            "Private teacher links of the {n} assignments made before in this session",
            len(earlier),
        ).format(n=number(len(earlier))),
        icon=":material/key:",
    ):
        for made in reversed(earlier):
            a = made.assignment
            st.markdown(
                _("**{title}** · class code **{code}**").format(title=md(a.title), code=a.code)
            )
            st.code(teacher_link(made.teacher_key, base), language=None, wrap_lines=True)


def _step(step: str) -> None:
    st.session_state[STEP] = step


def show_created(base: str | None) -> None:
    """The error of the last press, or the assignment just created, one step at a time."""
    if error := st.session_state.get(ERROR):
        st.error(md(error), icon=":material/error:")
    made: NewAssignment | None = st.session_state.get(CREATED)
    if made is None:
        _earlier(base)
        return
    a = made.assignment
    student = student_link(a.code, base, language_of(a))
    teacher = teacher_link(made.teacher_key, base)
    st.subheader(_("Your class assignment"), anchor=False)
    st.success(created(a), icon=":material/check:")
    st.caption(md(about(a)))
    if st.session_state.get(STEP, "class") == "class":
        with st.container(key=CLASS_STEP):
            st.markdown(
                _(
                    "**Step 1 of 2 · for the class.** Show this on the board or send it: it "
                    "holds only the class code."
                )
            )
            show_student_link(a.code, student, a.title)
        # Below the form on a projector: brought into view, once per assignment.
        focus(by_key(CLASS_STEP), f"class-{a.code}", reveal=by_key(CLASS_STEP))
        if st.button(
            _("Run it live on the board"),
            icon=":material/podium:",
            help=_(
                "Play this assignment's questions as a live class game; its answers go to its "
                "results."
            ),
        ):
            run_assignment_live(a.id, a.title)
        st.button(
            _("Step 2: show my private teacher link"),
            icon=":material/key:",
            on_click=_step,
            args=("teacher",),
            help=_("Take the class link off the board first: the teacher link is for you only."),
        )
    else:
        st.markdown(
            _(
                "**Step 2 of 2 · for you only.** Not on the board: the class link is hidden "
                "while this shows."
            )
        )
        st.markdown(_("**Your private teacher link** (the results, and closing or deleting them):"))
        st.code(teacher, language=None, wrap_lines=True)
        st.warning(
            _(
                "**Keep this private.** Anyone with this link can see every student's answers "
                "and delete the assignment. Copy it somewhere safe now: the app keeps only a "
                "fingerprint of its key and cannot show it again once this page is closed (the "
                "results page can replace it). The key alone is `{key}`."
            ).format(key=made.teacher_key),
            icon=":material/key:",
        )
        with st.expander(_("Print it: the worksheet and its answer key"), icon=":material/print:"):
            assignment_worksheet("assign_class_print", a)
        st.button(
            _("Hide it: back to the class link"),
            icon=":material/visibility_off:",
            on_click=_step,
            args=("class",),
        )
    st.button(_("New class assignment"), icon=":material/add:", on_click=_new_assignment)
    _earlier(base)


def created(assignment: AssignmentInfo) -> str:
    """The line that says an assignment was just made (Markdown): its title and class code."""
    return _("Created “{title}”: class code **{code}**.").format(
        title=md(assignment.title), code=assignment.code
    )
