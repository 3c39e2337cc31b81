"""The links of a class assignment: the student link (``/class?code=…``) with its QR code, for
the board, and the private teacher link (``/results?key=…``)."""

from __future__ import annotations

import streamlit as st

from ui.classroom.student import CODE, URL_PATH
from ui.links import app_link
from ui.qr import show_qr

RESULTS_PATH = "results"
KEY_PARAM = "key"


def student_link(code: str, base: str | None) -> str:
    """The link students open: ``/class?code=…`` (it holds nothing secret)."""
    return app_link(URL_PATH, {CODE: code}, base)


def teacher_link(key: str, base: str | None) -> str:
    """The private teacher link: ``/results?key=…``."""
    return app_link(RESULTS_PATH, {KEY_PARAM: key}, base)


def show_student_link(code: str, link: str) -> None:
    """The class code, the student link and (for a full link) its QR code and download."""
    st.markdown(f"Class code: **{code}** · Student link:")
    st.code(link, language=None, wrap_lines=True)
    if "://" in link:
        show_qr(link, "Students can scan this with a phone.", f"geoplunge-{code}", f"qr_{code}")
