"""The app's words as HTML for the notebook widgets.

The drill and game pages write their text as Streamlit Markdown: ``**bold**``, ``*italic*``,
text made safe with backslashes (``ui.links.md``), lists ("- " and "1. "), paragraphs, and
Streamlit's own marks (``:material/…:`` icons, ``:small[…]``, ``:orange-badge[…]``). The
widgets show the very same strings, turned into HTML here: everything is escaped first, so a
student's typed answer never becomes markup.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import escape

_ICON = re.compile(r" ?:material/([a-z_]+): ?")
_ICONS = {"check": " ✓", "close": " ✗"}  #: the icons that carry meaning in a line
_MARK = re.compile(r":(?:small|[a-z]+-badge|[a-z]+-background|[a-z]+)\[([^\]]*)\]")
_ESCAPED = re.compile(r"\\([\\`*_\[\]<>#$~|])")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")
_LIST = re.compile(r"^\s*(?:[-*]|\d+\.)\s+")


def inline(text: str) -> str:
    """One line of Markdown as HTML: bold, italic, backslash escapes, a line break ("  " at
    the end of a line); icons dropped."""
    text = _MARK.sub(r"\1", _ICON.sub(lambda m: _ICONS.get(m.group(1), " "), text)).strip()
    kept: list[str] = []

    def keep(match: re.Match[str]) -> str:
        kept.append(match.group(1))
        return f"\x00{len(kept) - 1}\x00"

    text = escape(_ESCAPED.sub(keep, text.replace("  \n", "\x01")), quote=False)
    text = _BOLD.sub(r"<b>\1</b>", text)
    text = _ITALIC.sub(r"<i>\1</i>", text)
    text = re.sub(r"  $", "<br>", text).replace("\x01", "<br>")
    return re.sub(r"\x00(\d+)\x00", lambda m: escape(kept[int(m.group(1))]), text)


def block(markdown: str) -> str:
    """Markdown paragraphs and lists as HTML (a list item may go on in an indented or
    "  "-broken line)."""
    out: list[str] = []
    for part in re.split(r"\n\s*\n", markdown.strip()):
        lines = part.split("\n")
        if lines and _LIST.match(lines[0]):
            tag = "ol" if re.match(r"^\s*\d+\.", lines[0]) else "ul"
            items: list[str] = []
            for line in lines:
                if _LIST.match(line):
                    items.append(inline(_LIST.sub("", line)))
                elif items:
                    items[-1] += " " + inline(line.strip())
            out.append(f"<{tag}>" + "".join(f"<li>{i}</li>" for i in items) + f"</{tag}>")
        elif part.strip():
            out.append("<p>" + " ".join(inline(line) for line in lines) + "</p>")
    return "".join(out)


def items(lines: Iterable[str], *, numbered: bool = False) -> str:
    """Lines of Markdown as an HTML list (nothing when empty)."""
    rows = "".join(f"<li>{inline(line)}</li>" for line in lines)
    if not rows:
        return ""
    tag = "ol" if numbered else "ul"
    return f"<{tag}>{rows}</{tag}>"
