"""The links of a class assignment: the student link (``/class?code=…``) with its QR code, for
the board, and the private teacher link (``/results?key=…``)."""

from __future__ import annotations

import streamlit as st

from ui.classroom.student import CODE, URL_PATH
from ui.links import app_link
from ui.qr import qr_svg

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
        st.image(qr_svg(link), caption="Students can scan this with a phone.", width=220)
        st.download_button(
            "Download the QR code (SVG)",
            qr_svg(link),
            file_name=f"geoplunge-{code}.svg",
            mime="image/svg+xml",
            on_click="ignore",
            icon=":material/qr_code_2:",
            key=f"qr_{code}",
        )
