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

import json

import typst

from messages import LANGUAGES, PSEUDO, _, speaking
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
    """The sheet or its key, every word in the sheet's language."""
    with speaking(sheet.lang):
        try:
            pdf = typeset(template().encode("utf-8"), inputs(sheet, key=key))
        except typst.TypstError as error:
            if key:
                said = _("The answer key could not be typeset: {error}")
            else:
                said = _("The worksheet could not be typeset: {error}")
            raise WorksheetError(said.format(error=error)) from error
    return _without_suspects(pdf)


def worksheet_pdf(sheet: Worksheet) -> bytes:
    """The worksheet students fill in, as PDF bytes."""
    return _compile(sheet, key=False)


def key_pdf(sheet: Worksheet) -> bytes:
    """The worksheet's answer key, as PDF bytes."""
    return _compile(sheet, key=True)


NOTICE = b"""#let data = json(bytes(sys.inputs.data))
#set document(title: data.title)
#set text(lang: data.lang, size: 13pt)
#set page(paper: "us-letter")
= #data.heading
#data.message
"""


def notice_pdf(message: str, lang: str = LANGUAGES[0]) -> bytes:
    """A one-page PDF that says ``message`` (why a worksheet or key could not be made), under
    a heading in ``lang``, for a download that must give something: characters no font has are
    written as escapes."""
    with speaking(lang):
        words = {
            "lang": LANGUAGES[0] if lang == PSEUDO else lang,
            "title": _("GeoPlunge: no worksheet"),
            "heading": _("The worksheet could not be made"),
        }
    for text in (message, message.encode("ascii", "backslashreplace").decode("ascii")):
        data = json.dumps({**words, "message": text}, ensure_ascii=False)
        try:
            return _without_suspects(typeset(NOTICE, {"data": data}))
        except typst.TypstError:
            continue
    raise WorksheetError(message)
