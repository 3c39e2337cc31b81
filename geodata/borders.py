"""Derive the border relation from state geometry with geopandas (build and tests only).

Two states are neighbours when their outlines intersect. A pair is a ``land`` border when the
shared boundary has positive length, a ``point`` contact when they only touch at a point (the
Four Corners). Lengths are measured in the equal-area CONUS Albers projection (EPSG:5070).
``intersects`` is used rather than ``touches``: an invalid source polygon (Oregon) makes
``touches`` miss real borders, so geometries are repaired with ``make_valid`` first.
"""

from __future__ import annotations

import pandas as pd

EQUAL_AREA_CRS = "EPSG:5070"
COLUMNS = ["a", "b", "kind", "km"]


def polygonal(geometry):
    """The polygons of ``geometry`` as one MultiPolygon (``make_valid`` may add stray lines)."""
    from shapely import MultiPolygon, Polygon, get_parts

    parts = get_parts(get_parts(geometry))  # twice: a collection may hold a MultiPolygon
    return MultiPolygon([g for g in parts if isinstance(g, Polygon)])


def derive_border_pairs(geojson: dict) -> pd.DataFrame:
    """Every pair of features whose geometries meet, sorted by (a, b) with a < b."""
    import geopandas as gpd
    from shapely import make_valid

    gdf = gpd.GeoDataFrame.from_features(geojson["features"], crs="EPSG:4326")
    gdf.index = [feature["id"] for feature in geojson["features"]]
    gdf["geometry"] = gdf.geometry.apply(lambda g: polygonal(make_valid(g)))
    gdf = gdf.to_crs(EQUAL_AREA_CRS)
    gdf["usps"] = gdf.index

    joined = gdf.sjoin(gdf, how="inner", predicate="intersects", lsuffix="a", rsuffix="b")
    joined = joined[joined["usps_a"] < joined["usps_b"]]

    rows = []
    for a, b in sorted(zip(joined["usps_a"], joined["usps_b"], strict=True)):
        shared = gdf.geometry[a].boundary.intersection(gdf.geometry[b].boundary)
        km = round(shared.length / 1000, 1)
        rows.append((a, b, "land" if shared.length > 0 else "point", km))
    return pd.DataFrame(rows, columns=COLUMNS)
