"""Build the browser GeoJSON and the border table from the vendored Census TopoJSON.

Run ``python -m geodata.build`` (needs the ``geo`` extra). The build is deterministic: the same
input gives byte-identical ``states.geojson`` and ``borders.csv``.

1. Decode ``states-10m.json`` (us-atlas 3.0.1, Census ``cb_2017_us_state_5m``), keeping the 50
   states (DC and the territories are dropped).
2. Simplify every *arc* once (Douglas–Peucker, endpoints kept), so two neighbours share the
   identical simplified line and stay adjacent.
3. Assemble polygons, round coordinates, repair with ``make_valid`` and orient exterior rings
   clockwise (the winding plotly.js expects; counter-clockwise rings fill the globe).
4. Derive the border pairs from the written GeoJSON (see ``geodata.borders``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
from shapely import LineString, MultiPolygon, Polygon, make_valid, set_precision
from shapely.geometry import mapping
from shapely.geometry.polygon import orient

from geodata import BORDERS_CSV, DATA, GEOJSON, STATES_CSV
from geodata.borders import derive_border_pairs, polygonal

SOURCE = DATA / "states-10m.json"
TOLERANCE_DEG = 0.012
DECIMALS = 3


def decode_arcs(topology: dict) -> list[list[tuple[float, float]]]:
    """The topology's arcs as absolute (lon, lat) coordinates (undoing the delta encoding)."""
    (sx, sy), (tx, ty) = topology["transform"]["scale"], topology["transform"]["translate"]
    arcs = []
    for arc in topology["arcs"]:
        x = y = 0
        coords = []
        for dx, dy in arc:
            x, y = x + dx, y + dy
            coords.append((x * sx + tx, y * sy + ty))
        arcs.append(coords)
    return arcs


def simplify_arc(coords: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Douglas–Peucker on one arc; endpoints are kept, closed rings keep at least 4 points."""
    simplified = list(LineString(coords).simplify(TOLERANCE_DEG, preserve_topology=False).coords)
    closed = coords[0] == coords[-1]
    if closed and len(simplified) < 4:
        return coords
    return simplified


def ring(arc_ids: list[int], arcs: list[list[tuple[float, float]]]) -> list[tuple[float, float]]:
    """Stitch a TopoJSON ring from arc indices (``~i`` means arc ``i`` reversed)."""
    points: list[tuple[float, float]] = []
    for index in arc_ids:
        coords = arcs[index] if index >= 0 else arcs[~index][::-1]
        points.extend(coords if not points else coords[1:])
    return [(round(x, DECIMALS), round(y, DECIMALS)) for x, y in points]


def state_geometry(geometry: dict, arcs: list) -> MultiPolygon:
    """A valid, clockwise-wound MultiPolygon for one TopoJSON geometry object."""
    polygons_arcs = geometry["arcs"] if geometry["type"] == "MultiPolygon" else [geometry["arcs"]]
    polygons = []
    for rings in polygons_arcs:
        exterior, *holes = (ring(r, arcs) for r in rings)
        if len(set(exterior)) < 3:
            continue
        polygons.append(Polygon(exterior, [h for h in holes if len(set(h)) >= 3]))
    valid = polygonal(set_precision(make_valid(MultiPolygon(polygons)), 10**-DECIMALS))
    return MultiPolygon([orient(p, sign=-1.0) for p in valid.geoms])


def build_geojson(topology: dict, states: pd.DataFrame) -> dict:
    """The FeatureCollection of the 50 states, ordered by USPS code."""
    arcs = [simplify_arc(a) for a in decode_arcs(topology)]
    by_fips = {g["id"]: g for g in topology["objects"]["states"]["geometries"]}
    features = []
    for usps, row in states.sort_index().iterrows():
        geometry = mapping(state_geometry(by_fips[row["fips"]], arcs))
        features.append(
            {
                "type": "Feature",
                "id": usps,
                "properties": {"name": row["name"], "fips": row["fips"]},
                "geometry": geometry,
            }
        )
    return {"type": "FeatureCollection", "features": features}


def dump_geojson(geojson: dict) -> str:
    """Compact, stable JSON text (rounded coordinates, no spaces)."""

    def tidy(value):
        if isinstance(value, float):
            return round(value, DECIMALS)
        if isinstance(value, list | tuple):
            return [tidy(v) for v in value]
        if isinstance(value, dict):
            return {k: tidy(v) for k, v in value.items()}
        return value

    return json.dumps(tidy(geojson), separators=(",", ":"), ensure_ascii=False) + "\n"


def main() -> None:
    topology = json.loads(SOURCE.read_text(encoding="utf-8"))
    states = pd.read_csv(STATES_CSV, dtype={"fips": str}).set_index("usps")
    text = dump_geojson(build_geojson(topology, states))
    Path(GEOJSON).write_text(text, encoding="utf-8")
    pairs = derive_border_pairs(json.loads(text))
    pairs.to_csv(BORDERS_CSV, index=False, lineterminator="\n")
    print(f"wrote {GEOJSON.name} ({len(text.encode()) / 1024:.0f} KB, {len(states)} states)")
    print(f"wrote {BORDERS_CSV.name} ({len(pairs)} pairs, {sum(pairs.kind == 'point')} point)")


if __name__ == "__main__":
    main()
