"""Outline maps of the 50 states as SVG, for paper: the same outlines as the app's map
(``geodata.shapes()``, the GeoJSON behind ``static/map/states.json``) in the same Albers USA
projection with Alaska and Hawaii as insets (:mod:`worksheets.albers`), drawn as vector paths.

A map shows each state in one of three ways, never by colour alone (:class:`Marks`):

* **hatched**: the state a question asks about (diagonal lines and a thick outline, so it
  shows on a black-and-white copy and still leaves room to colour);
* **filled**: the answer, on the answer key (a solid mid-tone fill that prints grey);
* **muted**: outside the question's selection (light grey: "not part of this question").

Every other state is white with a dark outline, to colour or number by hand. The paths are
worked out once per process; a map is a few string joins. :func:`alt_text` says in words what
a map shows, for the PDF's alternative text.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

import geodata
from engine.quiz.facts import and_list, by_name, name, plural
from worksheets.albers import part

UNITS = 2.0  #: SVG units per unit of the projection (d3's scale 1070: about 1,900 units wide)
MARGIN = 6  #: SVG units around the outlines
OUTLINE = "#1f2933"
HATCH = "#1f2933"
FILL = "#56B4E9"  #: the answer on the key: the app's sky blue (Okabe–Ito), grey on paper
MUTED = "#e4e4e4"


@dataclass(frozen=True, slots=True)
class Marks:
    """What a map marks: the states ``hatched`` (asked about), ``filled`` (the answer) and
    ``muted`` (outside the selection). A state both filled and hatched shows both."""

    hatched: frozenset[str] = frozenset()
    filled: frozenset[str] = frozenset()
    muted: frozenset[str] = frozenset()

    @classmethod
    def of(
        cls, hatched: Iterable[str] = (), filled: Iterable[str] = (), muted: Iterable[str] = ()
    ) -> Marks:
        return cls(frozenset(hatched), frozenset(filled), frozenset(muted))


def _ring_path(ring: Sequence[Sequence[float]], usps: str) -> str:
    """One ring as SVG path data: the first point absolute, then relative steps in whole units
    (a step that rounds to nothing is dropped), closed; an islet that rounds to fewer than
    three points is left out (``""``)."""
    project = part(usps)
    points: list[tuple[int, int]] = []
    for lon, lat in ring:
        x, y = project(lon, lat)
        point = (round(x * UNITS), round(y * UNITS))
        if not points or point != points[-1]:
            points.append(point)
    if len(set(points)) < 3:
        return ""
    (x0, y0), steps = points[0], []
    for (ax, ay), (bx, by) in zip(points, points[1:], strict=False):
        steps.append(f"{bx - ax} {by - ay}")
    return f"M{x0} {y0}l" + " ".join(steps) + "z"


def _polygons(geometry: dict) -> list:
    if geometry["type"] == "Polygon":
        return [geometry["coordinates"]]
    return geometry["coordinates"]


@cache
def paths() -> dict[str, str]:
    """USPS code → the SVG path data of the state's outline (every ring of every polygon)."""
    out = {}
    for feature in geodata.shapes()["features"]:
        usps = feature["id"]
        out[usps] = "".join(
            _ring_path(ring, usps) for polygon in _polygons(feature["geometry"]) for ring in polygon
        )
    return out


@cache
def view_box() -> tuple[int, int, int, int]:
    """The SVG viewBox around all 50 outlines, with :data:`MARGIN`: (x, y, width, height)."""
    xs: list[float] = []
    ys: list[float] = []
    for feature in geodata.shapes()["features"]:
        project = part(feature["id"])
        for polygon in _polygons(feature["geometry"]):
            for lon, lat in polygon[0]:
                x, y = project(lon, lat)
                xs.append(x * UNITS)
                ys.append(y * UNITS)
    left, top = int(min(xs)) - MARGIN, int(min(ys)) - MARGIN
    return left, top, int(max(xs)) + MARGIN - left + 1, int(max(ys)) + MARGIN - top + 1


def outline_svg(marks: Marks = Marks()) -> str:
    """The outline map of the 50 states with ``marks``, as an SVG document (vector paths;
    states in alphabetical order of their codes, so equal marks give equal bytes)."""
    shapes = paths()
    x, y, w, h = view_box()

    def group(codes: Iterable[str], style: str) -> str:
        body = "".join(f'<path id="{c}" d="{shapes[c]}"/>' for c in sorted(codes))
        return f"<g {style}>{body}</g>" if body else ""

    hatched = marks.hatched
    plain = set(shapes) - marks.filled - marks.muted
    hatch_lines = (
        f'<pattern id="hatch" patternUnits="userSpaceOnUse" width="10" height="10" '
        f'patternTransform="rotate(45)"><path d="M0 0v10" stroke="{HATCH}" stroke-width="4"/>'
        "</pattern>"
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x} {y} {w} {h}" '
        f'width="{w}" height="{h}"><defs>{hatch_lines}</defs>'
        f'<g stroke="{OUTLINE}" stroke-width="1.6" stroke-linejoin="round" fill-rule="evenodd">'
        + group(plain, 'fill="#ffffff"')
        + group(marks.muted - marks.filled, f'fill="{MUTED}"')
        + group(marks.filled, f'fill="{FILL}"')
        + group(hatched, 'fill="url(#hatch)" stroke-width="5"')
        + "</g></svg>"
    )


def alt_text(marks: Marks, *, selection: str = "", name_hatched: bool = True) -> str:
    """What the map shows, in words: "Outline map of the 50 states, …; Colorado is hatched.",
    "…; coloured: Arizona, Kansas and Utah (3 states)." ``selection`` names what the muted
    states are outside of ("the West"); without ``name_hatched`` the hatched state stays
    unnamed ("one state is hatched": on a worksheet asking which state it is)."""
    parts = ["Outline map of the 50 states, Alaska and Hawaii in insets"]
    if marks.hatched and not name_hatched:
        parts.append("one state is hatched")
    elif marks.hatched:
        names = [name(c) for c in by_name(marks.hatched)]
        verb = "is" if len(names) == 1 else "are"
        parts.append(f"{and_list(names)} {verb} hatched")
    if marks.filled:
        names = [name(c) for c in by_name(marks.filled)]
        count = f" ({plural(len(names), 'state')})" if len(names) > 1 else ""
        parts.append(f"coloured: {and_list(names)}{count}")
    if marks.muted:
        where = f"outside {selection}" if selection else "not part of the question"
        verb = "is" if len(marks.muted) == 1 else "are"
        parts.append(f"{plural(len(marks.muted), 'state')} {where} {verb} grey")
    return "; ".join(parts) + "."
