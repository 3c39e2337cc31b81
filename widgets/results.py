"""A class's results in a notebook: the Class results page's class map, drawn from the CSV that
page downloads (one row per attempt, ``store.report.CSV_COLUMNS``).

The map is the page's (``ui.classroom.class_map``): every state coloured by the share of wrong
first answers to the questions about it, in the page's three bands, the exact share on hover,
in the notebook's language (``messages.use``), as the page says it.
"""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from pathlib import Path

from messages import _
from ui.classroom.class_map import HEIGHT, LABEL, LEGEND, share_roles
from widgets.map import GeoMap

READ = ("attempt", "asked_states", "outcome")  #: the columns of the CSV the map is counted from


def shares_from_csv(text: str) -> dict[str, tuple[int, int]]:
    """USPS code → (wrong first attempts, first attempts) at the questions about the state,
    from the rows of a results CSV (as ``store.report.state_shares`` counts them from the
    database). A CSV without the columns counted raises ``ValueError`` naming them."""
    reader = csv.DictReader(io.StringIO(text))
    if not set(READ) <= set(reader.fieldnames or ()):
        raise ValueError(
            _("This is not a class results CSV: it needs the columns {columns}.").format(
                columns=", ".join(READ)
            )
        )
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for row in reader:
        if row["attempt"].strip() != "1":
            continue
        for usps in row["asked_states"].split():
            counts[usps][1] += 1
            counts[usps][0] += row["outcome"].strip() != "right"
    return {usps: (w, n) for usps, (w, n) in sorted(counts.items())}


def class_map(source: str | Path, *, height: int = HEIGHT) -> GeoMap:
    """The class map of a results CSV (its text, or the path of the file)."""
    text = source.read_text(encoding="utf-8") if isinstance(source, Path) else source
    roles, notes = share_roles(shares_from_csv(text))
    return GeoMap(
        roles,
        notes=notes,
        words={role: _(words) for role, words in LEGEND.items()},
        codes=True,
        height=height,
        label=_(LABEL),
    )
