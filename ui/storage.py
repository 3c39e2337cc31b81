"""The app's database as pages reach it: its URL from the environment, the app's secrets or
the built-in SQLite file (``store.db.database_url``), one ``store.db.Database`` per server
process, and a sentence saying where the data goes (in the reader's language)."""

from __future__ import annotations

from typing import Any

import streamlit as st

from messages import N_, _
from store.db import SECRETS_SECTION, Database, Location, database, database_url

#: said when the database does not answer: marked, translated where it is shown
#: (:func:`unavailable`, or ``_(UNAVAILABLE)``), so a page may keep it before its run's language
UNAVAILABLE = N_("The class database is not answering right now. Try again in a moment.")


def unavailable() -> str:
    """:data:`UNAVAILABLE` in the reader's language."""
    return _(UNAVAILABLE)


def _secrets() -> dict[str, Any]:
    """``[connections.geoplunge]`` of the app's secrets, if there are any."""
    try:
        section = st.secrets["connections"][SECRETS_SECTION]
    except Exception:  # no secrets file, or no such section: both mean "not configured"
        return {}
    return {"connections": {SECRETS_SECTION: dict(section)}}


def location() -> Location:
    return database_url(_secrets())


def app_database() -> Database:
    """The database of this app (created, and migrated, on first use in the process)."""
    return database(location().url)


def storage_note() -> str:
    """Where class results are being stored, for the Teacher pages (Markdown)."""
    where = location()
    if where.describe() == "PostgreSQL":
        return _("Class results are stored in PostgreSQL.")
    text = _("Class results are stored in a SQLite file on this server.")
    if where.url.startswith("sqlite") and where.source == "default":
        text += " " + _(
            "On Streamlit Community Cloud that file is lost whenever the app restarts: for a "
            "class there, put a hosted PostgreSQL URL under `[connections.{section}]` in the "
            "app's secrets."
        ).format(section=SECRETS_SECTION)
    return text
