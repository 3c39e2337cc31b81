"""Every state map in the app: one builder, one display function.

``state_map`` draws all 50 states from our own GeoJSON (so any state can be clicked), in the
Albers USA projection (Alaska and Hawaii as insets) with the base map hidden, each state coloured
by its *role* (``target``, ``correct``, ``missed``, ``wrong`` …) in a colour-blind-safe palette
(Okabe–Ito), the role also named in the hover text. ``show_map`` displays it and returns the
clicked state's USPS code.

plotly.js fetches a base-map TopoJSON from a CDN for every geo chart, even with the base map
hidden; with no internet the chart stays blank. ``CONFIG`` points that fetch at an empty
Topology inside a ``data:`` URL (the ``#`` turns the file name plotly.js appends into a
fragment), so a map never needs the network.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from urllib.parse import quote

import plotly.graph_objects as go
import streamlit as st

import geodata


@dataclass(frozen=True)
class Role:
    """How a state is painted on a map, and the word that says it in the hover text."""

    color: str
    label: str


# Okabe–Ito colours: distinguishable with every common form of colour blindness.
ROLES: dict[str, Role] = {
    "neutral": Role("#dcdcdc", ""),
    "muted": Role("#f2f2f2", ""),
    "target": Role("#E69F00", "asked about"),
    "selected": Role("#0072B2", "selected"),
    "neighbor": Role("#56B4E9", "border state"),
    "corner": Role("#CC79A7", "Four Corners neighbour"),
    "correct": Role("#009E73", "right"),
    "missed": Role("#F0E442", "missed"),
    "wrong": Role("#D55E00", "wrong"),
    "mine": Role("#0072B2", "in your hand"),
    "theirs": Role("#D55E00", "opponent's"),
    "Eastern": Role("#0072B2", "Eastern zone"),
    "Central": Role("#009E73", "Central zone"),
    "Mountain": Role("#E69F00", "Mountain zone"),
    "Pacific": Role("#CC79A7", "Pacific zone"),
    "Alaska": Role("#56B4E9", "Alaska zone"),
    "Hawaii": Role("#D55E00", "Hawaii zone"),
}

EMPTY_TOPOLOGY = '{"type":"Topology","objects":{},"arcs":[]}'
CONFIG: dict = {
    "topojsonURL": "data:application/json," + quote(EMPTY_TOPOLOGY) + "#",
    "displayModeBar": False,
    "scrollZoom": False,
    "doubleClick": False,
}


@cache
def _states() -> tuple[tuple[str, ...], tuple[str, ...]]:
    table = geodata.states().sort_index()
    return tuple(table.index), tuple(table["name"])


def state_map(
    roles: Mapping[str, str] | None = None,
    *,
    notes: Mapping[str, str] | None = None,
    height: int = 340,
) -> go.Figure:
    """A map of all 50 states, each painted by its role (default ``neutral``).

    ``notes`` adds a line of text per state to its hover label (for example its rank).
    Unknown roles raise ``KeyError`` so a typo cannot silently paint a state grey.
    """
    roles = roles or {}
    notes = notes or {}
    codes, names = _states()
    order = list(ROLES)
    colorscale = [[i / (len(order) - 1), ROLES[r].color] for i, r in enumerate(order)]
    z, hover = [], []
    for usps, name in zip(codes, names, strict=True):
        role = roles.get(usps, "neutral")
        z.append(order.index(role))
        label = ROLES[role].label
        text = f"<b>{name}</b>" + (f" — {label}" if label else "")
        if usps in notes:
            text += f"<br>{notes[usps]}"
        hover.append(text)
    trace = go.Choropleth(
        geojson=geodata.shapes(),
        featureidkey="id",
        locations=list(codes),
        z=z,
        zmin=0,
        zmax=len(order) - 1,
        colorscale=colorscale,
        showscale=False,
        hovertext=hover,
        hovertemplate="%{hovertext}<extra></extra>",
        marker_line_color="white",
        marker_line_width=0.7,
        selected={"marker": {"opacity": 1}},
        unselected={"marker": {"opacity": 1}},
    )
    fig = go.Figure(trace)
    fig.update_layout(
        geo={"projection_type": "albers usa", "visible": False, "bgcolor": "rgba(0,0,0,0)"},
        margin={"l": 0, "r": 0, "t": 0, "b": 0},
        height=height,
        dragmode=False,
        paper_bgcolor="rgba(0,0,0,0)",
        hoverlabel={"font_size": 14},
    )
    return fig


def legend_html(roles: Mapping[str, str]) -> str:
    """A one-line key to the roles a map uses (neutral and muted states need none)."""
    used = [r for r in ROLES if r in set(roles.values()) and ROLES[r].label]
    swatches = "".join(
        f"<span style='white-space:nowrap;margin-right:.9rem'>"
        f"<span style='display:inline-block;width:.9rem;height:.9rem;border-radius:.2rem;"
        f"vertical-align:-.1rem;background:{ROLES[r].color}'></span> {ROLES[r].label}</span>"
        for r in used
    )
    return f"<div style='font-size:.9rem;line-height:1.8'>{swatches}</div>"


def clicked_state(event: Mapping | None) -> str | None:
    """The USPS code of the state a ``show_map`` selection event points at, if any."""
    points = ((event or {}).get("selection") or {}).get("points") or []
    if not points:
        return None
    point = points[0]
    if point.get("location"):
        return str(point["location"])
    index = point.get("point_index", point.get("point_number"))
    codes, _ = _states()
    return codes[index] if isinstance(index, int) and 0 <= index < len(codes) else None


def show_map(fig: go.Figure, key: str) -> str | None:
    """Display a map made by ``state_map``; return the USPS code of the clicked state, if any.

    Clicking the selected state again clears the selection; change ``key`` to reset it.
    """
    event = st.plotly_chart(fig, key=key, on_select="rerun", selection_mode="points", config=CONFIG)
    return clicked_state(event)
