"""The schema's history: Alembic migrations kept in ``store/migrations/``, run from Python.

:func:`upgrade` brings a database to the newest revision. It is idempotent (at the newest
revision it does nothing) and safe when several servers start at once: on PostgreSQL it holds
an advisory lock while it migrates, so the others wait and then find nothing to do; on SQLite
the whole upgrade runs inside one ``BEGIN IMMEDIATE`` transaction (SQLite's DDL is
transactional), which the others wait for in the same way.

This is the library; the command for developers is :mod:`store.migrate`
(``python -m store.migrate current|upgrade|revision``). It knows nothing of where the app's
database is (``store.db``): it is handed an engine.
"""

from __future__ import annotations

import zlib
from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Engine

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
#: the PostgreSQL advisory lock held while migrating (any constant shared by all servers)
LOCK_KEY = zlib.crc32(b"geoplunge:migrations")
MIGRATION_TIMEOUT = 60.0  #: seconds a SQLite migration waits for another one to finish


def config(connection: sa.Connection | None = None) -> Config:
    """The Alembic configuration, pointed at ``store/migrations`` (and ``connection``)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = connection
    return cfg


def head() -> str:
    """The newest revision."""
    return ScriptDirectory.from_config(config()).get_current_head()


def current(engine: Engine) -> str | None:
    """The revision a database is at (``None``: empty)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the database to ``revision`` (default the newest), holding the lock."""
    if engine.dialect.name == "postgresql":
        with engine.connect() as connection:
            connection.execute(sa.text("SELECT pg_advisory_lock(:k)"), {"k": LOCK_KEY})
            connection.commit()
            try:
                command.upgrade(config(connection), revision)
                connection.commit()
            finally:
                connection.rollback()
                connection.execute(sa.text("SELECT pg_advisory_unlock(:k)"), {"k": LOCK_KEY})
                connection.commit()
        return
    if engine.dialect.name == "sqlite":
        with engine.connect() as connection:
            raw = connection.connection.driver_connection
            raw.execute(f"PRAGMA busy_timeout = {int(MIGRATION_TIMEOUT * 1000)}")
            try:
                with connection.execution_options(geoplunge_write=True).begin():
                    command.upgrade(config(connection), revision)
            finally:
                connection.invalidate()  # its busy timeout is not the pool's
        return
    with engine.begin() as connection:
        command.upgrade(config(connection), revision)


def downgrade(engine: Engine, revision: str = "base") -> None:
    """Take the database back to ``revision`` (tests: down to empty and up again)."""
    with engine.begin() as connection:
        command.downgrade(config(connection), revision)


def revision(engine: Engine, message: str) -> None:
    """Generate the next migration from the models (read it, then keep it)."""
    with engine.begin() as connection:
        command.revision(config(connection), message=message, autogenerate=True)
