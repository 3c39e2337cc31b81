"""A tournament on paper: the team cards a teacher hands out at the start, and the certificates
at the end, as PDF/UA made by Typst (``tournament.typ``, beside this module) with the
worksheets' machinery (:func:`worksheets.pdf.typeset_pdf`). Pure: no Streamlit, no database;
the same arguments give the same bytes.

The rules:

* A **team card** holds the tournament's name, the team's name, its division, its team code in
  large type and the QR code of its join link (with the link as its alternative text: PDF/UA
  refuses an image without one). :data:`CARDS_PER_PAGE` cards go on a page,
  :data:`CARD_COLUMNS` across and :data:`CARD_ROWS` down, each in a dashed box to cut along
  (:func:`card_boxes`); the cards keep their order.
* A **certificate** fills one landscape page: the tournament, the team, its division, its final
  place in the division ("3rd place of 12 teams"; a team not placed "took part"), its record
  (matches won, tied and lost, and points) and its awards (:data:`AWARDS`), with lines to sign
  and date.
* **Every name prints whole**, in any script the worksheets' fonts cover (Latin, Cyrillic,
  Arabic, CJK, emoji …): a name too wide or too long for its place is set smaller, never cut
  and never over the edge of its card or page.
* **A name no font can draw** (:func:`name_problem`) makes no cards or certificates: the PDF is
  a one-page notice that says which name and which characters (:func:`worksheets.notice_pdf`),
  so a download always gives a PDF that says what happened, never a traceback.
* **Words** are made ``with messages.speaking(lang)``: every word of the paper in the language
  chosen for it, numbers and ordinals as Babel writes them in that language.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Protocol, TypeVar

import segno

from messages import LANGUAGES, N_, PSEUDO, _, join, ngettext, number, ordinal, pgettext, speaking
from worksheets.fonts import MAX_LISTED, unprintable
from worksheets.layout import Paper
from worksheets.pdf import WorksheetError, notice_pdf, typeset_pdf

TEMPLATE_FILE = Path(__file__).resolve().parent / "tournament.typ"

CARD_COLUMNS, CARD_ROWS = 2, 3  #: team cards across and down a page
CARDS_PER_PAGE = CARD_COLUMNS * CARD_ROWS
#: the team cards' page margins, in millimetres (the footer stands in the bottom one)
CARD_MARGIN = {"x": 10.0, "top": 10.0, "bottom": 16.0}
CARD_INSET = 12.0  #: the white space inside a card's cut lines, in points
QR_SIZE = 100.0  #: the QR code's side on a card (its quiet zone included), in points
QR_ERROR = "m"  #: the QR code's error correction (segno's levels: l, m, q, h)
POINTS_PER_MM = 72 / 25.4

AWARDS = ("champion", "runner_up", "teamwork", "sportsmanship")  #: the award codes
#: each award's name on a certificate, by its code (translated where it is printed)
AWARD_NAMES: dict[str, str] = {
    "champion": N_("Champion"),
    "runner_up": N_("Runner-up"),
    "teamwork": N_("Teamwork"),
    "sportsmanship": N_("Sportsmanship"),
}


@dataclass(frozen=True)
class TeamCard:
    """One team's card: its ``team`` name and ``division`` as typed (any script, up to 40
    characters each), its ``code`` (six characters of the store's code alphabet) and the join
    ``link`` its QR code encodes."""

    team: str
    division: str
    code: str
    link: str

    def __post_init__(self) -> None:
        if not self.code.strip() or not self.link.strip():
            raise ValueError(f"a team card needs a code and a link, not {self!r}")


@dataclass(frozen=True)
class Certificate:
    """One team's certificate: its ``team`` name and ``division``, its final ``place`` in the
    division (from 1, shared places allowed; ``None``: not placed) among the division's
    ``teams``, its matches ``won``, ``tied`` and ``lost``, its ``points``, and the ``awards``
    it received (codes of :data:`AWARDS`, printed once each, in the order given)."""

    team: str
    division: str
    place: int | None
    teams: int
    won: int
    tied: int
    lost: int
    points: int
    awards: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.teams < 1:
            raise ValueError(f"a division has at least one team, not {self.teams}")
        if self.place is not None and not 1 <= self.place <= self.teams:
            raise ValueError(f"place {self.place} is not one of the {self.teams} teams'")
        if min(self.won, self.tied, self.lost, self.points) < 0:
            raise ValueError(f"matches and points are never negative: {self!r}")
        if unknown := [a for a in self.awards if a not in AWARDS]:
            raise ValueError(f"unknown awards {unknown}: the awards are {AWARDS}")


def award_name(code: str) -> str:
    """The award ``code``'s name, in the current language ("Teamwork")."""
    return _(AWARD_NAMES[code])


def place_words(certificate: Certificate) -> str:
    """The certificate's place in words, in the current language: "3rd place of 12 teams";
    "Took part in the tournament" for a team not placed."""
    if certificate.place is None:
        return _("Took part in the tournament")
    return ngettext(
        "{place} place of {n} team", "{place} place of {n} teams", certificate.teams
    ).format(place=ordinal(certificate.place), n=number(certificate.teams))


def record_words(certificate: Certificate) -> str:
    """The certificate's record in words, in the current language: "Record: 5 wins, 1 tie and
    2 losses (16 points)"."""
    c = certificate
    matches = join(
        [
            ngettext("{n} win", "{n} wins", c.won).format(n=number(c.won)),
            ngettext("{n} tie", "{n} ties", c.tied).format(n=number(c.tied)),
            ngettext("{n} loss", "{n} losses", c.lost).format(n=number(c.lost)),
        ]
    )
    points = ngettext("{n} point", "{n} points", c.points).format(n=number(c.points))
    return _("Record: {matches} ({points})").format(matches=matches, points=points)


def awards_words(certificate: Certificate) -> str:
    """The certificate's awards in words, in the current language ("Awards: Champion and
    Teamwork"); ``""`` for none."""
    awards = tuple(dict.fromkeys(certificate.awards))
    if not awards:
        return ""
    said = ngettext("Award: {awards}", "Awards: {awards}", len(awards))
    return said.format(awards=join(award_name(a) for a in awards))


def division_words(division: str) -> str:
    """A card's or certificate's division line, in the current language."""
    return _("Division: {division}").format(division=division)


def name_problem(name: str) -> str | None:
    """The sentence that says why a team card or certificate cannot print ``name`` (a
    character no font of the worksheets covers), in the current language, or ``None`` when
    it can: a form that takes a team's name can refuse it in these words."""
    missing = unprintable(name.strip())
    if not missing:
        return None
    named = ", ".join(f"“{c}” (U+{ord(c[0]):04X})" for c in missing[:MAX_LISTED])
    return _("The printer has no font for {characters} in “{name}”.").format(
        characters=named, name=name.strip()
    )


def card_boxes(width: float, height: float) -> list[tuple[float, float, float, float]]:
    """The cut lines of a page of team cards ``width`` by ``height`` points, as the boxes
    ``(left, top, right, bottom)`` of its :data:`CARDS_PER_PAGE` cards in points from the
    page's top left corner, in the cards' order (across, then down)."""
    x, top = CARD_MARGIN["x"] * POINTS_PER_MM, CARD_MARGIN["top"] * POINTS_PER_MM
    w = (width - 2 * x) / CARD_COLUMNS
    h = (height - top - CARD_MARGIN["bottom"] * POINTS_PER_MM) / CARD_ROWS
    return [
        (x + col * w, top + row * h, x + (col + 1) * w, top + (row + 1) * h)
        for row in range(CARD_ROWS)
        for col in range(CARD_COLUMNS)
    ]


def qr_code(link: str) -> segno.QRCode:
    """The QR code a card prints for ``link`` (error correction :data:`QR_ERROR`, raised where
    the same size holds more)."""
    return segno.make(link, error=QR_ERROR, micro=False)


def _qr_svg(link: str) -> str:
    """:func:`qr_code` of ``link`` as SVG, black on the paper's white, with its quiet zone."""
    out = io.BytesIO()
    qr_code(link).save(out, kind="svg", scale=1, border=4, dark="#000", xmldecl=False)
    return out.getvalue().decode("ascii")


@cache
def template() -> str:
    """The Typst source of every team card and certificate."""
    return TEMPLATE_FILE.read_text(encoding="utf-8")


def _page_words() -> dict[str, str]:
    """The words the template prints itself, in the current language."""
    return {
        "brand": "GeoPlunge",
        "certificate": pgettext("a tournament's", "Certificate"),
        "presented": _("This certificate is presented to"),
        "signature": pgettext("a certificate's line to sign", "Signature"),
        "date": pgettext("a certificate's line to date", "Date"),
        "code": pgettext("on a team card", "Team code"),
        "scan": _("Scan the QR code to join the team."),
        "cut": _("Cut along the dashed lines."),
        "page": _("Page {page} of {pages}"),
    }


def _data(kind: str, lang: str, paper: Paper, document: str) -> dict[str, object]:
    """What both documents' template reads, less the cards or certificates themselves."""
    return {
        "kind": kind,
        "lang": LANGUAGES[0] if lang == PSEUDO else lang,  # Typst's: a real one
        "paper": Paper(paper).value,
        "document": document,
        "margin": CARD_MARGIN,
        "card": {"columns": CARD_COLUMNS, "rows": CARD_ROWS, "inset": CARD_INSET, "qr": QR_SIZE},
        "words": _page_words(),
    }


def _card(tournament: str, card: TeamCard) -> dict[str, str]:
    return {
        "header": f"GeoPlunge · {tournament}",
        "team": card.team,
        "division": division_words(card.division),
        "code": card.code,
        "qr": _qr_svg(card.link),
        "alt": _("QR code of {link}").format(link=card.link),
    }


def _certificate(tournament: str, certificate: Certificate) -> dict[str, str]:
    return {
        "tournament": tournament,
        "team": certificate.team,
        "division": division_words(certificate.division),
        "place": place_words(certificate),
        "record": record_words(certificate),
        "awards": awards_words(certificate),
    }


def _printed(
    data: dict[str, object], names: Sequence[str], failed: str, heading: str, lang: str
) -> bytes:
    """The PDF of ``data``, or the notice in ``lang`` (under ``heading``, a text of the
    catalogue) that says why it could not be made: the names of ``names`` no font can draw,
    else Typst's words in ``failed``. Called in the paper's language, ``lang``."""
    source = json.dumps(data, ensure_ascii=False, sort_keys=True)
    try:
        return typeset_pdf(template(), {"data": source}, failed)
    except WorksheetError as error:
        unique = list(dict.fromkeys(names))
        missing = unprintable(" ".join(unique))  # the first few characters no font has
        named = [name for name in unique if any(c in name for c in missing)]
        message = " ".join(filter(None, map(name_problem, named))) or str(error)
        # the notice cannot draw them either: it names them by their numbers alone
        drawless = {c for name in named for c in unprintable(name.strip())}
        for character in sorted(drawless, key=lambda c: (-len(c), c)):
            message = message.replace(character, "\N{REPLACEMENT CHARACTER}")
        title = N_("GeoPlunge: nothing to print")
        return notice_pdf(message, lang, title=title, heading=heading)


#: each document's title, the sentence that says Typst could not make it, and the notice's
#: heading, by the document's kind (translated where they are said)
KINDS: dict[str, tuple[str, str, str]] = {
    "cards": (
        N_("{tournament}: team cards"),
        N_("The team cards could not be typeset: {error}"),
        N_("The team cards could not be made"),
    ),
    "certificates": (
        N_("{tournament}: certificates"),
        N_("The certificates could not be typeset: {error}"),
        N_("The certificates could not be made"),
    ),
}


class _Named(Protocol):
    """A team card or a certificate: what holds names."""

    @property
    def team(self) -> str: ...

    @property
    def division(self) -> str: ...


T = TypeVar("T", bound=_Named)


def _document(
    kind: str,
    tournament: str,
    items: Sequence[T],
    row: Callable[[str, T], dict[str, str]],
    lang: str,
    paper: Paper,
) -> bytes:
    """The document ``kind`` of :data:`KINDS` of ``tournament``, ``items`` as the template
    reads them (``row``), in ``lang`` on ``paper``: the PDF, or the notice of :func:`_printed`."""
    if not items:
        raise ValueError(f"no {kind} to print")
    document, failed, heading = KINDS[kind]
    with speaking(lang):
        data = _data(kind, lang, paper, _(document).format(tournament=tournament))
        data[kind] = [row(tournament, item) for item in items]
        names = [tournament, *(name for item in items for name in (item.team, item.division))]
        return _printed(data, names, _(failed), heading, lang)


def team_cards_pdf(tournament: str, cards: Sequence[TeamCard], *, lang: str, paper: Paper) -> bytes:
    """The team cards of ``tournament``, :data:`CARDS_PER_PAGE` to a ``paper`` page with cut
    lines, in the language ``lang``, as PDF bytes; a one-page notice instead when a name
    cannot be printed (see the module's rules)."""
    return _document("cards", tournament, cards, _card, lang, paper)


def certificates_pdf(
    tournament: str, certificates: Sequence[Certificate], *, lang: str, paper: Paper
) -> bytes:
    """The certificates of ``tournament``, one to a landscape ``paper`` page, in the language
    ``lang``, as PDF bytes; a one-page notice instead when a name cannot be printed (see the
    module's rules)."""
    return _document("certificates", tournament, certificates, _certificate, lang, paper)
