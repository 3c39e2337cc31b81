"""The developers' command for the schema: ``python -m store.migrate current|upgrade|revision``.

It works on the app's database (``GEOPLUNGE_DATABASE_URL``, else the SQLite file; ``--url``
names another one)::

    python -m store.migrate upgrade              # bring it to the newest migration
    python -m store.migrate current              # the revision it is at ("empty")
    python -m store.migrate revision -m "shared game tables"   # the next one, from the models

This module joins the two halves: ``store.db`` (where the database is) and ``store.schema``
(the schema's history, which ``store.db`` upgrades on first use); neither imports it.
"""

from __future__ import annotations

import argparse

from store import schema
from store.db import Database, database_url


def main(argv: list[str] | None = None) -> None:
    """Run the command with ``argv`` (default: the process's arguments)."""
    parser = argparse.ArgumentParser(prog="python -m store.migrate", description=__doc__)
    parser.add_argument("action", choices=("upgrade", "current", "revision"))
    parser.add_argument("-m", "--message", default="")
    parser.add_argument("--url", help="default: GEOPLUNGE_DATABASE_URL, else the SQLite file")
    args = parser.parse_args(argv)
    db = Database(args.url or database_url().url)
    if args.action == "upgrade":
        schema.upgrade(db.engine)
        print(f"at {schema.current(db.engine)}")
    elif args.action == "current":
        print(schema.current(db.engine) or "empty")
    else:
        schema.revision(db.engine, args.message)


if __name__ == "__main__":
    main()
