"""The links of a class assignment: the student link (``/class?code=…``) with its QR code, for
the board, and the private teacher link (``/results?key=…``)."""

from __future__ import annotations

from urllib.parse import urlencode

import streamlit as st

from ui.classroom.student import CODE, URL_PATH
from ui.links import app_link
from ui.qr import show_code, show_qr

RESULTS_PATH = "results"
KEY_PARAM = "key"
CLASSROOM_SHARE = "https://classroom.google.com/share"  #: Google Classroom's share address


def student_link(code: str, base: str | None) -> str:
    """The link students open: ``/class?code=…`` (it holds nothing secret)."""
    return app_link(URL_PATH, {CODE: code}, base)


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
            "Share to Google Classroom",
            classroom_share_link(link, title),
            icon=":material/share:",
            help="Opens Google Classroom in a new tab, where you choose the class.",
            key=key,
        )


def show_student_link(code: str, link: str, title: str = "") -> None:
    """The class code, the student link, "Share to Google Classroom" and (for a full link) its
    QR code and download."""
    st.markdown("Class code:")
    show_code(code)
    st.markdown("Student link:")
    st.code(link, language=None, wrap_lines=True)
    share_to_classroom(link, title, key=f"share_{code}")
    if "://" in link:
        show_qr(link, "Students can scan this with a phone.", f"geoplunge-{code}", f"qr_{code}")
