"""A class assignment's scores as CSV files in the import formats of gradebooks: Canvas, Google
Classroom, and a plain one for any spreadsheet. Pure functions of
:func:`store.classroom.class_results`, like :mod:`store.report`.

The rules, the same for every format:

* one row per student, in the order they joined (the roster's order), with the **name as the
  student typed it**; a name (or a title) that a spreadsheet would read as a formula, one
  beginning with ``=``, ``+``, ``-`` or ``@``, gets a ``'`` in front (every CSV of the app is
  written by :func:`engine.csvfile.csv_text`);
* the **score** is the number of questions right at the first try (the roster's score) plus
  the states named in a list of names (``all50``), out of the questions scored right or wrong
  plus the states the list asks for (:meth:`store.classroom.AssignmentInfo.scale`);
* a student who has not finished is in the file with the score so far (the plain file says
  who finished);
* every file starts with a byte-order mark, so that Excel opens the names of any script as
  typed (Canvas and Google Classroom read it as UTF-8 too);
* a file's words are in the current language (the page makes it ``with
  messages.speaking(lang)``, the assignment's language), but those an importer reads by name:
  Canvas's columns and its ``Points Possible`` stay as Canvas spells them.

The formats (:data:`GRADEBOOKS`):

* **Canvas**: the gradebook's columns ``Student``, ``ID``, ``SIS User ID``, ``SIS Login ID``,
  ``Section``, then one column named by the assignment's title, with a ``Points Possible``
  row under the header. The IDs and the section are left empty: Canvas matches a student by
  any one of name, ID or SIS ID and asks the teacher to match the names it cannot find.
* **Google Classroom**: ``Name`` and one score column named by the assignment's title.
* **Plain**: ``name``, ``score``, ``out_of``, ``percent`` (a whole number, halves rounded up)
  and ``finished`` (``yes`` or ``no``).

The formats' labels (:attr:`Gradebook.label`) are marked for the catalogue and translated
where they are shown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from engine.csvfile import csv_text
from messages import N_, pgettext
from store.classroom import AssignmentInfo, StudentResult

#: Canvas's import columns, read by name: never translated
CANVAS_COLUMNS: tuple[str, ...] = ("Student", "ID", "SIS User ID", "SIS Login ID", "Section")
#: The other formats' columns in English (a file has them in the current language)
CLASSROOM_COLUMNS: tuple[str, ...] = ("Name",)
PLAIN_COLUMNS: tuple[str, ...] = ("name", "score", "out_of", "percent", "finished")


def _plain_columns() -> list[str]:
    """:data:`PLAIN_COLUMNS` in the current language."""
    return [
        pgettext("a gradebook file's column", "name"),
        pgettext("a gradebook file's column", "score"),
        pgettext("a gradebook file's column", "out_of"),
        pgettext("a gradebook file's column", "percent"),
        pgettext("a gradebook file's column", "finished"),
    ]


Rows = list[list[object]]


def percent(score: int, out_of: int) -> int:
    """The score as a whole percentage, halves rounded up (7 of 8 → 88)."""
    if out_of <= 0:
        return 0
    exact = Decimal(100 * score) / Decimal(out_of)
    return int(exact.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def _canvas(assignment: AssignmentInfo, students: Sequence[StudentResult]) -> Rows:
    blank = [""] * (len(CANVAS_COLUMNS) - 1)
    rows: Rows = [
        [*CANVAS_COLUMNS, assignment.title],
        ["Points Possible", *blank, sum(assignment.scale())],
    ]
    rows += [[s.student.name, *blank, s.points] for s in students]
    return rows


def _classroom(assignment: AssignmentInfo, students: Sequence[StudentResult]) -> Rows:
    rows: Rows = [[pgettext("a gradebook file's column", "Name"), assignment.title]]
    rows += [[s.student.name, s.points] for s in students]
    return rows


def _plain(assignment: AssignmentInfo, students: Sequence[StudentResult]) -> Rows:
    out_of = sum(assignment.scale())
    rows: Rows = [_plain_columns()]
    rows += [
        [
            s.student.name,
            s.points,
            out_of,
            percent(s.points, out_of),
            pgettext("finished", "yes") if s.student.finished_at else pgettext("finished", "no"),
        ]
        for s in students
    ]
    return rows


@dataclass(frozen=True)
class Gradebook:
    """One import format: its ``id`` (in file names), its ``label`` (in the list to choose
    from: marked, translated where it is shown) and the ``rows`` it writes."""

    id: str
    label: str
    rows: Callable[[AssignmentInfo, Sequence[StudentResult]], Rows]

    def csv(self, assignment: AssignmentInfo, students: Sequence[StudentResult]) -> str:
        """The file's text (UTF-8 when written, after a byte-order mark)."""
        return csv_text(self.rows(assignment, students), mark=True)

    def file_name(self, assignment: AssignmentInfo) -> str:
        return f"geoplunge-{assignment.code}-{self.id}.csv"


GRADEBOOKS: dict[str, Gradebook] = {
    g.id: g
    for g in (
        Gradebook("canvas", N_("Canvas (gradebook import)"), _canvas),
        Gradebook(
            "google-classroom", N_("Google Classroom (names and a score column)"), _classroom
        ),
        Gradebook("plain", N_("Plain (name, score, percent, finished)"), _plain),
    )
}
