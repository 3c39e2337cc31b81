"""Every CSV file the app offers is written by :func:`csv_text`, so that no cell of one can
run as a formula when a spreadsheet opens it (OWASP's "CSV injection").

The rule, for every cell of every row, the header included (:func:`safe_cell`): a number stays
a number; any other value is written as text, and text that begins with ``=``, ``+``, ``-``,
``@``, a tab or a carriage return (what Excel, LibreOffice and Google Sheets read as the start
of a formula) gets a ``'`` in front, which spreadsheets read as "this cell is text". A name
typed as ``=1+1`` is written ``'=1+1``.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

FORMULA_START: tuple[str, ...] = ("=", "+", "-", "@", "\t", "\r")
BYTE_ORDER_MARK = "\ufeff"


def safe_cell(value: object) -> object:
    """``value`` as a spreadsheet should read it: an ``int`` or a ``float`` as it is (a
    negative number is a number, not a formula), ``None`` as an empty cell, anything else as
    text with a ``'`` in front when it begins with one of :data:`FORMULA_START`."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_START) else text


def csv_text(rows: Iterable[Iterable[object]], *, mark: bool = False) -> str:
    """``rows`` (the header first) as CSV text, every cell made safe by :func:`safe_cell`;
    with a leading byte-order mark when ``mark`` (so that Excel reads the file as UTF-8 and
    shows names of any script as typed)."""
    out = io.StringIO()
    if mark:
        out.write(BYTE_ORDER_MARK)
    writer = csv.writer(out)  # rows end in CR LF (RFC 4180), so a cell holding a CR is quoted
    writer.writerows([safe_cell(cell) for cell in row] for row in rows)
    return out.getvalue()
