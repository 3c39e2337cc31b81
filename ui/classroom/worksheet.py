"""Print a worksheet: the paper size, then the worksheet and its answer key as PDF downloads,
on the Assign page (the practice link's questions; a class assignment's, in its teacher-only
step) and on the Results page (the assignment's questions).

The PDFs are made only when a button is pressed (a deferred download: the page itself pays
nothing for them), from the questions the page already dealt, so the paper holds the same
questions in the same order as the link. The paper is in the language chosen for it (the
practice link's, the class assignment's), whatever the page's: every word of it is made
``with messages.speaking(lang)`` (the sheet here, the PDF in :mod:`worksheets.pdf`). Nothing
fails silently: a title the printer has no font for is said on the page instead of the buttons
(the class assignment form refuses such a title, but one may have been stored before), and a
PDF that cannot be made downloads as a page that says why. A class assignment's questions come
from its secret seed on the server; neither the page nor the paper shows the seed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import streamlit as st

from engine.quiz import Question, QuizSettings, build_questions
from messages import _, speaking
from store.classroom import AssignmentInfo
from ui.classroom.student import language_of
from ui.quiz.wording import group_title, pool_of
from worksheets import (
    Paper,
    Worksheet,
    WorksheetError,
    key_pdf,
    notice_pdf,
    title_problem,
    worksheet,
    worksheet_pdf,
)


def printed(make: Callable[[Worksheet], bytes], sheet: Worksheet) -> bytes:
    """``make(sheet)``, or a PDF page that says why it could not be made (in the sheet's
    language): a download button has no other way to say it."""
    try:
        return make(sheet)
    except WorksheetError as error:
        return notice_pdf(str(error), sheet.lang)


def worksheet_downloads(
    key: str,
    questions: Sequence[Question],
    settings: QuizSettings,
    *,
    lang: str,
    drill: str,
    note: Callable[[], str],
    file_stem: str,
    title: str | None = None,
) -> None:
    """The paper size (Letter or A4) and the two downloads: the worksheet and its answer key,
    in ``lang``, of ``questions`` dealt from ``settings`` of the drill ``drill`` (a mode
    group). ``title`` is a class assignment's (default: the drill's, in ``lang``); ``note``
    says, in the current language, where the questions come from (on the key only);
    ``file_stem`` begins the files' names."""
    if title is not None and (problem := title_problem(title)) is not None:
        cannot = _("The worksheet cannot be printed with it.")
        st.warning(f"{problem} {cannot}", icon=":material/print:")
        return
    paper = st.radio(
        _("Paper"),
        list(Paper),
        format_func=lambda p: p.label,
        horizontal=True,
        key=f"{key}_paper",
    )
    with speaking(lang):
        sheet = worksheet(
            questions,
            title=title or group_title(drill),
            drill=group_title(drill),
            selection=pool_of(settings),
            paper=paper,
            note=note(),
            lang=lang,
        )
    downloads = (
        (_("Download the worksheet (PDF)"), worksheet_pdf, "worksheet", ":material/print:"),
        (_("Download the answer key (PDF)"), key_pdf, "answer-key", ":material/key:"),
    )
    for column, (label, make, part, icon) in zip(st.columns(2), downloads, strict=True):
        column.download_button(
            label,
            partial(printed, make, sheet),
            file_name=f"{file_stem}-{part}-{paper.slug}.pdf",
            mime="application/pdf",
            on_click="ignore",
            icon=icon,
            width="stretch",
            key=f"{key}_{part}",
        )


def assignment_worksheet(key: str, assignment: AssignmentInfo) -> None:
    """:func:`worksheet_downloads` for a class assignment: its questions, dealt here from its
    secret seed, under its title, in its language; the key names its class code, never the
    seed."""
    settings = assignment.settings()
    worksheet_downloads(
        key,
        build_questions(settings),
        settings,
        lang=language_of(assignment),
        drill=assignment.drill,
        note=lambda: _("The questions of class assignment {code}, in its order.").format(
            code=assignment.code
        ),
        file_stem=f"geoplunge-{assignment.code}",
        title=assignment.title,
    )
