"""Two ``streamlit run`` servers sharing one PostgreSQL database (no load balancer): each
player of a shared Border Attack table sits on a server of its own, and the two finish a game
dealt and played through the store to a few moves before its end (``tb.near_end``) through
their pages, each page following the other's moves by itself (skipped without
GEOPLUNGE_TEST_DATABASE_URL, except on CI). A file of its own, so that the test workers run it
beside the one-server game of ``tests/test_browser_tables.py``."""

from __future__ import annotations

import time

import pytest

import store.db
from tests import browser as b
from tests import table_browser as tb
from tests.databases import postgres_base, postgres_database

pytestmark = pytest.mark.browser


@pytest.fixture
def two_servers():
    """Two ``streamlit run`` servers (no nginx) on one fresh PostgreSQL database."""
    base = postgres_base()
    with postgres_database(base) as url:
        db = store.db.database(url)
        db.ready()  # migrated once, before either server starts
        procs = []
        try:
            ports = [b.free_port(), b.free_port()]
            for port in ports:
                procs.append(b.start_app(port, {"GEOPLUNGE_DATABASE_URL": url}))
            yield db, tuple(f"http://127.0.0.1:{p}" for p in ports)
        finally:
            for proc in procs:
                proc.terminate()
            for proc in procs:
                proc.wait(timeout=20)


def test_a_table_is_played_from_two_servers_on_one_postgresql(chromium, two_servers, blocked):
    started = time.perf_counter()
    db, urls = two_servers
    game, contexts = tb.open_seats(chromium, blocked, urls, db)
    game.check_secrets()
    assert all(url in game.pages[i].url for i, url in enumerate(urls))
    moves = game.play()
    assert moves >= 2
    tb.check_the_end(game)
    assert all(url in game.pages[i].url for i, url in enumerate(urls))
    game.report("two servers, one PostgreSQL")
    print(f"{moves} moves, {game.checks} secrecy checks, {time.perf_counter() - started:.0f} s")
    for context in contexts:
        context.close()
    assert blocked == []
