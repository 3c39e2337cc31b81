"""The widgets of a drill in Streamlit: the answer widget of each kind of question
(``ui.quiz.inputs`` says which and its words; they work with or without the map: a
multiselect, radio buttons, a select box or a text box; the live phone draws its lists with
:func:`answer_list`) and the settings fields, shared by the drill page's "Change the quiz"
form, the Assign page and the Live board. Every label is in the reader's language: a state,
a region, a time zone and a mode by its name in it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import streamlit as st

from engine.cards import ZONES, deck
from engine.quiz import MAX_N, MODE_GROUPS, AnswerType, Question, QuizSettings
from geodata import REGIONS
from messages import N_, _
from ui.buttons import button
from ui.games.wording import zone_name
from ui.links import fresh_seed
from ui.nav import DRILL_MENU
from ui.quiz.flow import AskStep
from ui.quiz.inputs import AnswerInput, Kind, with_enter
from ui.quiz.session import (
    MAX_TIMER,
    TIMER,
    QuizView,
    picked_from_widget,
    read_settings,
    restart,
    submit,
    take_name,
)
from ui.quiz.text import named_count, named_list
from ui.quiz.wording import label as value_label
from ui.quiz.wording import mode_title, region_name
from ui.state_names import by_name, state_name

#: the class of a typed-answer box's container (:func:`answer_box`)
ANSWER_BOX = "gp_answer_box"
#: Streamlit's "Press Enter to submit form · 0/201" lies over a box's placeholder and catches
#: taps; Enter still sends the form
HIDE_HINT = (
    f"<style>[class*='st-key-{ANSWER_BOX}'] [data-testid='InputInstructions']"
    "{display:none}</style>"
)


def answer_box(label: str, key: str, placeholder: str) -> None:
    """A typed-answer box in a form: Enter (a phone keyboard's Go) sends the form, with no hint
    drawn over the box, and no character cap (a longer paste would vanish without a word): the
    engine refuses an answer over :data:`engine.answers.MAX_ANSWER_CHARS` in words."""
    with st.container(key=f"{ANSWER_BOX}_{key}"):
        st.html(HIDE_HINT)
        st.text_input(label, key=key, placeholder=placeholder, autocomplete="off")


"""The most a typed-answer box takes: one more than the engine reads, so a longer paste, cut
here by the browser (and by Streamlit on the server), is still refused with the message that
says why rather than read as a cut-off answer."""
ANY_REGION = N_("All regions")  #: the region field's value for no region (shown with ``_()``)
ANY_ZONE = N_("All Zones")  #: the Zone field's value for no Zone


# --- answers ---------------------------------------------------------------------------------


def answer_list(
    spec: AnswerInput,
    q: Question,
    key: str,
    *,
    picked: Sequence[str] | None = None,
    on_change: Callable[..., None] | None = None,
    args: tuple = (),
) -> None:
    """The list of an answer widget (``ui.quiz.inputs``): a multiselect of several states, a
    select box of one state of many, or radio buttons (a typed answer's: "Or choose one").
    It shows ``picked`` (the map's picks) when given; otherwise its value is the session
    state's. ``on_change(*args)`` is called when it changes."""
    options = list(spec.options)
    common: dict[str, Any] = {
        "format_func": lambda value: value_label(q, value), "key": key, "on_change": on_change,
        "args": args if on_change else None,
    }  # fmt: skip
    if spec.kind is Kind.SEVERAL:
        default = None if picked is None else [c for c in picked if c in spec.options]
        st.multiselect(
            spec.label, options, default=default, max_selections=spec.most, select_all=False,
            placeholder=spec.placeholder, **common,
        )  # fmt: skip
    elif spec.kind is Kind.SELECT:
        index = _index(options, picked or ())
        st.selectbox(spec.label, options, index=index, placeholder=spec.placeholder, **common)
    else:
        label = spec.option_label if spec.kind is Kind.TYPED else spec.label
        index = _index(options, picked or ())
        st.radio(label, options, index=index, horizontal=spec.horizontal, **common)


def _index(choices: Sequence[str], picked: Sequence[str]) -> int | None:
    """Where the map's pick is among ``choices`` (``None``: nothing picked)."""
    return list(choices).index(picked[0]) if picked and picked[0] in choices else None


def answer_widgets(view: QuizView, step: AskStep) -> None:
    """The answer widget of the question asked, and its Check button."""
    spec, q = step.answer, step.question
    if spec.kind is Kind.TYPED:
        _typed_answer(view, q, spec)
        return
    if spec.kind is Kind.NAMES:
        _names_answer(view, q, spec)
        return
    key = view.answer_key("pick" if spec.kind is Kind.SEVERAL else "one")
    if spec.follows_map:
        answer_list(spec, q, key, picked=view.picked, on_change=picked_from_widget,
                    args=(view.key, key))  # fmt: skip
    else:
        answer_list(spec, q, key)
    if q.answer_type is AnswerType.ORDER and view.picked:
        st.markdown("  \n".join(f"{i}. {value_label(q, c)}" for i, c in enumerate(view.picked, 1)))
    _check_button(view, spec)


def _check_button(view: QuizView, spec: AnswerInput) -> None:
    """The question's Check button (outside a form)."""
    button(
        spec.check,
        type="primary",
        width="stretch",
        on_click=submit,
        args=(view.key,),
        key=view.widget_key("check"),
    )


def _typed_answer(view: QuizView, q: Question, spec: AnswerInput) -> None:
    """A typed capital or state (read forgivingly), Enter to check; a state may instead be
    chosen among the options."""
    with st.form(view.widget_key("text_form"), border=False):
        answer_box(spec.label, view.widget_key("text"), with_enter(spec.placeholder))
        if spec.options:
            answer_list(spec, q, view.widget_key("one"))
        button(
            spec.check, form=True, type="primary", width="stretch", on_click=submit,
            args=(view.key,),
        )  # fmt: skip


def _names_answer(view: QuizView, q: Question, spec: AnswerInput) -> None:
    """A typed list: one name at a time (Enter), each taken at once, then "I'm done"."""
    st.markdown(named_count(q, view.picked))
    with st.form(view.widget_key("names_form"), border=False, clear_on_submit=True):
        answer_box(spec.label, view.widget_key("name"), with_enter(spec.placeholder))
        button(spec.add, form=True, width="stretch", on_click=take_name, args=(view.key,))
    st.html(f"<p role='status' class='gp-status'>{escape(view.notice)}</p>")
    if view.picked:
        st.caption(named_list(q, view.picked))
    _check_button(view, spec)


# --- settings --------------------------------------------------------------------------------


def _state_names() -> dict[str, str]:
    """USPS code → the state's name in the reader's language, in the order of the names."""
    return {usps: state_name(usps) for usps in by_name(c.usps for c in deck())}


def _region_label(value: str) -> str:
    return _(ANY_REGION) if value == ANY_REGION else region_name(value)


def _zone_label(value: str) -> str:
    return _(ANY_ZONE) if value == ANY_ZONE else zone_name(value)


def choose_drill(prefix: str) -> tuple[str, int, QuizSettings]:
    """The "Drill" choice of a teacher's settings form (Assign, the Live board): the mode group
    chosen, the form's default seed (drawn once per session) and that drill's default settings."""
    group = st.radio(
        _("Drill"),
        list(DRILL_MENU),
        format_func=lambda g: _(DRILL_MENU[g].title),
        horizontal=True,
        key=f"{prefix}_drill",
    )
    default_seed = st.session_state.setdefault(f"{prefix}_default_seed", fresh_seed())
    defaults = read_settings({}, group, default_seed)[0]
    return group, default_seed, defaults


def field_values(
    group: str, settings: QuizSettings, timer: int | None, prefix: str
) -> dict[str, object]:
    """The session-state values of the :func:`settings_fields` widgets that show ``settings``
    and ``timer``: a page that sets them before another page's form is drawn (Assign's "Run it
    live") fills that form."""
    modes = MODE_GROUPS[group]
    return {
        f"{prefix}_modes_{group}": [m for m in settings.modes if m in modes],
        f"{prefix}_region": settings.region or ANY_REGION,
        f"{prefix}_zone": settings.zone or ANY_ZONE,
        f"{prefix}_states": list(settings.states),
        f"{prefix}_n": settings.n,
        f"{prefix}_seed": str(settings.seed),
        f"{prefix}_timer": timer or 0,
    }


def settings_fields(
    group: str, settings: QuizSettings, timer: int | None, prefix: str, *, secret: bool = False
) -> None:
    """The widgets of a quiz's settings (for a form), first filled from ``settings`` and
    ``timer``; read them back with :func:`form_params`. Values live in session state under
    ``{prefix}_…`` keys, so a callback may change them (a new random seed). ``secret``: the
    questions come from a secret seed and are timed one by one (a live game), so there is no
    Seed and no quiz Timer field."""
    ss = st.session_state
    modes = MODE_GROUPS[group]
    names = _state_names()
    for key, value in field_values(group, settings, timer, prefix).items():
        ss.setdefault(key, value)
    if len(modes) > 1:
        st.multiselect(
            _("Kinds of question"),
            modes,
            format_func=mode_title,
            key=f"{prefix}_modes_{group}",
            placeholder=_("All kinds"),
            help=_("Several kinds take turns. None chosen: all of them."),
        )
    left, right = st.columns(2)
    left.selectbox(
        _("Census region"), [ANY_REGION, *REGIONS], format_func=_region_label,
        key=f"{prefix}_region",
    )  # fmt: skip
    right.selectbox(_("Zone"), [ANY_ZONE, *ZONES], format_func=_zone_label, key=f"{prefix}_zone")
    st.multiselect(
        _("Only these states"),
        list(names),
        format_func=names.get,
        key=f"{prefix}_states",
        placeholder=_("Any state"),
        help=_("Filters combine: the quiz asks about the states that pass them all."),
    )
    if secret:
        st.number_input(_("Questions"), min_value=1, max_value=MAX_N, key=f"{prefix}_n")
        return
    left, middle, right = st.columns(3)
    left.number_input(_("Questions"), min_value=1, max_value=MAX_N, key=f"{prefix}_n")
    middle.text_input(
        _("Seed"),
        key=f"{prefix}_seed",
        help=_("The same seed and settings always give the same questions."),
    )
    right.number_input(
        _("Timer (minutes)"),
        min_value=0,
        max_value=MAX_TIMER,
        key=f"{prefix}_timer",
        help=_("0: no timer. With a timer the quiz ends when the time is up."),
    )


def form_params(group: str, prefix: str) -> dict[str, str]:
    """The URL parameters the :func:`settings_fields` widgets stand for (not yet checked:
    read them with :func:`read_settings`)."""
    ss = st.session_state
    region, zone = ss.get(f"{prefix}_region"), ss.get(f"{prefix}_zone")
    return {
        "mode": ",".join(ss.get(f"{prefix}_modes_{group}") or []) or group,
        "region": region.lower() if region in REGIONS else "",
        "zone": zone.lower() if zone in ZONES else "",
        "states": ",".join(ss.get(f"{prefix}_states") or []),
        "n": str(ss.get(f"{prefix}_n", 10)),
        "seed": str(ss.get(f"{prefix}_seed", "")).strip(),
        TIMER: str(ss.get(f"{prefix}_timer") or 0),
    }


def settings_form(view: QuizView) -> None:
    """ "Change the quiz": a button that opens the settings form. The form's widgets are drawn
    only once it is open, so a student's every click does not pay for a dozen hidden widgets."""
    group = view.group
    prefix = view.widget_key("form")
    opened = f"{view.key}_settings_open"
    if not st.session_state.get(opened):
        button(
            _("Change the quiz"),
            icon=":material/tune:",
            on_click=st.session_state.__setitem__,
            args=(opened, True),
            key=f"{prefix}_open",
        )
        return
    with st.container(border=True), st.form(prefix, border=False):
        settings_fields(group, view.run.settings, view.timer, prefix)
        st.checkbox(_("Draw a new random seed"), key=f"{prefix}_reseed")
        left, right = st.columns(2)
        left.form_submit_button(
            _("Start this quiz"),
            type="primary",
            width="stretch",
            on_click=_apply_form,
            args=(group, prefix),
        )
        right.form_submit_button(
            _("Close"), width="stretch", on_click=st.session_state.__setitem__, args=(opened, False)
        )


def _apply_form(group: str, prefix: str) -> None:
    st.session_state[f"{DRILL_MENU[group].url_path}_settings_open"] = False
    params = form_params(group, prefix)
    if st.session_state.get(f"{prefix}_reseed"):
        params["seed"] = str(fresh_seed())
    restart(group, params)
