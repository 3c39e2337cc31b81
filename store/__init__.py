"""Persistence: the one package that talks SQL (SQLAlchemy 2, Alembic migrations).

* ``store.db``: where the database is, one :class:`~store.db.Database` per process and URL,
  read and write sessions, :class:`~store.db.Unavailable`, ``insert_new`` (write once);
* ``store.migrate``: the schema's history, upgraded on first use, safe with several servers;
* ``store.models``: the tables;
* ``store.classroom``, ``store.outbox``, ``store.report``: class assignments, the answers that
  wait while the database is away, and what the class did.

No web framework is imported here: pages pass in what they know (``st.secrets``).
"""
