"""Size Duel's refusal in words: a move is a card of the hand."""

from __future__ import annotations

from messages import N_

REFUSALS = {"play_from_hand": N_("Play a card of your hand.")}
