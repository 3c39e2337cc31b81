"""This device remembers the learner's progress, so a reload or a typed address keeps it.

A reload (phone browsers reload a tab left in the background) or a new address starts a new
Streamlit session, which knew nothing of the progress the tab had. So the progress's code and
token are kept in the browser's ``localStorage`` (first-party, never sent anywhere by the
browser, never in the address bar or on the screen) by a tiny in-DOM component
(``st.components.v2``, no iframe): on every run that draws it, it writes what Python wants kept
(:func:`sync`'s ``want``: the progress, ``""`` to forget it, ``None`` to leave it as it is) and
reports what the device holds and whether it could keep it (``{"stored": …, "ok": …}``), only
when that differs from what Python last heard (so it causes one rerun per change, never a loop).

``ok`` is false where the browser refuses storage (blocked site data; some private modes): the
quiz page then says that a reload forgets the progress here. A private window that keeps storage
until it closes cannot be told from a normal one.
"""

from __future__ import annotations

import streamlit as st

from ui.progress.links import read_link

KEY = "progress_device"  #: the component's key; its state holds the device's report

_JS = """
const NAME = "geoplunge.progress";

export default function ({ data, setStateValue }) {
  const { want, known } = data || {};
  let stored = null;
  let ok = true;
  try {
    const box = window.localStorage;
    if (typeof want === "string" && want !== (box.getItem(NAME) || "")) {
      if (want) box.setItem(NAME, want);
      else box.removeItem(NAME);
    }
    stored = box.getItem(NAME);
    if (typeof want === "string" && (stored || "") !== want) ok = false;
  } catch (error) {
    stored = null; // storage blocked: the browser refuses to read or write it
    ok = false;
  }
  const report = { stored, ok };
  if (JSON.stringify(report) !== JSON.stringify(known ?? null)) setStateValue("device", report);
}
"""

_mount = st.components.v2.component("geoplunge_device", js=_JS, css=":host { display: none; }")


def _report() -> dict | None:
    state = st.session_state.get(KEY)
    value = state.get("device") if hasattr(state, "get") else None
    return value if isinstance(value, dict) else None


def stored() -> tuple[str, str] | None:
    """The (code, token) this device keeps, as last reported; ``None`` when none (or not yet
    heard: the first run of a new session)."""
    report = _report()
    if report is None or not isinstance(report.get("stored"), str):
        return None
    code, token = read_link(report["stored"])
    return (code, token) if code and token else None


def blocked() -> bool:
    """True when the browser said it cannot keep anything (storage blocked)."""
    report = _report()
    return report is not None and report.get("ok") is False


def kept(code: str, token: str) -> bool:
    """True when the device reported that it keeps this progress."""
    return stored() == (code, token)


def value_of(code: str, token: str) -> str:
    """What the device keeps for a progress (read back by :func:`stored`)."""
    return f"{code} {token}"


def sync(want: str | None) -> None:
    """Draw the component: keep ``want`` on this device (``""`` forgets, ``None`` leaves what
    is kept) and hear back what it keeps."""
    _mount(data={"want": want, "known": _report()}, key=KEY, height=0,
           default={"device": None}, on_device_change=_ignore)  # fmt: skip


def _ignore() -> None:
    """The report is read from the component's state; the callback only registers it."""
