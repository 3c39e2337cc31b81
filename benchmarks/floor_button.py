"""The floor page of ``benchmarks/load.py``: one button and a line of text.

Whatever a Streamlit page costs per click beyond this is the page's own work; this is what the
framework alone costs (a WebSocket message, a script run, a few deltas back).

    streamlit run benchmarks/floor_button.py
"""

import streamlit as st

st.session_state.setdefault("clicks", 0)
if st.button("Click me"):
    st.session_state.clicks += 1
st.write(f"Clicked {st.session_state.clicks} times.")
