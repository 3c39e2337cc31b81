"""The topics a write tells (:mod:`store.changes`), on SQLite (the process's hub, told on
commit) and PostgreSQL (NOTIFY, heard by the process's listener).

The property every screen relies on: **what a screen shows changed ⇒ its topic was told**, and
a phone is not told of what it does not show. It is checked against the very value each page
compares (``store.live.version``, ``store.tables.peek``, ``store.classroom.class_version``)
after every step of seeded random walks through a live game, a shared table and a class
assignment, refused steps included (a refused write tells nothing). Then the listener: its
connection ended by the server, it says "poll" to every subscriber, connects again, says
"push" and tells every topic (what moved meanwhile went unheard); and the stream route refuses
what is not a topic."""

from __future__ import annotations

import asyncio
import contextlib
import random
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa
from hypothesis import given
from hypothesis import strategies as st

import store.classroom as cr
import store.live as live
import store.tables as tables
from engine.games import GAMES, has_decisions
from engine.live import LiveRules
from engine.quiz import QuizSettings
from store import changes
from store.db import Database
from ui.games.shared import autoplay

T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)
SENTINEL = changes.results(987654321)  #: told after each step: all before it has arrived


class Heard:
    """A subscriber of ``topics`` on ``db``'s hub, read in the test's thread (its event loop
    runs in a thread of its own: a browser test may have left one running in this thread)."""

    def __init__(self, db: Database, topics: list[str]) -> None:
        self.db = db
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.sub = db.changes.subscribe([*topics, SENTINEL], self.loop)
        first = self.news(lambda n: True)
        if db.dialect == "postgresql":  # relied on once listening, which tells every topic
            assert first == [("state", False)] or first == [("state", True)]
            if first == [("state", False)]:
                self.news(lambda n: n == ("state", True), timeout=20)
                self.news(lambda n: n == ("change", SENTINEL))
                self.told()  # the other topics, told in any order
        else:  # SQLite: this process's commits are told, another's are not: never relied on
            assert first == [("state", False)]

    def news(self, until, timeout: float = 10) -> list:
        """Everything heard up to and including the first piece of news ``until`` accepts."""
        got, deadline = [], time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            assert left > 0, f"never heard it; heard {got}"
            waiting = asyncio.run_coroutine_threadsafe(self.sub.queue.get(), self.loop)
            try:
                item = waiting.result(left)
            except TimeoutError:
                waiting.cancel()
                continue
            got.append(item)
            if until(item):
                return got

    def told(self) -> set[str]:
        """The topics told since the last call (a sentinel write marks the end)."""
        with self.db.write() as session:
            changes.mark(session, SENTINEL)
        got = self.news(lambda n: n == ("change", SENTINEL))
        return {value for kind, value in got if kind == "change" and value != SENTINEL}

    def close(self) -> None:
        self.db.changes.unsubscribe(self.sub)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def attempt(step, *args, **kwargs) -> object:
    """Run a step; a refusal is a step too (it must tell nothing): ``None`` then."""
    with contextlib.suppress(live.LiveError, tables.TableError, cr.ClassroomError):
        return step(*args, **kwargs)
    return None


@pytest.mark.parametrize("seed", range(4))
def test_a_live_screen_is_told_whenever_what_it_shows_changes(db, seed):
    rng = random.Random(seed)
    game = live.create_game(db, "zones", {"mode": "zone", "n": "4"}, LiveRules(teams=2,
                            timer=20), "host", now=T0)  # fmt: skip
    heard = Heard(db, [changes.live(game.id), changes.crowd(game.id)])
    tokens: list[str] = []
    clock = 0.0
    for step in range(40):
        clock += rng.choice((1, 1, 2, 3, 25))
        now = at(clock)
        info = live.game_for_key(db, "host")
        players = live.board(db, "host").players
        kind = rng.choice(["join", "advance", *["answer"] * 4, "tick", "team", "lock", "remove"])
        before = live.version(db, game.id)
        if kind == "join" or step < 3:  # a few players from the start
            token = f"tok-{seed}-{step}"
            name = rng.choice(("Ana", "Ben", "Cleo", "Dan", "Eve", "Finn"))
            if attempt(live.join, db, game.code, name, token, now=now):
                tokens.append(token)
        elif kind == "advance":
            attempt(live.advance, db, "host", info.version, now=now)
        elif kind == "answer" and tokens and info.index >= 0:
            q = info.question(info.index)
            attempt(live.answer, db, rng.choice(tokens), info.index, rng.choice(q.choices), now=now)
        elif kind == "tick":
            live.tick(db, game.id, now=now)
        elif kind == "team" and players:
            attempt(live.set_team, db, "host", rng.choice(players).id, rng.choice((1, 2)))
        elif kind == "lock":
            live.set_locked(db, "host", rng.random() < 0.5)
        elif kind == "remove" and players and rng.random() < 0.2:
            live.remove_player(db, "host", rng.choice(players).id, now=now)
        after = live.version(db, game.id)
        told = heard.told()
        phone_moved = after[0] != before[0]
        assert (changes.live(game.id) in told) == phone_moved, (kind, before, after, told)
        if after != before:
            assert told, (kind, before, after)
    assert live.version(db, game.id)[2][0] > 0, "the walk stored no answer"
    heard.close()


@pytest.mark.parametrize("game", [g for g in GAMES if has_decisions(g)])
@pytest.mark.parametrize("seed", range(2))
def test_a_table_screen_is_told_whenever_the_table_changes(db, game, seed):
    rng = random.Random(seed)
    players = min(GAMES[game].max_players, 3)
    made = tables.create(db, game, "Ana", players=players, now=T0)
    table_id = made.table.id
    heard = Heard(db, [changes.table(table_id)])
    tokens = {0: made.token}
    for step in range(40):
        before = _table_shown(db, table_id, made.token)
        view = tables.view(db, made.token, now=at(step + 1))
        kind = rng.choice(["join", "ai", "start", "move", "move", "move", "stale"])
        if kind == "join":
            name = rng.choice(("Ben", "Cleo", "Dan"))
            joined = attempt(tables.join, db, made.table.code, name, now=at(step + 1))
            if joined:
                tokens[joined[0].seat] = joined[1]
        elif kind == "ai":
            attempt(tables.fill_with_ai, db, made.token, rng.randrange(1, players), "easy")
        elif kind == "start":
            attempt(tables.start, db, made.token, now=at(step + 1))
        elif view.to_act is not None and view.to_act not in tokens:
            autoplay.play_ai_turns(db, table_id, now=at(step + 1))  # as a waiting page does
        elif view.to_act in tokens and not view.over:
            state = tables.snapshot(db, table_id).state
            seq = view.seq - (kind == "stale")  # a stale page's move is refused
            action = rng.choice(state.legal_actions())
            attempt(tables.append, db, table_id, tokens[view.to_act], seq, action)
        after = _table_shown(db, table_id, made.token)
        told = heard.told()
        assert (changes.table(table_id) in told) == (after != before), (kind, before, after)
    assert tables.peek(db, table_id, fresh=True)[3], "the walk played no move"
    heard.close()


def _table_shown(db: Database, table_id: int, token: str) -> tuple:
    """What a seat's screen compares: the table's peek and its seats."""
    seats = tables.view(db, token, now=T0).seats  # T0: no seat is marked seen anew
    return tables.peek(db, table_id, fresh=True), tuple((s.kind, s.name, s.level) for s in seats)


@pytest.mark.parametrize("seed", range(3))
def test_a_results_page_is_told_whenever_the_results_change(db, seed):
    rng = random.Random(seed)
    settings = QuizSettings(modes=("zone",), n=3, seed=seed)
    made = cr.create_assignment(db, title="Zones", drill="zones", settings=settings, now=T0)
    assignment = made.assignment
    heard = Heard(db, [changes.results(assignment.id)])
    students: list[int] = []
    seqs: dict[int, int] = {}
    for step in range(20):
        before = cr.class_version(db, assignment.id)
        kind = rng.choice(["join", "join", "answer", "answer", "close", "reopen"])
        if kind == "join":
            name = rng.choice(("Ana", "Ben", "Cleo", "Dan"))
            if joined := attempt(cr.join, db, assignment.code, name, at(step)):
                students.append(joined[0].id)
        elif kind == "answer" and students:
            sid = rng.choice(students)
            seq = max(1, seqs.get(sid, 0) + rng.choice((0, 1)))  # a retried answer: no news
            seqs[sid] = seq
            cr.record_answers(db, sid, [_answer(seq, at(step))])
        elif kind == "close":
            cr.close_assignment(db, assignment.id, now=at(step))
        elif kind == "reopen":
            cr.reopen_assignment(db, assignment.id)
        after = cr.class_version(db, assignment.id)
        told = heard.told()
        assert (changes.results(assignment.id) in told) == (after != before), (kind, before)
    assert cr.class_version(db, assignment.id)[4] > 0, "the walk stored no answer"
    heard.close()


def _answer(seq: int, when: datetime) -> cr.AnswerRecord:
    return cr.AnswerRecord(
        seq, seq, 1, f"zone:{seq}", "zone", "Which zone?", (), "Central", "Central", "Central",
        "right", 2.0, when,
    )  # fmt: skip


def test_the_listener_says_poll_while_cut_off_then_push_and_tells_everything(db):
    if db.dialect != "postgresql":
        pytest.skip("SQLite's hub is told by the commits of its own process: nothing to lose")
    topic = changes.live(424242)
    heard = Heard(db, [topic])
    with db.engine.connect() as conn:
        ended = conn.execute(
            sa.text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND query LIKE 'LISTEN%'"
            )
        ).all()
    assert ended, "no listening connection found"
    got = heard.news(lambda n: n == ("state", True), timeout=30)
    assert ("state", False) in got
    assert ("change", topic) in heard.news(lambda n: n == ("change", topic))
    heard.close()


@given(st.text(max_size=40))
def test_only_the_topics_the_store_makes_are_topics(text):
    made = {changes.live(7), changes.crowd(7), changes.table(7), changes.results(7)}
    assert changes.is_topic(text) == (text in made or _shaped(text))


def _shaped(text: str) -> bool:
    """``text`` names a topic of another id."""
    parts = text.split("/")
    ids = [p for p in parts[1:2] if p.isascii() and p.isdigit() and not p.startswith("0")]
    if not ids or len(ids[0]) > 18:
        return False
    if parts[0] == "live":
        return len(parts) == 2 or (len(parts) == 3 and parts[2] == "crowd")
    return parts[0] in ("table", "class") and len(parts) == 2


def test_the_stream_refuses_what_is_not_a_topic():
    from starlette.requests import Request

    from ui.stream import MAX_TOPICS, routes

    (route,) = routes(lambda: changes.Hub())
    for query in ("", "topic=live/0", "topic=secrets", "topic=live/1/answers",
                  "&".join(["topic=live/1"] * (MAX_TOPICS + 1))):  # fmt: skip
        scope = {"type": "http", "method": "GET", "path": route.path,
                 "query_string": query.encode(), "headers": []}  # fmt: skip
        with ThreadPoolExecutor(1) as thread:  # a browser test may run a loop in this one
            response = thread.submit(asyncio.run, route.endpoint(Request(scope))).result()
        assert response.status_code == 400, query
