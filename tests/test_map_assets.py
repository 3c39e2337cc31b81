"""The map's static files: derived from geodata, pinned, served, and labels inside their states."""

from __future__ import annotations

import hashlib
import tomllib

import pytest
from plotly.offline import get_plotlyjs_version

import geodata
from ui import map_assets

ROOT = map_assets.STATIC.parent.parent
PLOTLY_SHA256 = "3da0a26e92ce47dad2b18c6e7cf5018335a003f50f5fe41710f52508af579b7c"


def test_states_json_is_what_the_build_writes() -> None:
    assert map_assets.STATES_JSON.read_text(encoding="utf-8") == map_assets.states_json()


def test_plotly_js_is_the_vendored_4_1_1_geo_bundle() -> None:
    data = (map_assets.STATIC / map_assets.PLOTLY_JS).read_bytes()
    assert hashlib.sha256(data).hexdigest() == PLOTLY_SHA256
    assert data.startswith(b"/**\n* plotly.js (geo - minified) v4.1.1\n")
    assert (map_assets.STATIC / "plotly.js-LICENSE.txt").read_text().startswith("MIT License")


def test_the_browser_runs_the_plotly_js_of_the_pinned_plotly_package() -> None:
    assert get_plotlyjs_version() == "4.1.1"
    requirements = (ROOT / "requirements.txt").read_text()
    assert "plotly==7.1.0" in requirements


def test_the_app_serves_its_static_folder() -> None:
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    assert config["server"]["enableStaticServing"] is True


def test_the_version_hash_covers_every_file_the_browser_loads() -> None:
    assert set(map_assets.FILES) == {p.name for p in map_assets.STATIC.iterdir()} - {
        "plotly.js-LICENSE.txt",
        "SOURCES.md",
    }
    assert len(map_assets.version()) == 12


def test_every_label_anchor_lies_inside_its_state() -> None:
    shapely_geometry = pytest.importorskip("shapely.geometry")
    anchors = map_assets.anchors()
    assert set(anchors) == set(geodata.states().index)
    for feature in geodata.shapes()["features"]:
        shape = shapely_geometry.shape(feature["geometry"])
        point = shapely_geometry.Point(anchors[feature["id"]])
        assert shape.contains(point), feature["id"]
