"""The Home page: what GeoPlunge is, and a link to every page in the menu."""

from __future__ import annotations

import streamlit as st

from ui.nav import MENU


def home_page() -> None:
    """The app in one paragraph, then each section of the menu with a line per page."""
    st.title("GeoPlunge")
    st.markdown(
        "Learn the geography of the United States the way card players learn a deck: which "
        "states **border** which, the first letter of every **capital**, how the states "
        "**rank** by size, age and population, and which **time zone** each one keeps."
    )
    section = None
    for entry in MENU[1:]:
        if entry.section != section:
            section = entry.section
            st.subheader(section)
        st.page_link(entry.path, label=entry.title, icon=entry.icon)
        st.caption(entry.blurb)
