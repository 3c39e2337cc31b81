"""Every map in the app: one component, :func:`us_map`, drawn and operated in the browser.

The map is a Plotly choropleth of our own GeoJSON, drawn by plotly.js in the page: the map
core ``static/map/core.js`` (shared with the notebook widget, :mod:`widgets.map`) behind the
Streamlit adapter ``static/map/geomap.js``, a ``components.v2`` component with no build step.
Streamlit runs a component's inline JS from a Blob URL, where relative imports do not resolve,
so the registered JS is a loader that imports the adapter from the app's static route; the
adapter imports the core and fetches plotly.js and the outlines from the same folder, once
(:mod:`ui.map_assets`). The data drawn is :func:`ui.map_data.map_data`'s, the roles
:data:`ui.map_data.ROLES`; a rerun sends only what changed: roles, notes, marks and zoom.

- **Roles.** Each state is painted by its role (``target``, ``correct``, ``missed`` …) in the
  Okabe–Ito colour-blind-safe palette; a role is never told by colour alone: it is named in the
  hover label, in the state's accessible name and in the legend under the map, which lists the
  states of every role. "Asked about" also has a dark outline, "missed" a dark-yellow one so
  it shows on the grey states.
- **Picking.** With ``pick="one"``, ``"many"`` or ``"order"`` a click or tap toggles a state at
  once in the browser (hit-tested on the outline under the pointer; small north-eastern states
  also answer to a labelled box off the coast). Only ``choices`` can be picked; a click on
  another state is refused with a short note (``refuse`` gives the words per state).
  :func:`map_change` gives the selection when the user changed it on the map since the page
  last asked; ``selected`` is what the page holds picked (the map takes it when the page
  changes it by other means, e.g. a multiselect).
- **Zoom.** ``zoom`` opens the map fitted to those states; the user zooms with the buttons,
  Ctrl + wheel or a pinch, and pans by dragging (two fingers on a touch screen).
- **Keyboard.** Tab enters the map, arrows move between states, letters jump by name,
  Enter or Space toggles; changes are announced in a live region.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import streamlit as st

from ui.map_assets import version
from ui.map_data import ROLES, Pick, Role, map_data

__all__ = ["ROLES", "Pick", "Role", "map_change", "us_map"]


LOADER_JS = """
export default function (component) {
  const url = new URL("app/static/map/geomap.js?v=%s", document.baseURI);
  return import(url.href).then((module) => module.mount(component));
}
"""

_component = st.components.v2.component(
    "geoplunge_map", js=LOADER_JS % version(), isolate_styles=False
)


def _browser_selection(key: str) -> dict | None:
    """What the map last reported from the browser: ``{"picks": [...], "at": ms}``, where
    ``at`` tells one report from the next even when the picks are the same."""
    state = st.session_state.get(key)
    value = state.get("selection") if hasattr(state, "get") else None
    if not isinstance(value, dict) or not isinstance(value.get("picks"), list):
        return None
    return value


def _sync(key: str) -> dict:
    return st.session_state.setdefault(f"{key}__sync", {"seen": None, "sent": None, "rev": 0})


def map_change(key: str) -> list[str] | None:
    """The selection the user made on map ``key`` since the page last asked, or ``None``.

    A page that lets the user pick on a map calls it before it draws anything that depends
    on the picks, the map included, and keeps the picks at once (a rerun may be cut short at
    any element the page draws after this call, so the picks must be stored before); also in
    a callback that acts on the picks (a click on the map may reach the server together with
    a button click)."""
    sync = _sync(key)
    reported = _browser_selection(key)
    if reported is None or reported == sync["seen"]:
        return None
    sync["seen"] = reported
    picks = [str(c) for c in reported["picks"]]
    sync["fresh"] = picks
    return picks


def us_map(
    key: str,
    roles: Mapping[str, str] | None = None,
    *,
    selected: Sequence[str] | None = None,
    **options: Any,
) -> None:
    """Draw the map of the 50 states (the user's picks are read with :func:`map_change`).

    ``roles`` paints states and ``options`` are the map's :class:`ui.map_data.MapOptions`.
    ``selected`` is what the page holds picked (``None``: whatever the map shows); when it
    differs from what the map shows, the map takes it. ``key`` names the map: keep it for the
    life of the page so that the map is drawn only once.
    """
    sync = _sync(key)
    shown = list(selected) if selected is not None else list(sync["sent"] or [])
    if shown != sync["sent"] and shown != sync.get("fresh"):
        sync["rev"] += 1  # the page changed the picks itself: the map takes them
    sync["sent"] = shown
    sync.pop("fresh", None)
    data = map_data(roles, **options)
    data.update(selected=shown, rev=sync["rev"], id=key)
    _component(key=key, data=data, default={"selection": None}, on_selection_change=_ignore)


def _ignore() -> None:
    """The map's value is read by :func:`map_change`; the callback only registers it."""
