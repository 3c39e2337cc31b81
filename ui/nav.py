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
        "Type the capitals, find the states whose capitals share a first letter.",
    ),
    MenuEntry(
        "Drills",
        "pages/drills/rank_quiz.py",
        "Rank quiz",
        ":material/leaderboard:",
        "rank_quiz",
        "Larger, older, more populous: compare the cards' ranks and put states in order.",
    ),
    MenuEntry(
        "Drills",
        "pages/drills/zone_quiz.py",
        "Zone quiz",
        ":material/schedule:",
        "zone_quiz",
        "Name the Zone of each card: the time zone of its capital.",
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
