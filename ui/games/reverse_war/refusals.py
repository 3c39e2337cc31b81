"""Reverse Geography War's refusals in words (:mod:`ui.games.refusals`): a flip is its only
move."""

from __future__ import annotations

from messages import N_

REFUSALS = {
    "flip_expected": N_(
        "{given} is not a move of Reverse Geography War: the only move is to flip."
    ),
}
