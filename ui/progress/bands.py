"""The maps and tables of progress: each state painted by its band, the exact figure on
hover, the states of each band in words (:func:`band_roles`, :func:`band_words`: pure), the
map drawn with them (:func:`show_band_map`), and a table with a small chart of weeks per
line (:func:`weeks_table`)."""

from __future__ import annotations

from collections.abc import Mapping

import streamlit as st

from engine.cards import by_usps
from engine.progress.schedule import BAND_WORDS, Band, band
from engine.quiz.facts import all_states, and_list, by_name

#: the map's role for each band (``ui.maps.ROLES``: green, yellow, vermillion; grey when new)
BAND_ROLES: dict[Band, str] = {Band.KNOWN: "correct", Band.FADING: "missed", Band.WEAK: "wrong"}
#: the legend: each role named by its band
BAND_LEGEND: dict[str, str] = {role: BAND_WORDS[b] for b, role in BAND_ROLES.items()}
#: each band's badge in the words under a map (the map's colours, named)
BAND_BADGES: dict[Band, str] = {
    Band.KNOWN: ":green-badge[:material/check_circle: Known]",
    Band.FADING: ":orange-badge[:material/hourglass_bottom: Fading]",
    Band.WEAK: ":red-badge[:material/error: Weak]",
    Band.NEW: ":gray-badge[Not met yet]",
}


def percent(figure: float) -> str:
    """A retrievability as a whole percentage: "93%"."""
    return f"{round(100 * figure)}%"


def band_roles(
    figures: Mapping[str, float], details: Mapping[str, str] | None = None
) -> tuple[dict[str, str], dict[str, str]]:
    """Map roles and hover notes: each state with a figure in its band's colour, the exact
    figure (and ``details``, per state) on hover; states without one stay grey."""
    roles, notes = {}, {}
    for usps in all_states():
        if usps not in figures:
            notes[usps] = BAND_WORDS[Band.NEW]
            continue
        b = band(figures[usps])
        roles[usps] = BAND_ROLES[b]
        extra = f" · {details[usps]}" if details and usps in details else ""
        notes[usps] = f"{percent(figures[usps])}, {b.value}{extra}"
    return roles, notes


def band_words(figures: Mapping[str, float]) -> list[str]:
    """The states of each band in words, weakest first, for under the map."""
    lines = []
    for b in (Band.WEAK, Band.FADING, Band.KNOWN):
        states = [s for s in by_name(figures) if band(figures[s]) is b]
        if states:
            names = and_list([f"{by_usps()[s].name} {percent(figures[s])}" for s in states])
            limits = BAND_WORDS[b].partition(" (")[2].rstrip(")")
            lines.append(f"{BAND_BADGES[b]} {limits}: {names}.")
    new = len(all_states()) - len(figures)
    if new:
        lines.append(f"{BAND_BADGES[Band.NEW]} {new} state{'s' * (new != 1)}.")
    return lines


def show_band_map(
    key: str, figures: Mapping[str, float], label: str, details: Mapping[str, str] | None = None
) -> None:
    """The map of ``figures`` by band, its hover notes, and the bands in words under it."""
    from ui.maps import us_map  # the map component, loaded with the page

    roles, notes = band_roles(figures, details)
    us_map(
        key,
        roles,
        notes=notes,
        words=BAND_LEGEND,
        codes=True,
        height=400,
        label=label,
        legend=False,  # the lines below name every state's band, with its figure
    )
    for line in band_words(figures):
        st.markdown(line)


def weeks_table(rows: list[dict], key: str, column: str, said: str = "") -> None:
    """A table whose ``column`` holds a list of weekly percentages, drawn as a small chart."""
    st.dataframe(
        rows,
        hide_index=True,
        width="stretch",
        column_config={
            column: st.column_config.LineChartColumn(column, y_min=0, y_max=100, help=said or None)
        },
        key=key,
    )
