"""The code stays ruff-clean (lint and format), as the README promises."""

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def ruff(*args: str) -> subprocess.CompletedProcess:
    if importlib.util.find_spec("ruff") is None:
        pytest.skip("ruff is not installed (it comes with the test extra)")
    command = [sys.executable, "-m", "ruff", *args]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True)


def test_ruff_check_is_clean():
    result = ruff("check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_is_clean():
    result = ruff("format", "--check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


#: The product's code (benchmarks and tests are scripts and checks, not the product).
PRODUCT = ("engine", "geodata", "store", "ui", "widgets", "worksheets", "pages")
MOST_LINES = 700


def test_no_module_of_the_product_is_over_700_lines():
    paths = [ROOT / "streamlit_app.py", *(p for d in PRODUCT for p in (ROOT / d).rglob("*.py"))]
    long = {
        str(p.relative_to(ROOT)): n
        for p in paths
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MOST_LINES
    }
    assert long == {}


def test_the_browser_tests_open_every_expander_with_open_expander():
    """A press inside an expander still growing lands on the text above its button (the
    clipped box scrolls the focused button away): the browser tests open expanders with
    ``tests.browser.open_expander``, which waits until it has opened, never by clicking its
    title."""
    labels = set()
    for path in (p for d in PRODUCT for p in (ROOT / d).rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        labels |= set(re.findall(r"st\.expander\(\s*(?:_\(\s*)?f?\"([^\"{]{6,})", text))
    assert len(labels) >= 10, labels  # the pattern still finds the app's expanders
    clicks = []
    for path in sorted((ROOT / "tests").glob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if ".click(" in line and any(f'"{label}' in line for label in labels):
                clicks.append(f"{path.name}:{number}: {line.strip()}")
    assert not clicks, "\n".join(clicks)
