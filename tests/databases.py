"""Test databases: a fresh SQLite file, or a fresh PostgreSQL database made from
``GEOPLUNGE_TEST_DATABASE_URL`` and dropped afterwards (see the ``db_url`` fixture)."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import sqlalchemy as sa

import store.db

TEST_ENV = "GEOPLUNGE_TEST_DATABASE_URL"


def postgres_base() -> str:
    """The PostgreSQL server to make test databases on; skips (fails under CI) without it."""
    url = os.environ.get(TEST_ENV, "").strip()
    if url:
        return url
    if os.environ.get("CI") == "true":
        pytest.fail(f"{TEST_ENV} must be set on CI (.ci/run exports it)")
    pytest.skip(f"{TEST_ENV} is not set: the PostgreSQL store tests are skipped")


def _admin(base: str) -> sa.Engine:
    return sa.create_engine(store.db.normalize_url(base), isolation_level="AUTOCOMMIT")


@contextmanager
def postgres_database(base: str) -> Iterator[str]:
    """A new, empty PostgreSQL database on ``base``'s server; its URL. Dropped afterwards."""
    name = f"geoplunge_test_{os.getpid()}_{secrets.token_hex(4)}"
    admin = _admin(base)
    with admin.connect() as c:
        c.execute(sa.text(f'CREATE DATABASE "{name}"'))
    url = store.db.normalize_url(base).set(database=name).render_as_string(hide_password=False)
    try:
        yield url
    finally:
        store.db.forget(url)
        with admin.connect() as c:
            c.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@contextmanager
def sqlite_database(folder) -> Iterator[str]:
    url = f"sqlite:///{folder / 'geoplunge.sqlite3'}"
    try:
        yield url
    finally:
        store.db.forget(url)


@contextmanager
def fresh_database(kind: str, folder) -> Iterator[str]:
    """A fresh database of ``kind`` ("sqlite" or "postgresql")."""
    if kind == "sqlite":
        with sqlite_database(folder) as url:
            yield url
    else:
        with postgres_database(postgres_base()) as url:
            yield url


@contextmanager
def connections_refused(url: str) -> Iterator[None]:
    """PostgreSQL really away for this database: new connections refused, open ones ended."""
    parsed = sa.make_url(url)
    admin = _admin(parsed.set(database="postgres").render_as_string(hide_password=False))
    name = parsed.database
    with admin.connect() as c:
        c.execute(sa.text(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false'))
        c.execute(
            sa.text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = :n AND pid <> pg_backend_pid()"
            ),
            {"n": name},
        )
    try:
        yield
    finally:
        with admin.connect() as c:
            c.execute(sa.text(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true'))
        admin.dispose()


@contextmanager
def sqlite_locked(url: str) -> Iterator[None]:
    """SQLite really locked: another connection holds an exclusive transaction on the file."""
    import sqlite3

    path = sa.make_url(url).database
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


@contextmanager
def database_away(url: str) -> Iterator[None]:
    """The database of ``url`` unreachable (PostgreSQL) or locked (SQLite) inside the block."""
    manager = sqlite_locked if url.startswith("sqlite") else connections_refused
    with manager(url):
        yield
