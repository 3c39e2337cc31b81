"""Small statistics for simulations: Wilson score intervals and percentiles (stdlib only), and
what a game declares for :mod:`engine.simulate` to count (:class:`GameStats`).

A game declares its figures once, in a ``stats`` module of its package holding ``STATS``, a
:class:`GameStats` (found by :func:`engine.games.game_stats`); a game without one has none.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any


@dataclass(frozen=True)
class PerBot:
    """Counts each unit (team, or seat) of a finished game gets, summed per bot over a run.

    ``count(state, unit)`` gives one whole number per name of ``fields`` for that unit of the
    finished ``state``; a run reports, under ``name``, each bot's sums by field (a bot appears
    once some game gave it a count other than 0). ``line(label, sums)`` is the report's line for
    one bot.
    """

    name: str
    fields: tuple[str, ...]
    count: Callable[[Any, int], Sequence[int]]
    line: Callable[[str, Mapping[str, int]], str]


@dataclass(frozen=True)
class GameStats:
    """The figures a game adds to a simulation's results.

    ``events``: name → ``test(state, action)``, asked before every action a bot chooses (the
    state as the bot saw it); the run reports how many actions passed each test. ``per_bot``:
    the :class:`PerBot` counts read from each finished game.
    """

    events: Mapping[str, Callable[[Any, Any], bool]] = field(
        default_factory=lambda: MappingProxyType({})
    )
    per_bot: tuple[PerBot, ...] = ()


NO_STATS = GameStats()


def wilson(successes: float, trials: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for the default ``z``).

    Unlike the normal approximation it stays inside [0, 1] and behaves at 0 or ``trials``
    successes. With no trials the interval is the whole range (0, 1).
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0-100) with linear interpolation between order statistics.

    An empty sequence gives 0.0 (no decisions were timed).
    """
    if not values:
        return 0.0
    ordered = sorted(values)
    if len(ordered) == 1:
        return float(ordered[0])
    pos = (len(ordered) - 1) * q / 100
    low = math.floor(pos)
    high = min(low + 1, len(ordered) - 1)
    return float(ordered[low] + (ordered[high] - ordered[low]) * (pos - low))


def summary_ms(seconds: Sequence[float]) -> dict[str, float]:
    """p50, p95 and max of durations given in seconds, in milliseconds (3 decimals)."""
    return {
        "p50": round(percentile(seconds, 50) * 1000, 3),
        "p95": round(percentile(seconds, 95) * 1000, 3),
        "max": round(max(seconds, default=0.0) * 1000, 3),
    }
