"""Keyboard focus across reruns: put the focus where the next key press belongs.

Streamlit redraws the page after every answer and leaves the focus on the page body, so a
keyboard user would have to Tab through the menu again. ``focus(selector, token)`` mounts a tiny
in-DOM component (``st.components.v2``, no iframe) whose script focuses the first element
matching ``selector`` once the page has drawn it, however long that takes (Streamlit loads a
widget's code on its first use: a page's first radio buttons may come seconds after the rest on
a loaded machine), and focuses it again should Streamlit drop it and draw it anew, until the
next request. An element that cannot take focus by itself (a feedback box) gets
``tabindex="-1"`` first, so a screen reader reads it and the next Tab goes to the first control
inside or after it.

The focus is moved only while it is nowhere (the page body, or a control the rerun took away) or
still where it was when the request came: a keyboard user who has already moved on, say into the
map while a slow page was still drawing, keeps their place.

Each focus request carries a ``token`` (the question's turn, the step): the script acts once per
token, so other reruns (a map click, a timer tick) never pull the focus back.

A request may name an element to keep in view (``reveal``: a question's heading above its map
and answer box). The focus then moves without scrolling (``preventScroll``) and the page
scrolls as little as it takes to show that element, below Streamlit's header, and the focused
one under it if both fit; if they do not, the revealed element goes to the top. A plain
``focus()`` would centre the answer box and, on a laptop, push the question above the window.

Elements are found by the ``st-key-<key>`` class Streamlit puts on every keyed element; build
selectors with :func:`by_key`.
"""

from __future__ import annotations

import streamlit as st

_JS = """
const GAP = 8; // px kept free above the revealed element and below the focused one

function scroller(el) {
  for (let p = el.parentElement; p; p = p.parentElement) {
    const y = getComputedStyle(p).overflowY;
    if ((y === "auto" || y === "scroll") && p.scrollHeight > p.clientHeight) return p;
  }
  return document.scrollingElement;
}

// Scroll as little as it takes to show `head` (below whatever `cover` hides at the top of the
// window) and `el` under it; when both do not fit, `head` goes to the top.
function keepInView(head, el, cover) {
  const covered = cover ? document.querySelector(cover) : null;
  const top = Math.max(0, covered ? covered.getBoundingClientRect().bottom : 0) + GAP;
  const bottom = window.innerHeight - GAP;
  const h = head.getBoundingClientRect();
  const e = el.getBoundingClientRect();
  let delta = 0;
  if (h.top < top) delta = h.top - top;
  else if (e.bottom > bottom) delta = Math.min(e.bottom - bottom, h.top - top);
  if (delta) scroller(head).scrollBy({ top: delta });
}

export default function ({ data, parentElement }) {
  const { selector, token, reveal, cover } = data || {};
  if (!selector || window.__geoplungeFocus === token) return;
  window.__geoplungeFocus = token;
  const before = document.activeElement;
  let placed = null; // the element this request has focused
  // One step; false once the request is done with (the keyboard user has moved on).
  const step = () => {
    const now = document.activeElement;
    const nowhere = !now || now === document.body || !now.isConnected;
    if (placed) {
      if (now === placed) return true;
      if (placed.isConnected || !nowhere) return false; // moved on
      placed = null; // Streamlit dropped it (drawing it again): follow it
    } else if (!nowhere && now !== before) {
      return false; // moved on
    }
    const el = document.querySelector(selector);
    if (!el) return true; // not drawn yet
    if (!el.matches("input, button, select, textarea, a[href], [tabindex]")) {
      el.setAttribute("tabindex", "-1");
    }
    const head = reveal ? document.querySelector(reveal) : null;
    el.focus({ preventScroll: !!head });
    if (document.activeElement !== el) return true; // not focusable yet
    placed = el;
    if (head) keepInView(head, el, cover);
    return true;
  };
  if (!step()) return;
  // Until a newer request (or the component leaves the page), every change of the page may
  // be the element drawn at last: a widget's code loads on its first use, seconds under load.
  const watch = new MutationObserver(() => {
    const latest = window.__geoplungeFocus === token && parentElement?.isConnected !== false;
    if (!latest || !step()) watch.disconnect();
  });
  const changes = { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] };
  watch.observe(document.body, changes);
}
"""

#: What Streamlit draws over the top of the page (its header bar), not to hide a heading under.
_COVER = "[data-testid='stHeader']"

_CSS = ":host { display: none; }"

_mount = st.components.v2.component("geoplunge_focus", js=_JS, css=_CSS)


def by_key(key: str, inner: str = "") -> str:
    """The CSS selector of the element Streamlit drew for ``key`` (and of ``inner`` inside)."""
    return f".st-key-{key} {inner}".strip()


def focus(selector: str, token: str, *, reveal: str | None = None) -> None:
    """Focus the first element matching ``selector`` once per ``token``; with ``reveal``, keep
    the element it selects in view too (above the focused one: see the module docstring)."""
    data = {"selector": selector, "token": token, "reveal": reveal, "cover": _COVER}
    _mount(data=data, key="geoplunge_focus", height=0)
