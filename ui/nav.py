"""The app's menu: every page, grouped in sections, in one place (the router and Home use it),
and ``page_setup``, the first line of every page file.

A page is listed here only when it is finished; URL paths are a public interface (teachers
share links to them), so a path never changes once published. A page's file is
``pages/<url_path>.py``: its name and its URL path are one fact.

The menu is also the one catalogue of drill pages: a drill's entry names its mode group
(``group``), takes its title from the modes table (``engine.quiz.GROUP_TITLES``, beside the
line that introduces it, ``GROUP_INTROS``), and :data:`DRILL_MENU` finds a group's entry.
"""

from __future__ import annotations

import runpy
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import streamlit as st

from engine.quiz.modes import GROUP_TITLES
from messages import N_, _

ROUTER = Path(__file__).resolve().parent.parent / "streamlit_app.py"


@dataclass(frozen=True)
class MenuEntry:
    """One page of the menu."""

    section: str
    url_path: str
    title: str
    icon: str
    blurb: str
    group: str = ""  #: a drill page's mode group (``engine.quiz.MODE_GROUPS``)

    @property
    def path(self) -> str:
        """The page's file, named by its URL path."""
        return f"pages/{self.url_path}.py"


STUDY, DRILLS, GAMES, TEACHER = N_("Study"), N_("Drills"), N_("Games"), N_("Teacher")


def _drill(url_path: str, group: str, icon: str, blurb: str) -> MenuEntry:
    """The menu entry of the drill page of ``group``, titled as the modes table titles it."""
    return MenuEntry(DRILLS, url_path, GROUP_TITLES[group], icon, blurb, group)


MENU: tuple[MenuEntry, ...] = (
    MenuEntry(STUDY, "home", N_("Home"), ":material/home:", ""),
    MenuEntry(
        STUDY,
        "atlas",
        N_("Atlas"),
        ":material/map:",
        N_("Choose any state on the map to see its card: capital, ranks, time zone and borders."),
    ),
    _drill(
        "border_quiz",
        "borders",
        ":material/border_outer:",
        N_(
            "Pick every neighbour of a state on the map, name the state behind a list of borders, "
            "count them."
        ),
    ),
    _drill(
        "capital_quiz",
        "capitals",
        ":material/location_city:",
        N_(
            "Type the capitals and the states they belong to, find the capitals that share a first "
            "letter."
        ),
    ),
    _drill(
        "rank_quiz",
        "ranks",
        ":material/leaderboard:",
        N_("Larger, older, more populous: compare the states' ranks and put states in order."),
    ),
    _drill(
        "zone_quiz",
        "zones",
        ":material/schedule:",
        N_("Which time zone is each state's capital in?"),
    ),
    _drill(
        "locate_quiz",
        "locate",
        ":material/location_on:",
        N_(
            "Find a state on the map, name the highlighted state, tell a state by its capital, "
            "or name them all against the clock."
        ),
    ),
    MenuEntry(
        DRILLS,
        "class",
        N_("Class quiz"),
        ":material/groups:",
        N_(
            "Your teacher's assignment: type the class code, then your name; your answers go to "
            "your teacher."
        ),
    ),
    MenuEntry(
        DRILLS,
        "progress",
        N_("My progress"),
        ":material/insights:",
        N_(
            "What you know, state by state, and what is due today: keep your progress with a link "
            "of your own and practise what you are about to forget."
        ),
    ),
    MenuEntry(
        DRILLS,
        "live",
        N_("Live game"),
        ":material/podium:",
        N_(
            "Your teacher runs a quiz on the board: type the game's code and your name, answer "
            "each question on your phone, see the class's answers when the teacher reveals them."
        ),
    ),
    MenuEntry(
        GAMES,
        "border_attack",
        N_("Border Attack"),
        ":material/swords:",
        N_(
            "Two players, 25 cards each: win tricks by rank, announce your card's borders or its "
            "name, and guess the other player's."
        ),
    ),
    MenuEntry(
        GAMES,
        "reverse_war",
        N_("Reverse Geography War"),
        ":material/swap_vert:",
        N_(
            "The weaker card wins: watch two piles battle by their worst ranks, or predict each "
            "flip before it is turned."
        ),
    ),
    MenuEntry(
        GAMES,
        "bordercap_gin",
        N_("BorderCap Gin"),
        ":material/join_inner:",
        N_(
            "Two to four players: collect a 4-group and a 3-group of bordering states or capitals "
            "with the same first letter, and declare your win."
        ),
    ),
    MenuEntry(
        GAMES,
        "geopower_toss",
        N_("GeoPower Toss"),
        ":material/bolt:",
        N_(
            "Two to six players, alone or in teams: follow the Zone, win tricks with the round's "
            "GeoPower category, and call GeoPlunge if you dare."
        ),
    ),
    MenuEntry(
        GAMES,
        "tournament",
        N_("Tournament"),
        ":material/trophy:",
        N_(
            "Play for your team: type the code on your team card to see your match, your table "
            "and the clock, and play your games against the other team."
        ),
    ),
    MenuEntry(
        TEACHER,
        "assign",
        N_("Assign a quiz"),
        ":material/school:",
        N_(
            "Set up a drill and get a link for your class: the same link always gives the same "
            "questions. Or create a class assignment that collects every student's answers."
        ),
    ),
    MenuEntry(
        TEACHER,
        "live_board",
        N_("Live board"),
        ":material/cast_for_education:",
        N_(
            "Run a quiz live on the board: the class joins with a code, answers on their phones, "
            "and the map fills in with their answers when you reveal each question."
        ),
    ),
    MenuEntry(
        TEACHER,
        "tournament_desk",
        N_("Run a tournament"),
        ":material/emoji_events:",
        N_(
            "Teams meet in timed rounds of the card games: set up divisions and rounds, print the "
            "team cards, run the rounds with the standings on the board, give the awards."
        ),
    ),
    MenuEntry(
        TEACHER,
        "results",
        N_("Class results"),
        ":material/monitoring:",
        N_(
            "Open a class assignment with your teacher link: who did the work, the class map of "
            "the states they miss, every answer."
        ),
    ),
    MenuEntry(
        TEACHER,
        "class_progress",
        N_("Class progress"),
        ":material/trending_up:",
        N_(
            "With the same teacher link: what each student of the class knows over the weeks, "
            "the states the class knows least, and an assignment of what it missed most."
        ),
    ),
)


DRILL_MENU: dict[str, MenuEntry] = {e.group: e for e in MENU if e.group}
"""Mode group → the menu entry of its drill page."""


def sidebar_menu(pages: dict[str, list[st.Page]]) -> None:
    """The menu in the sidebar: each section's name, then a link to each of its ``pages`` (the
    router's, from :func:`navigation`: a link to a page object has no file path to resolve).

    Streamlit's own sidebar menu puts its section headers inside the list of links, so a
    screen reader meets a broken list (axe: ``list``, ``listitem``); the router hides that menu
    (``position="hidden"``) and draws this one with ``st.page_link``.
    """
    for section, links in pages.items():
        st.markdown(f"**{_(section)}**")
        for page in links:
            st.page_link(page)


def navigation() -> dict[str, list[st.Page]]:
    """The ``st.navigation`` argument: section → pages (the first entry is the default)."""
    sections: dict[str, list[st.Page]] = {}
    for index, entry in enumerate(MENU):
        page = st.Page(
            entry.path,
            title=_(entry.title),
            icon=entry.icon,
            url_path=entry.url_path,
            default=index == 0,
        )
        sections.setdefault(entry.section, []).append(page)
    return sections


_routing = threading.local()


@contextmanager
def routed() -> Iterator[None]:
    """The router runs the chosen page inside this block (see :func:`page_setup`)."""
    _routing.active = True
    try:
        yield
    finally:
        _routing.active = False


def page_setup() -> None:
    """The first line of every page: return at once when the router runs the page; otherwise
    run the router (which runs this page again, inside :func:`routed`) and stop.

    Because a ``pages/`` folder sits beside the main script, Streamlit 1.67 runs its legacy
    multipage lookup on the very first request a freshly started server gets (and on every
    AppTest run): it runs ``pages/<url_path>.py`` itself *instead of* the router
    (``PagesManager.uses_pages_directory``, ``ScriptRunner._mpa_v1``). Running the router from
    here gives such a request the app's page config, menu and sidebar; ``st.navigation`` then
    turns the legacy lookup off for the rest of the process.
    """
    if getattr(_routing, "active", False):
        return
    runpy.run_path(str(ROUTER), run_name="__main__")
    st.stop()
