"""Print a worksheet: the paper size, then the worksheet and its answer key as PDF downloads,
on the Assign page (the practice link's questions; a class assignment's, in its teacher-only
step) and on the Results page (the assignment's questions).

The PDFs are made only when a button is pressed (a deferred download: the page itself pays
nothing for them), from the questions the page already dealt, so the paper holds the same
questions in the same order as the link. Nothing fails silently: a title the printer has no
font for is said on the page instead of the buttons (the class assignment form refuses such a
title, but one may have been stored before), and a PDF that cannot be made downloads as a
page that says why. A class assignment's questions come from its
secret seed on the server; neither the page nor the paper shows the seed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import streamlit as st

from engine.quiz import GROUP_TITLES, Question, build_questions
from store.classroom import AssignmentInfo
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
    """``make(sheet)``, or a PDF page that says why it could not be made: a download button
    has no other way to say it."""
    try:
        return make(sheet)
    except WorksheetError as error:
        return notice_pdf(str(error))


def worksheet_downloads(
    key: str,
    questions: Sequence[Question],
    *,
    title: str,
    drill: str,
    selection: str,
    note: str,
    file_stem: str,
) -> None:
    """The paper size (Letter or A4) and the two downloads: the worksheet and its answer key.
    ``note`` goes on the key only (where the questions come from); ``file_stem`` begins the
    files' names."""
    if (problem := title_problem(title)) is not None:
        st.warning(f"{problem} The worksheet cannot be printed with it.", icon=":material/print:")
        return
    paper = st.radio(
        "Paper",
        list(Paper),
        format_func=lambda p: p.label,
        horizontal=True,
        key=f"{key}_paper",
    )
    sheet = worksheet(
        questions, title=title, drill=drill, selection=selection, paper=paper, note=note
    )
    size = paper.label.lower()
    downloads = (
        ("Download the worksheet (PDF)", worksheet_pdf, "worksheet", ":material/print:"),
        ("Download the answer key (PDF)", key_pdf, "answer-key", ":material/key:"),
    )
    for column, (label, make, part, icon) in zip(st.columns(2), downloads, strict=True):
        column.download_button(
            label,
            partial(printed, make, sheet),
            file_name=f"{file_stem}-{part}-{size}.pdf",
            mime="application/pdf",
            on_click="ignore",
            icon=icon,
            width="stretch",
            key=f"{key}_{part}",
        )


def assignment_worksheet(key: str, assignment: AssignmentInfo) -> None:
    """:func:`worksheet_downloads` for a class assignment: its questions, dealt here from its
    secret seed, under its title; the key names its class code, never the seed."""
    settings = assignment.settings()
    worksheet_downloads(
        key,
        build_questions(settings),
        title=assignment.title,
        drill=GROUP_TITLES[assignment.drill],
        selection=settings.describe_pool(),
        note=f"The questions of class assignment {assignment.code}, in its order.",
        file_stem=f"geoplunge-{assignment.code}",
    )
