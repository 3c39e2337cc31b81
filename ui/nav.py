"""The app's menu: every page, grouped in sections, in one place (the router and Home use it).

A page is listed here only when it is finished; URL paths are a public interface (teachers
share links to them), so a path never changes once published.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st


@dataclass(frozen=True)
class MenuEntry:
    """One page of the menu."""

    section: str
    path: str
    title: str
    icon: str
    url_path: str
    blurb: str


MENU: tuple[MenuEntry, ...] = (
    MenuEntry("Study", "pages/study/home.py", "Home", ":material/home:", "home", ""),
    MenuEntry(
        "Study",
        "pages/study/atlas.py",
        "Atlas",
        ":material/map:",
        "atlas",
        "Click any state to see its card: capital, ranks, time zone and border states.",
    ),
)


def navigation() -> dict[str, list[st.Page]]:
    """The ``st.navigation`` argument: section → pages (the first entry is the default)."""
    sections: dict[str, list[st.Page]] = {}
    for index, entry in enumerate(MENU):
        page = st.Page(
            entry.path,
            title=entry.title,
            icon=entry.icon,
            url_path=entry.url_path,
            default=index == 0,
        )
        sections.setdefault(entry.section, []).append(page)
    return sections
