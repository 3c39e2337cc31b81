"""The progress link (``/progress?code=…&token=…``), its QR code and a card to print, and
reading a link (or a code and token) someone pasted or typed."""

from __future__ import annotations

from html import escape
from urllib.parse import parse_qs, urlparse

import streamlit as st

from messages import _
from messages.catalogue import formats_locale
from ui.links import app_base_url, app_link
from ui.nav import MENU
from ui.qr import qr_svg, show_qr

URL_PATH = "progress"
CODE, TOKEN = "code", "token"  #: the page's URL parameters


def app_base() -> str | None:
    """The app's address as the browser sees it, from whichever page of the menu is open
    (``None`` where it is not known: tests)."""
    url = app_base_url("")  # the page's own address
    if url is None:
        return None
    for entry in MENU:
        if url.endswith("/" + entry.url_path):
            return url.removesuffix("/" + entry.url_path)
    return url


def progress_link(code: str, token: str, base: str | None = None) -> str:
    """The link that opens a progress: ``/progress?code=…&token=…``."""
    return app_link(URL_PATH, {CODE: code, TOKEN: token}, base)


def read_link(text: object) -> tuple[str, str]:
    """(code, token) from a pasted progress link, or from a code and a token typed with a
    space between; ``("", "")`` parts when missing."""
    raw = str(text or "").strip()
    if "token=" in raw or "code=" in raw:
        query = parse_qs(urlparse(raw if "?" in raw else "?" + raw).query)
        return (query.get(CODE, [""])[-1].strip(), query.get(TOKEN, [""])[-1].strip())
    parts = raw.split()
    return (parts[0] if parts else "", parts[1] if len(parts) > 1 else "")


def card_html(code: str, link: str) -> str:
    """A page to print, in the reader's language: the progress code, its link and QR code, and
    what to do with them."""
    title = _("GeoPlunge progress {code}").format(code=code)
    heading = _("My GeoPlunge progress")
    said = escape(_("Progress code {code}")).format(code=f"<strong>{escape(code)}</strong>")
    advice = _(
        "Scan the code or open the link on any device to come back to what you know. Keep it "
        "to yourself: whoever has the link can practise as you."
    )
    return (
        f"<!doctype html><html lang='{formats_locale()}'><meta charset='utf-8'>"
        f"<title>{escape(title)}</title>"
        "<body style='font-family:sans-serif;max-width:32rem;margin:2rem auto'>"
        f"<h1>{escape(heading)}</h1>"
        f"<p>{said}</p>{qr_svg(link)}"
        f"<p style='word-break:break-all'>{escape(link)}</p>"
        f"<p>{escape(advice)}</p></body></html>"
    )


def show_progress_link(code: str, token: str, key: str) -> None:
    """The progress link, its QR code, and downloads of both (``key`` names the widgets)."""
    base = app_base()
    link = progress_link(code, token, base)
    st.markdown(_("Progress code **{code}** · your link (keep it to yourself):").format(code=code))
    st.code(link, language=None, wrap_lines=True)
    if "://" not in link:
        return
    show_qr(link, _("Scan it with a phone to open your progress there."),
            f"geoplunge-progress-{code}", f"{key}_qr")  # fmt: skip
    st.download_button(
        _("Download a card to print"),
        card_html(code, link),
        file_name=f"geoplunge-progress-{code}.html",
        mime="text/html",
        on_click="ignore",
        icon=":material/print:",
        key=f"{key}_card",
    )
