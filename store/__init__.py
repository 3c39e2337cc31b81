"""Persistence: the one package that talks SQL (SQLAlchemy 2, Alembic migrations).

* ``store.db``: where the database is, one :class:`~store.db.Database` per process and URL,
  read and write sessions, :class:`~store.db.Unavailable`, ``insert_new`` and ``insert_once``
  (write once: a unique key decides), ``upsert``;
* ``store.schema``: the schema's history, upgraded on first use, safe with several servers;
  ``store.migrate``: the developers' command for it (``python -m store.migrate …``);
* ``store.models``: the tables;
* ``store.codes``: codes, keys and tokens and their hashes, and finding a row by its code;
  ``store.names``: the one cleaning of the names people type, and how two are compared;
* ``store.classroom``, ``store.outbox``, ``store.report``: class assignments, the answers (and
  the draft being picked) that wait while the database is away, and what the class did;
* ``store.tables``, ``store.actions``: shared game tables and their moves; ``store.live``:
  live class games;
* ``store.clock`` (the one clock, patched as ``store.clock.now_utc`` by tests),
  ``store.errors`` (``NotFound``, shared by every area's own) and ``store.seeds`` (the secret
  seeds).

No web framework is imported here: pages pass in what they know (``st.secrets``).
"""
