"""The rank drills: ``larger``, ``earlier``, ``populous`` (which of two states is larger /
joined the Union first / had more people in 2020?), ``weaker`` (which state's worst rank, the
weakest of its three, is weaker, a higher number nearer 50th: Reverse Geography War) and
``order`` (put four states in order of one category).

A question may be made about given states (a tuple subject, see
:func:`engine.quiz.deal.make_question`). Two states that joined the Union the same day (North
and South Dakota) are never compared; nor are two cards of equal weakness.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations

from engine.cards import Category, by_usps, long_date, ordinal
from engine.quiz.context import Context, Subject
from engine.quiz.facts import facts, name, plural
from engine.quiz.modes import generates, mode
from engine.quiz.question import Question


@dataclass(frozen=True, slots=True)
class _Measure:
    """One rank category as the drills word it."""

    category: Category
    question: str  # "Which state is larger (total area, water included)"
    verdict: str  # "is larger"
    first: str  # "largest first"
    value: Callable[[str], str]  # the figure behind the rank, in words

    def rank(self, usps: str) -> int:
        return by_usps()[usps].rank(self.category)

    def describe(self, usps: str) -> str:
        return f"{self.value(usps)} ({self.category.label.lower()} rank {self.rank(usps)})"


_SIZE = _Measure(
    Category.SIZE,
    "Which state is larger (total area, water included)",
    "is larger",
    "largest first",
    lambda c: f"{facts()[c].area:,} sq mi",
)
_STATEHOOD = _Measure(
    Category.STATEHOOD,
    "Which state joined the Union first",
    "joined the Union first",
    "earliest to join the Union first",
    lambda c: f"joined {long_date(facts()[c].admitted)}",
)
_POPULATION = _Measure(
    Category.POPULATION,
    "Which state had more people in the 2020 Census",
    "had more people",
    "most populous first",
    lambda c: f"{facts()[c].population:,} people in 2020",
)
_MEASURES = {"larger": _SIZE, "earlier": _STATEHOOD, "populous": _POPULATION}

_PAIR = range(2, 3)  #: a comparison takes two given states
_ORDER_SIZE = 4  #: states in a dealt ``order`` question (a given one may have 2 to 50)


def _comparable(measure: _Measure | None) -> Callable[[str, str], bool]:
    """Two states the measure can compare: distinct admission days for statehood, distinct
    weaknesses for cards (``measure`` None)."""
    if measure is None:
        return lambda a, b: by_usps()[a].weakness != by_usps()[b].weakness
    if measure.category is Category.STATEHOOD:
        return lambda a, b: facts()[a].admitted != facts()[b].admitted
    return lambda a, b: True


def _compared(
    subject: Subject, k: int, ctx: Context, comparable: Callable[[str, str], bool]
) -> list[str]:
    """The states a rank question compares, in the order shown: the given tuple as it is, or
    the subject and ``k - 1`` companions, shuffled. Raises ``ValueError`` for a given tuple with
    a repeated state or two states the question cannot compare."""
    if isinstance(subject, tuple):
        states = list(subject)
        if len(set(states)) != len(states) or not all(
            comparable(a, b) for a, b in combinations(states, 2)
        ):
            raise ValueError(f"these states cannot be compared: {', '.join(states)}")
        return states
    companions = ctx.companions(
        k - 1, [subject], ok=lambda c: comparable(subject, c), pair_ok=comparable
    )
    states = [subject, *companions]
    ctx.rng.shuffle(states)
    return states


def _pair_maker(mode_name: str) -> Callable[[Subject, Context], Question]:
    measure = _MEASURES[mode_name]

    def make(subject: Subject, ctx: Context) -> Question:
        pair = _compared(subject, 2, ctx, _comparable(measure))
        a, b = pair
        best, worst = sorted(pair, key=measure.rank)
        return mode(mode_name).question(
            "-".join(sorted(pair)),
            f"{measure.question}: {name(a)} or {name(b)}?",
            best,
            choices=(a, b),
            shown=(a, b),
            explanation=f"{name(best)} {measure.verdict}. {name(best)}: "
            f"{measure.describe(best)}; {name(worst)}: {measure.describe(worst)}.",
        )

    return make


for _mode in _MEASURES:
    generates(_mode, sizes=_PAIR)(_pair_maker(_mode))


def _ranks_text(usps: str) -> str:
    card = by_usps()[usps]
    return (
        f"{card.name}: {ordinal(card.size_rank)} in size, {ordinal(card.statehood_rank)} in "
        f"statehood, {ordinal(card.population_rank)} in population, so its worst rank is "
        f"{ordinal(card.weakness)}"
    )


@generates("weaker", sizes=_PAIR)
def _weaker(subject: Subject, ctx: Context) -> Question:
    pair = _compared(subject, 2, ctx, _comparable(None))
    a, b = pair
    weaker, stronger = sorted(pair, key=lambda c: -by_usps()[c].weakness)
    return mode("weaker").question(
        "-".join(sorted(pair)),
        f"Whose worst rank is weaker (the higher number, nearer 50th): {name(a)} or {name(b)}?",
        weaker,
        choices=(a, b),
        shown=(a, b),
        explanation=f"A state's worst rank is the weakest of its three ranks (size, statehood, "
        f"population; 1st is the strongest, 50th the weakest). {_ranks_text(weaker)}; "
        f"{_ranks_text(stronger)}. {name(weaker)}'s worst rank is weaker (nearer 50th).",
    )


@generates("order", sizes=range(2, 51))
def _order(subject: Subject, ctx: Context) -> Question:
    measures = {m.category: m for m in _MEASURES.values()}
    measure = measures[ctx.category] if ctx.category else ctx.rng.choice(list(measures.values()))
    shown = _compared(subject, _ORDER_SIZE, ctx, _comparable(measure))
    answer = tuple(sorted(shown, key=measure.rank))
    lines = "; ".join(f"{i}. {name(c)}: {measure.describe(c)}" for i, c in enumerate(answer, 1))
    return mode("order").question(
        f"{measure.category.value}:{'-'.join(sorted(shown))}",
        f"Put these {plural(len(shown), 'state')} in order, {measure.first}.",
        answer,
        choices=tuple(shown),
        shown=tuple(shown),
        explanation=f"{measure.first[0].upper()}{measure.first[1:]}: {lines}.",
    )
