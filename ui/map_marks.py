"""Marks drawn on top of a ``ui.maps.state_map``: lines between states and labelled points.

The game tables use them where a colour alone cannot say it: BorderCap Gin draws a line for
every border shared by two cards of a hand and writes each capital's first letter on its state;
GeoPower Toss puts a labelled point on each card of a trick. Points sit at the centre of each
state's largest polygon (computed once from our GeoJSON), so Alaska and Hawaii land in their
insets like the states themselves. The marks take no clicks and show no hover text.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache

import plotly.graph_objects as go

import geodata

LINK_COLOR = "#333333"


def _ring_centre(ring: Sequence[Sequence[float]]) -> tuple[float, float, float]:
    """Area and centroid (lon, lat) of a closed ring (planar, in degrees: good enough here)."""
    area = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(ring, ring[1:], strict=False):
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if not area:
        xs, ys = [p[0] for p in ring], [p[1] for p in ring]
        return 0.0, sum(xs) / len(xs), sum(ys) / len(ys)
    return abs(area) / 2, cx / (3 * area), cy / (3 * area)


@cache
def centres() -> dict[str, tuple[float, float]]:
    """USPS code → (lon, lat) of the centre of the state's largest polygon."""
    out: dict[str, tuple[float, float]] = {}
    for feature in geodata.shapes()["features"]:
        geometry = feature["geometry"]
        polygons = (
            geometry["coordinates"]
            if geometry["type"] == "MultiPolygon"
            else [geometry["coordinates"]]
        )
        area, lon, lat = max(_ring_centre(polygon[0]) for polygon in polygons)
        out[feature["id"]] = (lon, lat)
    # Florida's and Louisiana's centroids fall near their coasts; nudge a few inland so
    # labels sit on the state.
    out.update({"FL": (-81.6, 28.4), "LA": (-92.3, 31.0), "MI": (-84.7, 43.4)})
    return out


def add_links(
    fig: go.Figure,
    pairs: Iterable[tuple[str, str]],
    *,
    color: str = LINK_COLOR,
    width: float = 2.5,
    dash: str = "solid",
) -> go.Figure:
    """Draw a straight line between the centres of each pair of states."""
    lons: list[float | None] = []
    lats: list[float | None] = []
    at = centres()
    for a, b in pairs:
        (x0, y0), (x1, y1) = at[a], at[b]
        lons += [x0, x1, None]
        lats += [y0, y1, None]
    if lons:
        fig.add_trace(
            go.Scattergeo(
                lon=lons,
                lat=lats,
                mode="lines",
                line={"color": color, "width": width, "dash": dash},
                hoverinfo="skip",
                showlegend=False,
            )
        )
    return fig


def add_labels(
    fig: go.Figure,
    labels: Mapping[str, str],
    *,
    badge: bool = False,
    symbols: Mapping[str, str] | None = None,
    size: int = 11,
    font_size: int = 13,
) -> go.Figure:
    """Write ``labels[usps]`` on each state: above a white dot, or with ``badge`` inside a
    white circle (for one or two letters). ``symbols`` may give a state another marker symbol
    (e.g. ``"star"`` for a trick's winner)."""
    if not labels:
        return fig
    at = centres()
    codes = list(labels)
    symbols = symbols or {}
    size = max(size, 18) if badge else size
    fig.add_trace(
        go.Scattergeo(
            lon=[at[c][0] for c in codes],
            lat=[at[c][1] for c in codes],
            text=[labels[c] for c in codes],
            mode="markers+text",
            textposition="middle center" if badge else "top center",
            textfont={
                "size": font_size,
                "color": "#111",
                "weight": "bold",
                "shadow": "0 0 2px #fff, 0 0 4px #fff",
            },
            marker={
                "size": [size + (6 if symbols.get(c) else 0) for c in codes],
                "color": "white",
                "opacity": 1,
                "symbol": [symbols.get(c, "circle") for c in codes],
                "line": {"color": "#111", "width": 1.2},
            },
            hoverinfo="skip",
            showlegend=False,
        )
    )
    return fig
