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

from messages import LANGUAGES, N_, PSEUDO, _, speaking
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


def typeset_pdf(source: str, inputs: dict[str, str], failed: str) -> bytes:
    """Typst ``source`` with ``sys.inputs`` ``inputs`` as the PDF/UA-1 bytes every printable
    of the app is (:func:`worksheets.fonts.typeset`, :func:`_without_suspects`), or
    :class:`WorksheetError` saying ``failed`` (a sentence in the reader's language with an
    ``{error}`` field for Typst's words) when Typst cannot make it."""
    try:
        pdf = typeset(source.encode("utf-8"), inputs)
    except typst.TypstError as error:
        raise WorksheetError(failed.format(error=error)) from error
    return _without_suspects(pdf)


def _compile(sheet: Worksheet, key: bool) -> bytes:
    """The sheet or its key, every word in the sheet's language."""
    with speaking(sheet.lang):
        if key:
            failed = _("The answer key could not be typeset: {error}")
        else:
            failed = _("The worksheet could not be typeset: {error}")
        return typeset_pdf(template(), inputs(sheet, key=key), failed)


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


def notice_pdf(
    message: str,
    lang: str = LANGUAGES[0],
    *,
    title: str = N_("GeoPlunge: no worksheet"),
    heading: str = N_("The worksheet could not be made"),
) -> bytes:
    """A one-page PDF that says ``message`` (why a worksheet, a key, team cards … could not be
    made), under ``heading`` and with the document's ``title`` (texts of the catalogue, said in
    ``lang``; a worksheet's by default), for a download that must give something: characters
    no font has are written as escapes."""
    with speaking(lang):
        words = {
            "lang": LANGUAGES[0] if lang == PSEUDO else lang,
            "title": _(title),
            "heading": _(heading),
        }
    for text in (message, message.encode("ascii", "backslashreplace").decode("ascii")):
        data = json.dumps({**words, "message": text}, ensure_ascii=False)
        try:
            return _without_suspects(typeset(NOTICE, {"data": data}))
        except typst.TypstError:
            continue
    raise WorksheetError(message)
