"""The Assign page: a teacher sets up a drill and gets a practice link that always gives the
same questions, with a preview of the first one and the answer key; or, from the same form, a
class assignment whose answers are collected (`ui.classroom.create`)."""

from __future__ import annotations

import streamlit as st

from engine.quiz import build_questions, repeat_free_count
from ui.classroom.create import class_fields, show_created
from ui.classroom.links import share_to_classroom
from ui.classroom.worksheet import worksheet_downloads
from ui.links import app_base_url, app_link, fresh_seed, md
from ui.live.board import run_settings_live
from ui.nav import DRILL_MENU
from ui.quiz.page import preview
from ui.quiz.session import quiz_params, read_settings
from ui.quiz.text import answer_key
from ui.quiz.widgets import choose_drill, form_params, settings_fields

KEY = "assign"


def _new_seed() -> None:
    st.session_state[f"{KEY}_seed"] = str(fresh_seed())


def assign_page() -> None:
    """The drill, its settings form, the practice link, the class assignment, the preview."""
    st.title("Assign a quiz")
    st.caption(
        "Choose a drill and its settings, then send the link to your class. The same link always "
        "gives the same questions in the same order; students can practise their misses at the end."
    )

    group, default_seed, defaults = choose_drill(KEY)
    drill = DRILL_MENU[group]

    with st.form(KEY):
        settings_fields(group, defaults, None, KEY)
        left, right = st.columns(2)
        left.form_submit_button("Make the link", type="primary", width="stretch")
        right.form_submit_button(
            "New random seed", width="stretch", icon=":material/casino:", on_click=_new_seed
        )
        class_fields(group, KEY, default_seed)

    settings, timer, notes = read_settings(form_params(group, KEY), group, default_seed)
    most = repeat_free_count(settings)
    if settings.n > most:
        st.warning(
            f"These settings have only {most} different questions: a quiz of {settings.n} repeats "
            f"some of them.",
            icon=":material/repeat:",
        )
        st.button(
            f"Use {most} questions",
            icon=":material/check:",
            on_click=lambda: st.session_state.update({f"{KEY}_n": most}),
        )
    base = app_base_url(KEY)
    show_created(base)
    link = app_link(drill.url_path, quiz_params(settings, timer), base)

    st.subheader("The practice link")
    if notes:
        st.warning("\n".join(f"- {md(n)}" for n in notes), icon=":material/warning:")
    st.code(link, language=None, wrap_lines=True)
    if base:
        st.caption("Copy it with the button in the box's corner.")
    else:
        st.caption(
            "The app's address is not known here, so the link starts at the page: put the app's "
            "address and a “/” in front of it."
        )
    left, right = st.columns(2)
    left.link_button("Open the quiz", link, icon=":material/open_in_new:", width="stretch")
    if right.button(
        "Run it live on the board",
        icon=":material/podium:",
        width="stretch",
        help="A live class game of these settings: the class answers on their phones.",
    ):
        run_settings_live(group, settings)
    share_to_classroom(link, drill.title, key=f"{KEY}_share")

    questions = build_questions(settings)
    st.subheader("First question of the practice link")
    preview(questions[0], key=f"{KEY}_preview", settings=settings)
    with st.expander(
        f"Answer key: all {len(questions)} questions of the practice link", icon=":material/key:"
    ):
        st.markdown(answer_key(questions))

    st.subheader("Print a worksheet")
    st.caption(
        "The practice link's questions on paper: an outline map to colour for each map "
        "question, boxes to tick, lines to write on, the class and date fields at the top; "
        "and a separate answer key with the answers and the filled maps."
    )
    worksheet_downloads(
        f"{KEY}_print",
        questions,
        title=drill.title,
        drill=drill.title,
        selection=settings.describe_pool(),
        note=f"The same questions, in the same order, as the practice link {link}",
        file_stem=f"geoplunge-{drill.url_path}-{settings.seed}",
    )
