"""What a learner (or a class) knows, from the items' states: per state, per topic, per week.

The rules:

* A **state's figure** for some kinds (a topic: the capitals are the capital and its first
  letter) is the mean retrievability of its items of those kinds, a kind never met counting
  0; a state none of whose items of those kinds was ever answered has no figure ("not met
  yet").
* A topic's **mastery** is the mean retrievability of all its items, 50 states × its kinds,
  items never met counting 0: the share of the topic's facts the learner is expected to recall
  now. It grows as the learner meets more states and falls as they forget.
* A **week's** mastery is the same figure at the end of that week (Monday 00:00 UTC), from the
  items' states after the answers of that week and before; :func:`kind_totals` gives the sums
  it is made of, :func:`weekly_totals` them for every week of a whole history.
* The **counts**: *learned* items are in the known band now, *due today* items are those FSRS
  schedules by the end of the learner's day, *new* items were never answered.
* A **streak** is the number of days in a row, ending today (or yesterday, when today has no
  answer yet), with at least one answer.
* A **class** (a list of learners' states): a state's class figure is the mean of the
  learners' figures, a learner who never met it counting 0 (``None`` when none met it); the
  items most often due are counted over the learners.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from fsrs import Rating

from engine.progress.schedule import (
    KNOWN,
    ItemState,
    at_moment,
    is_due,
    retrievability,
    states_after,
    week_end,
)
from engine.quiz.facts import all_states
from engine.quiz.items import Item, Kind

States = Mapping[Item, ItemState]  #: a learner's items met, with their states


def state_figures(states: States, now: datetime, kinds: Sequence[Kind]) -> dict[str, float]:
    """USPS code → the state's figure for ``kinds`` (states never met are left out)."""
    sums: dict[str, float] = {}
    for item, state in states.items():
        if item.kind in kinds:
            sums[item.state] = sums.get(item.state, 0.0) + retrievability(state, now)
    return {usps: total / len(kinds) for usps, total in sums.items()}


def mastery(states: States, now: datetime, kinds: Sequence[Kind]) -> float:
    """The mastery of ``kinds``: mean retrievability over their 50 × len(kinds) items."""
    total = sum(retrievability(s, now) for i, s in states.items() if i.kind in kinds)
    return total / (len(all_states()) * len(kinds))


def kind_totals(states: States, at: datetime) -> dict[Kind, float]:
    """Kind → the sum of its items' retrievability at ``at`` (a kind's mastery times 50)."""
    totals = dict.fromkeys(Kind, 0.0)
    for item, state in states.items():
        totals[item.kind] += retrievability(state, at)
    return totals


def weekly_totals(
    histories: Mapping[Item, Iterable[tuple[Rating, datetime]]], weeks: Sequence[date]
) -> dict[tuple[date, Kind], float]:
    """(week, kind) → :func:`kind_totals` at the end of each of ``weeks``, each item in the
    state its answers up to then left it in (every kind of every week, zeros included)."""
    totals = {(w, k): 0.0 for w in weeks for k in Kind}
    ends = [(w, week_end(w)) for w in weeks]
    for item, history in histories.items():
        states = states_after(history)
        for week, end in ends:
            state = at_moment(states, end)
            if state is not None:
                totals[week, item.kind] += retrievability(state, end)
    return totals


@dataclass(frozen=True, slots=True)
class Counts:
    """A learner's items: ``learned`` (known band), ``due`` (by the end of the day), ``new``
    (never answered) and ``met`` (answered at least once), out of ``total``."""

    learned: int
    due: int
    new: int
    met: int
    total: int


def counts(states: States, now: datetime, until: datetime, total: int = 450) -> Counts:
    """The :class:`Counts` at ``now``, items due by ``until``."""
    learned = sum(1 for s in states.values() if retrievability(s, now) >= KNOWN)
    due = sum(1 for s in states.values() if is_due(s, until))
    return Counts(learned, due, total - len(states), len(states), total)


def streak(days: Iterable[date], today: date) -> int:
    """Days in a row with an answer, ending today, or yesterday when today has none yet."""
    practised = set(days)
    day = today if today in practised else today - timedelta(days=1)
    run = 0
    while day in practised:
        run += 1
        day -= timedelta(days=1)
    return run


# --- a class --------------------------------------------------------------------------------


def class_figures(
    learners: Sequence[States], now: datetime, kinds: Sequence[Kind]
) -> dict[str, float]:
    """USPS code → the class figure of the state for ``kinds`` (states no learner met are
    left out)."""
    if not learners:
        return {}
    sums: dict[str, float] = {}
    for states in learners:
        for usps, figure in state_figures(states, now, kinds).items():
            sums[usps] = sums.get(usps, 0.0) + figure
    return {usps: total / len(learners) for usps, total in sums.items()}


def most_due(learners: Sequence[States], until: datetime, k: int) -> list[tuple[Item, int]]:
    """The ``k`` items due for the most learners by ``until``, with how many; the most first,
    ties in item order."""
    due: dict[Item, int] = {}
    for states in learners:
        for item, state in states.items():
            if is_due(state, until):
                due[item] = due.get(item, 0) + 1
    return sorted(due.items(), key=lambda pair: (-pair[1], pair[0]))[:k]


def trend(
    rows: Mapping[tuple[date, Kind], float], states: States, weeks: Sequence[date], now: datetime
) -> list[dict[Kind, float]]:
    """Kind → its retrievability summed at the end of each of ``weeks`` (the week not over yet:
    at ``now``), from the stored week ``rows`` (``store.progress.learner_weeks``): a finished
    week with a row is that row; one after the learner's last answer is the states as they
    are, at that week's end; one before any answer is 0."""
    last = max((s.last_review for s in states.values()), default=None)
    out = []
    for week in weeks:
        end = week_end(week)
        if end > now:
            out.append(kind_totals(states, now))
        elif (week, Kind.BORDERS) in rows:
            out.append({k: rows.get((week, k), 0.0) for k in Kind})
        elif last is not None and end > last:
            out.append(kind_totals(states, end))
        else:
            out.append(dict.fromkeys(Kind, 0.0))
    return out


def topic_share(totals: Mapping[Kind, float], kinds: Sequence[Kind]) -> float:
    """A topic's mastery from :func:`kind_totals` (or a week of :func:`trend`)."""
    return sum(totals[k] for k in kinds) / (len(all_states()) * len(kinds))
