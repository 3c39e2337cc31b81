"""Outline maps of the 50 states as SVG, for paper: the same outlines as the app's map
(``geodata.shapes()``, the GeoJSON behind ``static/map/states.json``) in the same Albers USA
projection with Alaska and Hawaii as insets (:mod:`worksheets.albers`), drawn as vector paths.

A map shows each state in one of three ways, never by colour alone (:class:`Marks`):

* **hatched**: the state a question asks about (diagonal lines and a thick outline, so it
  shows on a black-and-white copy and still leaves room to colour);
* **filled**: the answer, on the answer key (a solid mid-tone fill that prints grey);
* **muted**: outside the question's selection (light grey: "not part of this question").

Every other state is white with a dark outline, to colour or number by hand. The small states
of the Northeast (:data:`CALLOUTS`, the app map's list, in its order) are too small on paper
to colour, read a hatch in, or name: each is repeated as a box in a column in the Atlantic,
joined to its state by a thin line and marked as its state is (hatched, filled, grey), with
its postal code beside it, unless the map asks the student to name states (``Marks.codes``
false: "Which state is hatched?", "Name all the states"). The paths are
worked out once per process; a map is a few string joins. :func:`alt_text` says in words what
a map shows, for the PDF's alternative text.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

import geodata
from messages import _, ngettext, number
from ui.state_names import state_names
from worksheets.albers import part

UNITS = 2.0  #: SVG units per unit of the projection (d3's scale 1070: about 1,900 units wide)
MARGIN = 6  #: SVG units around the outlines
OUTLINE = "#1f2933"
HATCH = "#1f2933"
FILL = "#56B4E9"  #: the answer on the key: the app's sky blue (Okabe–Ito), grey on paper
MUTED = "#e4e4e4"
#: the small states drawn again as boxes, top to bottom: the app map's (static/map/core.js)
CALLOUTS: tuple[str, ...] = ("VT", "NH", "MA", "RI", "CT", "NJ", "DE", "MD")
BOX = 80  #: SVG units: a small state's box (about 6 mm on a worksheet's map)
STEP = 94  #: SVG units from one box to the next
COLUMN = 190  #: SVG units added at the right of the map for the boxes and their codes


@dataclass(frozen=True, slots=True)
class Marks:
    """What a map marks: the states ``hatched`` (asked about), ``filled`` (the answer) and
    ``muted`` (outside the selection). A state both filled and hatched shows both."""

    hatched: frozenset[str] = frozenset()
    filled: frozenset[str] = frozenset()
    muted: frozenset[str] = frozenset()
    codes: bool = True  #: the small states' boxes carry their postal codes

    @classmethod
    def of(
        cls,
        hatched: Iterable[str] = (),
        filled: Iterable[str] = (),
        muted: Iterable[str] = (),
        codes: bool = True,
    ) -> Marks:
        return cls(frozenset(hatched), frozenset(filled), frozenset(muted), codes)


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


def _centre(ring: Sequence[Sequence[float]], usps: str) -> tuple[float, float, float]:
    """Area and centroid (x, y) of a ring, projected (in SVG units)."""
    project = part(usps)
    points = [project(lon, lat) for lon, lat in ring]
    area = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        cross = x0 * y1 - x1 * y0
        area, cx, cy = area + cross, cx + (x0 + x1) * cross, cy + (y0 + y1) * cross
    return abs(area), cx / (3 * area) * UNITS, cy / (3 * area) * UNITS


@cache
def boxes() -> dict[str, tuple[tuple[int, int], tuple[int, int]]]:
    """Each of :data:`CALLOUTS` → (the centre of its largest polygon, the top left corner of
    its box), in SVG units: the boxes in a column right of the outlines, level with
    Massachusetts and within the map's height."""
    by_id = {f["id"]: f["geometry"] for f in geodata.shapes()["features"]}
    x, y, w, h = _outlines_box()
    centres = {}
    for usps in CALLOUTS:
        _area, cx, cy = max(_centre(polygon[0], usps) for polygon in _polygons(by_id[usps]))
        centres[usps] = (round(cx), round(cy))
    column = len(CALLOUTS) * STEP
    top = max(y + MARGIN, min(y + h - MARGIN - column, centres["MA"][1] - 2.5 * STEP))
    left = x + w + COLUMN // 4
    return {usps: (centres[usps], (left, round(top + i * STEP))) for i, usps in enumerate(CALLOUTS)}


@cache
def view_box() -> tuple[int, int, int, int]:
    """The SVG viewBox around all 50 outlines, with :data:`MARGIN`, and the column of the small
    states' boxes at its right: (x, y, width, height)."""
    x, y, w, h = _outlines_box()
    return x, y, w + COLUMN, h


@cache
def _outlines_box() -> tuple[int, int, int, int]:
    """The box around all 50 outlines, with :data:`MARGIN`: (x, y, width, height)."""
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
    small = boxes()

    def shape(c: str) -> str:
        """The state's outline, and its box if it has one (drawn alike: one group's style)."""
        box = ""
        if c in small:
            bx, by = small[c][1]
            box = f'<rect x="{bx}" y="{by}" width="{BOX}" height="{BOX}"/>'
        return f'<path id="{c}" d="{shapes[c]}"/>{box}'

    def group(codes: Iterable[str], style: str) -> str:
        body = "".join(shape(c) for c in sorted(codes))
        return f"<g {style}>{body}</g>" if body else ""

    leaders = "".join(
        f'<path d="M{cx} {cy}L{bx} {by + BOX // 2}"/>' for (cx, cy), (bx, by) in small.values()
    )
    codes = "".join(
        f'<text x="{bx + BOX + 12}" y="{by + BOX // 2}">{c}</text>'
        for c, (_centre_xy, (bx, by)) in small.items()
    )
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
        f'<g stroke="{OUTLINE}" fill="none" stroke-width="1.6">{leaders}</g>'
        f'<g stroke="{OUTLINE}" stroke-width="1.6" stroke-linejoin="round" fill-rule="evenodd">'
        + group(plain, 'fill="#ffffff"')
        + group(marks.muted - marks.filled, f'fill="{MUTED}"')
        + group(marks.filled, f'fill="{FILL}"')
        + group(hatched, 'fill="url(#hatch)" stroke-width="5"')
        + "</g>"
        + (
            f'<g fill="{OUTLINE}" font-family="DejaVu Sans Mono" font-size="46" '
            f'font-weight="bold" dominant-baseline="central">{codes}</g>'
            if marks.codes
            else ""
        )
        + "</svg>"
    )


def alt_text(marks: Marks, *, selection: str = "", name_hatched: bool = True) -> str:
    """What the map shows, in words in the current language: "Outline map of the 50 states, …;
    Colorado is hatched.", "…; coloured: Arizona, Kansas, and Utah (3 states)." ``selection``
    names what the muted states are outside of ("the West"); without ``name_hatched`` the
    hatched state stays unnamed ("one state is hatched": on a worksheet asking which state it
    is)."""
    if marks.codes:
        parts = [
            _(
                "Outline map of the 50 states, Alaska and Hawaii in insets, the small "
                "north-eastern states also as labelled boxes at the right"
            )
        ]
    else:
        parts = [
            _(
                "Outline map of the 50 states, Alaska and Hawaii in insets, the small "
                "north-eastern states also as boxes at the right"
            )
        ]
    if marks.hatched and not name_hatched:
        parts.append(_("one state is hatched"))
    elif marks.hatched:
        n = len(marks.hatched)
        parts.append(
            ngettext("{states} is hatched", "{states} are hatched", n).format(
                states=state_names(marks.hatched)
            )
        )
    if marks.filled:
        n = len(marks.filled)
        parts.append(
            ngettext("coloured: {states}", "coloured: {states} ({n} states)", n).format(
                states=state_names(marks.filled), n=number(n)
            )
        )
    if marks.muted:
        n = len(marks.muted)
        if selection:
            grey = ngettext(
                "{n} state outside {selection} is grey",
                "{n} states outside {selection} are grey",
                n,
            ).format(n=number(n), selection=selection)
        else:
            grey = ngettext(
                "{n} state not part of the question is grey",
                "{n} states not part of the question are grey",
                n,
            ).format(n=number(n))
        parts.append(grey)
    return "; ".join(parts) + "."
