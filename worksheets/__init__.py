"""Printable worksheets with answer keys: a quiz's questions on paper, typeset as PDF.

Neither Streamlit nor persistence: the pages in ``ui.classroom`` call it with the questions
they already dealt, so a worksheet holds the same questions as the link or the class
assignment it is printed for.

* ``albers``: the Albers USA projection of the app's map (Alaska and Hawaii as insets);
* ``maps``: outline maps of the 50 states as SVG, hatched, filled or grey, and their words;
* ``paper``: how each question goes on paper (colour, tick, write, number, list) and its key;
* ``layout``: the worksheet, the Typst template (``worksheet.typ``) and the data it reads;
* ``fonts``: the fonts Typst gets, and which titles they can print;
* ``pdf``: the worksheet and its key compiled to PDF/UA by Typst, in process.
"""

from worksheets.fonts import title_problem
from worksheets.layout import Paper, Worksheet, worksheet
from worksheets.pdf import WorksheetError, key_pdf, notice_pdf, worksheet_pdf

__all__ = [
    "Paper",
    "Worksheet",
    "WorksheetError",
    "key_pdf",
    "notice_pdf",
    "title_problem",
    "worksheet",
    "worksheet_pdf",
]
