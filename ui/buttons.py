"""Buttons whose press counts even in a session's first run.

Streamlit runs a widget's callback only for a widget the session drew in an earlier run. When
a server dies, the browser keeps its page and reconnects through the load balancer to another
server, where its next press reaches a session that has drawn nothing yet: Streamlit skips the
callback, and a student's "Check" only has the new server draw the page. :func:`button` sees
such a press in the widget's own value, runs the callback then and reruns, so the first press
after a reconnect does what it says. Everywhere else it is ``st.button`` (or
``st.form_submit_button``) with its callback.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

_SEEN = "_gp_session_seen"  #: set in a session's first run
_FIRST = "_gp_first_run"  #: whether this run is the session's first
_RAN = "_gp_callback_ran"  #: a callback of this module ran in this run


def start_run() -> None:
    """Note whether this run is the session's first (the router calls it before every page)."""
    st.session_state[_FIRST] = _SEEN not in st.session_state
    st.session_state[_SEEN] = True


def end_run() -> None:
    """Forget that a callback ran (the router calls it after every page; callbacks run before
    the script, so the mark of this run's press is read during the run)."""
    st.session_state[_RAN] = False


def button(
    label: str,
    *,
    on_click: Callable[..., Any],
    args: tuple = (),
    form: bool = False,
    **options: Any,
) -> bool:
    """``st.button`` (``st.form_submit_button`` with ``form=True``) that runs ``on_click`` once
    per press, the first run of a session included (see the module)."""

    def callback(*given: Any) -> None:
        st.session_state[_RAN] = True
        on_click(*given)

    draw = st.form_submit_button if form else st.button
    pressed = draw(label, on_click=callback, args=args, **options)
    missed = st.session_state.get(_FIRST) and not st.session_state.get(_RAN)
    if pressed and missed and not options.get("disabled"):
        callback(*args)
        st.rerun()
    return pressed
