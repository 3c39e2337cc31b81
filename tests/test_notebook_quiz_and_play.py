"""The teacher's notebook, ``notebooks/quiz_and_play.ipynb``, runs from top to bottom headless
(nbclient), and its outputs are the widgets: the quiz, the map that reports picks, the game and
the class map."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.notebooks import outputs as notebook_outputs
from tests.notebooks import run_notebook

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "quiz_and_play.ipynb"
VIEW = "application/vnd.jupyter.widget-view+json"
STATE = "application/vnd.jupyter.widget-state+json"


def test_quiz_and_play_notebook_runs_and_shows_its_widgets() -> None:
    pytest.importorskip("anywidget", reason="the notebook extra (anywidget) is not installed")
    nb = run_notebook(NOTEBOOK)
    outputs = notebook_outputs(nb)
    assert not [o for o in outputs if o.output_type == "error"]
    shown = [o["data"]["text/plain"] for o in outputs if VIEW in o.get("data", {})]
    assert [text.split("(")[0] for text in shown] == ["QuizWidget", "VBox", "GameWidget", "GeoMap"]
    assert "seed 7" in shown[0] and "Border Attack: Deal 7 against the hard AI" in shown[2]
    text = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    assert "5 questions: Select every state that borders" in text
    models = nb.metadata["widgets"][STATE]["state"].values()
    maps = [m for m in models if m["model_name"] == "AnyModel"]
    assert len(maps) == 4  # the quiz's, the picking map, the game's, the class map
    for m in maps:  # the adapter alone: the kernel sends the core and plotly.js, once
        assert "geomap-assets" in m["state"]["_esm"] and "class GeoMap" not in m["state"]["_esm"]


def test_the_committed_notebook_keeps_its_widget_outputs() -> None:
    nbformat = pytest.importorskip("nbformat", reason="nbformat is not installed")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    views = [
        o for c in nb.cells if c.cell_type == "code" for o in c.outputs if VIEW in o.get("data", {})
    ]
    assert len(views) == 4 and STATE in nb.metadata.get("widgets", {})
