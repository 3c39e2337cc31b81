"""Reverse Geography War, two piles and no decisions: the weaker card wins (rules: :mod:`.state`).

The game in parts: :mod:`.actions` (the flip), :mod:`.observation` (what both seats know, the
last battle), :mod:`.state` (the rules) and :mod:`.practice` (the practice mode's predictions
and their score). Nobody decides, so it has no odds and no bots.
"""

from engine.reverse_war.actions import FLIP, Flip
from engine.reverse_war.observation import Battle, ReverseWarObservation, worst_categories
from engine.reverse_war.state import (
    HAND_SIZE,
    MAX_TURNS,
    PENALTY,
    WAR_PACKET,
    ReverseWar,
    geoplunges,
)

__all__ = [
    "FLIP",
    "HAND_SIZE",
    "MAX_TURNS",
    "PENALTY",
    "WAR_PACKET",
    "Battle",
    "Flip",
    "ReverseWar",
    "ReverseWarObservation",
    "geoplunges",
    "worst_categories",
]
