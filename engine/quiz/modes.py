"""The modes table: every drill mode with its group, title and answer type, each group with
its title and the line that introduces it, and the generator each mode uses.

A mode's *generator* lists what a question can be about (its subjects in a selection of
states) and makes the question about one subject. Generators live in the module named after
their group (``engine.quiz.borders`` for the ``borders`` modes …) and register themselves
here with :func:`generates`; there is no other list of them. Adding a mode means one row of
:data:`MODE_TABLE` and one generator in its group's module.

The order of :data:`MODE_TABLE` is the order of :data:`MODES`, which settings keep their modes
in and the deal takes them from: a new mode goes at the end of its group, or old links would
deal other questions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards import Category
from engine.quiz.facts import all_states
from engine.quiz.question import Answer, AnswerType, Question, ValueKind

if TYPE_CHECKING:
    from engine.quiz.settings import QuizSettings

MIX = "mix"  #: the ``mode`` value for every mode of a page but the solo ones
SOLO_SUBJECT = "ALL"  #: the one subject of a solo mode: the whole selection


@dataclass(frozen=True, slots=True)
class Group:
    """A drill page's group of modes: its name (the ``mode`` value that asks them all), the
    page's title and the line under it."""

    name: str
    title: str
    intro: str


GROUPS: tuple[Group, ...] = (
    Group(
        "borders",
        "Border quiz",
        "Which states touch which? Pick the neighbours on the map, find the state that fits a "
        "list of borders, count them.",
    ),
    Group(
        "capitals",
        "Capital quiz",
        "Every state's capital, both ways, and their first letters: which capitals begin with "
        "S, and which share a first letter?",
    ),
    Group(
        "ranks",
        "Rank quiz",
        "Size, statehood and population: which state is larger, joined the Union first or "
        "has more people, and whose worst rank is weaker (nearer 50th)?",
    ),
    Group(
        "zones",
        "Time zone quiz",
        "Which time zone is each state's capital in? A state split between two time zones is "
        "asked about its capital.",
    ),
    Group(
        "locate",
        "Locate quiz",
        "Where is each state? Find it on the map, name the highlighted state, tell a state by "
        "its capital, or name them all.",
    ),
)


Subject = str | tuple[str, ...]  #: a USPS code, a letter, SOLO_SUBJECT, or states to compare


class Context:
    """What a generator may use: the settings, their selection and the seeded generator (and,
    for an ``order`` question, the category it must use, if one is imposed)."""

    def __init__(
        self, settings: QuizSettings, rng: random.Random, category: Category | None = None
    ) -> None:
        self.settings = settings
        self.rng = rng
        self.pool = settings.pool()
        self.category = category

    def companions(
        self,
        k: int,
        exclude: Iterable[str],
        ok: Callable[[str], bool] = lambda c: True,
        pair_ok: Callable[[str, str], bool] = lambda a, b: True,
    ) -> list[str]:
        """Up to ``k`` distinct states passing ``ok`` and pairwise ``pair_ok``, not in
        ``exclude``: from the selection first, then from all 50."""
        excluded = set(exclude)
        chosen: list[str] = []
        for source in (self.pool, all_states()):
            if len(chosen) == k:
                break
            candidates = [c for c in source if c not in excluded and c not in chosen and ok(c)]
            self.rng.shuffle(candidates)
            for c in candidates:
                if len(chosen) < k and all(pair_ok(c, other) for other in chosen):
                    chosen.append(c)
        return chosen


@dataclass(frozen=True, slots=True)
class Generator:
    """A mode's question maker: ``subjects(pool)`` lists what a question can be about;
    ``make(subject, ctx)`` builds it; ``needs`` says in words what a subject needs (for the
    note when a selection has none); ``sizes`` is how many states a tuple subject may compare
    (``None``: the mode takes no tuple)."""

    subjects: Callable[[tuple[str, ...]], list[str]]
    make: Callable[[Subject, Context], Question]
    needs: str = ""
    sizes: range | None = None


@dataclass(slots=True)
class Mode:
    """One row of the modes table. ``solo``: one long question, asked once after the others and
    never part of a page's default. ``generator`` is filled in by the group's module."""

    name: str
    group: str
    title: str
    answer_type: AnswerType
    value_kind: ValueKind
    solo: bool = False
    generator: Generator | None = None

    def question(self, key: str, prompt: str, answer: Answer, **details: Any) -> Question:
        """A question of this mode: its qid is ``"<mode>:<key>"``, its answer type and value
        kind the table's; ``details`` are the other :class:`Question` fields."""
        return Question(
            qid=f"{self.name}:{key}",
            mode=self.name,
            prompt=prompt,
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

MODE_TABLE: tuple[Mode, ...] = (
    Mode("neighbors", "borders", "Select all border states", _SET, _STATE),
    Mode("exact", "borders", "Which state borders exactly these?", _ONE, _STATE),
    Mode("count", "borders", "How many border states?", _ONE, ValueKind.NUMBER),
    Mode("letter_states", "capitals", "Select all capitals with a letter", _SET, _STATE),
    Mode("letter", "capitals", "First letter of the capital", _ONE, ValueKind.LETTER),
    Mode("capital", "capitals", "Type the capital", _TEXT, ValueKind.CAPITAL),
    Mode("shared", "capitals", "Capitals that share a letter", _SET, _STATE),
    Mode("capital_of", "capitals", "Type the state of a capital", _TEXT, _STATE),
    Mode("larger", "ranks", "Which is larger?", _ONE, _STATE),
    Mode("earlier", "ranks", "Which joined the Union first?", _ONE, _STATE),
    Mode("populous", "ranks", "Which has more people?", _ONE, _STATE),
    Mode("weaker", "ranks", "Whose worst rank is weaker?", _ONE, _STATE),
    Mode("order", "ranks", "Put four in order", _ORDER, _STATE),
    Mode("zone", "zones", "Time zone of the capital", _ONE, ValueKind.ZONE),
    Mode("locate", "locate", "Find the state on the map", _ONE, _STATE),
    Mode("identify", "locate", "Which state is highlighted?", _TEXT, _STATE),
    Mode("from_capital", "locate", "Which state has this capital?", _TEXT, _STATE),
    Mode("all50", "locate", "Name all the states", _NAMES, _STATE, solo=True),
)

_BY_NAME: dict[str, Mode] = {m.name: m for m in MODE_TABLE}

GROUP_TITLES: dict[str, str] = {g.name: g.title for g in GROUPS}
GROUP_INTROS: dict[str, str] = {g.name: g.intro for g in GROUPS}
MODE_GROUPS: dict[str, tuple[str, ...]] = {
    g.name: tuple(m.name for m in MODE_TABLE if m.group == g.name) for g in GROUPS
}
MODE_TITLES: dict[str, str] = {m.name: m.title for m in MODE_TABLE}
MODES: tuple[str, ...] = tuple(m.name for m in MODE_TABLE)
SOLO_MODES: tuple[str, ...] = tuple(m.name for m in MODE_TABLE if m.solo)
DEFAULT_MODES: tuple[str, ...] = tuple(m for m in MODES if m not in SOLO_MODES)


def mode(name: str) -> Mode:
    """The table's row of mode ``name`` (``KeyError`` for an unknown mode)."""
    return _BY_NAME[name]


def generates(
    name: str,
    subjects: Callable[[tuple[str, ...]], list[str]] = list,
    *,
    needs: str = "",
    sizes: range | None = None,
) -> Callable[[Callable[[Subject, Context], Question]], Callable[[Subject, Context], Question]]:
    """Register the decorated function as the generator of mode ``name`` (see
    :class:`Generator` for ``subjects``, ``needs`` and ``sizes``; the default subjects are
    every state of the selection). A mode has one generator: registering a second raises."""
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


def allowed_modes(group: str | None) -> tuple[str, ...]:
    """The modes a page of ``group`` accepts (all modes when ``group`` is ``None``)."""
    if group is None:
        return MODES
    if group not in MODE_GROUPS:
        raise ValueError(f"unknown mode group: {group!r}")
    return MODE_GROUPS[group]


def default_modes(group: str | None) -> tuple[str, ...]:
    """The modes a page of ``group`` asks when the link names none: all but the solo modes."""
    return tuple(m for m in allowed_modes(group) if m not in SOLO_MODES)
