"""Printable worksheets with answer keys: a quiz's questions on paper, typeset as PDF.

Neither Streamlit nor persistence: the pages in ``ui.classroom`` call it with the questions
they already dealt, so a worksheet holds the same questions as the link or the class
assignment it is printed for.

* ``albers``: the Albers USA projection of the app's map (Alaska and Hawaii as insets);
* ``maps``: outline maps of the 50 states as SVG, hatched, filled or grey, and their words;
* ``paper``: how each question goes on paper (colour, tick, write, number, list) and its key;
* ``layout``: the worksheet, the Typst template (``worksheet.typ``) and the data it reads;
* ``fonts``: the fonts Typst gets, and which titles they can print;
* ``pdf``: the worksheet and its key compiled to PDF/UA by Typst, in process;
* ``tournament``: a tournament's team cards and certificates (``tournament.typ``), by the same
  machinery.
"""

from worksheets.fonts import title_problem
from worksheets.layout import Paper, Worksheet, worksheet
from worksheets.pdf import WorksheetError, key_pdf, notice_pdf, worksheet_pdf
from worksheets.tournament import (
    AWARDS,
    Certificate,
    TeamCard,
    certificates_pdf,
    name_problem,
    team_cards_pdf,
)

__all__ = [
    "AWARDS",
    "Certificate",
    "Paper",
    "TeamCard",
    "Worksheet",
    "WorksheetError",
    "certificates_pdf",
    "key_pdf",
    "name_problem",
    "notice_pdf",
    "team_cards_pdf",
    "title_problem",
    "worksheet",
    "worksheet_pdf",
]
