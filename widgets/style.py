"""The look of the notebook widgets: one ``<style>`` block (the app's card tiles,
``ui.cards.CARD_CSS``, and the boxes of feedback and hints; the game widget adds the game
pages' ``ui.games.widgets.TABLE_CSS``) and :func:`box`, a coloured box."""

from __future__ import annotations

from ui.cards import CARD_CSS

_OWN = """
<style>
.gpw-box {border-left:4px solid; border-radius:.3rem; padding:.45rem .7rem; margin:.35rem 0;
  color:#1f2933;}
.gpw-box.success {border-color:#009E73; background:#e8f6f0;}
.gpw-box.error {border-color:#D55E00; background:#fcebe2;}
.gpw-box.info {border-color:#0072B2; background:#e6f1f8;}
.gpw-box.warning {border-color:#E69F00; background:#fdf3e1;}
.gpw-box p {margin:.2rem 0;}
.gpw-caption {color:#52606d; font-size:.9rem; margin:.2rem 0;}
.gpw-status {margin:.2rem 0;}
.gpw-prompt {margin:.4rem 0 .2rem;}
.gpw-badge {background:#fdf3e1; color:#7a4b00; border-radius:.6rem; padding:0 .45rem;
  font-weight:600;}
.gpw-link {display:inline-block; padding:.3rem .6rem;}
</style>
"""

STYLE = CARD_CSS + _OWN
"""Put once at the top of a widget (an ``ipywidgets.HTML``)."""


def box(kind: str, html: str) -> str:
    """``html`` (already safe) in a box of ``kind``: "success", "error", "info" or "warning"
    (announced when it changes)."""
    return f"<div class='gpw-box {kind}' role='status'>{html}</div>"
