"""The map's static files: what a browser downloads once per visit, served from ``static/map/``.

Streamlit serves the app's ``static/`` folder at ``app/static/`` (``server.enableStaticServing``
in ``.streamlit/config.toml``), and the browser caches it, so the outlines and plotly.js travel
once instead of with every rerun:

- ``plotly-geo-4.1.1.min.js``: the geo partial bundle of plotly.js, vendored unchanged from the
  npm package ``plotly.js-geo-dist-min`` 4.1.1 with its licence (``plotly.js-LICENSE.txt``);
  the same plotly.js version as the plotly Python package pinned in ``requirements.txt``.
- ``states.json``: our GeoJSON of the 50 states (``geodata.shapes()``, feature id = USPS code,
  ``name`` kept), plus ``anchors``, a point inside each state where its labels go.
- ``core.js``: the map core, one ES module for both hosts (the Streamlit component and the
  notebook widget, ``widgets/map.py``, which reads it and these files from here; an installed
  wheel carries them as ``ui/static/map/``, see :func:`_static`);
  ``geomap.js``: the Streamlit component's adapter around it; ``geomap.css``: the map's styles.

``states.json`` is derived: ``python -m ui.map_assets`` writes it from ``geodata``, and a test
checks that the committed file is exactly what this module builds.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path

import geodata


def _static() -> Path:
    """The folder of the map's files: ``static/map/`` beside the app in a checkout (where
    Streamlit serves it), or, in an installed wheel, the same files packaged in ``ui`` as
    ``ui/static/map/`` (pyproject.toml's package-dir), which the notebook widgets read."""
    ui = Path(__file__).resolve().parent
    installed = ui / "static" / "map"
    return installed if installed.is_dir() else ui.parent / "static" / "map"


STATIC = _static()
STATES_JSON = STATIC / "states.json"
PLOTLY_JS = "plotly-geo-4.1.1.min.js"
FILES: tuple[str, ...] = ("core.js", "geomap.js", "geomap.css", "states.json", PLOTLY_JS)

# The centre of the largest polygon falls near the coast for a few states: labels go inland.
INLAND: dict[str, tuple[float, float]] = {
    "FL": (-81.6, 28.4),
    "LA": (-92.3, 31.0),
    "MI": (-84.7, 43.4),
}


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


def anchors() -> dict[str, tuple[float, float]]:
    """USPS code → (lon, lat) of the centre of the state's largest polygon (or inland)."""
    out: dict[str, tuple[float, float]] = {}
    for feature in geodata.shapes()["features"]:
        geometry = feature["geometry"]
        polygons = (
            geometry["coordinates"]
            if geometry["type"] == "MultiPolygon"
            else [geometry["coordinates"]]
        )
        _, lon, lat = max(_ring_centre(polygon[0]) for polygon in polygons)
        out[feature["id"]] = (round(lon, 3), round(lat, 3))
    out.update(INLAND)
    return out


def states_json() -> str:
    """The text of ``static/map/states.json``."""
    shapes = geodata.shapes()
    features = [
        {
            "type": "Feature",
            "id": f["id"],
            "properties": {"name": f["properties"]["name"]},
            "geometry": f["geometry"],
        }
        for f in shapes["features"]
    ]
    collection = {"type": "FeatureCollection", "features": features, "anchors": anchors()}
    return json.dumps(collection, separators=(",", ":")) + "\n"


@cache
def version() -> str:
    """A short hash of the static files: it changes whenever one of them does, so a browser
    never keeps an old copy (every URL carries ``?v=``)."""
    digest = hashlib.sha256()
    for name in FILES:
        digest.update((STATIC / name).read_bytes())
    return digest.hexdigest()[:12]


def write() -> None:
    """Rebuild ``states.json`` from ``geodata``."""
    STATES_JSON.write_text(states_json(), encoding="utf-8")


if __name__ == "__main__":
    write()
    print(f"wrote {STATES_JSON}")
