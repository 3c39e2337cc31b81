"""The maps and tables of progress: each state painted by its band, the exact figure on
hover, the states of each band in words (:func:`band_roles`, :func:`band_lines`: pure), the
map drawn with them (:func:`show_band_map`), and a table with a small chart of weeks per
line (:func:`weeks_table`)."""

from __future__ import annotations

from collections.abc import Mapping

import streamlit as st

from engine.progress.schedule import FADING, KNOWN, Band, band
from engine.quiz.facts import all_states
from messages import _, join, ngettext, number, pgettext
from messages import percent as share
from ui.state_names import by_name, state_name

#: the map's role for each band (``ui.maps.ROLES``: green, yellow, vermillion; grey when new)
BAND_ROLES: dict[Band, str] = {Band.KNOWN: "correct", Band.FADING: "missed", Band.WEAK: "wrong"}
#: each band's badge in the words under a map (the map's colours, named): its colour and icon
BADGE_STYLES: dict[Band, str] = {
    Band.KNOWN: "green-badge[:material/check_circle: ",
    Band.FADING: "orange-badge[:material/hourglass_bottom: ",
    Band.WEAK: "red-badge[:material/error: ",
    Band.NEW: "gray-badge[",
}


def percent(figure: float) -> str:
    """A retrievability as a whole percentage in the reader's language: "93%", "93 %"."""
    return share(round(100 * figure) / 100)


def band_name(b: Band) -> str:
    """A band in a sentence: "known"."""
    return {
        Band.KNOWN: pgettext("a progress band", "known"),
        Band.FADING: pgettext("a progress band", "fading"),
        Band.WEAK: pgettext("a progress band", "weak"),
        Band.NEW: pgettext("a progress band", "not met yet"),
    }[b]


def band_limits(b: Band) -> str:
    """The figures of a band met: "90% and more" (``""`` for the band of facts never met)."""
    if b is Band.KNOWN:
        return _("{low} and more").format(low=percent(KNOWN))
    if b is Band.FADING:
        return _("{low} to {high}").format(low=percent(FADING), high=percent(KNOWN))
    if b is Band.WEAK:
        return _("under {high}").format(high=percent(FADING))
    return ""


def band_words(b: Band) -> str:
    """A band named with its figures, as a legend says it: "known (90% and more)"."""
    limits = band_limits(b)
    return (
        _("{band} ({limits})").format(band=band_name(b), limits=limits) if limits else band_name(b)
    )


def band_legend() -> dict[str, str]:
    """The map's legend: each role named by its band."""
    return {role: band_words(b) for b, role in BAND_ROLES.items()}


def band_badge(b: Band) -> str:
    """A band's badge in Markdown, in the map's colour: ":green-badge[… Known]"."""
    label = {
        Band.KNOWN: pgettext("a progress band, on a badge", "Known"),
        Band.FADING: pgettext("a progress band, on a badge", "Fading"),
        Band.WEAK: pgettext("a progress band, on a badge", "Weak"),
        Band.NEW: pgettext("a progress band, on a badge", "Not met yet"),
    }[b]
    return f":{BADGE_STYLES[b]}{label}]"


def band_roles(
    figures: Mapping[str, float], details: Mapping[str, str] | None = None
) -> tuple[dict[str, str], dict[str, str]]:
    """Map roles and hover notes: each state with a figure in its band's colour, the exact
    figure (and ``details``, per state) on hover; states without one stay grey."""
    roles, notes = {}, {}
    for usps in all_states():
        if usps not in figures:
            notes[usps] = band_name(Band.NEW)
            continue
        b = band(figures[usps])
        roles[usps] = BAND_ROLES[b]
        note = _("{figure}, {band}").format(figure=percent(figures[usps]), band=band_name(b))
        notes[usps] = f"{note} · {details[usps]}" if details and usps in details else note
    return roles, notes


def band_lines(figures: Mapping[str, float]) -> list[str]:
    """The states of each band in words, weakest first, each band's states in the order of
    their names, for under the map."""
    lines = []
    for b in (Band.WEAK, Band.FADING, Band.KNOWN):
        states = [s for s in by_name(figures) if band(figures[s]) is b]
        if states:
            names = join(
                _("{state} {figure}").format(state=state_name(s), figure=percent(figures[s]))
                for s in states
            )
            lines.append(
                _("{badge} {limits}: {states}.").format(
                    badge=band_badge(b), limits=band_limits(b), states=names
                )
            )
    new = len(all_states()) - len(figures)
    if new:
        lines.append(
            ngettext("{badge} {n} state.", "{badge} {n} states.", new).format(
                badge=band_badge(Band.NEW), n=number(new)
            )
        )
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
        words=band_legend(),
        codes=True,
        height=400,
        label=label,
        legend=False,  # the lines below name every state's band, with its figure
    )
    for line in band_lines(figures):
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
