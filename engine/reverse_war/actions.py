"""Reverse Geography War's one move: the flip (rules: :mod:`engine.reverse_war.state`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Flip:
    """The only action: both players turn their top card."""

    def __str__(self) -> str:
        return "flip"


FLIP = Flip()
