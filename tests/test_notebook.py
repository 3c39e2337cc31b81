"""The notebook runs from top to bottom (so it never rots): executed with nbclient."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "play_and_simulate.ipynb"


def test_play_and_simulate_notebook_runs() -> None:
    nbformat = pytest.importorskip("nbformat", reason="nbformat is not installed")
    nbclient = pytest.importorskip("nbclient", reason="nbclient is not installed")
    pytest.importorskip("ipykernel", reason="ipykernel is not installed")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    # "python3" is the native kernel: jupyter_client starts it with this very interpreter
    # (sys.executable, i.e. the current virtualenv).
    client = nbclient.NotebookClient(
        nb,
        timeout=300,
        kernel_name="python3",
        resources={"metadata": {"path": str(NOTEBOOK.parent)}},
    )
    client.execute()
    outputs = [
        out for cell in nb.cells if cell.cell_type == "code" for out in cell.get("outputs", [])
    ]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    text = "".join(o.get("text", "") for o in outputs if o.get("output_type") == "stream")
    assert "wins the game" in text  # the bots played a game to its end and the log was printed
    assert "win rate" in text  # the simulation report
    plots = [o for o in outputs if "application/vnd.plotly.v1+json" in o.get("data", {})]
    assert len(plots) == 2  # the win-rate chart and the map
