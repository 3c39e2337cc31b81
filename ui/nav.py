"""The app's menu: every page, grouped in sections, in one place (the router and Home use it).

A page is listed here only when it is finished; URL paths are a public interface (teachers
share links to them), so a path never changes once published.
"""

from __future__ import annotations

import runpy
from dataclasses import dataclass
from pathlib import Path

import streamlit as st

ROUTER = Path(__file__).resolve().parent.parent / "streamlit_app.py"


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
        "Choose any state on the map to see its card: capital, ranks, time zone and borders.",
    ),
    MenuEntry(
        "Drills",
        "pages/drills/border_quiz.py",
        "Border quiz",
        ":material/border_outer:",
        "border_quiz",
        "Pick every neighbour of a state on the map, name the state behind a list of borders, "
        "count them.",
    ),
    MenuEntry(
        "Drills",
        "pages/drills/capital_quiz.py",
        "Capital quiz",
        ":material/location_city:",
        "capital_quiz",
        "Type the capitals and the states they belong to, find the capitals that share a first "
        "letter.",
    ),
    MenuEntry(
        "Drills",
        "pages/drills/rank_quiz.py",
        "Rank quiz",
        ":material/leaderboard:",
        "rank_quiz",
        "Larger, older, more populous: compare the states' ranks and put states in order.",
    ),
    MenuEntry(
        "Drills",
        "pages/drills/zone_quiz.py",
        "Time zone quiz",
        ":material/schedule:",
        "zone_quiz",
        "Which time zone is each state's capital in?",
    ),
    MenuEntry(
        "Drills",
        "pages/drills/locate_quiz.py",
        "Locate quiz",
        ":material/location_on:",
        "locate_quiz",
        "Find a state on the map, name the highlighted state, tell a state by its capital, "
        "or name them all against the clock.",
    ),
    MenuEntry(
        "Drills",
        "pages/drills/class_quiz.py",
        "Class quiz",
        ":material/groups:",
        "class",
        "Your teacher's assignment: type the class code, then your name; your answers go to "
        "your teacher.",
    ),
    MenuEntry(
        "Games",
        "pages/games/border_attack.py",
        "Border Attack",
        ":material/swords:",
        "border_attack",
        "Two players, 25 cards each: win tricks by rank, announce your card's borders or its "
        "name, and guess the other player's.",
    ),
    MenuEntry(
        "Games",
        "pages/games/reverse_war.py",
        "Reverse Geography War",
        ":material/swap_vert:",
        "reverse_war",
        "The weaker card wins: watch two piles battle by their worst ranks, or predict each "
        "flip before it is turned.",
    ),
    MenuEntry(
        "Games",
        "pages/games/bordercap_gin.py",
        "BorderCap Gin",
        ":material/join_inner:",
        "bordercap_gin",
        "Two to four players: collect a 4-group and a 3-group of bordering states or capitals "
        "with the same first letter, and declare your win.",
    ),
    MenuEntry(
        "Games",
        "pages/games/geopower_toss.py",
        "GeoPower Toss",
        ":material/bolt:",
        "geopower_toss",
        "Two to six players, alone or in teams: follow the Zone, win tricks with the round's "
        "GeoPower category, and call GeoPlunge if you dare.",
    ),
    MenuEntry(
        "Teacher",
        "pages/teacher/assign.py",
        "Assign a quiz",
        ":material/school:",
        "assign",
        "Set up a drill and get a link for your class: the same link always gives the same "
        "questions. Or create a class assignment that collects every student's answers.",
    ),
    MenuEntry(
        "Teacher",
        "pages/teacher/results.py",
        "Class results",
        ":material/monitoring:",
        "results",
        "Open a class assignment with your teacher link: who did the work, the class map of "
        "the states they miss, every answer.",
    ),
)


def sidebar_menu() -> None:
    """The menu in the sidebar: each section's name, then a link to each of its pages.

    Streamlit's own sidebar menu puts its section headers inside the list of links, so a
    screen reader meets a broken list (axe: ``list``, ``listitem``); the router hides that menu
    (``position="hidden"``) and draws this one with ``st.page_link``.
    """
    section = None
    for entry in MENU:
        if entry.section != section:
            section = entry.section
            st.markdown(f"**{section}**")
        st.page_link(entry.path, label=entry.title, icon=entry.icon)


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


def hand_over() -> None:
    """Run the router (``streamlit_app.py``) from a hand-over file ``pages/<url_path>.py``.

    Because a ``pages/`` folder exists, Streamlit runs its legacy multipage lookup on the very
    first request a freshly started server gets (and on every AppTest run): it looks for
    ``pages/<url_path>.py`` *instead of* running the router, and, finding none, shows "Page
    not found" before the router takes over. Each page of the menu (but Home, the default) has
    such a file, which only calls this function: the lookup finds the page, and the router then
    shows the same page through ``st.navigation`` (which never lists the hand-over files).
    """
    runpy.run_path(str(ROUTER), run_name="__main__")
