"""The game pages' HTML that needs no Streamlit: the styles of the status bar and the table
slots, and the status bar itself; the pages and the notebook's game widget draw the same."""

from __future__ import annotations

from html import escape

from ui.games.words import Chips
from ui.links import plain

TABLE_CSS = """
<style>
.gp-status {display:flex; flex-wrap:wrap; gap:.35rem .5rem; margin:.1rem 0 .4rem;}
.gp-chip {border:1px solid #d0d0d0; border-radius:1rem; padding:.1rem .65rem; font-size:.9rem;
  background:#fafafa; color:#222; white-space:nowrap;}
.gp-chip b {font-weight:700;}
.gp-chip.hot {background:#0072B2; border-color:#0072B2; color:#fff;}
.gp-slot {border:2px dashed #b8b8b8; border-radius:.6rem; min-width:9.5rem; max-width:13rem;
  flex:1 1 9.5rem; padding:.6rem; color:#555; background:#f6f6f6; font-size:.92rem;}
.gp-slot b {color:#222;}
.gp-card.pick {outline:3px solid #0072B2; outline-offset:1px;}
.gp-card {box-sizing:border-box;}
/* A dimmed card's button never opens its tooltip (its reason is written on the tile): the
   buttons are updated in place, so a tooltip opened before a rerun could stay over a playable
   card. */
[class*="_box_"] .stTooltipHoverTarget:has(button:disabled) {pointer-events:none;}
/* On a phone the columns stand one under the other: an empty one (Border Attack's side column
   before there is a last trick to show) would still leave a gap under the one above it. */
@media (max-width: 640px) {
  [data-testid="stColumn"]:not(:has([data-testid="stElementContainer"])) {display:none;}
}
</style>
"""


def status_html(chips: Chips, hot: int | None = None) -> str:
    """A wrapping row of "label value" chips (``hot`` marks one, e.g. whose turn it is)."""
    parts = []
    for i, (label, value) in enumerate(chips):
        cls = "gp-chip hot" if i == hot else "gp-chip"
        label, value = escape(plain(label)), escape(plain(value))  # names come escaped
        parts.append(f"<span class='{cls}'>{label} <b>{value}</b></span>")
    return f"<div class='gp-status'>{''.join(parts)}</div>"
