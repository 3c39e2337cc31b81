"""Atlas: the map of the 50 states; a click (or the search box) opens a state's card.

The chosen state is kept in the URL (``?state=CO``) so a link opens that card.
"""

import streamlit as st

import geodata
from engine.cards import Category, card, deck, find, long_date
from engine.quiz import echo
from ui.cards import CARD_CSS, card_html, ordinal
from ui.maps import map_change, us_map

KEY = "atlas"
ALL = "All"

st.title("Atlas")

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

names = {c.usps: c.name for c in deck()}


def _picked() -> None:
    view["state"] = st.session_state[f"{KEY}_pick"]


filters = st.expander(
    "Filter the map by time zone or region", icon=":material/filter_alt:"
).columns(2)
zone = filters[0].selectbox("Time zone", [ALL, *sorted({c.zone for c in deck()})])
region = filters[1].selectbox("Census region", [ALL, *geodata.REGIONS])
facts = geodata.states()
shown = {
    usps
    for usps in facts.index
    if zone in (ALL, facts.at[usps, "zone"]) and region in (ALL, facts.at[usps, "region"])
}

MAP = f"{KEY}_map"
if (clicked := map_change(MAP)) is not None:
    view["state"] = clicked[0] if clicked else None
st.session_state[f"{KEY}_pick"] = view["state"]
st.selectbox(
    "State",
    sorted(names, key=names.get),
    format_func=names.get,
    placeholder="Type a state's name…",
    key=f"{KEY}_pick",
    on_change=_picked,
)

selected = card(view["state"]) if view["state"] else None
roles = {usps: "neutral" if usps in shown else "muted" for usps in names}
if selected:
    roles[selected.usps] = "target"
    for other in selected.borders:
        corner = frozenset({selected.usps, other}) in geodata.FOUR_CORNERS
        roles[other] = "corner" if corner else "neighbor"

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

card_col, facts_col = st.columns([1, 2], vertical_alignment="top")
if not selected:
    st.info("No state chosen yet: pick one on the map or in the search box.")
else:
    row = facts.loc[selected.usps]
    card_col.html(CARD_CSS + card_html(selected))
    with facts_col:
        st.markdown(
            f"**Capital:** {selected.capital}  \n"
            f"**Size:** {ordinal(selected.size_rank)} — {row.total_area_sq_mi:,} sq mi "
            f"(land {row.land_area_sq_mi:,})  \n"
            f"**Statehood:** {ordinal(selected.statehood_rank)} — admitted "
            f"{long_date(row.admitted)}  \n"
            f"**Population:** {ordinal(selected.population_rank)} — "
            f"{row.population_2020:,} (2020 Census)  \n"
            f"**Zone:** {selected.zone}"
            + (
                f" (also {', '.join(row.time_zones.split(';')[1:])})"
                if ";" in row.time_zones
                else ""
            )
            + f"  \n**Region:** {row.region}"
        )
        if selected.borders:
            listed = []
            for other in sorted(selected.borders, key=names.get):
                corner = frozenset({selected.usps, other}) in geodata.FOUR_CORNERS
                listed.append(names[other] + (" (at the Four Corners)" if corner else ""))
            plural = "s" if len(listed) > 1 else ""
            st.markdown(f"**{len(listed)} border state{plural}:** " + ", ".join(listed))
        else:
            st.markdown("**No border states** — it shares a land border with no other state.")

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
        weaker = first if first.weakness > second.weakness else second
        st.markdown(
            f"**Weakest rank:** {first.name} {ordinal(first.weakness)}, "
            f"{second.name} {ordinal(second.weakness)}"
            + ("" if first.weakness == second.weakness else f" — {weaker.name} is weaker")
            + ".  \n"
            + (
                f"**{first.name} GeoPlunges {second.name}** (worse in all three ranks).  \n"
                if first.geoplunges(second)
                else ""
            )
            + (
                f"**{second.name} GeoPlunges {first.name}** (worse in all three ranks).  \n"
                if second.geoplunges(first)
                else ""
            )
            + (
                "They share a border."
                if first.borders_card(second)
                else "They do not share a border."
            )
        )
