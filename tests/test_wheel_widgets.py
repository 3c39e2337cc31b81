"""The notebook widgets from a normal install (``pip install .``, not ``-e``): the wheel is
built from a copy of the checkout, installed with ``pip install --target`` into a folder outside
it, and a fresh interpreter whose working directory is outside the checkout imports the
widgets from that folder only and makes each of them, the map finding its files (the map core,
plotly.js, the outlines and the styles) in the installed package.

The interpreter is this test's own (it has the dependencies); ``PYTHONPATH`` puts the installed
folder first, and the child checks that every module of the project it loaded came from there.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest

pytest.importorskip("anywidget", reason="the notebook extra (anywidget) is not installed")

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "geodata", "store", "ui", "widgets", "worksheets")
JUNK = shutil.ignore_patterns(
    ".git", ".venv", "__pycache__", "build", "dist", "*.egg-info", ".*_cache", ".hypothesis"
)

CHILD = textwrap.dedent(
    """
    import hashlib, json, sys
    from pathlib import Path

    site, sample = Path(sys.argv[1]).resolve(), sys.argv[2]
    from widgets import GameWidget, GeoMap, QuizWidget, class_map
    from widgets.map import asset_buffers
    from ui import map_assets
    import geodata

    assert len(geodata.shapes()["features"]) == len(geodata.states()) == 50

    made = {
        "GeoMap": GeoMap({"CO": "target"}, pick="many", choices=["UT", "WY"]),
        "QuizWidget": QuizWidget("borders", mode="neighbors", region="west", n=3, seed=7),
        "GameWidget": GameWidget("border_attack", levels="easy", seed=7),
        "class_map": class_map(sample),
    }
    foreign = sorted(
        name
        for name, module in sys.modules.items()
        if name.split(".")[0] in {"engine", "geodata", "store", "ui", "widgets", "worksheets"}
        and getattr(module, "__file__", None)
        and not Path(module.__file__).resolve().is_relative_to(site)
    )
    files = {name: (map_assets.STATIC / name).read_bytes() for name in map_assets.FILES}
    assert str(GeoMap._css).encode() == files["geomap.css"]  # the styles anywidget sends
    sent = dict(zip(("core.js", map_assets.PLOTLY_JS, "states.json"), asset_buffers()))
    print(json.dumps({
        "made": {name: type(widget).__name__ for name, widget in made.items()},
        "foreign": foreign,
        "static": str(map_assets.STATIC.resolve()),
        "files": {name: hashlib.sha256(data).hexdigest() for name, data in files.items()},
        "sent": {name: hashlib.sha256(data).hexdigest() for name, data in sent.items()},
        "version": map_assets.version(),
    }))
    """
)


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The project's wheel, built by pip from a copy of the checkout (so the build leaves
    nothing in the checkout and runs beside other tests)."""
    work = tmp_path_factory.mktemp("wheel")
    source = work / "source"
    shutil.copytree(ROOT, source, ignore=JUNK)
    out = work / "out"
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), "."],
        cwd=source,
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stdout + build.stderr
    [built] = out.glob("geoplunge-*.whl")
    return built


def test_the_wheel_holds_every_module_and_every_map_file(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    files = {
        path.relative_to(ROOT).as_posix()
        for package in PACKAGES
        for path in (ROOT / package).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    assert files - names == set()  # every module and data file (geodata's outlines …)
    static = {path.name for path in (ROOT / "static" / "map").iterdir() if path.is_file()}
    assert {f"ui/static/map/{name}" for name in static} <= names
    assert not any(name.startswith("static/") for name in names)  # no top-level "static"


def test_each_widget_is_made_from_the_installed_wheel(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    install = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--quiet", "--target", str(site)]
        + [str(wheel)],
        capture_output=True,
        text=True,
    )
    assert install.returncode == 0, install.stdout + install.stderr
    away = tmp_path / "elsewhere"  # the working directory: nothing of the checkout beside it
    away.mkdir()
    sample = (ROOT / "notebooks" / "class_results_sample.csv").read_text(encoding="utf-8")
    child = subprocess.run(
        [sys.executable, "-c", CHILD, str(site), sample],
        cwd=away,
        env={"PATH": "", "HOME": str(away), "PYTHONPATH": str(site), "PYTHONNOUSERSITE": "1"},
        capture_output=True,
        text=True,
    )
    assert child.returncode == 0, child.stderr
    report = json.loads(child.stdout.strip().splitlines()[-1])
    assert report["made"] == {
        "GeoMap": "GeoMap",
        "QuizWidget": "QuizWidget",
        "GameWidget": "GameWidget",
        "class_map": "GeoMap",
    }
    assert report["foreign"] == []
    assert Path(report["static"]).is_relative_to(site.resolve())
    checkout = ROOT / "static" / "map"
    assert report["files"] == {name: _sha(checkout / name) for name in report["files"]}
    assert report["sent"] == {name: _sha(checkout / name) for name in report["sent"]}
    from ui.map_assets import version

    assert report["version"] == version()
