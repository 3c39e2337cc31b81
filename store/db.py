"""The database: where it is, one engine per process and URL, sessions, and the schema kept at
the newest migration.

**Where** (:func:`database_url`): the ``GEOPLUNGE_DATABASE_URL`` environment variable, else
``url`` under ``[connections.geoplunge]`` in the secrets mapping the caller passes (the app
passes ``st.secrets``), else the embedded SQLite file ``data/geoplunge.sqlite3`` of the checkout.
``postgres://`` and ``postgresql://`` URLs (as hosted providers hand them out) are read as
``postgresql+psycopg://`` (psycopg 3).

**One engine per process** (:func:`database`): every session of a server shares one
:class:`Database` per URL, so one connection pool. Nothing two sessions must both see is kept
here: it is in the database.

**SQLite** runs in WAL mode (readers never wait for the writer) with ``synchronous=NORMAL``
(a commit does not wait for the disk; a crash of the app loses nothing, a power cut may lose
the last commits but never corrupts the file: ten times the writes per second, measured by
``benchmarks/classroom_load.py``), a busy timeout of :data:`SQLITE_TIMEOUT` seconds
(``?timeout=…`` in the URL overrides it) and foreign keys on. Every writing transaction starts
with ``BEGIN IMMEDIATE``, so two writers queue at the start instead of failing half-way; inside
one process writers also queue on a lock before they ask SQLite (the file takes one writer at a
time anyway, and SQLite's busy wait polls, which starves some of a crowd of writers).
**PostgreSQL** connections are checked before use (a server restart costs no error) and give up
connecting after :data:`PG_CONNECT_TIMEOUT` seconds.

Every failure to reach the database, a lock that outlasts the busy timeout included, is raised
as :class:`Unavailable`, the one error a page must expect from a healthy program.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event, exc
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.orm import Session, sessionmaker

from store import changes

ENV = "GEOPLUNGE_DATABASE_URL"
SECRETS_SECTION = "geoplunge"  #: ``[connections.geoplunge]`` in ``.streamlit/secrets.toml``
ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SQLITE = ROOT / "data" / "geoplunge.sqlite3"
SQLITE_TIMEOUT = 5.0  #: seconds a writer waits for the SQLite lock before giving up
PG_CONNECT_TIMEOUT = 3  #: seconds


class Unavailable(Exception):
    """The database cannot be reached right now, or stays locked: try again later."""


@dataclass(frozen=True)
class Location:
    """A database URL and where it came from: ``environment``, ``secrets`` or ``default``."""

    url: str
    source: str

    def describe(self) -> str:
        """What kind of database holds the data, in words a public page may show: "a SQLite
        file on this server" or "PostgreSQL" (never a host, port, file or database name)."""
        if normalize_url(self.url).get_backend_name() == "sqlite":
            return "a SQLite file on this server"
        return "PostgreSQL"


def database_url(
    secrets: Mapping[str, Any] | None = None, environ: Mapping[str, str] | None = None
) -> Location:
    """The URL of the app's database: environment, else secrets, else the SQLite file."""
    environ = os.environ if environ is None else environ
    if value := environ.get(ENV, "").strip():
        return Location(value, "environment")
    try:
        value = str(secrets["connections"][SECRETS_SECTION]["url"]).strip() if secrets else ""
    except (KeyError, TypeError):
        value = ""
    if value:
        return Location(value, "secrets")
    return Location(f"sqlite:///{DEFAULT_SQLITE}", "default")


def normalize_url(url: str | URL) -> URL:
    """``url`` as SQLAlchemy reads it, PostgreSQL always through psycopg 3."""
    parsed = make_url(url) if isinstance(url, str) else url
    if parsed.drivername in ("postgres", "postgresql"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


def _is_unavailable(error: Exception) -> bool:
    if isinstance(error, exc.OperationalError | exc.InterfaceError | exc.TimeoutError):
        return True
    return isinstance(error, exc.DBAPIError) and error.connection_invalidated


PING_AFTER = 2.0  #: seconds a pooled PostgreSQL connection may rest before it is tested


def _ping_when_idle(engine: Engine) -> None:
    """Test a pooled connection before it is used, as ``pool_pre_ping`` does, but only one that
    has rested :data:`PING_AFTER` seconds or more: a page that looks every second takes a
    connection many times a second, and a round trip for each look cost a tenth of a busy
    server's time. A database that went away is found on the first use of a rested
    connection (the pool then tries a fresh one, three times); one that went away and came back
    within the last two seconds is found by the statement itself, whose failure invalidates
    the pool (:class:`Unavailable` for that one page run)."""

    @event.listens_for(engine, "checkout")
    def _ping(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        now = time.monotonic()
        if now - record.info.get("used", float("-inf")) >= PING_AFTER:
            try:
                engine.dialect.do_ping(dbapi_connection)  # pool_pre_ping's own test
            except Exception as error:
                raise exc.DisconnectionError() from error
        record.info["used"] = now

    @event.listens_for(engine, "checkin")
    def _rested(_dbapi_connection: Any, record: Any) -> None:
        if record is not None:
            record.info["used"] = time.monotonic()


class Database:
    """One database: its engine, read and write sessions, and its schema.

    ``read()`` and ``write()`` are context managers yielding a :class:`Session` in a
    transaction (``write`` commits at the end, both roll back on an error). The first of them
    brings the schema to the newest migration (once per process; after a failure, again on
    the next call). Unreachable or locked: :class:`Unavailable`.
    """

    def __init__(self, url: str | URL) -> None:
        self.url = normalize_url(url)
        self.dialect = self.url.get_backend_name()
        self.engine = self._create_engine()
        self._reader = sessionmaker(self.engine, expire_on_commit=False)
        self._writer = sessionmaker(
            self.engine.execution_options(geoplunge_write=True), expire_on_commit=False
        )
        self._ready = False
        self._lock = threading.Lock()
        self._writers = threading.Lock() if self.dialect == "sqlite" else None
        self._timeout = float(dict(self.url.query).get("timeout", SQLITE_TIMEOUT))
        self.changes = changes.hub(self.url)
        self._tell_changes()

    def _create_engine(self) -> Engine:
        query = dict(self.url.query)
        if self.dialect == "sqlite":
            path = self.url.database
            if path and path != ":memory:" and not path.startswith("file:"):
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            args = {} if "timeout" in query else {"timeout": SQLITE_TIMEOUT}
            engine = sa.create_engine(self.url, connect_args=args)
            _sqlite_setup(engine)
            return engine
        args = {} if "connect_timeout" in query else {"connect_timeout": PG_CONNECT_TIMEOUT}
        engine = sa.create_engine(self.url, connect_args=args)
        _ping_when_idle(engine)
        return engine

    def ready(self) -> None:
        """Bring the schema to the newest migration, once per process."""
        if self._ready:
            return
        with self._lock:
            if self._ready:
                return
            from store.schema import upgrade

            try:
                upgrade(self.engine)
            except exc.DBAPIError as error:
                if _is_unavailable(error):
                    raise Unavailable(str(error.orig or error)) from error
                raise
            self._ready = True

    @contextmanager
    def read(self) -> Iterator[Session]:
        """A session for reading (SQLite: a plain deferred transaction)."""
        with self._session(self._reader) as session:
            yield session

    @contextmanager
    def write(self) -> Iterator[Session]:
        """A session for writing, committed when the block ends without an error."""
        if self._writers is None:
            with self._session(self._writer) as session:
                yield session
            return
        if not self._writers.acquire(timeout=self._timeout):
            raise Unavailable("another writer of this server held the database too long")
        try:
            with self._session(self._writer) as session:
                yield session
        finally:
            self._writers.release()

    @contextmanager
    def _session(self, factory: sessionmaker) -> Iterator[Session]:
        self.ready()
        try:
            with factory() as session, session.begin():
                yield session
        except exc.DBAPIError as error:
            if _is_unavailable(error):
                raise Unavailable(str(error.orig or error)) from error
            raise

    def _tell_changes(self) -> None:
        """Tell the topics a write marked (:func:`store.changes.mark`) once it commits: on
        PostgreSQL by a ``NOTIFY`` in the transaction (every server hears it on commit), on
        SQLite to this process's hub after the commit."""

        def notify(session: Session) -> None:
            if topics := changes.marked(session):
                payload = " ".join(sorted(topics))
                session.execute(sa.select(sa.func.pg_notify(changes.CHANNEL, payload)))

        def publish(session: Session) -> None:
            if topics := changes.marked(session):
                self.changes.publish(topics)

        if self.dialect == "postgresql":
            event.listen(self._writer, "before_commit", notify)
        else:
            event.listen(self._writer, "after_commit", publish)
        event.listen(self._writer, "after_rollback", changes.marked)

    def dispose(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()


def _sqlite_setup(engine: Engine) -> None:
    """WAL, foreign keys, and transactions begun by us: ``BEGIN IMMEDIATE`` for writers."""

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # the driver must not begin on its own
        cursor = dbapi_connection.cursor()
        _enter_wal(cursor)
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: sa.Connection) -> None:
        write = connection.get_execution_options().get("geoplunge_write")
        connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


def _enter_wal(cursor: Any, patience: float = 60.0) -> None:
    """Switch the file to WAL. The switch needs the file to itself, and SQLite may refuse it at
    once (no busy wait) while another server creates or migrates the same new file, so a refusal
    is retried for ``patience`` seconds. A file already in WAL answers at once."""
    deadline = time.monotonic() + patience
    while True:
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def _insert(session: Session, table: sa.Table, rows: Any) -> Any:
    """The dialect's ``INSERT`` of ``rows``, which takes an ``ON CONFLICT`` clause."""
    dialect = session.get_bind().dialect.name
    if dialect == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
    else:
        from sqlalchemy.dialects.sqlite import insert
    return insert(table).values(rows)


def insert_new(
    session: Session, table: sa.Table, rows: Sequence[Mapping[str, Any]], keys: Sequence[str]
) -> int:
    """Insert ``rows`` into ``table``, skipping each whose ``keys`` columns already hold a row
    (a unique constraint on them); returns how many were inserted. This is how a retried or a
    racing write stays single: the database, not this process, decides."""
    if not rows:
        return 0
    statement = (
        _insert(session, table, list(rows))
        .on_conflict_do_nothing(index_elements=keys)
        .returning(*(table.c[k] for k in keys))
    )
    return len(session.execute(statement).all())


def insert_once(session: Session, table: sa.Table, row: Mapping[str, Any]) -> int | None:
    """Insert ``row`` unless one of the table's unique keys already holds a row with its
    values; the new row's ``id``, or ``None`` when nothing was inserted. Two sessions racing
    with the same unique value get one row: the second finds the first (look it up)."""
    statement = _insert(session, table, dict(row)).on_conflict_do_nothing().returning(table.c.id)
    return session.execute(statement).scalar()


def upsert(session: Session, table: sa.Table, row: Mapping[str, Any], keys: Sequence[str]) -> None:
    """Insert ``row``, or update the row its unique ``keys`` already name with its other values
    (one statement: two racing writers leave one row, the last one's)."""
    statement = _insert(session, table, dict(row))
    others = {k: statement.excluded[k] for k in row if k not in keys}
    session.execute(statement.on_conflict_do_update(index_elements=keys, set_=others))


_databases: dict[str, Database] = {}
_databases_lock = threading.Lock()


def database(url: str | URL) -> Database:
    """The process's :class:`Database` for ``url`` (created on first use)."""
    key = normalize_url(url).render_as_string(hide_password=False)
    with _databases_lock:
        if key not in _databases:
            _databases[key] = Database(key)
        return _databases[key]


def forget(url: str | URL) -> None:
    """Dispose of the process's :class:`Database` for ``url``, if any (tests drop databases)."""
    key = normalize_url(url).render_as_string(hide_password=False)
    with _databases_lock:
        db = _databases.pop(key, None)
    if db is not None:
        changes.forget(db.url)
        db.dispose()
