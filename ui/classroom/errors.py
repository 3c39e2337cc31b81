"""How the classroom's refusals read. The store refuses with a code and its values
(:class:`store.classroom.ClassroomError`, never a sentence: ``store.classroom.CODES``); each
code is worded here (:data:`CLASSROOM_ERRORS`, as :mod:`ui.games.wording` says), and
:func:`worded` says a refusal in the reader's language. The sentences are plain text: a page
escapes them for Markdown (``ui.links.md``)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from engine.core import Coded
from messages import N_, _
from store.classroom import AssignmentInfo, ClassroomError, Closed
from ui.games.wording import Wording, say
from ui.name_faults import NAME_FAULTS


def _closed(title: str, closes_at: datetime | None) -> str:
    if closes_at is None:
        return _(
            "“{title}” is closed: answers are no longer recorded. Ask your teacher if you still "
            "need to do it (once it is reopened, open the link again)."
        ).format(title=title)
    return _(
        "“{title}” closed on {date} at {time} UTC: answers are no longer recorded. Ask your "
        "teacher if you still need to do it (once it is reopened, open the link again)."
    ).format(title=title, date=f"{closes_at:%Y-%m-%d}", time=f"{closes_at:%H:%M}")


CLASSROOM_ERRORS: Mapping[str, Wording] = {
    # an assignment's title
    "title_control": N_("A title cannot contain control characters."),
    "title_override": N_(
        "A title cannot contain right-to-left or left-to-right override characters: type it "
        "as it reads (any script is fine)."
    ),
    "title_empty": N_("Give the assignment a title."),
    "title_invisible": N_(
        "A title needs at least one visible letter, digit or sign: this one is made of "
        "invisible characters."
    ),
    "title_too_long": N_("A title has at most {limit} characters; this one has {length}."),
    "closing_past": N_("The closing time is already past: choose a later one."),
    # a student's name
    **NAME_FAULTS,
    "name_taken": N_(
        "{name} is already in this class: open your resume link, or add your initial."
    ),
    # finding an assignment, joining it, resuming it
    "not_a_code": N_(
        "“{typed}” is not a class code: a code has {length} letters and digits (no 0, 1, I, L "
        "or O)."
    ),
    "unknown_code": N_(
        "No class assignment has the code {code}: check it with your teacher (an assignment "
        "the teacher deleted is gone)."
    ),
    "bad_resume": N_(
        "This resume link is not one of class {code}: it may be cut short or made up. Enter "
        "your name to start the quiz."
    ),
    "closed": _closed,
    "just_deleted": N_("This assignment was just deleted by the teacher."),
    "out_of_date": N_("This page is out of date: reload it and join again."),
    # the teacher's key and the assignment
    "bad_key": N_(
        "This teacher key opens no assignment: check that the link or the key was copied "
        "whole (a key replaced by a new one opens nothing, and an assignment that was deleted "
        "is gone)."
    ),
    "key_replaced": N_(
        "This teacher key no longer opens the assignment: a new key was made, or the "
        "assignment was deleted."
    ),
    "deleted": N_("This assignment was deleted."),
    "refused": N_("The class cannot do this."),
}


def worded(error: ClassroomError) -> str:
    """``error`` in the reader's language, by :data:`CLASSROOM_ERRORS` (``KeyError`` for a code
    worded nowhere: the tests walk every code of ``store.classroom.CODES``)."""
    coded = Coded(error.code)
    coded.values = error.values  # set apart: a refusal's values may hold a ``code`` (a class's)
    return say(coded, CLASSROOM_ERRORS)


def unavailable() -> str:
    """What a teacher's page says when the class database does not answer."""
    return _("The class database is not answering right now. Try again in a moment.")


def closed_sentence(assignment: AssignmentInfo) -> str:
    """What a student reads of a closed assignment: its title, when it closed, what to do."""
    return worded(Closed("closed", title=assignment.title, closes_at=assignment.closes_at))
