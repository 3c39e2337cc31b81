"""The class map of a class assignment, pure (no Streamlit), for the Results page and the
notebook's :func:`widgets.results.class_map`: every state coloured by the share of wrong first
answers to the questions about it, in three bands, the exact share on hover. Its words are in
the reader's language: :data:`LEGEND` and :data:`LABEL` are marked for the catalogue and
translated where they are shown (:func:`legend`, :func:`label`), the hover notes when they are
made (:func:`share_roles`)."""

from __future__ import annotations

from collections.abc import Mapping

from messages import N_, _, ngettext, number, percent

#: the bands of the share of wrong first answers: (role, lower bound, words)
BANDS: tuple[tuple[str, float, str], ...] = (
    ("correct", 0.0, N_("none wrong")),
    ("missed", 1e-9, N_("under half wrong")),
    ("wrong", 0.5, N_("half or more wrong")),
)
LEGEND: dict[str, str] = {role: words for role, _low, words in BANDS}  #: each role named
LABEL = N_("Class map: the share of wrong first answers per state")
HEIGHT = 360  #: px at most


def legend() -> dict[str, str]:
    """Each role named, in the reader's language."""
    return {role: _(words) for role, words in LEGEND.items()}


def label() -> str:
    """The map's label, in the reader's language."""
    return _(LABEL)


def share_roles(
    shares: Mapping[str, tuple[int, int]],
) -> tuple[dict[str, str], dict[str, str]]:
    """Map roles (:data:`BANDS`) and hover notes from USPS code → (wrong first answers, first
    answers), as ``store.report.state_shares`` counts them."""
    roles, notes = {}, {}
    for usps, (wrong, asked) in shares.items():
        share = wrong / asked
        roles[usps] = next(role for role, low, _words in reversed(BANDS) if share >= low)
        notes[usps] = ngettext(
            "{wrong} of {asked} first answer wrong ({share})",
            "{wrong} of {asked} first answers wrong ({share})",
            asked,
        ).format(wrong=number(wrong), asked=number(asked), share=percent(share))
    return roles, notes
