"""Running a notebook of ``notebooks/`` from top to bottom headless, as the tests do."""

from __future__ import annotations

from pathlib import Path

import pytest


def run_notebook(path: Path):
    """The notebook at ``path`` executed with nbclient in its own folder (skips when nbformat,
    nbclient or ipykernel is missing). "python3" is the native kernel: jupyter_client starts it
    with this very interpreter (sys.executable, i.e. the current virtualenv)."""
    nbformat = pytest.importorskip("nbformat", reason="nbformat is not installed")
    nbclient = pytest.importorskip("nbclient", reason="nbclient is not installed")
    pytest.importorskip("ipykernel", reason="ipykernel is not installed")
    nb = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    )
    client.execute()
    return nb


def outputs(nb) -> list:
    """Every output of the notebook's code cells, in order."""
    return [out for cell in nb.cells if cell.cell_type == "code" for out in cell.get("outputs", [])]
