"""Team names from a file a teacher uploads: a plain list (one name a line) or a spreadsheet's
CSV, whose first column holds the names (any other columns are ignored). No Streamlit here.

The rules: the text is read as UTF-8 (a byte-order mark ignored), else as Windows-1252 (what
a spreadsheet saves on many school computers). It is a CSV when every one of its first lines
holds the same delimiter (a tab, a semicolon or a comma, tried in that order); otherwise each
line is a name, commas and all (a name in double quotes loses them). A quoted name keeps its
commas; blank names are skipped. (A name with a tab or a semicolon in a file can be read as
two cells: such a name is typed in the box instead.) A file that holds no text (a picture, a
workbook saved as .xlsx) gives ``None``: the page says to save it as CSV.
"""

from __future__ import annotations

import csv

MAX_BYTES = 200_000  #: a class list is far smaller; a bigger file is not a list of teams


def names_in(data: bytes) -> list[str] | None:
    """The names of ``data`` in order (see the module), or ``None`` when it is no text."""
    if len(data) > MAX_BYTES or b"\x00" in data:
        return None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")
    if any(ch in text for ch in "\ufffd\x1a"):
        return None
    lines = text.splitlines()
    sample = [line for line in lines[:20] if line.strip()]
    delimiter = next((d for d in ("\t", ";", ",") if sample and all(d in x for x in sample)), None)
    if delimiter is None:
        cells = [_unquoted(line.strip()) for line in lines]
    else:
        cells = [row[0].strip() if row else "" for row in csv.reader(lines, delimiter=delimiter)]
    return [cell for cell in cells if cell]


def _unquoted(cell: str) -> str:
    """A line in double quotes, as a CSV writes one: without them, ``""`` read as ``"``."""
    if len(cell) >= 2 and cell[0] == cell[-1] == '"':
        return cell[1:-1].replace('""', '"').strip()
    return cell
