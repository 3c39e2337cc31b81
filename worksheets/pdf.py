"""Worksheets and keys as PDF, compiled by Typst in this process (the ``typst`` package: no
browser, no network; Typst's own fonts and those of :mod:`worksheets.fonts`).

Every PDF is PDF/UA-1 (``pdf_standards=["ua-1"]``): tagged, with a title and a language, and
Typst refuses to make one with an image that has no alternative text, so a map without words
cannot slip through. The document has no date and Typst reads no font but its own and those of
:mod:`worksheets.fonts` (used only for what its own cannot draw), so the same worksheet gives
the same bytes on every machine that can print its title.

Typst writes ``/MarkInfo<</Marked true/Suspects false>>``, as the PDF standard allows; poppler
(pdfinfo, pdftotext, and the viewers built on it: Evince, Okular) reads any ``/Suspects``
that is not ``true`` as "Suspects object is wrong type" and says so on every opening. The
entry is optional and ``false`` is its default (PDF 1.7, table 321; PDF/UA-1 only forbids
``true``), so :func:`_without_suspects` blanks it out with spaces of the same length: the
cross-reference offsets stay right and the document means the same.
"""

from __future__ import annotations

import typst

from worksheets.fonts import typeset
from worksheets.layout import Worksheet, inputs, template

MARK_INFO = b"/MarkInfo<</Marked true/Suspects false>>"
MARKED = b"/MarkInfo<</Marked true" + b" " * len(b"/Suspects false") + b">>"


class WorksheetError(RuntimeError):
    """Typst could not make the PDF; the message says why in words."""


def _without_suspects(pdf: bytes) -> bytes:
    """``pdf`` with its catalog's ``/Suspects false`` blanked out (see the module's text);
    unchanged unless the catalog's entry is there exactly once (a title typed as that entry
    is left alone)."""
    return pdf.replace(MARK_INFO, MARKED) if pdf.count(MARK_INFO) == 1 else pdf


def _compile(sheet: Worksheet, key: bool) -> bytes:
    try:
        pdf = typeset(template().encode("utf-8"), inputs(sheet, key=key))
    except typst.TypstError as error:
        what = "answer key" if key else "worksheet"
        raise WorksheetError(f"The {what} could not be typeset: {error}") from error
    return _without_suspects(pdf)


def worksheet_pdf(sheet: Worksheet) -> bytes:
    """The worksheet students fill in, as PDF bytes."""
    return _compile(sheet, key=False)


def key_pdf(sheet: Worksheet) -> bytes:
    """The worksheet's answer key, as PDF bytes."""
    return _compile(sheet, key=True)


NOTICE = b"""#set document(title: "GeoPlunge: no worksheet")
#set text(lang: "en", size: 13pt)
#set page(paper: "us-letter")
= The worksheet could not be made
#sys.inputs.message
"""


def notice_pdf(message: str) -> bytes:
    """A one-page PDF that says ``message`` (why a worksheet or key could not be made), for a
    download that must give something: characters no font has are written as escapes."""
    for text in (message, message.encode("ascii", "backslashreplace").decode("ascii")):
        try:
            return _without_suspects(typeset(NOTICE, {"message": text}))
        except typst.TypstError:
            continue
    raise WorksheetError(message)
