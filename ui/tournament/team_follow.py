"""How a team's page follows its tournament and its table: one pulse (:func:`ui.stream.watched`)
that the stream of changes runs when the tournament or the team's table moves, and every
second, which ticks the clock.

The look, by why it runs:

* **When** (:func:`every`): every second while the clock runs, at a table whose clock is
  stopped every :data:`store.tables.TOUCH_EVERY` seconds, else only when told (or, without the
  stream, every second as any pulse does). With the page it only draws the clock: the page
  has just read everything.
* **A game just over** (its result on the page for :data:`ui.tournament.team_words.LINGER`
  seconds): the page is drawn again once that time has passed, with what comes next.
* **The table** (while a game is under way): a change of :func:`store.tables.peek` reruns the
  page (the other team's move, the AI's, the stand-in's). While the other side is to act it
  also looks at the whole table every :data:`store.tables.TOUCH_EVERY` seconds, as a shared
  table's watcher does: it keeps the team's seat present and plays what is due for the AI and
  the stand-in (:mod:`ui.games.shared.autoplay`). While it is this team's turn nothing touches
  the seat (a team that stops playing is played by the stand-in after the grace time, as any
  seat at a table is).
* **The tournament**: on a change, when the stream cannot be relied on, and when a step of the
  clock is due (the round's end, the stand-in's call after the grace time), the team's view is
  read again (:func:`store.tournament.team_view`, which settles what is due); the page is
  drawn again when what it shows changed (:func:`ui.tournament.team_words.signature`). While it
  is this team's turn at the table the page is not drawn again under the player's finger,
  unless its game is no longer the one under way (the clock decided it): the clock line says
  the rest (a pause).

A look that finds the database away says so under the clock and keeps the page as it is; the
next look tries again.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import datetime

import streamlit as st

import store.clock
import store.tables as tables
from engine.core import Coded
from store import changes
from store import tournament as tm
from store.db import Unavailable
from store.tables import SeatView, TableError
from ui.games.shared import autoplay
from ui.games.shared.session import SharedSession
from ui.storage import app_database
from ui.stream import watched
from ui.tournament.errors import worded
from ui.tournament.team_words import call_deadline, calling, signature, stand_in_line
from ui.tournament.words import clock_words

PULSE = "tournament_team_pulse"  #: the pulse's key (:func:`ui.stream.watched`)
EVERY = 1.0  #: seconds between two ticks of the clock
AWAY = Coded("unavailable")  #: the notice of the database away (:mod:`ui.tournament.errors`)


@dataclass(eq=False)
class Followed:
    """What the page drew, for its looks: the team's code and view, the game drawn (if any),
    the end of the pause on a game just over (``time.monotonic``). ``clock`` is the tournament
    as the last look read it (the clock line)."""

    code: str
    view: tm.TeamView
    session: SharedSession | None = None
    linger_until: float | None = None
    clock: tm.TournamentInfo | None = field(default=None)

    def __post_init__(self) -> None:
        if self.clock is None:
            self.clock = self.view.tournament

    @property
    def my_turn(self) -> bool:
        """The game drawn waits for this team's move."""
        return self.session is not None and self.linger_until is None and self.session.humans_turn


def deadlines(t: tm.TournamentInfo, view: tm.TeamView) -> list[datetime]:
    """The moments the tournament moves by the clock alone, as the page knows it: the round's
    end, the stand-in's call."""
    found = [t.ends_at] if t.clock == tm.RUNNING and t.ends_at is not None else []
    if view.match is not None and (deadline := call_deadline(t, view.match)) is not None:
        found.append(deadline)
    return found


def _table_signature(view: SeatView) -> tuple:
    return view.seq, view.table.status, view.table.round, view.away


def _look_at_table(followed: Followed, cause: str) -> None:
    """Rerun the page when the table moved (see the module)."""
    session = followed.session
    if session is None or followed.linger_until is not None:
        return
    table_id = session.view.table.id
    try:
        if tables.peek(session.db, table_id, fresh=cause == "change") != session.peeked:
            st.rerun()
        if followed.my_turn or time.monotonic() - session.looked < tables.TOUCH_EVERY:
            return
        seen = session.look()
        if autoplay.due(seen) and autoplay.play_ai_turns(session.db, table_id):
            st.rerun()
    except TableError:
        st.rerun()
    if _table_signature(seen) != _table_signature(session.view):
        st.rerun()


def _look_at_tournament(followed: Followed, cause: str, now: datetime) -> None:
    """Rerun the page when what it shows of the tournament moved (see the module)."""
    due = any(moment <= now for moment in deadlines(followed.clock, followed.view))
    if cause not in ("change", "poll") and not due:
        return
    try:
        fresh = tm.team_view(app_database(), followed.code, now)
    except tm.TournamentError:
        st.rerun()  # the team is gone: the page says so
    followed.clock = fresh.tournament
    if signature(fresh) == signature(followed.view):
        return
    if not followed.my_turn or fresh.table_id != followed.view.table_id:
        st.rerun()


def _check(followed: Followed, cause: str, now: datetime) -> None:
    if followed.linger_until is not None:
        if time.monotonic() >= followed.linger_until:
            st.rerun()
        return
    _look_at_table(followed, cause)
    _look_at_tournament(followed, cause, now)


def clock_line(followed: Followed, now: datetime) -> None:
    """The round's clock ("12:05 left", "Paused with 3:00 left", "Round over") and, while a
    call waits, how long until the stand-in calls."""
    t = followed.clock
    if t.clock != tm.DONE or (t.round and t.stage != tm.ENDED):  # else the round line says it
        st.markdown(f":material/timer: **{clock_words(t, now)}**")
    if calling(followed.view) and (line := stand_in_line(followed.view, now)):
        st.caption(line)


def follow(followed: Followed) -> None:
    """The pulse of the team's page, drawn where the clock stands (see the module)."""

    def look(cause: str) -> None:
        now = store.clock.now_utc()
        away = False
        if cause != "page":
            try:
                _check(followed, cause, now)
            except Unavailable:
                away = True
        clock_line(followed, now)
        if away:
            st.caption(worded(AWAY))

    topics = [changes.tournament(followed.view.tournament.id)]
    if followed.session is not None and followed.linger_until is None:
        topics.append(changes.table(followed.session.view.table.id))
    watched(look, topics, key=PULSE, every=every(followed))


def every(followed: Followed) -> float | None:
    """How often the look keeps time: every second while the clock runs (or a game's result
    stays on the page); at a table whose clock is stopped, as often as a waiting seat touches
    the table (the stand-in); otherwise only when told (a round's start is a change)."""
    if followed.clock.clock == tm.RUNNING or followed.linger_until is not None:
        return EVERY
    if followed.session is not None:
        return tables.TOUCH_EVERY
    return None
