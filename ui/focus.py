"""Keyboard focus across reruns: put the focus where the next key press belongs.

Streamlit redraws the page after every answer and leaves the focus on the page body, so a
keyboard user would have to Tab through the menu again. ``focus(selector, token)`` mounts a tiny
in-DOM component (``st.components.v2``, no iframe) whose script focuses the first element
matching ``selector`` once the page has drawn it. An element that cannot take focus by itself
(a feedback box) gets ``tabindex="-1"`` first, so a screen reader reads it and the next Tab goes
to the first control inside or after it.

The focus is moved only while it is nowhere (the page body, or a control the rerun took away) or
still where it was when the request came: a keyboard user who has already moved on, say into the
map while a slow page was still drawing, keeps their place.

Each focus request carries a ``token`` (the question's turn, the step): the script acts once per
token, so other reruns (a map click, a timer tick) never pull the focus back.

Elements are found by the ``st-key-<key>`` class Streamlit puts on every keyed element; build
selectors with :func:`by_key`.
"""

from __future__ import annotations

import streamlit as st

_JS = """
export default function ({ data }) {
  const { selector, token } = data || {};
  if (!selector || window.__geoplungeFocus === token) return;
  window.__geoplungeFocus = token;
  const before = document.activeElement;
  let tries = 0;
  const go = () => {
    const now = document.activeElement;
    if (now && now !== document.body && now !== before && now.isConnected) return; // moved on
    const el = document.querySelector(selector);
    if (!el) {
      if (tries++ < 60) setTimeout(go, 50);
      return;
    }
    if (!el.matches("input, button, select, textarea, a[href], [tabindex]")) {
      el.setAttribute("tabindex", "-1");
    }
    el.focus();
  };
  go();
}
"""

_CSS = ":host { display: none; }"

_mount = st.components.v2.component("geoplunge_focus", js=_JS, css=_CSS)


def by_key(key: str, inner: str = "") -> str:
    """The CSS selector of the element Streamlit drew for ``key`` (and of ``inner`` inside)."""
    return f".st-key-{key} {inner}".strip()


def focus(selector: str, token: str) -> None:
    """Focus the first element matching ``selector`` once per ``token``."""
    _mount(data={"selector": selector, "token": token}, key="geoplunge_focus", height=0)
