"""Forgiving matching of typed state names and capitals.

A drill that asks the student to *type* a state or a capital reads the text with
:func:`match_state` or :func:`match_capital`. Both return a :class:`Match` whose ``status`` says
how the text was read, in this order of precedence:

1. **Exact** (``EXACT``): the official spelling, ignoring case, accents, spacing and punctuation
   ("jefferson city", "SALT LAKE CITY", "Hawai'i").
2. **Variant** (``VARIANT``): a listed variant. For states: the USPS code ("co"), the AP-style
   abbreviation ("Calif.", "W. Va.", "Mass."), a leading N./S./W./No./So. for
   North/South/West ("N. Dakota", "N Carolina"), and the traditional Spanish name ("Nueva York",
   "Carolina del Norte", "Misisipi"), in any language of the page. For capitals: "St."/"Ste."
   for Saint/Sainte ("St. Paul") and the common initialisms SLC and OKC. Accepted; the official
   spelling is shown.
3. **Recognised, but not an answer**: a well-known non-answer (``NON_ANSWER``: a big city that is
   not a capital, such as Albuquerque; DC or Puerto Rico where a state is asked) is a real,
   *counted* wrong answer. A name from the other list (``OTHER_KIND``: a capital where a state
   is asked, or a state where a capital is asked) is a slip: it gets a message and is *not*
   counted.
4. **Part of a name** (whole words only): part of several names is ``AMBIGUOUS`` ("Carolina",
   "Dakota", "City"); part of exactly one name is ``INCOMPLETE`` ("Carson", "Mexico"). Neither
   is counted; the message names the candidates.
5. **Near miss** (``CLOSE``): within a small edit distance of exactly one name, counting a swap
   of two neighbouring letters as one edit ("Missisippi", "Pheonix"). The budget grows with the
   length of the text: 0 edits up to 3 letters, 1 up to 5, 2 up to 9, 3 beyond. Accepted, and the
   official spelling is shown. A tie between two different names is ``AMBIGUOUS``.
6. Anything else is ``UNKNOWN`` (not counted); an empty text is ``EMPTY`` (not counted).

A text longer than :data:`MAX_ANSWER_CHARS` (200; the longest real answer, "Jefferson City,
Missouri", has 24) is ``TOO_LONG`` and not counted, before any matching: the cost of reading
an answer stays bounded however much is sent. Likewise a list of states (a set or an order
answer, one string listing them separated by commas or a sequence of them) longer than
:data:`MAX_LIST_CHARS` characters or :data:`MAX_LIST_ITEMS` items is refused before any item is
read (:data:`LIST_TOO_LONG`).

A capital may be followed by its state, as on an envelope: "Sacramento, CA", "Boise Idaho",
"Salem, Ore." read as the capital alone, with no remark. The trailing state must be an exact
state name, code or listed variant; a wrong one ("Boise, Utah") is named in the message, and the
capital is read all the same (a near miss only when the state agrees: "Springfeld, Ohio" is not
Springfield).

A match says no sentence: its ``said`` are :class:`engine.words.Sentence` codes and values
(``Sentence("read_as", name="Mississippi", text="Missisippi")``), worded by
``ui.quiz.wording``; a value ``name`` is an official name as the deck spells it (a state's is
shown in the reader's language).

An exact name always wins over a near one, so "Kansas" is never read as Arkansas and "Virginia"
is never read as West Virginia.
"""

from __future__ import annotations

import csv
import unicodedata
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path

from rapidfuzz.distance import OSA
from rapidfuzz.process import extract

from engine.cards import deck
from engine.words import Sentence, words


class MatchStatus(StrEnum):
    """How a typed text was read (see the module docstring for the rules)."""

    EXACT = "exact"
    VARIANT = "variant"
    CLOSE = "close"
    NON_ANSWER = "non_answer"
    OTHER_KIND = "other_kind"
    INCOMPLETE = "incomplete"
    AMBIGUOUS = "ambiguous"
    UNKNOWN = "unknown"
    EMPTY = "empty"
    TOO_LONG = "too_long"


MAX_ANSWER_CHARS = 200  #: the longest typed answer read ("Jefferson City, Missouri" has 24)
TOO_LONG = Sentence("too_long", limit=MAX_ANSWER_CHARS)  #: the refusal of a longer answer
MAX_LIST_ITEMS = 100  #: states a set or order answer may list (there are 50)
MAX_LIST_CHARS = 2_000  #: characters of such a list (all 50 names take about 600)
#: the refusal of a longer list of states
LIST_TOO_LONG = Sentence("list_too_long", count=MAX_LIST_ITEMS, limit=MAX_LIST_CHARS)


ACCEPTED = frozenset({MatchStatus.EXACT, MatchStatus.VARIANT, MatchStatus.CLOSE})
COUNTED = ACCEPTED | {MatchStatus.NON_ANSWER}


@dataclass(frozen=True, slots=True)
class Match:
    """The reading of one typed answer.

    ``usps`` is the USPS code of the state the text names (for a capital: the state whose
    capital it is) when the text was accepted, else ``None``. ``name`` is the official spelling
    of what was recognised (also for non-answers and slips). ``candidates`` lists the official
    names an ambiguous or incomplete text could mean. ``said`` is what to tell the student
    (nothing for an exact match).
    """

    text: str
    status: MatchStatus
    usps: str | None = None
    name: str | None = None
    candidates: tuple[str, ...] = ()
    said: tuple[Sentence, ...] = ()

    @property
    def message(self) -> str:
        """``said`` in the current language (:func:`engine.words.words`)."""
        return words(self.said)

    @property
    def accepted(self) -> bool:
        """True when the text names an answer (exact, variant or near miss)."""
        return self.status in ACCEPTED

    @property
    def counted(self) -> bool:
        """True when a quiz should score this answer (accepted, or a recognised non-answer)."""
        return self.status in COUNTED


def too_long(text: str) -> Match:
    """The refusal of a text longer than :data:`MAX_ANSWER_CHARS` (kept cut to that length)."""
    return Match(text[:MAX_ANSWER_CHARS], MatchStatus.TOO_LONG, said=(TOO_LONG,))


# Expansions applied to every word, and to the first word of a multi-word text only.
_WORD_EXPANSIONS = {"st": "saint", "ste": "sainte", "mt": "mount", "ft": "fort"}
_FIRST_WORD_EXPANSIONS = {"n": "north", "no": "north", "s": "south", "so": "south", "w": "west"}

# AP-style and other common abbreviations of state names (USPS codes are added separately).
_STATE_VARIANTS: dict[str, tuple[str, ...]] = {
    "AL": ("Ala.",),
    "AZ": ("Ariz.",),
    "AR": ("Ark.",),
    "CA": ("Calif.", "Cal.", "Cali"),
    "CO": ("Colo.",),
    "CT": ("Conn.",),
    "DE": ("Del.",),
    "FL": ("Fla.",),
    "IL": ("Ill.",),
    "IN": ("Ind.",),
    "KS": ("Kan.", "Kans."),
    "MA": ("Mass.",),
    "MI": ("Mich.",),
    "MN": ("Minn.",),
    "MS": ("Miss.",),
    "MT": ("Mont.",),
    "NE": ("Neb.", "Nebr."),
    "NV": ("Nev.",),
    "OK": ("Okla.",),
    "OR": ("Ore.", "Oreg."),
    "PA": ("Penn.", "Penna."),
    "TN": ("Tenn.",),
    "TX": ("Tex.",),
    "WA": ("Wash.",),
    "WV": ("W. Va.", "W.Va."),
    "WI": ("Wis.", "Wisc."),
    "WY": ("Wyo.",),
}

_CAPITAL_VARIANTS: dict[str, tuple[str, ...]] = {
    "UT": ("SLC",),
    "OK": ("OKC",),
}

# Typed where a state is asked: recognised, not states (counted as wrong), and what they are.
_NOT_STATES: dict[str, str] = {
    "District of Columbia": "not_a_state_district",
    "Washington DC": "not_a_state_district",
    "DC": "not_a_state_district",
    "Puerto Rico": "not_a_state_territory",
    "Guam": "not_a_state_territory",
}

# Typed where a capital is asked: well-known cities that are not capitals (counted as wrong).
_NOT_CAPITALS: dict[str, tuple[str, ...]] = {
    "Albuquerque": ("NM",),
    "Anchorage": ("AK",),
    "Baltimore": ("MD",),
    "Billings": ("MT",),
    "Birmingham": ("AL",),
    "Burlington": ("VT",),
    "Charlotte": ("NC",),
    "Chicago": ("IL",),
    "Cleveland": ("OH",),
    "Dallas": ("TX",),
    "Detroit": ("MI",),
    "Fargo": ("ND",),
    "Houston": ("TX",),
    "Jacksonville": ("FL",),
    "Kansas City": ("MO", "KS"),
    "Las Vegas": ("NV",),
    "Los Angeles": ("CA",),
    "Louisville": ("KY",),
    "Manchester": ("NH",),
    "Memphis": ("TN",),
    "Miami": ("FL",),
    "Milwaukee": ("WI",),
    "Minneapolis": ("MN",),
    "New Orleans": ("LA",),
    "New York City": ("NY",),
    "Newark": ("NJ",),
    "Omaha": ("NE",),
    "Philadelphia": ("PA",),
    "Pittsburgh": ("PA",),
    "Portland": ("ME", "OR"),
    "San Diego": ("CA",),
    "San Francisco": ("CA",),
    "Seattle": ("WA",),
    "Sioux Falls": ("SD",),
    "St. Louis": ("MO",),
    "Tulsa": ("OK",),
    "Wichita": ("KS",),
    "Wilmington": ("DE", "NC"),
}


# Apostrophes (and the Hawaiian ʻokina) join letters: "Hawaiʻi" reads as "hawaii".
_APOSTROPHES = frozenset("'`\u2018\u2019\u02bb\u02bc")


def _words(text: str) -> list[str]:
    """Case-folded words of ``text``: accents dropped, apostrophes removed, other punctuation
    splitting words."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()
    plain = "".join(ch for ch in plain if ch not in _APOSTROPHES)
    return "".join(ch if ch.isalnum() else " " for ch in plain).split()


def _expand(words: list[str]) -> list[str]:
    """``words`` with the St./Ste./Mt./Ft. and leading N./S./W. abbreviations spelled out."""
    out = [_WORD_EXPANSIONS.get(w, w) for w in words]
    if len(out) > 1:
        out[0] = _FIRST_WORD_EXPANSIONS.get(out[0], out[0])
    return out


def normalize(text: str) -> str:
    """The comparable form of a typed name: lower case, no accents or punctuation, single
    spaces, abbreviations spelled out ("St. Paul" → "saint paul", "N. Dakota" →
    "north dakota")."""
    return " ".join(_expand(_words(text)))


def _keys(text: str) -> tuple[str, ...]:
    """The space-free lookup keys of ``text``: with abbreviations spelled out, then as typed
    (so "N.C." is found as the code "nc" although "n" alone would mean North)."""
    words = _words(text)
    expanded = "".join(_expand(words))
    raw = "".join(words)
    return (expanded,) if expanded == raw else (expanded, raw)


def edit_budget(length: int) -> int:
    """Edits allowed for a near miss of a text of ``length`` letters (spaces excluded)."""
    if length <= 3:
        return 0
    if length <= 5:
        return 1
    if length <= 9:
        return 2
    return 3


class _Role(StrEnum):
    ANSWER = "answer"
    NON_ANSWER = "non_answer"
    OTHER_KIND = "other_kind"


@dataclass(frozen=True, slots=True)
class _Target:
    name: str
    role: _Role
    usps: str | None = None
    said: Sentence | None = None  #: why a non-answer or a name of the other kind is not one


class Matcher:
    """Reads typed text as one of a list of names; see the module docstring for the rules.

    ``answers`` maps a USPS code to the official name and its variants; ``non_answers`` and
    ``other_kind`` are recognised names that are not answers (with the sentence that says
    why). ``what`` names the kind of answer ("state", "capital"): the sentences' codes end
    with it.
    """

    def __init__(
        self,
        what: str,
        answers: dict[str, tuple[str, tuple[str, ...]]],
        non_answers: dict[str, Sentence],
        other_kind: dict[str, Sentence],
    ) -> None:
        self.what = what
        self._exact: dict[str, tuple[_Target, bool]] = {}
        self._fuzzy: dict[str, _Target] = {}
        self._fuzzy_keys: list[str] = []
        self._parts: list[tuple[tuple[str, ...], _Target]] = []
        for usps, (name, variants) in answers.items():
            target = _Target(name, _Role.ANSWER, usps)
            self._add(name, target, is_variant=False)
            self._parts.append((tuple(normalize(name).split()), target))
            for variant in variants:
                self._add(variant, target, is_variant=True)
        for name, said in non_answers.items():
            self._add(name, _Target(name, _Role.NON_ANSWER, said=said), is_variant=False)
        for name, said in other_kind.items():
            self._add(name, _Target(name, _Role.OTHER_KIND, said=said), is_variant=False)
        self._fuzzy_keys = list(self._fuzzy)

    def _add(self, text: str, target: _Target, is_variant: bool) -> None:
        for key in _keys(text):
            known = self._exact.get(key)
            if known is not None and known[0] != target:
                raise ValueError(f"{text!r} would name both {known[0].name} and {target.name}")
            self._exact.setdefault(key, (target, is_variant))
            # Short forms (codes, "Ga.") are matched exactly only: one edit turns one into another.
            if len(key) >= 5:
                self._fuzzy.setdefault(key, target)

    def exact_answer(self, text: str) -> str | None:
        """The USPS code of the answer ``text`` names exactly (an official name, a code or a
        listed variant), else ``None``."""
        for key in _keys(text):
            if key in self._exact:
                target = self._exact[key][0]
                return target.usps if target.role is _Role.ANSWER else None
        return None

    def match(self, text: str) -> Match:
        """Read ``text`` (never raises); a text longer than :data:`MAX_ANSWER_CHARS` is
        refused before any matching."""
        if len(text) > MAX_ANSWER_CHARS:
            return too_long(text)
        keys = _keys(text)
        if not keys[0]:
            return Match(text, MatchStatus.EMPTY, said=(Sentence(f"type_a_{self.what}"),))
        for key in keys:
            if key in self._exact:
                target, is_variant = self._exact[key]
                return self._found(text, target, MatchStatus.VARIANT if is_variant else None)
        words = tuple(normalize(text).split())
        partial = self._partial(words)
        if partial:
            return self._incomplete(text, partial)
        return self._near(text, keys[0])

    def _found(self, text: str, target: _Target, status: MatchStatus | None) -> Match:
        if target.role is not _Role.ANSWER:
            assert target.said is not None
            status = MatchStatus(target.role.value)
            return Match(text, status, name=target.name, said=(target.said,))
        if status is None:
            status = MatchStatus.EXACT
            if " ".join(_words(text)) != " ".join(_words(target.name)):
                status = MatchStatus.VARIANT
        said: tuple[Sentence, ...] = ()
        if status is not MatchStatus.EXACT:
            code = "read_as_check" if status is MatchStatus.CLOSE else "read_as"
            said = (Sentence(code, name=target.name, text=text.strip()),)
        return Match(text, status, target.usps, target.name, said=said)

    def _partial(self, words: tuple[str, ...]) -> list[_Target]:
        found: list[_Target] = []
        n = len(words)
        for parts, target in self._parts:
            if n < len(parts) and any(parts[i : i + n] == words for i in range(len(parts) - n + 1)):
                found.append(target)
        return found

    def _incomplete(self, text: str, targets: list[_Target]) -> Match:
        names = tuple(sorted(t.name for t in targets))
        if len(names) == 1:
            said = Sentence("only_part", text=text.strip(), name=names[0])
            return Match(text, MatchStatus.INCOMPLETE, candidates=names, said=(said,))
        said = Sentence("could_be", text=text.strip(), names=names)
        return Match(text, MatchStatus.AMBIGUOUS, candidates=names, said=(said,))

    def _near(self, text: str, key: str) -> Match:
        budget = edit_budget(len(key))
        said = Sentence(f"unknown_{self.what}", text=text.strip())
        unknown = Match(text, MatchStatus.UNKNOWN, said=(said,))
        if budget == 0:
            return unknown
        hits = extract(key, self._fuzzy_keys, scorer=OSA.distance, score_cutoff=budget, limit=None)
        if not hits:
            return unknown
        best = min(distance for _, distance, _ in hits)
        targets = {self._fuzzy[k] for k, distance, _ in hits if distance == best}
        if len(targets) > 1:
            names = tuple(sorted(t.name for t in targets))
            said = Sentence("close_to", text=text.strip(), names=names)
            return Match(text, MatchStatus.AMBIGUOUS, candidates=names, said=(said,))
        return self._found(text, targets.pop(), MatchStatus.CLOSE)


def _saint_variants(name: str) -> tuple[str, ...]:
    """ "Saint Paul" → ("St. Paul",): the abbreviated spelling of a Saint name."""
    words = name.split()
    short = {"Saint": "St.", "Sainte": "Ste."}
    if not any(w in short for w in words):
        return ()
    return (" ".join(short.get(w, w) for w in words),)


@cache
def spanish_names() -> dict[str, str]:
    """The states' traditional Spanish names where they differ from the English ones, by USPS
    code (``engine/data/state_names_es.csv``; its source in ``SOURCES.md`` beside it)."""
    path = Path(__file__).resolve().parent / "data" / "state_names_es.csv"
    with path.open(encoding="utf-8", newline="") as f:
        return {row["usps"]: row["name"] for row in csv.DictReader(f)}


@cache
def state_matcher() -> Matcher:
    """The matcher of typed state names (answers keyed by USPS code): the official names, and
    as variants the codes, the abbreviations and the Spanish names, whatever the page's
    language."""
    spanish = spanish_names()
    answers = {
        c.usps: (
            c.name,
            (
                c.usps,
                *_STATE_VARIANTS.get(c.usps, ()),
                *([spanish[c.usps]] if c.usps in spanish else []),
            ),
        )
        for c in deck()
    }
    not_states = {name: Sentence(code, name=name) for name, code in _NOT_STATES.items()}
    capitals = {
        c.capital: Sentence("capital_not_a_state", name=c.capital, state=c.usps) for c in deck()
    }
    return Matcher("state", answers, not_states, capitals)


@cache
def capital_matcher() -> Matcher:
    """The matcher of typed capital names (answers keyed by the USPS code of their state)."""
    answers = {
        c.usps: (c.capital, (*_saint_variants(c.capital), *_CAPITAL_VARIANTS.get(c.usps, ())))
        for c in deck()
    }
    cities = {
        name: Sentence("city_not_a_capital", name=name, states=states)
        for name, states in _NOT_CAPITALS.items()
    }
    states = {c.name: Sentence("state_not_a_capital", name=c.name) for c in deck()}
    return Matcher("capital", answers, cities, states)


def match_state(text: str) -> Match:
    """Read ``text`` as a state name: ``Match.usps`` is its USPS code when accepted."""
    return state_matcher().match(text)


def match_capital(text: str) -> Match:
    """Read ``text`` as a capital: ``Match.usps`` is the code of the state it is the capital of.

    A trailing state after the capital ("Sacramento, CA") is dropped (see the module docstring).
    """
    match = capital_matcher().match(text)
    if match.status in (MatchStatus.EXACT, MatchStatus.VARIANT, MatchStatus.TOO_LONG):
        return match
    split = _trailing_state(text)
    if split is None:
        return match
    head, usps = split
    found = capital_matcher().match(head)
    if found.status is MatchStatus.NON_ANSWER:
        return found  # "Dallas, TX": a city that is not a capital
    if not found.accepted or (found.status is MatchStatus.CLOSE and found.usps != usps):
        return match  # "Springfeld, Ohio": a misspelt city of another state is no capital
    said = found.said
    if found.usps != usps:
        said = (Sentence("capital_of_not", capital=found.usps, other_state=usps), *said)
    return Match(text, found.status, found.usps, found.name, said=said)


def _trailing_state(text: str) -> tuple[str, str] | None:
    """("Sacramento", "CA") for "Sacramento, CA": the text before a trailing exact state name,
    code or variant (after a comma, or as the last one to three words), and that state."""
    matcher = state_matcher()
    if "," in text:
        head, tail = text.rsplit(",", 1)
        usps = matcher.exact_answer(tail)
        return (head, usps) if usps and head.strip() else None
    words = text.split()
    for k in (3, 2, 1):
        if len(words) > k:
            usps = matcher.exact_answer(" ".join(words[-k:]))
            if usps:
                return " ".join(words[:-k]), usps
    return None
