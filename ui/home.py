"""The Home page: what GeoPlunge is, where a new student and a new teacher start, and a link to
every page in the menu."""

from __future__ import annotations

import streamlit as st

from messages import N_, _
from ui.nav import MENU, MenuEntry

START_HERE: dict[str, tuple[str, str]] = {
    N_("New student"): (
        "locate_quiz",
        N_(
            "Find the states on the map: ten questions, no account, nothing to set up. Then try "
            "the Border quiz. Your teacher gave you a code? Type it in the **Class quiz** or the "
            "**Live game**."
        ),
    ),
    N_("New teacher"): (
        "assign",
        N_(
            "Choose a drill and the states it asks about, then share the link or the class code it "
            "gives you; the class's answers appear in **Class results**. To play in the room, open "
            "the **Live board**."
        ),
    ),
}
"""The first step of each newcomer: the page to open (its URL path) and what to do there (in
English, marked: translated where shown, as the menu's titles, blurbs and sections are)."""


def _entry(url_path: str) -> MenuEntry:
    return next(e for e in MENU if e.url_path == url_path)


def home_page() -> None:
    """The app in one paragraph, a "Start here" for a new student and a new teacher, then each
    section of the menu with a line per page."""
    st.title("GeoPlunge")
    st.markdown(
        _(
            "Learn the geography of the United States the way card players learn a deck: which "
            "states **border** which, the first letter of every **capital**, how the states "
            "**rank** by size, age and population, and which **time zone** each one keeps."
        )
    )
    st.subheader(_("Start here"))
    for column, (who, (url_path, step)) in zip(
        st.columns(len(START_HERE)), START_HERE.items(), strict=True
    ):
        entry = _entry(url_path)
        with column, st.container(border=True):
            st.markdown(f"**{_(who)}**")
            st.page_link(
                entry.path,
                label=_("Start: {page}").format(page=_(entry.title)),
                icon=entry.icon,
            )
            st.caption(_(step))
    section = None
    for entry in MENU[1:]:
        if entry.section != section:
            section = entry.section
            st.subheader(_(section))
        st.page_link(entry.path, label=_(entry.title), icon=entry.icon)
        st.caption(_(entry.blurb))
