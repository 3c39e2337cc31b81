"""Print a worksheet: the paper size, then the worksheet and its answer key as PDF downloads,
on the Assign page (the practice link's questions; a class assignment's, in its teacher-only
step) and on the Results page (the assignment's questions).

The PDFs are made only when a button is pressed (a deferred download: the page itself pays
nothing for them), from the questions the page already dealt, so the paper holds the same
questions in the same order as the link. A class assignment's questions come from its
secret seed on the server; neither the page nor the paper shows the seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import streamlit as st

from engine.quiz import GROUP_TITLES, Question, build_questions
from store.classroom import AssignmentInfo
from worksheets import Paper, key_pdf, worksheet, worksheet_pdf


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
            partial(make, sheet),
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
