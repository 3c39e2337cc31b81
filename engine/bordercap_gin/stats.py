"""What a simulation counts of BorderCap Gin (see :class:`engine.stats.GameStats`)."""

from __future__ import annotations

from typing import Any

from engine.stats import GameStats


def face_down_opening(state: Any, action: Any) -> bool:
    """A face-down discard as the round's opening (turn 1). The opening discard is face up
    (decision 2 of :mod:`.state`), so a run must count none."""
    return getattr(action, "face_down", False) is True and state.turn == 1


STATS = GameStats(events={"face_down_openings": face_down_opening})
