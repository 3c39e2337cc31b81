"""GeoPlunge cards drawn as small HTML tiles: a band in the Zone's colour, the name, the
capital, the three ranks and the number of border states, in the reader's language (the
capital as written)."""

from __future__ import annotations

from html import escape

from engine.cards import Card
from messages import ngettext, number, ordinal
from ui.games.wording import category_label, zone_name
from ui.links import plain
from ui.map_data import ROLES
from ui.state_names import state_name

CARD_CSS = """
<style>
.gp-hand {display:flex; flex-wrap:wrap; gap:.5rem;}
.gp-card {border:1px solid #c8c8c8; border-radius:.6rem; background:#fff; color:#222;
  min-width:9.5rem; max-width:13rem; flex:1 1 9.5rem; overflow:hidden; font-size:.92rem;
  box-shadow:0 1px 2px rgba(0,0,0,.08);}
/* The header is two lines on every card, the name and the Zone, each kept to one line (the
   longest names fit; a narrower tile cuts the name with an ellipsis, and its title has it
   whole): a long name never wraps, so the tiles of a row start their bodies level. */
.gp-card .band {padding:.35rem .6rem; color:#fff; font-weight:700; font-size:1.02rem;}
.gp-card .band > span, .gp-card .band small {display:block; white-space:nowrap;
  overflow:hidden; text-overflow:ellipsis;}
.gp-card .band small {font-weight:400;}
.gp-card .body {padding:.35rem .6rem .45rem;}
.gp-card table {width:100%; border-collapse:collapse; margin-top:.2rem;}
.gp-card td {padding:0 .1rem; border:0;}
.gp-card td.r {text-align:right; font-weight:600;}
/* A card that cannot be chosen now: grey and dashed, its text still at full contrast (its
   reason is written on it). */
.gp-card.dim {filter:grayscale(1); border-style:dashed; background:#f3f3f3; box-shadow:none;}
</style>
"""


def zone_color(zone: str) -> str:
    """The colour of a Zone's band (the same colour the zone map uses)."""
    return ROLES[zone].color


def _luminance(hex_color: str) -> float:
    """The relative luminance of an sRGB colour "#RRGGBB" (WCAG 2)."""
    channels = [int(hex_color[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours "#RRGGBB" (1 to 21)."""
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def band_text_color(zone: str) -> str:
    """White or near-black, whichever reads better on the Zone's band (WCAG contrast)."""
    background = zone_color(zone)
    return max(("#ffffff", "#111111"), key=lambda text: contrast(text, background))


def card_html(card: Card, *, caption: str = "", dim: bool = False, outlined: bool = False) -> str:
    """One card as HTML (use with ``st.html`` together with ``CARD_CSS``); ``dim``: it cannot
    be chosen now; ``outlined``: the one a hint recommends, or the winner of a trick (the
    ``pick`` class: a game page's styles draw its outline)."""
    band_text = band_text_color(card.zone)
    rows = "".join(
        f"<tr><td>{category_label(category)}</td><td class='r'>{ordinal(rank)}</td></tr>"
        for category, rank in (
            ("size", card.size_rank),
            ("statehood", card.statehood_rank),
            ("population", card.population_rank),
        )
    )
    name = state_name(card.usps)
    borders = len(card.borders)
    border_text = ngettext("{n} border state", "{n} border states", borders).format(
        n=number(borders)
    )
    extra = f"<div><em>{escape(plain(caption))}</em></div>" if caption else ""
    # A dimmed card has no hover title: a tooltip must never cover a playable card next to it.
    title = "" if dim else f" title='{escape(name)}'"
    return (
        f"<div class='gp-card{' pick' if outlined else ''}{' dim' if dim else ''}'{title}>"
        f"<div class='band' style='background:{zone_color(card.zone)};color:{band_text}'>"
        f"<span>{escape(name)}</span><small>{zone_name(card.zone)}</small></div>"
        f"<div class='body'>★ {escape(card.capital)}<table>{rows}</table>"
        f"<div>{border_text}</div>"
        f"{extra}</div></div>"
    )


def hand_html(cards: list[Card], captions: dict[str, str] | None = None) -> str:
    """A row of cards that wraps on a narrow screen."""
    captions = captions or {}
    tiles = "".join(card_html(c, caption=captions.get(c.usps, "")) for c in cards)
    return CARD_CSS + f"<div class='gp-hand'>{tiles}</div>"
