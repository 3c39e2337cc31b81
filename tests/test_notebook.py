"""The notebook runs from top to bottom (so it never rots): executed with nbclient."""

from __future__ import annotations

from pathlib import Path

from tests.notebooks import outputs as notebook_outputs
from tests.notebooks import run_notebook

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "play_and_simulate.ipynb"


def test_play_and_simulate_notebook_runs() -> None:
    outputs = notebook_outputs(run_notebook(NOTEBOOK))
    assert not [o for o in outputs if o.get("output_type") == "error"]
    text = "".join(o.get("text", "") for o in outputs if o.get("output_type") == "stream")
    assert "wins the game" in text  # the bots played a game to its end and the log was printed
    assert "win rate" in text  # the simulation report
    plots = [o for o in outputs if "application/vnd.plotly.v1+json" in o.get("data", {})]
    assert len(plots) == 2  # the win-rate chart and the map
