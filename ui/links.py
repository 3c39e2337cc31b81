"""Links into the app and text made safe for Markdown: what drills, games and teacher pages
share when they print an address or echo what someone typed.

A link carries its seed (a quiz's questions, a game's deal), so the same link always gives the
same quiz or deal; fresh seeds stay below ``SEED_LIMIT`` so links stay short.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from urllib.parse import urlencode

SEED_LIMIT = 1_000_000  #: fresh seeds are drawn below this, so links stay short


def fresh_seed() -> int:
    """A new random seed for a quiz or a deal nobody asked a seed for."""
    return secrets.randbelow(SEED_LIMIT)


def app_link(url_path: str, params: Mapping[str, str], base: str | None = None) -> str:
    """The link to a page with these query parameters: ``base/url_path?…`` or, without a base,
    the relative ``url_path?…`` (which works from any page of the app)."""
    query = urlencode(dict(params), safe=",")
    page = f"{url_path}?{query}" if query else url_path
    return f"{base.rstrip('/')}/{page}" if base else page


def app_base_url(url_path: str) -> str | None:
    """The app's address as the browser sees it (``st.context.url`` minus the current page's
    path), or ``None`` where it is not known (tests, old Streamlit). The one function here
    that asks Streamlit: the rest is pure, for the notebook widgets too."""
    import streamlit as st

    try:
        url = st.context.url
    except AttributeError:
        return None
    if not url:
        return None
    url = url.rstrip("/")
    return url.removesuffix("/" + url_path)


_MD_SPECIAL = str.maketrans({c: "\\" + c for c in "\\`*_[]<>#$~|"})


def md(text: str) -> str:
    """Text (possibly typed by a student) made safe inside Markdown."""
    return text.translate(_MD_SPECIAL)
