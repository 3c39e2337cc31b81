"""A worksheet as Typst: the template (``worksheet.typ``, beside this module) and the data it is
typeset from. Pure: equal worksheets give equal sources and equal data.

The template reads everything from ``sys.inputs.data``, a JSON text (:func:`inputs`): the
words go in as strings, never as Typst markup, so a title or a prompt with ``*``, ``#`` or
quotes prints as typed; the maps go in as SVG text (:mod:`worksheets.maps`). The sheet and its
key are two documents from the same data: the sheet has the Name, Class and Date fields and
blank maps; the key has the answers, the explanations and the filled maps, in two columns.

A worksheet is in one language (:attr:`Worksheet.lang`): :func:`worksheet` is called, and the
PDF made (:mod:`worksheets.pdf`), ``with messages.speaking(lang)``; the template gets every word
it prints from the data (``words``), and the language for the PDF's tag and hyphenation.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path

from engine.quiz import Question
from messages import LANGUAGES, PSEUDO, _, language, ngettext, number, pgettext
from worksheets.maps import outline_svg
from worksheets.paper import PaperQuestion, on_paper

TEMPLATE_FILE = Path(__file__).resolve().parent / "worksheet.typ"


class Paper(StrEnum):
    """The paper sizes a worksheet is made for (the values are Typst's paper names)."""

    LETTER = "us-letter"
    A4 = "a4"

    @property
    def label(self) -> str:
        """The size's name, in the current language ("Letter", "Carta")."""
        return pgettext("paper size", "Letter") if self is Paper.LETTER else "A4"

    @property
    def slug(self) -> str:
        """The size in a file's name, the same in every language: ``letter``, ``a4``."""
        return self.name.lower()


@dataclass(frozen=True, slots=True)
class Worksheet:
    """What a worksheet prints: its ``title`` (the drill's, or a class assignment's), the
    ``drill`` it comes from, ``about`` (how many questions about what), the questions as they
    go on paper, the ``paper`` size, a ``note`` for the key only (where the questions come
    from: the practice link, a class code; never a class assignment's seed), and the ``lang``
    its words are in."""

    title: str
    drill: str
    about: str
    questions: tuple[PaperQuestion, ...]
    paper: Paper = Paper.LETTER
    note: str = ""
    lang: str = LANGUAGES[0]


def worksheet(
    questions: Sequence[Question],
    *,
    title: str,
    drill: str,
    selection: str,
    paper: Paper = Paper.LETTER,
    note: str = "",
    lang: str | None = None,
) -> Worksheet:
    """The worksheet of ``questions`` (in their order, numbered from 1), in the current
    language (``lang``, default: the current one, must be it: call this ``with
    messages.speaking(lang)``); ``selection`` is the quiz's selection in words ("all 50
    states", "the West")."""
    if not questions:
        raise ValueError("a worksheet needs at least one question")
    n = len(questions)
    return Worksheet(
        title=title.strip() or drill,
        drill=drill,
        about=ngettext(
            "{n} question about {selection}.", "{n} questions about {selection}.", n
        ).format(n=number(n), selection=selection),
        questions=tuple(on_paper(q, i, selection) for i, q in enumerate(questions, 1)),
        paper=paper,
        note=note,
        lang=lang or language(),
    )


@cache
def template() -> str:
    """The Typst source every worksheet and key is typeset with."""
    return TEMPLATE_FILE.read_text(encoding="utf-8")


def _question(q: PaperQuestion, key: bool) -> dict[str, object]:
    marks = q.key_map if key else q.sheet_map
    return {
        "number": q.number,
        "prompt": q.prompt,
        "form": q.form.value,
        "instruction": q.instruction,
        "choices": list(q.choices),
        "lines": q.lines,
        "map": outline_svg(marks) if marks else None,
        "alt": (q.key_alt if key else q.sheet_alt) if marks else "",
        "answer": q.answer if key else "",
        "explanation": q.explanation if key else "",
    }


def _words() -> dict[str, str]:
    """The template's own words, in the current language (``page`` is "Page {page} of
    {pages}", filled in by Typst)."""
    return {
        "name": pgettext("a worksheet's field", "Name"),
        "class": pgettext("a worksheet's field", "Class"),
        "date": pgettext("a worksheet's field", "Date"),
        "answer": pgettext("a worksheet's line to write on", "Answer"),
        "page": _("Page {page} of {pages}"),
    }


def data(sheet: Worksheet, *, key: bool = False) -> dict[str, object]:
    """What the template typesets: the sheet (``key`` False: no answers in it) or its key, in
    the current language (call it ``with messages.speaking(sheet.lang)``)."""
    kind = _("answer key") if key else _("worksheet")
    return {
        "key": key,
        "lang": LANGUAGES[0] if sheet.lang == PSEUDO else sheet.lang,  # Typst's: a real one
        "document": _("{title}: {kind}").format(title=sheet.title, kind=kind),
        "title": _("Answer key: {title}").format(title=sheet.title) if key else sheet.title,
        "drill": sheet.drill,
        "about": sheet.about,
        "note": sheet.note if key else "",
        "paper": sheet.paper.value,
        "footer": f"GeoPlunge · {sheet.title} · {kind}",
        "words": _words(),
        "questions": [_question(q, key) for q in sheet.questions],
    }


def inputs(sheet: Worksheet, *, key: bool = False) -> dict[str, str]:
    """The template's ``sys.inputs``: the :func:`data` as JSON text."""
    return {"data": json.dumps(data(sheet, key=key), ensure_ascii=False, sort_keys=True)}
