"""What a Border Attack player can work out from its own observation: the cards it cannot place,
the chance that a card wins a trick, and the guesses an announcement allows. The bots and the
page's hints read these same numbers, so a hint never disagrees with the AI.

- A card is *seen* where it is known to lie: in the seat's own hand, played or discarded by
  either seat (:func:`seen_codes`). It is *known* when the seat can also place it on the table:
  the follower's committed card (shown to the follower) and a card whose name was announced
  (:func:`unseen` leaves those out too: an announced name is known, not a guess).
- Every unseen card is equally likely to be in the opponent's hand, so a lead holds with the
  chance that none of the opponent's cards has a better rank in the category
  (:class:`WinChances`): C(u − b, h) / C(u, h) for ``u`` unseen cards of which ``b`` beat it and
  ``h`` held by the opponent.
- The leader cannot rule out a state it has not seen that has the announced number of borders
  (:func:`guess_candidates`); knowing every border, only the guesses of
  :func:`fitting_guesses` fit the announcement.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Collection, Sequence

from engine.border_attack.actions import (
    _BY_COUNT,
    _DECK,
    _GUESS_BORDERS,
    _GUESS_STATES,
    _RANK,
    CATEGORIES,
    GuessBorders,
    GuessState,
)
from engine.border_attack.observation import GUESS, BorderAttackObservation
from engine.cards import Card, Category, by_usps


def public_codes(obs: BorderAttackObservation) -> set[str]:
    """The USPS codes of the cards played or discarded by either seat (both seats see them)."""
    codes: set[str] = set()
    for s in (0, 1):
        codes.update(c.usps for c in obs.played[s])
        codes.update(c.usps for c in obs.discards[s])
    return codes


def seen_codes(obs: BorderAttackObservation) -> set[str]:
    """The USPS codes of the cards ``obs.seat`` has seen where they lie: its own hand, and every
    card played or discarded."""
    codes = public_codes(obs)
    codes.update(c.usps for c in obs.hand)
    return codes


def unseen(obs: BorderAttackObservation) -> list[Card]:
    """The cards ``obs.seat`` cannot place, in deck order: the opponent's hand and the deck, and
    a face-down card unless the seat committed it or its name was announced."""
    known = seen_codes(obs)
    if obs.follow_card is not None:
        known.add(obs.follow_card.usps)
    ann = obs.announcement
    if ann is not None and ann.usps is not None:
        known.add(ann.usps)
    return [c for c in _DECK if c.usps not in known]


class WinChances:
    """How likely a card led in a category wins, if the opponent's ``held`` cards are a random
    draw from ``unseen``: the chance that none of them has a better rank."""

    def __init__(self, unseen: Sequence[Card], held: int) -> None:
        self.ranks = {cat: sorted(map(_RANK[cat], unseen)) for cat in CATEGORIES}
        self.unseen = len(unseen)
        self.held = held

    def beaten_by(self, card: Card, category: Category) -> int:
        """How many unseen cards have a better rank than ``card`` in ``category``."""
        return bisect_left(self.ranks[category], _RANK[category](card))

    def lead(self, card: Card, category: Category) -> float:
        """P(no card of the opponent beats ``card`` in ``category``)."""
        better = self.beaten_by(card, category)
        u, p = self.unseen, 1.0
        for i in range(min(self.held, u)):
            if u - better - i <= 0:
                return 0.0
            p *= (u - better - i) / (u - i)
        return p

    def best_lead(self, card: Card) -> tuple[Category, float]:
        """The category in which ``card`` is likeliest to win as a lead, with that chance (the
        first of :data:`CATEGORIES` among equals)."""
        return max(((cat, self.lead(card, cat)) for cat in CATEGORIES), key=lambda c: c[1])

    def value(self, card: Card) -> float:
        """A card's worth as a lead: its best chance over the three categories."""
        return max(self.lead(card, cat) for cat in CATEGORIES)


def win_chances(obs: BorderAttackObservation) -> WinChances:
    """The :class:`WinChances` of ``obs.seat``'s leads: its unseen cards, the opponent's hand."""
    return WinChances(unseen(obs), obs.hand_counts[1 - obs.seat])


def follow_wins(card: Card, led: Card, category: Category) -> bool:
    """True when ``card``, played to ``led``, wins the trick: the better (lower) rank in the
    named category wins, and two cards never tie."""
    return _RANK[category](card) < _RANK[category](led)


def candidates(count: int, seen: Collection[str]) -> list[Card]:
    """The states with ``count`` border states whose code is not in ``seen``, in deck order."""
    return [c for c in _BY_COUNT.get(count, ()) if c.usps not in seen]


def guess_candidates(obs: BorderAttackObservation) -> list[Card]:
    """The states the leader (``obs.seat``) cannot rule out after the announcement: the states
    with the announced number of border states it has not seen (``[]`` before an
    announcement). The follower's card is always among them."""
    if obs.announcement is None:
        return []
    return candidates(obs.announcement.count, seen_codes(obs))


def fitting_guesses(obs: BorderAttackObservation) -> tuple[GuessState | GuessBorders, ...]:
    """The guesses that fit the announcement for a player who knows every border (``()``
    outside the guess): the borders announced, each candidate whose border states are exactly
    the list (one state, or Alaska and Hawaii for an empty list); the name announced, that
    state's border set."""
    ann = obs.announcement
    if obs.phase != GUESS or ann is None:
        return ()
    if ann.usps is None:
        return tuple(
            _GUESS_STATES[c.usps] for c in guess_candidates(obs) if c.borders == ann.borders
        )
    return (_GUESS_BORDERS[by_usps()[ann.usps].borders],)
