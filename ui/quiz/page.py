"""The drill page: ``quiz_page("borders")`` is a whole drill page; :func:`show_quiz` the quiz of
a :class:`~ui.quiz.session.QuizView` (the class quiz shows its own with it).

The page shows one step at a time, each in the same three places (the question or the
summary's head; the map; the answers or the verdict), so the map stays at one place of the
page from a question to its feedback. The map and the answers stand side by side
(:func:`_beside`), so that a question, its map and Check fit one laptop screen (1280×800);
on a phone they stack, the answers under the map:

* **ask**: the prompt, the map (the asked state highlighted) and answer widgets that work with
  or without the map: states are clicked on the map (click again to remove) *or* picked in a
  multiselect, radio buttons or a text box;
* **feedback**: the verdict in words and on the map (right, missed, wrong), the explanation
  and a "Next question" button;
* **summary**: the score, a map of the run, the mistakes with their right answers, "Practise
  my misses", "New quiz" and a CSV download.

After every step the keyboard focus goes where the next key belongs (:func:`_keep_focus`).
Every word is in the reader's language (``ui.quiz.text``, ``ui.quiz.wording``).
"""

from __future__ import annotations

from collections.abc import Mapping

import streamlit as st

from engine.quiz import AnswerType, Question, QuizSettings
from messages import _
from ui.buttons import button
from ui.focus import by_key, focus
from ui.links import md
from ui.maps import map_change, us_map
from ui.nav import DRILL_MENU
from ui.progress.keep import keep_panel
from ui.quiz.roles import (
    MAP_HEIGHT,
    MAP_HEIGHT_SHOWN,
    asking_roles,
    clickable,
    feedback_roles,
    map_hint,
    names_roles,
    pick_mode,
    refusals,
    summary_roles,
    summary_words,
    zoom_states,
)
from ui.quiz.session import QuizView, check_time, current_view, move_on, new_quiz, practise
from ui.quiz.text import (
    AGAIN,
    DOWNLOAD,
    MISTAKES,
    NEW_QUIZ,
    NEW_QUIZ_HELP,
    SOME_NOTES,
    SUMMARY_MAP,
    SUMMARY_MAP_HINT,
    answer_key,
    clock,
    csv_name,
    describe,
    map_label,
    practising,
    progress_text,
    score_line,
    unreached_title,
)
from ui.quiz.widgets import answer_widgets, settings_form
from ui.quiz.wording import group_intro, label, notes_of, prompt_of


def draw_map(
    key: str,
    roles: Mapping[str, str],
    notes: Mapping[str, str],
    *,
    settings: QuizSettings | None = None,
    label: str | None = None,
    hint: str | None = None,
    words: Mapping[str, str] | None = None,
    question: Question | None = None,
    height: int = MAP_HEIGHT_SHOWN,
) -> None:
    """A map that only shows (a summary, a preview), zoomed to the quiz's states (and to all
    that ``question`` must show); ``words`` rename roles in its legend; ``height`` is the most
    it may take (px); ``label`` names it (by default "Map of the United States")."""
    us_map(
        key,
        roles,
        notes=notes,
        words=words,
        zoom=zoom_states(settings, question) if settings else None,
        height=height,
        label=label or _("Map of the United States"),
        hint=hint,
    )


def preview(q: Question, key: str, settings: QuizSettings | None = None) -> None:
    """A question as the student will first see it (the prompt, its choices and the map),
    without answer widgets."""
    st.markdown(f"**{md(prompt_of(q))}**")
    if q.choices and len(q.choices) <= 6:
        choices = " · ".join(md(label(q, c)) for c in q.choices)
        st.caption(_("Choices: {choices}").format(choices=choices))
    roles, notes = asking_roles(q)
    draw_map(key, roles, notes, settings=settings, label=map_label(q), question=q)


def _status(view: QuizView) -> None:
    run = view.run
    st.progress(run.progress, text=progress_text(run, asking=view.phase == "ask"))
    line = score_line(run)
    if view.timer:
        st.markdown(line)
        _countdown(view.key)
    else:
        st.markdown(f"{line} · :material/timer: {clock(view.elapsed())}")


@st.fragment(run_every=1)
def _countdown(key: str) -> None:
    view = st.session_state.get(key)
    if view is None or view.over:
        return
    left = view.time_left() or 0
    if left <= 0:
        st.rerun()
    st.markdown(":material/timer: " + _("**{time}** left").format(time=clock(left)))


def answer_map(
    key: str,
    q: Question,
    roles: Mapping[str, str],
    notes: Mapping[str, str],
    picked: list[str],
    *,
    zoom: list[str] | None,
    asking: bool = True,
) -> None:
    """The map ``q`` is asked on: its states picked with a click where the question lets the
    map answer (the rest refused in words), ``picked`` shown as the page holds them. Read the
    picks with :func:`ui.maps.map_change` before drawing it. ``asking=False``: the same map
    showing the feedback, where nothing is picked."""
    mode = pick_mode(q) if asking else "none"
    us_map(
        key,
        roles,
        notes=notes,
        pick=mode,
        choices=clickable(q) if asking else None,
        selected=picked if asking else [],
        refuse=refusals(q),
        zoom=zoom,
        height=MAP_HEIGHT if clickable(q) else MAP_HEIGHT_SHOWN,
        label=map_label(q),
        hint=map_hint(mode),
    )


def _question_map(view: QuizView, q: Question, roles, notes, *, asking: bool) -> None:
    """The map of the question on screen: the same element while the question is asked and
    while its feedback shows, so the browser repaints it instead of drawing it again."""
    if asking and (picked := map_change(view.map_key)) is not None:
        view.picked = picked
        view.synced += 1
    zoom = zoom_states(view.run.settings, q)
    answer_map(view.map_key, q, roles, notes, view.picked, zoom=zoom, asking=asking)


def _beside() -> tuple:
    """The map's column and the answers' column of a question and of its feedback: side by
    side on a wide screen (the map could take the column's whole width only by pushing Check
    below a laptop's screen), one under the other where Streamlit stacks columns (a phone)."""
    return tuple(st.columns([3, 2], gap="medium", vertical_alignment="top"))


def _ask(view: QuizView) -> None:
    step = view.asking()
    q = step.question
    with st.container(key=view.widget_key("question")):  # kept in view with the answer box
        if step.again:
            st.markdown(f":orange-badge[:material/replay: {_(AGAIN)}] {step.again}")
        st.markdown(f"### {md(prompt_of(q))}")
        if step.states:
            st.markdown(step.states)
        if step.hint:
            st.caption(step.hint)
    map_column, answer_column = _beside()
    with map_column:
        if q.answer_type is AnswerType.NAMES:
            roles, notes = names_roles(q, view.picked)
        else:
            roles, notes = asking_roles(q)
        _question_map(view, q, roles, notes, asking=True)
    with answer_column:
        answer_widgets(view, step)
        if view.notice and q.answer_type is not AnswerType.NAMES:
            st.warning(md(view.notice), icon=":material/info:")


def _feedback(view: QuizView) -> None:
    step = view.feedback()
    q, result = step.question, step.result
    with st.container():
        if step.again:
            st.markdown(f":orange-badge[:material/replay: {_(AGAIN)}] {step.again}")
        st.markdown(f"### {md(prompt_of(q))}")
    map_column, verdict_column = _beside()
    with map_column:
        roles, notes = feedback_roles(q, result)
        _question_map(view, q, roles, notes, asking=False)
    with verdict_column, st.container(key=view.widget_key("feedback")):
        if result.correct:
            st.success(step.verdict, icon=":material/check_circle:")
        else:
            st.error(step.verdict, icon=":material/cancel:")
        for line in step.lines:
            st.markdown(line)
        if step.comes_back:
            st.caption(step.comes_back)
        if step.explanation:
            st.info(step.explanation, icon=":material/lightbulb:")
        button(
            step.next_label,
            type="primary",
            width="stretch",
            icon=":material/arrow_forward:",
            on_click=move_on,
            args=(view.key,),
            key=view.widget_key("next"),
        )


def _summary(view: QuizView) -> None:
    run, drill = view.run, DRILL_MENU[view.group]
    step = view.summary()
    st.subheader(step.title)
    for line in step.lines:
        st.markdown(line)
    map_col, list_col = st.columns([3, 2], vertical_alignment="top")
    with map_col:
        roles, notes = summary_roles(run)
        draw_map(
            view.map_key,
            roles,
            notes,
            settings=run.settings,
            label=_(SUMMARY_MAP),
            hint=_(SUMMARY_MAP_HINT) if step.mistakes else None,
            words=summary_words(),
        )
    with list_col:
        if step.mistakes:
            st.markdown(f"**{_(MISTAKES)}**")
            st.markdown("\n".join(f"{i}. {line}" for i, line in enumerate(step.mistakes, 1)))
        elif step.praise and step.summary.complete:
            st.success(step.praise)
        elif step.praise:
            st.info(step.praise)
        if step.unreached:
            with st.expander(unreached_title(len(step.unreached))):
                st.markdown(answer_key(list(step.unreached)))
        if step.practise:
            button(
                step.practise,
                type="primary",
                width="stretch",
                icon=":material/replay:",
                on_click=practise,
                args=(view.key,),
                key=view.widget_key("practise"),
            )
        if not view.locked:
            button(
                _(NEW_QUIZ),
                width="stretch",
                icon=":material/refresh:",
                on_click=new_quiz,
                args=(view.group,),
                key=view.widget_key("new"),
                help=_(NEW_QUIZ_HELP),
            )
        name = drill.url_path if view.locked else f"{drill.url_path}-seed{run.settings.seed}"
        st.download_button(
            _(DOWNLOAD),
            run.to_csv(),
            file_name=csv_name(name, run.practice),
            mime="text/csv",
            on_click="ignore",
            width="stretch",
            icon=":material/download:",
            key=view.widget_key("csv"),
        )


def _focus_target(view: QuizView) -> str:
    """Where the keyboard belongs now: the answer box of a question, the feedback after Check
    (the next Tab reaches "Next question"), the summary at the end."""
    if view.over:
        return by_key(view.widget_key("summary"))
    if view.phase == "feedback":
        return by_key(view.widget_key("feedback"))
    q = view.run.current
    assert q is not None
    if q.answer_type is AnswerType.TEXT:
        return by_key(view.widget_key("text"), "input")
    if q.answer_type is AnswerType.NAMES:
        return by_key(view.widget_key("name"), "input")
    if q.answer_type in (AnswerType.SET, AnswerType.ORDER):
        return f'[class*="st-key-{view.widget_key("pick")}"] input'  # any of its synced keys
    return f'[class*="st-key-{view.widget_key("one")}"] input'


def _keep_focus(view: QuizView) -> None:
    """Put the focus where the next key belongs; while a question is asked, its heading stays
    in view above the answer box (the page scrolls no further than it takes)."""
    step = "summary" if view.over else view.phase
    names = view.run.current is not None and view.run.current.answer_type is AnswerType.NAMES
    tick = f"-{len(view.picked)}-{view.notice}" if names and step == "ask" else ""
    reveal = by_key(view.widget_key("question")) if step == "ask" else None
    focus(_focus_target(view), f"{view.uid}-{view.turn}-{step}{tick}", reveal=reveal)


def quiz_page(group: str) -> None:
    """Draw the drill page of ``group`` ("borders", "capitals", "ranks" or "zones")."""
    view = current_view(group)
    st.title(_(DRILL_MENU[group].title))
    st.caption(group_intro(group))
    if view.notes:
        st.warning(
            _(SOME_NOTES) + "\n\n" + "\n".join(f"- {md(n)}" for n in notes_of(view.notes)),
            icon=":material/warning:",
        )
    show_quiz(view)


def show_quiz(view: QuizView) -> None:
    """The quiz of ``view``: its status and question, feedback or summary; below it what the
    quiz asks and, unless ``view.locked``, the form to change it."""
    check_time(view)
    if view.over:
        with st.container(key=view.widget_key("summary")):
            _summary(view)
    else:
        _status(view)
        if view.phase == "feedback":
            _feedback(view)
        else:
            _ask(view)
    _keep_focus(view)
    st.divider()
    line = describe(view.run.settings, view.timer, view.run.total, seed=not view.locked)
    st.caption(practising(line) if view.run.practice else line)
    if not view.locked:
        settings_form(view)
    keep_panel()
