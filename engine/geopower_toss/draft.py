"""A round's deal and its draft of the GeoPower card (rules: :mod:`engine.geopower_toss.state`).

- Each round both decks are shuffled: every player gets ``HAND_SIZE`` (8) GeoPlunge cards and
  players + 1 GeoPower cards are dealt face up. The GeoPlunge cards not dealt stay face down
  (the stock) and the GeoPower cards not dealt stay in their deck; neither is ever seen.
- The draft: the dealer removes one face-up GeoPower card, then each other player clockwise;
  the card left names the round's category, and the dealer leads the first trick. The cards
  of one category are alike, so a removal names its category (:class:`Remove`).

Its events (:class:`engine.core.Event`; a category by its value, ``"size"``): ``deals``
(``round``: the round's number, 1 for the first; ``seat``: the dealer; ``face_up``: the
GeoPower cards dealt face up, a tuple of categories in the order dealt), ``removes``
(``seat``: who removed; ``category``: the card removed) and ``power_card`` (``category``: the
card left, the round's GeoPower card).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.cards import Category
from engine.core import Event, Refusal
from engine.geopower_toss.actions import CATEGORIES, REMOVE, Remove, _tables
from engine.geopower_toss.observation import DRAFT, PLAY
from engine.geopower_toss.table import Table

HAND_SIZE = 8
GEOPOWER_DECK: tuple[Category, ...] = tuple(c for c in Category for _ in range(7))


def rest_of_power(dealt: Iterable[Category]) -> tuple[Category, ...]:
    """The GeoPower cards not dealt face up (their order is never seen)."""
    rest = list(GEOPOWER_DECK)
    for c in dealt:
        rest.remove(c)
    return tuple(rest)


class Draft(Table):
    """The deal of a round and the removals of the GeoPower cards in a game's state."""

    def _deal(self) -> None:
        """Shuffle both decks, deal 8 cards each and players + 1 GeoPower cards face up.

        Drawing the hands and the face-up GeoPower cards as random samples is the same as
        shuffling the decks and dealing from the top; the cards left over are never seen.
        """
        rng = self.rng
        n = self.players
        by_order = _tables()[2]
        picks = rng.sample(range(len(by_order)), n * HAND_SIZE)
        self.hands = [
            [by_order[i] for i in sorted(picks[k * HAND_SIZE : (k + 1) * HAND_SIZE])]
            for k in range(n)
        ]
        taken = set(picks)
        self.stock = [c for i, c in enumerate(by_order) if i not in taken]
        up = rng.sample(GEOPOWER_DECK, n + 1)
        self.dealt_power = self.face_up = tuple(up)
        self.power_deck = rest_of_power(up)
        self.removed = ()
        self.category = None
        self.phase = DRAFT
        self.turn = self.leader = self.dealer
        self.trick = ()
        self.tricks = ()
        self.tricks_won = (0,) * n
        self.unit_tricks = (0,) * self.units
        self.voids = (frozenset(),) * n
        self.calls = ()
        self._view = None
        self.log.append(
            Event(
                "deals",
                round=self.round_no + 1,
                seat=self.dealer,
                face_up=tuple(c.value for c in up),
            )
        )

    def _removals(self) -> list[Remove]:
        """The removals of the seat to act: one per category still face up."""
        up = self.face_up
        return [REMOVE[c] for c in CATEGORIES if c in up]

    def _removal_refusal(self, category: object) -> Refusal | None:
        """Why ``category`` may not be removed now, or ``None``: ``power_chosen`` after the
        draft; ``not_face_up`` (``category``: the category's value, ``"size"``) when no card
        of a category is left face up; ``not_a_category`` (``given``: its ``repr``) for what
        is no :class:`Category`."""
        if self.phase != DRAFT:
            return Refusal("power_chosen")
        if not isinstance(category, Category):
            return Refusal("not_a_category", given=repr(category))
        if category not in self.face_up:
            return Refusal("not_face_up", category=category.value)
        return None

    def _remove(self, category: Category) -> None:
        """The draft: dealer first, then clockwise; the last card left names the category."""
        seat = self.turn
        up = list(self.face_up)
        up.remove(category)
        self.face_up = tuple(up)
        self.removed = (*self.removed, (seat, category))
        self._view = None
        self.log.append(Event("removes", seat=seat, category=category.value))
        if len(self.removed) == self.players:
            self.category = up[0]
            self.phase = PLAY
            self.turn = self.leader = self.dealer
            self.log.append(Event("power_card", category=self.category.value))
        else:
            self.turn = (seat + 1) % self.players
