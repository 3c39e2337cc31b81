"""The links of a class assignment: the student link (``/class?code=…``) with its QR code, for
the board, and the private teacher link (``/results?key=…``); and the language a link is in.

A link the teacher gives out (a practice link, a student link) carries the language the teacher
chose for it (``lang=es``, :func:`in_language`), so it opens in that language whatever the
student's browser speaks."""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlencode

import streamlit as st

from messages import LANGUAGES, PSEUDO, _, language
from ui.classroom.student import CODE, URL_PATH
from ui.language import own_name
from ui.links import LANG_PARAM, app_link
from ui.qr import show_code, show_qr

RESULTS_PATH = "results"
KEY_PARAM = "key"
CLASSROOM_SHARE = "https://classroom.google.com/share"  #: Google Classroom's share address


def in_language(params: Mapping[str, str], lang: str | None) -> dict[str, str]:
    """A link's parameters with its language ``lang`` (``None``: the reader's, as every link of
    the app). An English link made in English stays as links always were, with no ``lang``
    (``ui.links.app_link`` adds the reader's language to a link that names none)."""
    lang = lang or language()
    if lang == LANGUAGES[0] and language() == LANGUAGES[0]:
        return dict(params)
    return {**params, LANG_PARAM: lang}


def choose_language(key: str, help: str) -> str:
    """The teacher's choice of a link's (or a worksheet's) language: every language offered,
    each named in itself ("English", "Español"), the teacher's own first chosen (the
    pseudo-locale too, for a session already in it: the tests' sweep)."""
    options = list(LANGUAGES) + ([PSEUDO] if language() == PSEUDO else [])
    return st.selectbox(
        _("Language"),
        options,
        index=options.index(language()) if language() in options else 0,
        format_func=lambda lang: lang if lang == PSEUDO else own_name(lang),
        key=key,
        help=help,
    )


def student_link(code: str, base: str | None, lang: str | None = None) -> str:
    """The link students open: ``/class?code=…`` in the assignment's language ``lang`` (it holds
    nothing secret)."""
    return app_link(URL_PATH, in_language({CODE: code}, lang), base)


def teacher_link(key: str, base: str | None) -> str:
    """The private teacher link: ``/results?key=…``."""
    return app_link(RESULTS_PATH, {KEY_PARAM: key}, base)


def classroom_share_link(link: str, title: str = "") -> str:
    """Google Classroom's page that shares ``link`` to a class (as an assignment, a question,
    an announcement or a material, the teacher's choice there): the address its share button
    opens, with the button's ``url`` and ``title``, and no script of Google's on our page."""
    params = {"url": link} | ({"title": title} if title else {})
    return f"{CLASSROOM_SHARE}?{urlencode(params)}"


def share_to_classroom(link: str, title: str = "", key: str | None = None) -> None:
    """ "Share to Google Classroom": a plain link opening Classroom's share page in a new tab
    (only for a full link: Classroom cannot open a link that starts at the page)."""
    if "://" in link:
        st.link_button(
            _("Share to Google Classroom"),
            classroom_share_link(link, title),
            icon=":material/share:",
            help=_("Opens Google Classroom in a new tab, where you choose the class."),
            key=key,
        )


def show_student_link(code: str, link: str, title: str = "") -> None:
    """The class code, the student link, "Share to Google Classroom" and (for a full link) its
    QR code and download."""
    st.markdown(_("Class code:"))
    show_code(code)
    st.markdown(_("Student link:"))
    st.code(link, language=None, wrap_lines=True)
    share_to_classroom(link, title, key=f"share_{code}")
    if "://" in link:
        scan = _("Students can scan this with a phone.")
        show_qr(link, scan, f"geoplunge-{code}", f"qr_{code}")
