"""The floor page of ``benchmarks/browser_latency.py``: the least Streamlit can do for a map.

One ``st.plotly_chart`` of our GeoJSON (Albers USA, base map hidden, nothing fetched), where a
click selects a state through a server round trip (``on_select="rerun"``) and the page paints it
blue, and one button that writes a line of text. Whatever the app's pages cost beyond this is
their own work.

    streamlit run benchmarks/floor_map.py
"""

import sys
from pathlib import Path
from urllib.parse import quote

import plotly.graph_objects as go
import streamlit as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import geodata  # noqa: E402

shapes = geodata.shapes()
codes = [f["id"] for f in shapes["features"]]
picked = st.session_state.setdefault("picked", set())
event = st.session_state.get("map")
for point in ((event or {}).get("selection") or {}).get("points") or []:
    code = point.get("location")
    if code and code != st.session_state.get("last"):
        picked ^= {code}
        st.session_state.last = code
fig = go.Figure(
    go.Choropleth(
        geojson=shapes,
        featureidkey="id",
        locations=codes,
        z=[1 if c in picked else 0 for c in codes],
        zmin=0,
        zmax=1,
        colorscale=[[0, "#dcdcdc"], [1, "#0072B2"]],
        showscale=False,
        marker_line_color="white",
    )
)
fig.update_layout(
    geo={"projection_type": "albers usa", "visible": False},
    margin={"l": 0, "r": 0, "t": 0, "b": 0},
    height=440,
)
empty = quote('{"type":"Topology","objects":{},"arcs":[]}')
st.plotly_chart(
    fig,
    key="map",
    on_select="rerun",
    selection_mode="points",
    config={"topojsonURL": f"data:application/json,{empty}#", "displayModeBar": False},
)
if st.button("Check"):
    st.write(f"Checked: {len(picked)} states picked.")
