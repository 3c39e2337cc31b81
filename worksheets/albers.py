"""The Albers USA projection, as the app's map draws it: plotly's ``albers usa`` is d3's
``geoAlbersUsa``, three conic equal-area projections in one picture (the lower 48 states,
Alaska shrunk to 0.35 of the scale and put below California, Hawaii beside it).

The constants are d3's (``d3-geo/src/projection/albersUsa.js`` and ``albers.js``): the lower
48 on standard parallels 29.5° and 45.5° N turned by 96° W, Alaska on 55° and 65° N turned by
154° W, Hawaii on 8° and 18° N turned by 157° W, each shifted to its place in the picture by a
fixed share of the scale. A point is projected by its state's part, not by where it lies, so
the Aleutians west of 180° stay with Alaska. Pure Python: no geopandas, no numpy.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import cos, pi, radians, sin, sqrt

SCALE = 1070.0  #: d3's default scale: the lower 48 about 960 × 500 units
X0, Y0 = 480.0, 250.0  #: d3's default translation: the middle of the lower 48


@dataclass(frozen=True, slots=True)
class Conic:
    """A conic equal-area projection (d3's ``geoConicEqualArea``): ``parallels`` the two
    standard parallels, ``turn`` the degrees added to every longitude, ``center`` the point
    (in the turned frame) put at ``(x, y)``, ``scale`` its size in units per radian."""

    parallels: tuple[float, float]
    turn: float
    center: tuple[float, float]
    scale: float
    x: float
    y: float
    _n: float = field(init=False, repr=False)
    _c: float = field(init=False, repr=False)
    _origin: tuple[float, float] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        s0 = sin(radians(self.parallels[0]))
        n = (s0 + sin(radians(self.parallels[1]))) / 2
        object.__setattr__(self, "_n", n)
        object.__setattr__(self, "_c", 1 + s0 * (2 * n - s0))
        object.__setattr__(self, "_origin", self._raw(*map(radians, self.center)))

    def _raw(self, lon: float, lat: float) -> tuple[float, float]:
        """The unscaled projection of a point of the turned frame (radians)."""
        n = self._n
        r0 = sqrt(self._c) / n
        r = sqrt(self._c - 2 * n * sin(lat)) / n
        return r * sin(lon * n), r0 - r * cos(lon * n)

    def __call__(self, lon: float, lat: float) -> tuple[float, float]:
        """The point (degrees) in picture units, y growing downwards as in SVG."""
        turned = radians(lon + self.turn)
        if turned > pi:
            turned -= 2 * pi
        elif turned < -pi:
            turned += 2 * pi
        px, py = self._raw(turned, radians(lat))
        ox, oy = self._origin
        return self.x + self.scale * (px - ox), self.y - self.scale * (py - oy)


LOWER_48 = Conic((29.5, 45.5), 96.0, (-0.6, 38.7), SCALE, X0, Y0)
ALASKA = Conic((55.0, 65.0), 154.0, (-2.0, 58.5), SCALE * 0.35, X0 - 0.307 * SCALE,
               Y0 + 0.201 * SCALE)  # fmt: skip
HAWAII = Conic((8.0, 18.0), 157.0, (-3.0, 19.9), SCALE, X0 - 0.205 * SCALE, Y0 + 0.212 * SCALE)

PARTS: dict[str, Conic] = {"AK": ALASKA, "HI": HAWAII}


def part(usps: str) -> Conic:
    """The projection a state's outline is drawn with: Alaska's and Hawaii's insets, or the
    lower 48's."""
    return PARTS.get(usps, LOWER_48)
