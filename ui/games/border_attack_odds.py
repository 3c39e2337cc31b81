"""Border Attack: what the hints count, restated here from the rules (no Streamlit).

To be replaced by ``engine.border_attack.odds``: the engine is getting public functions for
these; once both are merged, this module's callers import them from there instead (the
signatures are kept for that one small step) and this module goes.
"""

from __future__ import annotations

from math import comb

from engine.border_attack import BorderAttackObservation
from engine.cards import Card, Category, deck


def public_codes(obs: BorderAttackObservation) -> set[str]:
    """Cards played or discarded by either player."""
    return {c.usps for s in (0, 1) for pile in (obs.played[s], obs.discards[s]) for c in pile}


def unseen(obs: BorderAttackObservation) -> list[Card]:
    """The cards the human cannot place: the AI's hand, the deck (and a face-down card)."""
    known = public_codes(obs) | {c.usps for c in obs.hand}
    if obs.follow_card is not None:
        known.add(obs.follow_card.usps)
    return [c for c in deck() if c.usps not in known]


def win_chance(card: Card, category: Category, pool: list[Card], held: int) -> tuple[int, float]:
    """How many unseen cards beat ``card`` in ``category``, and the chance that none of them is
    among the ``held`` cards of the opponent (each unseen card equally likely to be held)."""
    better = sum(1 for c in pool if c.beats(card, category))
    u = len(pool)
    k = min(held, u)
    if k == 0:
        return better, 1.0
    return better, comb(u - better, k) / comb(u, k)
