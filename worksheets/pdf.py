"""Worksheets and keys as PDF, compiled by Typst in this process (the ``typst`` package: no
browser, no network, no system fonts).

Every PDF is PDF/UA-1 (``pdf_standards=["ua-1"]``): tagged, with a title and a language, and
Typst refuses to make one with an image that has no alternative text, so a map without words
cannot slip through. The document has no date and Typst reads no system font, so the same
worksheet gives the same bytes on every machine.
"""

from __future__ import annotations

import typst

from worksheets.layout import Worksheet, inputs, template

STANDARDS = ["ua-1"]


class WorksheetError(RuntimeError):
    """Typst could not make the PDF; the message says why in words."""


def _compile(sheet: Worksheet, key: bool) -> bytes:
    try:
        pdf = typst.compile(
            template().encode("utf-8"),
            format="pdf",
            sys_inputs=inputs(sheet, key=key),
            pdf_standards=STANDARDS,
            ignore_system_fonts=True,
        )
    except typst.TypstError as error:
        what = "answer key" if key else "worksheet"
        raise WorksheetError(f"The {what} could not be typeset: {error}") from error
    assert isinstance(pdf, bytes)
    return pdf


def worksheet_pdf(sheet: Worksheet) -> bytes:
    """The worksheet students fill in, as PDF bytes."""
    return _compile(sheet, key=False)


def key_pdf(sheet: Worksheet) -> bytes:
    """The worksheet's answer key, as PDF bytes."""
    return _compile(sheet, key=True)
