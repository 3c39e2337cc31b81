"""The geometry, the border relation derived from it, and the public loaders.

The border facts are the classroom counts, typed here from outside the code.
"""

import json
import subprocess
import sys

import pytest

import geodata

# fmt: off
EXPECTED_DEGREES = {
    "TN": 8, "MO": 8, "KY": 7, "CO": 7, "UT": 6, "ME": 1, "MI": 3, "RI": 2, "AK": 0, "HI": 0,
    "NH": 3, "DE": 3, "NJ": 3, "AZ": 5, "NM": 5, "WA": 2, "FL": 2, "CA": 3, "TX": 4, "NY": 5,
    "PA": 6, "ID": 6, "SD": 6, "WY": 6, "NE": 6, "OK": 6, "GA": 5, "VA": 5, "MN": 4, "IA": 6,
}
# fmt: on


def test_exactly_the_50_states_are_drawn():
    features = geodata.shapes()["features"]
    assert len(features) == 50
    assert {f["id"] for f in features} == set(geodata.states().index)
    assert "DC" not in {f["id"] for f in features}
    assert all({"name", "fips"} <= f["properties"].keys() for f in features)


def test_exterior_rings_are_clockwise():
    from shapely.geometry import LinearRing

    for feature in geodata.shapes()["features"]:
        for polygon in feature["geometry"]["coordinates"]:
            assert not LinearRing(polygon[0]).is_ccw, feature["id"]


def test_border_table_is_what_the_committed_geometry_gives():
    from geodata.borders import derive_border_pairs

    derived = derive_border_pairs(geodata.shapes())
    committed = geodata.border_pairs()
    assert derived.to_dict("records") == committed.to_dict("records")


def test_build_reproduces_the_committed_files_byte_for_byte():
    import pandas as pd

    from geodata import build

    topology = json.loads(build.SOURCE.read_text(encoding="utf-8"))
    states = pd.read_csv(build.STATES_CSV, dtype={"fips": str}).set_index("usps")
    text = build.dump_geojson(build.build_geojson(topology, states))
    assert text == geodata.GEOJSON.read_text(encoding="utf-8")


def test_geojson_stays_small():
    assert 150_000 <= geodata.GEOJSON.stat().st_size <= 220_000


def test_107_border_pairs_of_which_two_are_four_corners_points():
    pairs = geodata.border_pairs()
    assert len(pairs) == 107
    points = pairs[pairs.kind == "point"]
    assert {frozenset(p) for p in zip(points.a, points.b, strict=True)} == {
        frozenset({"AZ", "CO"}),
        frozenset({"NM", "UT"}),
    }
    assert (pairs[pairs.kind == "land"].km > 0).all()


@pytest.mark.parametrize(("usps", "count"), sorted(EXPECTED_DEGREES.items()))
def test_number_of_border_states(usps, count):
    assert len(geodata.neighbors()[usps]) == count


def test_exact_neighbour_lists():
    n = geodata.neighbors()
    assert n["ME"] == {"NH"}
    assert n["MI"] == {"IN", "OH", "WI"}
    assert n["RI"] == {"CT", "MA"}
    assert n["CO"] == {"AZ", "KS", "NE", "NM", "OK", "UT", "WY"}
    assert n["TN"] == {"AL", "AR", "GA", "KY", "MO", "MS", "NC", "VA"}
    assert "NJ" in n["DE"]


def test_water_only_neighbours_are_not_borders():
    n = geodata.neighbors()
    assert "MN" not in n["MI"]
    assert "IL" not in n["MI"]
    assert "NY" not in n["RI"]


def test_relation_is_symmetric_and_irreflexive():
    n = geodata.neighbors()
    for a, others in n.items():
        assert a not in others
        for b in others:
            assert a in n[b]
    assert sum(len(v) for v in n.values()) == 2 * 107


def test_loaders_do_not_import_geopandas_and_are_fast():
    code = (
        "import sys, time; import pandas; t = time.perf_counter(); import geodata; "
        "from engine.cards import deck; geodata.states(); geodata.neighbors(); "
        "geodata.shapes(); deck(); print(time.perf_counter() - t); "
        "assert 'geopandas' not in sys.modules and 'shapely' not in sys.modules"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_states_api_columns():
    table = geodata.states()
    for column in ("name", "capital", "statehood_rank", "size_rank", "population_rank", "zone"):
        assert column in table.columns
    table.loc["CO", "name"] = "changed"
    assert geodata.states().loc["CO", "name"] == "Colorado"
