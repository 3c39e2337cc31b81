"""The Assign page: a teacher sets up a drill and gets a practice link that always gives the
same questions, with a preview of the first one and the answer key; or, from the same form, a
class assignment whose answers are collected (`ui.classroom.create`).

The form's **Language** is the practice link's (``lang=es``: it opens in that language), the
class assignment's (kept with it: ``store.classroom.AssignmentInfo.language``) and the
worksheet's; it starts as the teacher's own. The page itself stays in the teacher's language."""

from __future__ import annotations

import streamlit as st

from engine.quiz import build_questions, repeat_free_count
from messages import _, language, ngettext, number
from ui.classroom.create import class_fields, show_created
from ui.classroom.links import choose_language, in_language, share_to_classroom
from ui.classroom.worksheet import worksheet_downloads
from ui.links import app_base_url, app_link, fresh_seed, md
from ui.live.board import run_settings_live
from ui.nav import DRILL_MENU
from ui.quiz.page import preview
from ui.quiz.session import quiz_params, read_settings
from ui.quiz.text import answer_key
from ui.quiz.widgets import choose_drill, form_params, settings_fields
from ui.quiz.wording import group_title

KEY = "assign"
#: session key: the language chosen in the form (a field of the form named by its prefix, as
#: ``ui.classroom.create`` reads it)
LANGUAGE = f"{KEY}_lang"


def _new_seed() -> None:
    st.session_state[f"{KEY}_seed"] = str(fresh_seed())


def chosen_language() -> str:
    """The language the form's Language says (the teacher's own before it is drawn)."""
    return st.session_state.get(LANGUAGE) or language()


def assign_page() -> None:
    """The drill, its settings form, the practice link, the class assignment, the preview."""
    st.title(_("Assign a quiz"))
    st.caption(
        _(
            "Choose a drill and its settings, then send the link to your class. The same link "
            "always gives the same questions in the same order; students can practise their "
            "misses at the end."
        )
    )

    group, default_seed, defaults = choose_drill(KEY)
    drill = DRILL_MENU[group]

    with st.form(KEY):
        settings_fields(group, defaults, None, KEY)
        choose_language(
            LANGUAGE,
            _(
                "The language the practice link, the class assignment and the worksheet are "
                "in. Students can still switch the app to another one."
            ),
        )
        left, right = st.columns(2)
        left.form_submit_button(_("Make the link"), type="primary", width="stretch")
        right.form_submit_button(
            _("New random seed"), width="stretch", icon=":material/casino:", on_click=_new_seed
        )
        class_fields(group, KEY, default_seed)

    lang = chosen_language()
    settings, timer, notes = read_settings(form_params(group, KEY), group, default_seed)
    most = repeat_free_count(settings)
    if settings.n > most:
        st.warning(
            ngettext(
                "These settings have only {most} different question: a quiz of {n} repeats it.",
                "These settings have only {most} different questions: a quiz of {n} repeats "
                "some of them.",
                most,
            ).format(most=number(most), n=number(settings.n)),
            icon=":material/repeat:",
        )
        st.button(
            ngettext("Use {n} question", "Use {n} questions", most).format(n=number(most)),
            icon=":material/check:",
            on_click=lambda: st.session_state.update({f"{KEY}_n": most}),
        )
    base = app_base_url(KEY)
    show_created(base)
    link = app_link(drill.url_path, in_language(quiz_params(settings, timer), lang), base)

    st.subheader(_("The practice link"))
    if notes:
        st.warning("\n".join(f"- {md(n)}" for n in notes), icon=":material/warning:")
    st.code(link, language=None, wrap_lines=True)
    if base:
        st.caption(_("Copy it with the button in the box's corner."))
    else:
        st.caption(
            _(
                "The app's address is not known here, so the link starts at the page: put the "
                "app's address and a “/” in front of it."
            )
        )
    left, right = st.columns(2)
    left.link_button(_("Open the quiz"), link, icon=":material/open_in_new:", width="stretch")
    if right.button(
        _("Run it live on the board"),
        icon=":material/podium:",
        width="stretch",
        help=_("A live class game of these settings: the class answers on their phones."),
    ):
        run_settings_live(group, settings)
    share_to_classroom(link, group_title(group), key=f"{KEY}_share")

    questions = build_questions(settings)
    st.subheader(_("First question of the practice link"))
    preview(questions[0], key=f"{KEY}_preview", settings=settings)
    with st.expander(
        ngettext(
            "Answer key: the {n} question of the practice link",
            "Answer key: all {n} questions of the practice link",
            len(questions),
        ).format(n=number(len(questions))),
        icon=":material/key:",
    ):
        st.markdown(answer_key(questions))

    st.subheader(_("Print a worksheet"))
    st.caption(
        _(
            "The practice link's questions on paper: an outline map to colour for each map "
            "question, boxes to tick, lines to write on, the class and date fields at the top; "
            "and a separate answer key with the answers and the filled maps."
        )
    )
    worksheet_downloads(
        f"{KEY}_print",
        questions,
        settings,
        lang=lang,
        drill=group,
        note=lambda: _("The same questions, in the same order, as the practice link {link}").format(
            link=link
        ),
        file_stem=f"geoplunge-{drill.url_path}-{settings.seed}",
    )
