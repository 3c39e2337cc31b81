"""PostgreSQL's pooled connections are tested before use only once they have rested
(``store.db.PING_AFTER``): a page looking every second pays no extra round trip, and a database
that went away and came back is still found by itself. On a real PostgreSQL server, its
connections ended from the server's side as a restart ends them."""

from __future__ import annotations

import time

import pytest
import sqlalchemy as sa

import store.db
from store.db import Unavailable
from tests.databases import connections_refused, postgres_base, postgres_database

LONG = 60.0  #: a rest no test reaches, however loaded the machine
REST = 0.3  #: a rest a test waits out


@pytest.fixture
def pg(monkeypatch):
    monkeypatch.setattr(store.db, "PING_AFTER", LONG)
    with postgres_database(postgres_base()) as url:
        db = store.db.Database(url)
        pings: list[int] = []
        ping = db.engine.dialect.do_ping
        db.engine.dialect.do_ping = lambda c: (pings.append(1), ping(c))[1]
        db.pings = pings
        yield db, url
        db.engine.dispose()


def select_one(db: store.db.Database) -> int:
    with db.read() as session:
        return session.scalar(sa.text("SELECT 1"))


def test_a_connection_in_use_is_not_tested_again_one_at_rest_is(pg, monkeypatch):
    db, _url = pg
    for _ in range(20):  # a page looking many times a second
        assert select_one(db) == 1
    assert len(db.pings) == 1  # the new connection's first use
    monkeypatch.setattr(store.db, "PING_AFTER", REST)
    time.sleep(REST * 1.5)
    assert select_one(db) == 1
    assert len(db.pings) == 2


def test_after_the_database_came_back_a_rested_connection_is_replaced_unseen(pg, monkeypatch):
    db, url = pg
    assert select_one(db) == 1
    monkeypatch.setattr(store.db, "PING_AFTER", REST)
    with connections_refused(url):
        pass  # away and back: the pooled connection, at rest, is ended by the server
    time.sleep(REST * 1.5)
    pinged = len(db.pings)
    assert select_one(db) == 1  # tested, found ended, replaced: no error reaches the page
    assert len(db.pings) > pinged


def test_a_connection_ended_while_in_use_fails_one_read_and_the_next_one_works(pg):
    db, url = pg
    assert select_one(db) == 1
    with connections_refused(url):
        pass  # away and back within the rest time: the pooled connection is ended
    with pytest.raises(Unavailable):
        select_one(db)  # the statement finds it; the pool is renewed
    assert select_one(db) == 1
