"""The class map of a class assignment, pure (no Streamlit), for the Results page and the
notebook's :func:`widgets.results.class_map`: every state coloured by the share of wrong first
answers to the questions about it, in three bands, the exact share on hover."""

from __future__ import annotations

from collections.abc import Mapping

#: the bands of the share of wrong first answers: (role, lower bound, words)
BANDS: tuple[tuple[str, float, str], ...] = (
    ("correct", 0.0, "none wrong"),
    ("missed", 1e-9, "under half wrong"),
    ("wrong", 0.5, "half or more wrong"),
)
LEGEND: dict[str, str] = {role: words for role, _, words in BANDS}  #: each role named
LABEL = "Class map: the share of wrong first answers per state"
HEIGHT = 360  #: px at most


def share_roles(
    shares: Mapping[str, tuple[int, int]],
) -> tuple[dict[str, str], dict[str, str]]:
    """Map roles (:data:`BANDS`) and hover notes from USPS code → (wrong first answers, first
    answers), as ``store.report.state_shares`` counts them."""
    roles, notes = {}, {}
    for usps, (wrong, asked) in shares.items():
        share = wrong / asked
        roles[usps] = next(role for role, low, _ in reversed(BANDS) if share >= low)
        notes[usps] = f"{wrong} of {asked} first answers wrong ({round(100 * share)}%)"
    return roles, notes
