"""QR codes of links, to scan from a projected screen or a phone: inline SVG drawn by
``segno`` (a class's student link, a game table's link, a progress link), and the QR block
(the code and its download), and a join code in the type a room reads (:func:`show_code`)."""

from __future__ import annotations

from functools import lru_cache

import segno
import streamlit as st

from messages import _

#: a join code's type: the Live board's and the class code's on Assign's projected step
CODE_STYLE = (
    "font-size:min(10vw,17vh);font-weight:800;letter-spacing:.12em;line-height:1.1;"
    "margin:0 0 .1em;color:inherit"
)


def show_code(code: str, where: st.delta_generator.DeltaGenerator | None = None) -> None:
    """A join code (letters and digits the app made) in large type, read from the back of a
    room."""
    (where or st).markdown(f"<p style='{CODE_STYLE}'>{code}</p>", unsafe_allow_html=True)


def qr_svg(link: str) -> str:
    """The QR code of ``link`` as inline SVG (medium error correction, scannable from a
    projected screen), titled in the reader's language."""
    return _drawn(link, _("QR code of {link}").format(link=link))


@lru_cache(maxsize=512)
def _drawn(link: str, title: str) -> str:
    """Encoding a QR code takes segno 10 to 20 ms, and a page draws the same few codes on
    every rerun (a progress link under every quiz): each is encoded once per process."""
    return segno.make(link, error="m").svg_inline(scale=5, title=title, dark="#1F2933")


def show_qr(link: str, caption: str, name: str, key: str) -> None:
    """The QR code of ``link`` and a button to download it as ``<name>.svg``."""
    st.image(qr_svg(link), caption=caption, width=220)
    st.download_button(
        _("Download the QR code (SVG)"),
        qr_svg(link),
        file_name=f"{name}.svg",
        mime="image/svg+xml",
        on_click="ignore",
        icon=":material/qr_code_2:",
        key=key,
    )
