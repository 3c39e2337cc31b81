"""The Atlas page: the map of the 50 states; a click (or the search box) opens a state's card.

The chosen state is kept in the URL (``?state=CO``) so a link opens that card. Every word is in
the reader's language: the states' names (the search box lists them, and sorts them, as the
reader writes them, and reads a typed name in English or Spanish: ``engine.answers.match_state``),
the card's figures and dates (Babel), its time zones and census region.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

import geodata
from engine.answers import match_state
from engine.cards import Card, Category, by_usps, card, deck, find
from engine.quiz import echo
from messages import _, join, long_date, ngettext, number
from ui.cards import CARD_CSS, card_html, ordinal
from ui.games.wording import category_label, zone_name
from ui.maps import map_change, us_map
from ui.quiz.wording import region_name
from ui.state_names import by_name, state_name

KEY = "atlas"
MAP = f"{KEY}_map"
PICK = f"{KEY}_pick"
ALL = "All"  #: the filters' value that keeps every state (shown in the reader's language)
NOTE = f"{KEY}_note"  #: session key: a typed name the search box could not read


def _codes() -> list[str]:
    """The 50 states in the order of their names in the reader's language."""
    return by_name(c.usps for c in deck())


def _read_state(text: str) -> str | None:
    """The state a link or the search box names: a postal code, or a name in English or
    Spanish (a near miss read as the state it is close to)."""
    found = find(text)
    if found:
        return found.usps
    match = match_state(text)
    return match.usps if match.accepted else None


def _no_state(typed: str) -> str:
    return _("There is no state “{typed}” — pick one on the map or in the search box.").format(
        typed=echo(typed)
    )


def _view() -> dict[str, Any]:
    """The page's memory: the chosen state; the URL's ``state`` is read on the first run."""
    view = st.session_state.setdefault(KEY, {"state": None, "read_url": False})
    if not view["read_url"]:
        view["read_url"] = True
        asked = st.query_params.get("state")
        if asked:
            found = _read_state(asked)
            if found:
                view["state"] = found
            else:
                st.info(_no_state(asked))
    return view


def _shown() -> set[str]:
    """The states that pass the zone and region filters (the others are drawn muted)."""
    filters = st.expander(
        _("Filter the map by time zone or region"), icon=":material/filter_alt:"
    ).columns(2)
    everything = {ALL: _("All")}
    zone = filters[0].selectbox(
        _("Time zone"),
        [ALL, *sorted({c.zone for c in deck()})],
        format_func=lambda z: everything.get(z) or zone_name(z),
    )
    region = filters[1].selectbox(
        _("Census region"),
        [ALL, *geodata.REGIONS],
        format_func=lambda r: everything.get(r) or region_name(r),
    )
    facts = geodata.states()
    return {
        usps
        for usps in facts.index
        if zone in (ALL, facts.at[usps, "zone"]) and region in (ALL, facts.at[usps, "region"])
    }


def _is_corner(a: str, b: str) -> bool:
    return frozenset({a, b}) in geodata.FOUR_CORNERS


def _search_label(value: str) -> str:
    """How the search box shows a state (its name), or a text typed in it (as typed)."""
    return state_name(value) if value in by_usps() else value


def _searched(view: dict[str, Any]) -> None:
    """The search box's choice: a state of its list, or a name typed in full (read as a state
    name in English or Spanish; a text that names none is said under the box)."""
    chosen = st.session_state[PICK]
    if chosen is None or chosen in by_usps():
        view.update(state=chosen)
        return
    found = _read_state(chosen)
    if found:
        view.update(state=found)
    else:
        st.session_state[NOTE] = chosen


def _choose(view: dict[str, Any], shown: set[str]) -> Card | None:
    """The search box and the map; returns the chosen state's card."""
    codes = _codes()
    if (clicked := map_change(MAP)) is not None:
        view["state"] = clicked[0] if clicked else None
    st.session_state[PICK] = view["state"]
    st.selectbox(
        _("State"),
        codes,
        format_func=_search_label,
        placeholder=_("Type a state's name…"),
        accept_new_options=True,
        key=PICK,
        on_change=_searched,
        args=(view,),
    )
    if typed := st.session_state.pop(NOTE, None):
        st.info(_no_state(typed))
    selected = card(view["state"]) if view["state"] else None
    roles = {usps: "neutral" if usps in shown else "muted" for usps in codes}
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
        words={"target": _("this card")},
        codes=True,
        height=460,
        hint=_("{Click} a state on the map, or search for it, to open its GeoPlunge card."),
        label=_("Map of the United States: choose a state to open its card"),
    )
    if selected:
        st.query_params["state"] = selected.usps
    elif "state" in st.query_params:
        del st.query_params["state"]
    return selected


def _facts_text(selected: Card) -> str:
    """The card's figures with their units and sources, in Markdown."""
    row = geodata.states().loc[selected.usps]
    zones = [zone_name(z) for z in row.time_zones.split(";")]
    zone = (
        _("**Zone:** {zone} (also {others})").format(zone=zones[0], others=join(zones[1:]))
        if len(zones) > 1
        else _("**Zone:** {zone}").format(zone=zones[0])
    )
    lines = [
        _("**Capital:** {capital}").format(capital=selected.capital),
        _("**Size:** {rank} — {total} sq mi (land {land})").format(
            rank=ordinal(selected.size_rank),
            total=number(row.total_area_sq_mi),
            land=number(row.land_area_sq_mi),
        ),
        _("**Statehood:** {rank} — admitted {date}").format(
            rank=ordinal(selected.statehood_rank), date=long_date(row.admitted.date())
        ),
        _("**Population:** {rank} — {people} (2020 Census)").format(
            rank=ordinal(selected.population_rank), people=number(row.population_2020)
        ),
        zone,
        _("**Census region:** {region}").format(region=region_name(row.region)),
    ]
    return "  \n".join(lines)


def _borders_text(selected: Card) -> str:
    """The card's border states in words, in the order of their names, Four Corners
    neighbours marked."""
    if not selected.borders:
        return _("**No border states** — it shares a land border with no other state.")
    listed = [
        _("{name} (at the Four Corners)").format(name=state_name(other))
        if _is_corner(selected.usps, other)
        else state_name(other)
        for other in by_name(selected.borders)
    ]
    n = len(listed)
    return ngettext("**{n} border state:** {states}", "**{n} border states:** {states}", n).format(
        n=number(n), states=", ".join(listed)
    )


def _show_card(selected: Card | None) -> None:
    card_col, facts_col = st.columns([1, 2], vertical_alignment="top")
    if not selected:
        st.info(_("No state chosen yet: pick one on the map or in the search box."))
        return
    card_col.html(CARD_CSS + card_html(selected))
    with facts_col:
        st.markdown(_facts_text(selected))
        st.markdown(_borders_text(selected))


def compare_text(first: Card, second: Card) -> str:
    """Two different cards compared: their weakest ranks, a GeoPlunge, a shared border."""
    values = {
        "first": state_name(first.usps),
        "first_rank": ordinal(first.weakness),
        "second": state_name(second.usps),
        "second_rank": ordinal(second.weakness),
    }
    if first.weakness == second.weakness:
        weakest = _("**Weakest rank:** {first} {first_rank}, {second} {second_rank}.")
    else:
        weaker = first if first.weakness > second.weakness else second
        values["weaker"] = state_name(weaker.usps)
        weakest = _(
            "**Weakest rank:** {first} {first_rank}, {second} {second_rank} — {weaker} is weaker."
        )
    lines = [weakest.format(**values)]
    for a, b in ((first, second), (second, first)):
        if a.geoplunges(b):
            lines.append(
                _("**{state} GeoPlunges {other}** (worse in all three ranks).").format(
                    state=state_name(a.usps), other=state_name(b.usps)
                )
            )
    shares = first.borders_card(second)
    lines.append(_("They share a border.") if shares else _("They do not share a border."))
    return "  \n".join(lines)


def _compare(view: dict[str, Any]) -> None:
    with st.expander(_("Compare two states"), icon=":material/compare_arrows:"):
        options = _codes()
        left, right = st.columns(2)
        a = left.selectbox(
            _("First state"),
            options,
            format_func=state_name,
            index=options.index(view["state"] or "CO"),
            key=f"{KEY}_first",
        )
        b = right.selectbox(
            _("Second state"),
            options,
            format_func=state_name,
            index=options.index("UT"),
            key=f"{KEY}_second",
        )
        first, second = card(a), card(b)
        rows = []
        for category in Category:
            winner = first if first.beats(second, category) else second
            rows.append(
                {
                    _("Category"): category_label(category.value),
                    state_name(first.usps): ordinal(first.rank(category)),
                    state_name(second.usps): ordinal(second.rank(category)),
                    _("Better card"): state_name(winner.usps) if first != second else "—",
                }
            )
        st.dataframe(rows, hide_index=True, width="stretch")
        if first != second:
            st.markdown(compare_text(first, second))


def atlas_page() -> None:
    """The Atlas: title, filters, search box and map, the chosen card, and a comparison."""
    st.title(_("Atlas"))
    view = _view()
    shown = _shown()
    _show_card(_choose(view, shown))
    _compare(view)
