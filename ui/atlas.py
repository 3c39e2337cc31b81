"""The Atlas page: the map of the 50 states; a click (or the search box) opens a state's card.

The chosen state is kept in the URL (``?state=CO``) so a link opens that card.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

import geodata
from engine.cards import Card, Category, card, deck, find, long_date
from engine.quiz import echo
from ui.cards import CARD_CSS, card_html, ordinal
from ui.maps import map_change, us_map

KEY = "atlas"
MAP = f"{KEY}_map"
PICK = f"{KEY}_pick"
ALL = "All"


def _names() -> dict[str, str]:
    return {c.usps: c.name for c in deck()}


def _view() -> dict[str, Any]:
    """The page's memory: the chosen state; the URL's ``state`` is read on the first run."""
    view = st.session_state.setdefault(KEY, {"state": None, "read_url": False})
    if not view["read_url"]:
        view["read_url"] = True
        asked = st.query_params.get("state")
        if asked:
            found = find(asked)
            if found:
                view["state"] = found.usps
            else:
                st.info(
                    f"There is no state “{echo(asked)}” — pick one on the map or in the search box."
                )
    return view


def _shown() -> set[str]:
    """The states that pass the zone and region filters (the others are drawn muted)."""
    filters = st.expander(
        "Filter the map by time zone or region", icon=":material/filter_alt:"
    ).columns(2)
    zone = filters[0].selectbox("Time zone", [ALL, *sorted({c.zone for c in deck()})])
    region = filters[1].selectbox("Census region", [ALL, *geodata.REGIONS])
    facts = geodata.states()
    return {
        usps
        for usps in facts.index
        if zone in (ALL, facts.at[usps, "zone"]) and region in (ALL, facts.at[usps, "region"])
    }


def _is_corner(a: str, b: str) -> bool:
    return frozenset({a, b}) in geodata.FOUR_CORNERS


def _choose(view: dict[str, Any], shown: set[str]) -> Card | None:
    """The search box and the map; returns the chosen state's card."""
    names = _names()
    if (clicked := map_change(MAP)) is not None:
        view["state"] = clicked[0] if clicked else None
    st.session_state[PICK] = view["state"]
    st.selectbox(
        "State",
        sorted(names, key=names.get),
        format_func=names.get,
        placeholder="Type a state's name…",
        key=PICK,
        on_change=lambda: view.update(state=st.session_state[PICK]),
    )
    selected = card(view["state"]) if view["state"] else None
    roles = {usps: "neutral" if usps in shown else "muted" for usps in names}
    if selected:
        roles[selected.usps] = "target"
        for other in selected.borders:
            roles[other] = "corner" if _is_corner(selected.usps, other) else "neighbor"
    us_map(
        MAP,
        roles,
        pick="one",
        selected=[selected.usps] if selected else [],
        pick_role="target",
        words={"target": "this card"},
        codes=True,
        height=460,
        hint="{Click} a state on the map, or search for it, to open its GeoPlunge card.",
        label="Map of the United States: choose a state to open its card",
    )
    if selected:
        st.query_params["state"] = selected.usps
    elif "state" in st.query_params:
        del st.query_params["state"]
    return selected


def _facts_text(selected: Card) -> str:
    """The card's figures with their units and sources, in Markdown."""
    row = geodata.states().loc[selected.usps]
    zones = row.time_zones.split(";")
    also = f" (also {', '.join(zones[1:])})" if len(zones) > 1 else ""
    return (
        f"**Capital:** {selected.capital}  \n"
        f"**Size:** {ordinal(selected.size_rank)} — {row.total_area_sq_mi:,} sq mi "
        f"(land {row.land_area_sq_mi:,})  \n"
        f"**Statehood:** {ordinal(selected.statehood_rank)} — admitted "
        f"{long_date(row.admitted)}  \n"
        f"**Population:** {ordinal(selected.population_rank)} — "
        f"{row.population_2020:,} (2020 Census)  \n"
        f"**Zone:** {selected.zone}{also}  \n**Census region:** {row.region}"
    )


def _borders_text(selected: Card) -> str:
    """The card's border states in words, Four Corners neighbours marked."""
    if not selected.borders:
        return "**No border states** — it shares a land border with no other state."
    names = _names()
    listed = [
        names[other] + (" (at the Four Corners)" if _is_corner(selected.usps, other) else "")
        for other in sorted(selected.borders, key=names.get)
    ]
    plural = "s" if len(listed) > 1 else ""
    return f"**{len(listed)} border state{plural}:** " + ", ".join(listed)


def _show_card(selected: Card | None) -> None:
    card_col, facts_col = st.columns([1, 2], vertical_alignment="top")
    if not selected:
        st.info("No state chosen yet: pick one on the map or in the search box.")
        return
    card_col.html(CARD_CSS + card_html(selected))
    with facts_col:
        st.markdown(_facts_text(selected))
        st.markdown(_borders_text(selected))


def compare_text(first: Card, second: Card) -> str:
    """Two different cards compared: their weakest ranks, a GeoPlunge, a shared border."""
    weaker = first if first.weakness > second.weakness else second
    text = (
        f"**Weakest rank:** {first.name} {ordinal(first.weakness)}, "
        f"{second.name} {ordinal(second.weakness)}"
        + ("" if first.weakness == second.weakness else f" — {weaker.name} is weaker")
        + ".  \n"
    )
    for a, b in ((first, second), (second, first)):
        if a.geoplunges(b):
            text += f"**{a.name} GeoPlunges {b.name}** (worse in all three ranks).  \n"
    shares = "They share a border." if first.borders_card(second) else "They do not share a border."
    return text + shares


def _compare(view: dict[str, Any]) -> None:
    names = _names()
    with st.expander("Compare two states", icon=":material/compare_arrows:"):
        options = sorted(names, key=names.get)
        left, right = st.columns(2)
        a = left.selectbox(
            "First state",
            options,
            format_func=names.get,
            index=options.index(view["state"] or "CO"),
            key=f"{KEY}_first",
        )
        b = right.selectbox(
            "Second state",
            options,
            format_func=names.get,
            index=options.index("UT"),
            key=f"{KEY}_second",
        )
        first, second = card(a), card(b)
        rows = []
        for category in Category:
            winner = first if first.beats(second, category) else second
            rows.append(
                {
                    "Category": category.label,
                    first.name: ordinal(first.rank(category)),
                    second.name: ordinal(second.rank(category)),
                    "Better card": winner.name if first != second else "—",
                }
            )
        st.dataframe(rows, hide_index=True, width="stretch")
        if first != second:
            st.markdown(compare_text(first, second))


def atlas_page() -> None:
    """The Atlas: title, filters, search box and map, the chosen card, and a comparison."""
    st.title("Atlas")
    view = _view()
    shown = _shown()
    _show_card(_choose(view, shown))
    _compare(view)
