"""QR codes of links, to scan from a projected screen or a phone: inline SVG drawn by
``segno`` (a class's student link, a game table's link)."""

from __future__ import annotations

import segno


def qr_svg(link: str) -> str:
    """The QR code of ``link`` as inline SVG (medium error correction, scannable from a
    projected screen)."""
    return segno.make(link, error="m").svg_inline(
        scale=5, title=f"QR code of {link}", dark="#1F2933"
    )
