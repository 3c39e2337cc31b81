"""The reader's language, per session: chosen once at the top of every run, before any word is
drawn.

The language of a run is, in this order:

1. the link's ``?lang=`` (a teacher's link in Spanish opens in Spanish), when it names a
   language offered (:data:`messages.LANGUAGES`, or the tests' pseudo-locale);
2. the one the reader chose in the sidebar's switch, or that an earlier link gave this
   session (kept in the session's state);
3. the browser's language (``st.context.locale``, "es-MX" → "es"; then its
   ``Accept-Language`` header), when it is offered;
4. English.

A link that names a language not offered is read as if it named none, and the page says so in
the reader's language. Once chosen (by a link or the switch) the language stays in the page's
address (``?lang=es``), so a reload, a bookmark or a copied address keeps it, and
:func:`ui.links.app_link` carries it into every link the app makes. The page's
``<html lang>`` follows it, for screen readers and the browser's own translation offer."""

from __future__ import annotations

import streamlit as st
from babel import Locale

from messages import LANGUAGES, PSEUDO, _, use
from ui.links import LANG_PARAM as QUERY

_KEY = "language"  #: the session's chosen language, in ``st.session_state``
_SWITCH = "language_switch"  #: the sidebar switch's widget key
_ASKED = "language_asked"  #: a language a link asked for that is not offered


def own_name(lang: str) -> str:
    """A language named in itself, as a switch lists it: "English", "Español"."""
    name = Locale.parse(lang).get_display_name(lang) or lang
    return name[:1].upper() + name[1:]


def _offered(lang: object) -> str | None:
    """``lang`` if it is a language the app speaks (its first part: "es-MX" is "es")."""
    if not isinstance(lang, str) or not lang.strip():
        return None
    code = lang.strip().replace("_", "-").split("-")[0].lower()
    return code if code in LANGUAGES or code == PSEUDO else None


def _browser_language() -> str | None:
    """The first of the browser's languages the app speaks, if any."""
    try:
        locale = st.context.locale
        header = st.context.headers.get("Accept-Language") or ""
    except (AttributeError, RuntimeError):
        return None
    for candidate in [locale, *(part.split(";")[0] for part in header.split(","))]:
        if found := _offered(candidate):
            return found
    return None


def choose_language() -> str:
    """Decide the run's language (see the module's rules), make it current
    (:func:`messages.use`) and return it. The router calls it first thing in every run."""
    asked = st.query_params.get(QUERY)
    if asked is not None:
        if found := _offered(asked):
            st.session_state[_KEY] = found
            st.session_state.pop(_ASKED, None)
        else:
            st.session_state[_ASKED] = asked
            del st.query_params[QUERY]
    lang = st.session_state.get(_KEY) or _browser_language() or LANGUAGES[0]
    use(lang)
    if _KEY in st.session_state and st.query_params.get(QUERY) != lang:
        st.query_params[QUERY] = lang
    return lang


def _switched() -> None:
    lang = st.session_state[_SWITCH]
    st.session_state[_KEY] = lang
    st.query_params[QUERY] = lang


def language_switch() -> None:
    """The sidebar's language switch: every language offered, each named in itself; a choice
    keeps to the session and its address. Then the note on a link's unknown language, if any."""
    current = st.session_state.get(_KEY) or _browser_language() or LANGUAGES[0]
    options = list(LANGUAGES)
    st.session_state[_SWITCH] = current if current in options else options[0]
    st.selectbox(
        "🌐 " + _("Language"),
        options,
        format_func=own_name,
        key=_SWITCH,
        on_change=_switched,
    )
    if asked := st.session_state.get(_ASKED):
        st.caption(
            _(
                "The link asked for the language “{asked}”, which GeoPlunge does not speak yet."
            ).format(asked=str(asked)[:20])
        )


def mark_page_language(lang: str) -> None:
    """Set the page's ``<html lang>`` and ``dir`` to ``lang``'s (the pseudo-locale's are
    English's), so screen readers speak it and the browser does not offer to translate a page
    already in its reader's language."""
    tag = LANGUAGES[0] if lang == PSEUDO else lang
    direction = "rtl" if Locale.parse(tag).character_order == "right-to-left" else "ltr"
    st.html(
        f"<script>document.documentElement.lang = {tag!r};"
        f"document.documentElement.dir = {direction!r};</script>",
        unsafe_allow_javascript=True,
    )
