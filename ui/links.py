"""Links into the app and text made safe for Markdown: what drills, games and teacher pages
share when they print an address or echo what someone typed.

A link carries its seed (a quiz's questions, a game's deal), so the same link always gives the
same quiz or deal; fresh seeds stay below ``SEED_LIMIT`` so links stay short.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping
from urllib.parse import urlencode

from messages import LANGUAGES, language

SEED_LIMIT = 1_000_000  #: fresh seeds are drawn below this, so links stay short
LANG_PARAM = "lang"  #: the URL parameter of a page's language (:mod:`ui.language`)


def fresh_seed() -> int:
    """A new random seed for a quiz or a deal nobody asked a seed for."""
    return secrets.randbelow(SEED_LIMIT)


def app_link(url_path: str, params: Mapping[str, str], base: str | None = None) -> str:
    """The link to a page with these query parameters: ``base/url_path?…`` or, without a base,
    the relative ``url_path?…`` (which works from any page of the app). The link carries the
    reader's language (``lang=es``) when it is not English and ``params`` names none."""
    params = dict(params)
    if LANG_PARAM not in params and language() != LANGUAGES[0]:
        params[LANG_PARAM] = language()
    query = urlencode(params, safe=",")
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


#: what starts Markdown anywhere in a line: emphasis, code, links and images, HTML, headings,
#: LaTeX, strike-through, tables, an HTML entity (``&`` before a name or ``#``)
_MD_MARKUP = re.compile(r"([\\`*_\[\]<>#$~|]|&(?=[#A-Za-z]))")
#: what starts a list or a quote at the start of a line: ``- ``, ``+ ``, ``1. ``, ``1) ``
_MD_LINE_START = re.compile(r"^(\s*(?:[-+]|\d+[.)]))")
#: what Streamlit and GitHub's Markdown find in the text after the escapes are read, so that
#: only a character in between breaks them: Streamlit's ``:red[…]``, ``:material/…:`` and
#: ``:smile:`` (a colon before a non-space) and bare links (``http://``, ``www.``, ``a@b.co``)
_FOUND_IN_TEXT = re.compile(r"(?<=:)(?=\S)|(?<=@)(?=\w)|(?<=www)(?=\.)", re.IGNORECASE)
WORD_JOINER = "\u2060"  #: draws nothing and joins, so the text reads and wraps as typed


def md(text: str) -> str:
    """Text someone typed (a name, a title) drawn as itself in Streamlit's Markdown: in
    ``st.markdown``, a heading, a widget's label, a ``help`` tooltip, an alert.

    Every character that could start markup is backslash-escaped (so no image, link, HTML,
    emphasis, LaTeX or list is made of it), and an invisible word joiner breaks what is found
    in the text whatever its escapes: a colour, an icon, an emoji short code and the bare links
    made of ``http://``, ``www.`` and an e-mail address. Other punctuation (``' ? . , ( ) :``
    before a space) is left as typed."""
    text = _MD_MARKUP.sub(r"\\\1", _FOUND_IN_TEXT.sub(WORD_JOINER, text))
    return _MD_LINE_START.sub(lambda m: m[1][:-1] + "\\" + m[1][-1], text)


_MD_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")


def plain(text: str) -> str:
    """Text made by :func:`md` (or Markdown holding it) read back as typed, for a place that
    is not Markdown: HTML drawn with ``st.html`` (escape it there), a map's hover note. The
    backslash escapes are read and the word joiners dropped."""
    return _MD_ESCAPE.sub(r"\1", text).replace(WORD_JOINER, "")
