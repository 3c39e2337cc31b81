"""The modes table: every drill mode declares itself here, once, in one row of
:data:`MODE_TABLE`; every other place reads the row. Each group has its title and the line
that introduces it (:data:`GROUPS`).

A row (:class:`Mode`) says, besides the mode's name, group and title:

* how a question is answered and what its values are (``answer_type``, ``value_kind``), and
  whether it is one long question asked once after the others (``solo``);
* ``items``: which facts its questions are evidence about, for a learner's progress
  (:class:`~engine.quiz.kinds.ItemRule`; :mod:`engine.quiz.items` reads it, and a practice
  quiz asks an item with every mode whose rule is about one state);
* ``quick``: the seconds within which a right first answer is quick, rated Easy
  (:mod:`engine.progress.rating`; ``None``: never quick);
* ``map``: what its map shows beyond what any question shows (:class:`MapRule`; read by
  :func:`engine.quiz.view.question_states` and ``ui/quiz/roles.py``).

Every field is required: a row without one fails when the table is built, at import, and so
does a row whose values are not of their kind (:func:`registered` checks them the same way).
A mode's *generator* lists what a question can be about (its subjects in a selection of states)
and makes the question about one subject (:class:`~engine.quiz.context.Generator`). Generators
live in the module named after their group (``engine.quiz.borders`` for the ``borders``
modes …) and register themselves with :func:`generates`; importing :mod:`engine.quiz` fails
when a mode has none.

The order of :data:`MODE_TABLE` is the order of :data:`MODES`, which settings keep their modes
in and the deal takes them from: a new mode goes at the end of its group, or old links would
deal other questions.

:data:`MODES`, :data:`MODE_GROUPS`, :data:`MODE_TITLES` … are views of the table, read when
used: a mode a test registers (:func:`registered`) is in them for as long as it lasts.

Titles and intros are declared labels, in English, marked for the catalogue with
:func:`messages.N_`: a page shows them translated, with :func:`messages._`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import KW_ONLY, dataclass, field, fields
from enum import StrEnum
from typing import Any, TypeVar, overload

from engine.quiz.context import Context, Generator, Subject
from engine.quiz.kinds import ItemRule, Kind, Of
from engine.quiz.question import Answer, AnswerType, Question, ValueKind
from engine.words import Sentence
from messages import N_

MIX = "mix"  #: the ``mode`` value for every mode of a page but the solo ones
SOLO_SUBJECT = "ALL"  #: the one subject of a solo mode: the whole selection
NAME_LENGTH = 20  #: the longest mode name (the answers' and reviews' ``mode`` column)


@dataclass(frozen=True, slots=True)
class Group:
    """A drill page's group of modes: its name (the ``mode`` value that asks them all), the
    page's title and the line under it (marked with ``N_``: shown with ``_()``)."""

    name: str
    title: str
    intro: str


GROUPS: tuple[Group, ...] = (
    Group(
        "borders",
        N_("Border quiz"),
        N_(
            "Which states touch which? Pick the neighbours on the map, find the state that fits a "
            "list of borders, count them.",
        ),
    ),
    Group(
        "capitals",
        N_("Capital quiz"),
        N_(
            "Every state's capital, both ways, and their first letters: which capitals begin with "
            "S, and which share a first letter?",
        ),
    ),
    Group(
        "ranks",
        N_("Rank quiz"),
        N_(
            "Size, statehood and population: which state is larger, joined the Union first or "
            "has more people, and whose worst rank is weaker (nearer 50th)?",
        ),
    ),
    Group(
        "zones",
        N_("Time zone quiz"),
        N_(
            "Which time zone is each state's capital in? A state split between two time zones is "
            "asked about its capital.",
        ),
    ),
    Group(
        "locate",
        N_("Locate quiz"),
        N_(
            "Where is each state? Find it on the map, name the highlighted state, tell a state by "
            "its capital, or name them all.",
        ),
    ),
)
GROUP_TITLES: dict[str, str] = {g.name: g.title for g in GROUPS}
GROUP_INTROS: dict[str, str] = {g.name: g.intro for g in GROUPS}


class Shown(StrEnum):
    """What the states a question names (its ``shown``) are to its map. ``NAMED``: states
    its prompt names, highlighted when five at most, and what the question is about (for a
    list of names, its selection, outside which the map is muted). ``BORDERS``: the border
    states of its answer, listed (``exact``): every one is marked as a neighbour, and the
    question is about its answer, not about them."""

    NAMED = "named"
    BORDERS = "borders"


@dataclass(frozen=True, slots=True)
class MapRule:
    """What a mode's map shows beyond what any question shows (the asked state, the choices
    a click may pick, right, missed and wrong states): what its ``shown`` states are; whether
    the asked state's border states are drawn after an answer (``borders_after``, the
    Four Corners partner as a corner: ``count``); whether a coloured state's hover note
    names its capital after an answer (``capital_notes``)."""

    shown: Shown
    borders_after: bool
    capital_notes: bool


@dataclass(slots=True)
class Mode:
    """One row of the modes table (see the module for its fields, all required).
    ``generator`` is filled in by the group's module (:func:`generates`)."""

    name: str
    group: str
    title: str
    answer_type: AnswerType
    value_kind: ValueKind
    _: KW_ONLY
    solo: bool  #: one long question, asked once after the others, never in a page's default
    items: ItemRule  #: the facts its questions are evidence about
    quick: float | None  #: seconds for a right first answer to be quick (None: never)
    map: MapRule  #: what its map shows
    generator: Generator | None = field(default=None, init=False, compare=False)

    def question(self, key: str, ask: Sentence, answer: Answer, **details: Any) -> Question:
        """A question of this mode: its qid is ``"<mode>:<key>"``, its answer type and value
        kind the table's; ``details`` are the other :class:`Question` fields."""
        return Question(
            qid=f"{self.name}:{key}",
            mode=self.name,
            ask=ask,
            answer_type=self.answer_type,
            value_kind=self.value_kind,
            answer=answer,
            **details,
        )


_ONE, _SET, _ORDER, _TEXT, _NAMES = (
    AnswerType.ONE,
    AnswerType.SET,
    AnswerType.ORDER,
    AnswerType.TEXT,
    AnswerType.NAMES,
)
_STATE = ValueKind.STATE
_MAP = MapRule(Shown.NAMED, borders_after=False, capital_notes=False)
_CAPITALS_MAP = MapRule(Shown.NAMED, borders_after=False, capital_notes=True)

# Quick: a choice among two to four (a letter, a count, a zone, one of two states) within 4 s;
# finding one state on the map or naming the highlighted one within 5 s; a list to read
# (exact) within 6 s; typing a capital or a state within 8 s; picking a set of states on the
# map within 12 s; putting four in order within 15 s; a list of names never (its time is that
# of the whole list).
# fmt: off
MODE_TABLE: tuple[Mode, ...] = (
    Mode("neighbors", "borders", N_("Select all border states"), _SET, _STATE, solo=False,
         items=ItemRule(Kind.BORDERS, Of.FOCUS), quick=12, map=_MAP),
    Mode("exact", "borders", N_("Which state borders exactly these?"), _ONE, _STATE, solo=False,
         items=ItemRule(Kind.BORDERS, Of.ANSWER), quick=6,
         map=MapRule(Shown.BORDERS, borders_after=False, capital_notes=False)),
    Mode("count", "borders", N_("How many border states?"), _ONE, ValueKind.NUMBER, solo=False,
         items=ItemRule(Kind.BORDERS, Of.FOCUS), quick=4,
         map=MapRule(Shown.NAMED, borders_after=True, capital_notes=False)),
    Mode("letter_states", "capitals", N_("Select all capitals with a letter"), _SET, _STATE,
         solo=False, items=ItemRule(Kind.LETTER, Of.STATES), quick=12, map=_CAPITALS_MAP),
    Mode("letter", "capitals", N_("First letter of the capital"), _ONE, ValueKind.LETTER,
         solo=False, items=ItemRule(Kind.LETTER, Of.FOCUS), quick=4, map=_CAPITALS_MAP),
    Mode("capital", "capitals", N_("Type the capital"), _TEXT, ValueKind.CAPITAL, solo=False,
         items=ItemRule(Kind.CAPITAL, Of.FOCUS), quick=8, map=_CAPITALS_MAP),
    Mode("shared", "capitals", N_("Capitals that share a letter"), _SET, _STATE, solo=False,
         items=ItemRule(Kind.LETTER, Of.STATES), quick=12, map=_CAPITALS_MAP),
    Mode("capital_of", "capitals", N_("Type the state of a capital"), _TEXT, _STATE, solo=False,
         items=ItemRule(Kind.CAPITAL, Of.ANSWER), quick=8, map=_CAPITALS_MAP),
    Mode("larger", "ranks", N_("Which is larger?"), _ONE, _STATE, solo=False,
         items=ItemRule(Kind.SIZE, Of.COMPARED), quick=4, map=_MAP),
    Mode("earlier", "ranks", N_("Which joined the Union first?"), _ONE, _STATE, solo=False,
         items=ItemRule(Kind.STATEHOOD, Of.COMPARED), quick=4, map=_MAP),
    Mode("populous", "ranks", N_("Which has more people?"), _ONE, _STATE, solo=False,
         items=ItemRule(Kind.POPULATION, Of.COMPARED), quick=4, map=_MAP),
    Mode("weaker", "ranks", N_("Whose worst rank is weaker?"), _ONE, _STATE, solo=False,
         items=ItemRule(Kind.WEAKNESS, Of.COMPARED), quick=4, map=_MAP),
    Mode("order", "ranks", N_("Put four in order"), _ORDER, _STATE, solo=False,
         items=ItemRule(None, Of.PLACED), quick=15, map=_MAP),  # kind: the question's category
    Mode("zone", "zones", N_("Time zone of the capital"), _ONE, ValueKind.ZONE, solo=False,
         items=ItemRule(Kind.ZONE, Of.FOCUS), quick=4, map=_MAP),
    Mode("locate", "locate", N_("Find the state on the map"), _ONE, _STATE, solo=False,
         items=ItemRule(Kind.LOCATION, Of.ANSWER), quick=5, map=_MAP),
    Mode("identify", "locate", N_("Which state is highlighted?"), _TEXT, _STATE, solo=False,
         items=ItemRule(Kind.LOCATION, Of.FOCUS), quick=5, map=_MAP),
    Mode("from_capital", "locate", N_("Which state has this capital?"), _TEXT, _STATE, solo=False,
         items=ItemRule(Kind.CAPITAL, Of.ANSWER), quick=8, map=_MAP),
    Mode("all50", "locate", N_("Name all the states"), _NAMES, _STATE, solo=True,
         items=ItemRule(Kind.LOCATION, Of.STATES), quick=None, map=_MAP),
)
# fmt: on

_ROWS: dict[str, Mode] = {}  #: the table's rows by name, in its order (and a test's)

#: what each field of a row must hold
_FIELD_TYPES: dict[str, type | tuple[type, ...]] = {
    "name": str,
    "group": str,
    "title": str,
    "answer_type": AnswerType,
    "value_kind": ValueKind,
    "solo": bool,
    "items": ItemRule,
    "quick": (int, float, type(None)),
    "map": MapRule,
}


assert set(_FIELD_TYPES) == {f.name for f in fields(Mode) if f.init}, "a type for every field"


def check(row: Mode) -> None:
    """Raise ``ValueError`` unless ``row`` can join the table: every field of its kind, a new
    name (lower case, at most :data:`NAME_LENGTH` characters, not ``mix`` nor another group's
    name), a known group, a title, a positive quick time or none."""
    for name, kind in _FIELD_TYPES.items():
        value = getattr(row, name)
        if not isinstance(value, kind):
            raise ValueError(f"mode {row.name!r}: {name}={value!r} is not of {kind}")
    if not (row.name.isidentifier() and row.name.islower() and len(row.name) <= NAME_LENGTH):
        raise ValueError(f"mode {row.name!r}: a name is lower case, at most {NAME_LENGTH} long")
    if row.name in _ROWS or row.name == MIX or row.name in GROUP_TITLES.keys() - {row.group}:
        raise ValueError(f"mode {row.name!r}: the name is taken")
    if row.group not in GROUP_TITLES:
        raise ValueError(f"mode {row.name!r}: unknown group {row.group!r}")
    if not row.title:
        raise ValueError(f"mode {row.name!r}: no title")
    if isinstance(row.quick, bool) or (row.quick is not None and row.quick <= 0):
        raise ValueError(f"mode {row.name!r}: quick={row.quick!r} is not a time in seconds")


def _add(row: Mode) -> None:
    check(row)
    _ROWS[row.name] = row


for _row in MODE_TABLE:
    _add(_row)


@contextmanager
def registered(row: Mode) -> Iterator[Mode]:
    """For tests: ``row`` is a mode of the table (checked as the table's rows are, last of
    all) inside the block; register its generator with :func:`generates`. Every view of the
    table and every reader of a row sees it; it is gone after the block."""
    _add(row)
    try:
        yield row
    finally:
        del _ROWS[row.name]
        row.generator = None


def mode(name: str) -> Mode:
    """The table's row of mode ``name`` (``KeyError`` for an unknown mode)."""
    return _ROWS[name]


def generates(
    name: str,
    subjects: Callable[[tuple[str, ...]], list[str]] = list,
    *,
    needs: Sentence | None = None,
    sizes: range | None = None,
) -> Callable[[Callable[[Subject, Context], Question]], Callable[[Subject, Context], Question]]:
    """Register the decorated function as the generator of mode ``name`` (see
    :class:`~engine.quiz.context.Generator` for ``subjects``, ``needs`` and ``sizes``; the
    default subjects are every state of the selection). A mode has one generator: registering
    a second raises."""
    row = mode(name)

    def register(
        make: Callable[[Subject, Context], Question],
    ) -> Callable[[Subject, Context], Question]:
        if row.generator is not None:
            raise ValueError(f"mode {name} already has a generator")
        row.generator = Generator(subjects, make, needs, sizes)
        return make

    return register


def generator(name: str) -> Generator:
    """The generator of mode ``name``."""
    found = mode(name).generator
    if found is None:
        raise LookupError(f"mode {name} has no generator in engine.quiz.{mode(name).group}")
    return found


def require_generators() -> None:
    """Raise ``LookupError`` naming the modes that have no generator (``engine.quiz`` calls
    it once its group modules are imported)."""
    missing = [m.name for m in _ROWS.values() if m.generator is None]
    if missing:
        raise LookupError(f"modes without a generator: {', '.join(missing)}")


T = TypeVar("T")


class _Names(Sequence[str]):
    """The names of the table's rows that pass ``keep``, in the table's order, read when used;
    equal to the tuple of the same names."""

    __slots__ = ("_keep",)

    def __init__(self, keep: Callable[[Mode], bool]) -> None:
        self._keep = keep

    def _names(self) -> tuple[str, ...]:
        return tuple(m.name for m in _ROWS.values() if self._keep(m))

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[str, ...]: ...
    def __getitem__(self, i: int | slice) -> str | tuple[str, ...]:
        return self._names()[i]

    def __len__(self) -> int:
        return len(self._names())

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, tuple | _Names):
            return self._names() == tuple(other)
        return NotImplemented

    __hash__ = None  # a view of a table that a test may extend: not a key

    def __repr__(self) -> str:
        return repr(self._names())


class _Column(Mapping[str, T]):
    """A mapping built from the table when used (``build`` makes it)."""

    __slots__ = ("_build",)

    def __init__(self, build: Callable[[], dict[str, T]]) -> None:
        self._build = build

    def __getitem__(self, key: str) -> T:
        return self._build()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._build())

    def __len__(self) -> int:
        return len(self._build())

    def __repr__(self) -> str:
        return repr(self._build())


MODES: Sequence[str] = _Names(lambda m: True)
SOLO_MODES: Sequence[str] = _Names(lambda m: m.solo)
DEFAULT_MODES: Sequence[str] = _Names(lambda m: not m.solo)
MODE_GROUPS: Mapping[str, tuple[str, ...]] = _Column(
    lambda: {g.name: tuple(m.name for m in _ROWS.values() if m.group == g.name) for g in GROUPS}
)
MODE_TITLES: Mapping[str, str] = _Column(lambda: {m.name: m.title for m in _ROWS.values()})


def allowed_modes(group: str | None) -> tuple[str, ...]:
    """The modes a page of ``group`` accepts (all modes when ``group`` is ``None``)."""
    if group is None:
        return tuple(MODES)
    if group not in GROUP_TITLES:
        raise ValueError(f"unknown mode group: {group!r}")
    return MODE_GROUPS[group]


def default_modes(group: str | None) -> tuple[str, ...]:
    """The modes a page of ``group`` asks when the link names none: all but the solo modes."""
    return tuple(m for m in allowed_modes(group) if not mode(m).solo)
