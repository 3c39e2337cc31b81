"""Size Duel's log in words."""

from __future__ import annotations

from messages import N_

EVENTS = {
    "plays": N_("{seat} plays {card}."),
    "takes_trick": N_("{seat} takes the trick."),
}
