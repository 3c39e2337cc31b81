"""How the board and a phone follow a live game: a look at the game that the stream of
changes runs the moment it moves (:mod:`ui.stream`; every second without the
stream), which reruns the page only when what the page shows has changed.

While a question with a deadline is asked, each look also lets :func:`store.live.tick` move it
to its reveal once the time is up (whichever screen looks first does it; the store's
conditional update makes it happen once), and may draw the time left. Otherwise a look is one
read of :func:`store.live.version`, and none when the fragment runs with the whole page (which
has just read the game).

When the database does not answer, a page keeps what it showed and
:func:`ui.stream.reconnect` looks again every second, rerunning the page as soon as the
database answers: a screen never waits for a press of "Try again".

A press made while a look runs is kept: the app runs one script run per session at a time
(``runner.fastReruns = false`` in ``.streamlit/config.toml``), so the press joins the look's
run instead of starting a second run whose widget state the look could reset under it.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from store import changes, live
from store.db import Unavailable
from ui.live.errors import UNAVAILABLE_NOTICE, worded
from ui.storage import app_database
from ui.stream import watched

EVERY = 1  #: seconds between two looks at the game
PULSE = "live_pulse"  #: the pulse's key (:func:`ui.stream.watched`)


def follow(
    game_id: int,
    seen: tuple,
    *,
    timed: bool,
    shown: Callable[[tuple], tuple] = lambda version: version,
    crowd: bool = True,
    clock: Callable[[live.LiveGameInfo], None] | None = None,
    away_page: bool = False,
) -> None:
    """Follow game ``game_id``, drawn from ``seen`` (:func:`store.live.version` read before the
    page read the game): rerun the page when ``shown(version)`` changes. ``crowd``: the page
    shows who joined and the answers (the board), so their changes make it look too.
    ``timed``: a question with a deadline is asked (it looks every :data:`EVERY` seconds,
    ticks, and ``clock`` draws the time left from the game as the look found it).

    A look that finds the database away says so in a line where the fragment is drawn; with
    ``away_page`` it reruns the page instead, which draws its own away state (the phone: its
    question kept, the notice under the form), so nothing above a control moves it under a
    finger on its way."""

    def look(cause: str) -> None:
        if cause == "page" and not timed:
            return  # the page has just read the game: the next look reads it
        try:
            db = app_database()
            if timed:
                now = live.tick(db, game_id)
                if clock is not None:
                    clock(now)
            changed = shown(live.version(db, game_id)) != shown(seen)
        except Unavailable:
            if away_page:
                st.rerun(scope="app")
            st.caption(worded(UNAVAILABLE_NOTICE))
            return
        except live.LiveError:
            changed = True  # the game or this player is gone: the page says so
        if changed:
            st.rerun(scope="app")

    topics = [changes.live(game_id)] + ([changes.crowd(game_id)] if crowd else [])
    watched(look, topics, key=PULSE, every=EVERY if timed else None)
