"""The facts about the 50 states: committed data files and their cached loaders.

- ``states.csv``: one row per state (sources in ``SOURCES.md``); ranks are computed here.
- ``borders.csv``: every pair of states whose boundaries meet, derived by ``geodata.build``.
- ``states.geojson``: the simplified outlines drawn in the browser.

Nothing here imports geopandas, streamlit or plotly; loading costs a few milliseconds.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pandas as pd

DATA = Path(__file__).resolve().parent
STATES_CSV = DATA / "states.csv"
BORDERS_CSV = DATA / "borders.csv"
GEOJSON = DATA / "states.geojson"

REGIONS: tuple[str, ...] = ("Northeast", "Midwest", "South", "West")

# The two Four Corners diagonals count as borders, as every classroom list counts them.
FOUR_CORNERS: frozenset[frozenset[str]] = frozenset(
    {frozenset({"AZ", "CO"}), frozenset({"NM", "UT"})}
)


def _rank(values: pd.Series, ascending: bool) -> pd.Series:
    """1 for the best value … 50 for the worst; ties broken by state name."""
    return values.rank(method="first", ascending=ascending).astype(int)


@cache
def _states() -> pd.DataFrame:
    df = pd.read_csv(STATES_CSV, dtype={"fips": str}, parse_dates=["admitted"])
    df = df.sort_values("name").set_index("usps")
    df["size_rank"] = _rank(df["total_area_sq_mi"], ascending=False)
    # Same-day admissions (North and South Dakota) are ordered by name: North Dakota 39th.
    df["statehood_rank"] = _rank(df["admitted"], ascending=True)
    df["population_rank"] = _rank(df["population_2020"], ascending=False)
    return df


def states() -> pd.DataFrame:
    """The 50 states indexed by USPS code, with raw figures and the three computed ranks.

    Columns: name, fips, capital, admitted, total_area_sq_mi, land_area_sq_mi,
    population_2020, zone, time_zones, region, size_rank, statehood_rank, population_rank.
    """
    return _states().copy()


@cache
def _border_pairs() -> pd.DataFrame:
    return pd.read_csv(BORDERS_CSV)


def border_pairs() -> pd.DataFrame:
    """Every pair of states whose boundaries meet: columns a, b, kind (land/point), km."""
    return _border_pairs().copy()


@cache
def neighbors() -> dict[str, frozenset[str]]:
    """USPS code → the USPS codes of its border states (land borders plus the Four Corners)."""
    found: dict[str, set[str]] = {usps: set() for usps in _states().index}
    for a, b, kind in _border_pairs()[["a", "b", "kind"]].itertuples(index=False):
        if kind == "land" or frozenset({a, b}) in FOUR_CORNERS:
            found[a].add(b)
            found[b].add(a)
    return {usps: frozenset(codes) for usps, codes in found.items()}


@cache
def shapes() -> dict:
    """The GeoJSON FeatureCollection of the 50 states (feature id = USPS code)."""
    return json.loads(GEOJSON.read_text(encoding="utf-8"))
