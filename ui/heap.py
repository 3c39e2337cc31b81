"""Keep the garbage collection Streamlit runs after every script run cheap.

Streamlit runs a full collection (``gc.collect(2)``) after each run of a page. With pandas and
the app's modules loaded, that walk over every long-lived object cost about 150 ms of CPU per
click on a 2-core machine: most of a rerun (``benchmarks/load.py``). What lives as long as the
process (modules, their caches, the deck, the geodata tables) is moved out of the collector's
sight with ``gc.freeze()`` each time new modules have been imported, so the collection after a
run only looks at what runs made. The price: what a run held at the moment of a freeze (a few
times per process, as pages are first visited) is never collected.
"""

from __future__ import annotations

import gc
import sys

_frozen_at = 0  #: how many modules were loaded at the last freeze


def freeze_long_lived() -> None:
    """Freeze the heap if modules were imported since the last freeze (cheap otherwise)."""
    global _frozen_at
    if len(sys.modules) != _frozen_at:
        gc.collect()
        gc.freeze()
        _frozen_at = len(sys.modules)
