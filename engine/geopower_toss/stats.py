"""What a simulation counts of GeoPower Toss (see :class:`engine.stats.GameStats`): each bot's
GeoPlunge calls."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.geopower_toss.observation import CALL_TRICKS
from engine.stats import GameStats, PerBot


def calls(state: Any, unit: int) -> tuple[int, int, int]:
    """Of a finished game, for one unit: the rounds it played, its GeoPlunge calls and the
    calls it made (``CALL_TRICKS`` tricks or more)."""
    rounds = state.results
    called = [r for r in rounds if unit in r.callers]
    return len(rounds), len(called), sum(r.tricks[unit] >= CALL_TRICKS for r in called)


def calls_line(label: str, c: Mapping[str, int]) -> str:
    """The report's line for one bot's calls."""
    return (
        f"GeoPlunge calls by {label}: {c['calls']} in {c['rounds']} rounds "
        f"({c['calls'] / max(c['rounds'], 1):.1%}), made {c['made']} "
        f"({c['made'] / max(c['calls'], 1):.0%})"
    )


STATS = GameStats(
    per_bot=(PerBot("geoplunge_calls", ("rounds", "calls", "made"), calls, calls_line),)
)
