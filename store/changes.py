"""What changed, told to the screens that follow it: topics, marked by the writes and fanned
out to every subscriber of the process.

A **topic** names what a screen follows: a live game's state (:func:`live`: the board and every
phone), its crowd (:func:`crowd`: players joining and answers coming in, which only the board
counts), a shared table (:func:`table`), a tournament (:func:`tournament`) and a class
assignment's results (:func:`results`).

A write marks the topics it changes (:func:`mark`, inside ``db.write()``); when its transaction
commits, the process's :class:`Hub` for that database hears of it and tells each subscriber of
those topics. On **PostgreSQL** the write sends one ``NOTIFY`` with its topics in the same
transaction (delivered on commit, to every server), and one listening connection per server
process (:class:`Listener`, started by the first subscriber) hands them to the hub. On
**SQLite** the commit hands them to the hub of its own process; other processes writing the
same file are not heard, so there the hub never says it can be relied on.

A subscriber is told whether it may rely on the hub (``("state", True)``) or must look by itself
(``("state", False)``): while the listener has no connection, changes could pass unheard. When
it connects again, every subscriber is also told that everything may have changed.

The hub only says *that* something moved, never what: a screen reads the change itself, with
the rights it has.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.engine import URL

CHANNEL = "geoplunge_changes"  #: the PostgreSQL channel of every topic
KEY = "geoplunge_changes"  #: ``session.info`` key of the topics a write marked
IDLE = 60.0  #: seconds a listener stays connected with no subscriber
RETRY = 1.0  #: seconds between two tries to connect the listener
WAIT = 1.0  #: seconds a listener waits for notifications before it looks at its subscribers

_TOPIC = re.compile(r"live/[1-9][0-9]{0,17}(/crowd)?|(table|class|tournament)/[1-9][0-9]{0,17}")
_LOG = logging.getLogger(__name__)


def live(game_id: int) -> str:
    """A live game's state: its phase, question, step, and the players as the host set them."""
    return f"live/{game_id}"


def crowd(game_id: int) -> str:
    """A live game's crowd: who joined, who left, the answers coming in."""
    return f"live/{game_id}/crowd"


def table(table_id: int) -> str:
    """A shared table: a join, a move, the start, a rematch."""
    return f"table/{table_id}"


def results(assignment_id: int) -> str:
    """A class assignment's results: a student joining, an answer, the closing time."""
    return f"class/{assignment_id}"


def tournament(tournament_id: int) -> str:
    """A tournament: a team, a round, a call, a game decided, an award."""
    return f"tournament/{tournament_id}"


def is_topic(text: str) -> bool:
    """True when ``text`` is a topic one of the functions above makes."""
    return _TOPIC.fullmatch(text) is not None


def mark(session: Any, *topics: str) -> None:
    """Mark ``topics`` as changed by the write ``session`` is in: told when it commits."""
    session.info.setdefault(KEY, set()).update(topics)


def marked(session: Any) -> set[str]:
    """The topics marked in ``session`` (and forget them: each commit tells its own)."""
    return session.info.pop(KEY, set())


# --- the hub of a process ---------------------------------------------------------------------


@dataclass(eq=False)
class Subscriber:
    """One screen's stream: the topics it follows and its queue of news, read on the event loop
    that made it. News is ``("change", topic)`` or ``("state", bool)``."""

    topics: frozenset[str]
    loop: asyncio.AbstractEventLoop
    queue: asyncio.Queue = field(default_factory=asyncio.Queue)

    def tell(self, news: tuple[str, Any]) -> None:
        with contextlib.suppress(RuntimeError):  # a closed loop: the server is stopping
            self.loop.call_soon_threadsafe(self.queue.put_nowait, news)


class Hub:
    """The subscribers of one database in this process, and whether they may rely on it.

    With a :class:`Listener` (PostgreSQL) ``reliable`` is ``True`` while the listener is
    connected: every server's commits reach it. Without one (SQLite) it stays ``False``: the
    commits of this process are told at once, but another process writing the same file (a
    second server, a script) is not heard, so the pages also look by themselves."""

    def __init__(self, listener_url: URL | None = None) -> None:
        self._lock = threading.Lock()
        self._by_topic: dict[str, set[Subscriber]] = {}
        self._url = listener_url
        self._listener: Listener | None = None
        self.reliable = False

    def subscribe(self, topics: Iterable[str], loop: asyncio.AbstractEventLoop) -> Subscriber:
        """A new subscriber of ``topics``; told at once whether it may rely on the hub."""
        subscriber = Subscriber(frozenset(topics), loop)
        with self._lock:
            for topic in subscriber.topics:
                self._by_topic.setdefault(topic, set()).add(subscriber)
            if self._url is not None and (self._listener is None or not self._listener.alive()):
                self._listener = Listener(self, self._url)
                self._listener.start()
            subscriber.tell(("state", self.reliable))  # in the lock: before any later state
        return subscriber

    def unsubscribe(self, subscriber: Subscriber) -> None:
        with self._lock:
            for topic in subscriber.topics:
                followers = self._by_topic.get(topic)
                if followers is not None:
                    followers.discard(subscriber)
                    if not followers:
                        del self._by_topic[topic]

    def subscribers(self) -> int:
        """How many subscribers follow something (each counted once)."""
        with self._lock:
            return len(set().union(*self._by_topic.values())) if self._by_topic else 0

    def publish(self, topics: Iterable[str]) -> None:
        """Tell every subscriber of one of ``topics`` that it changed."""
        with self._lock:
            told = [(s, t) for t in topics for s in self._by_topic.get(t, ())]
        for subscriber, topic in told:
            subscriber.tell(("change", topic))

    def set_reliable(self, reliable: bool) -> None:
        """The listener connected (``True``: everything may have changed meanwhile) or lost its
        connection (``False``): tell every subscriber."""
        with self._lock:  # told in the lock: a new subscriber hears the states in order
            if self.reliable == reliable:
                return
            self.reliable = reliable
            everyone = set().union(*self._by_topic.values()) if self._by_topic else set()
            for subscriber in everyone:
                subscriber.tell(("state", reliable))
                if reliable:
                    for topic in subscriber.topics:
                        subscriber.tell(("change", topic))

    def stop(self) -> None:
        """Stop the listener, if any (the database is forgotten)."""
        with self._lock:
            listener, self._listener = self._listener, None
        if listener is not None:
            listener.stop()


class Listener(threading.Thread):
    """One PostgreSQL connection of this process that listens on :data:`CHANNEL` and hands
    every notification's topics to its hub. It connects again after a loss (every
    :data:`RETRY` seconds) and ends after :data:`IDLE` seconds without subscribers."""

    def __init__(self, hub: Hub, url: URL) -> None:
        super().__init__(name="geoplunge-changes", daemon=True)
        self._hub = hub
        self._conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
        self._stopped = threading.Event()

    def alive(self) -> bool:
        return self.is_alive() and not self._stopped.is_set()

    def stop(self) -> None:
        self._stopped.set()

    def run(self) -> None:
        import psycopg

        idle_since: float | None = None
        while not self._stopped.is_set():
            try:
                with psycopg.connect(self._conninfo, autocommit=True, connect_timeout=3) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self._hub.set_reliable(True)
                    while not self._stopped.is_set():
                        for note in conn.notifies(timeout=WAIT):
                            self._hub.publish(note.payload.split())
                        if self._hub.subscribers():
                            idle_since = None
                        elif idle_since is None:
                            idle_since = time.monotonic()
                        elif time.monotonic() - idle_since > IDLE:
                            self._stopped.set()
            except psycopg.Error as error:
                _LOG.info("change listener lost its connection: %s", type(error).__name__)
            self._hub.set_reliable(False)
            self._stopped.wait(RETRY)


_hubs: dict[str, Hub] = {}
_hubs_lock = threading.Lock()


def hub(url: URL) -> Hub:
    """The process's hub for the database at ``url`` (created on first use)."""
    key = url.render_as_string(hide_password=False)
    with _hubs_lock:
        if key not in _hubs:
            listens = url.get_backend_name() == "postgresql"
            _hubs[key] = Hub(url if listens else None)
        return _hubs[key]


def forget(url: URL) -> None:
    """Stop and drop the process's hub for ``url`` (its database is being dropped)."""
    with _hubs_lock:
        found = _hubs.pop(url.render_as_string(hide_password=False), None)
    if found is not None:
        found.stop()
