"""A trick of GeoPower Toss (rules: :mod:`engine.geopower_toss.state`): the Zone led, which
cards may follow it, what a card would do played now, and the play of a card.

- The first card played leads the trick: its Zone is the Zone *led* (:func:`led_zone`).
- A player who holds a card of the Zone led must play one (:func:`must_follow`); a player who
  holds none may play any card (:func:`playable`).
- The best (lowest) rank in the round's GeoPower category among the cards of the Zone led wins
  the trick; a card of another Zone never wins (``winning_play`` in :mod:`.observation`, where
  an observation tells it for the trick on the table as ``winning``; :func:`follow_effect`).
- The winner of a trick leads the next one.

The functions read plain values (a hand, the plays so far, a category), so the state and the
page's hints ask the same rule; :class:`Tricks` is the play of a card in a game's state.

Its event (:class:`engine.core.Event`): ``wins_trick``, when a trick is complete (``number``:
the trick's number in the round, 1 for the first; ``zone``: the Zone led; ``winner_seat``: who
won it; ``card``: the winning card's USPS code; ``rank``: its rank in ``category``, the
round's GeoPower category by its value, ``"size"``).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card, Category, usps_of
from engine.core import Event, Refusal
from engine.geopower_toss.actions import _KEY, Play, _tables
from engine.geopower_toss.observation import DRAFT, Trick, winning_play
from engine.geopower_toss.table import Table

Plays = Sequence[tuple[int, Card]]  #: (seat, card) in the order played

#: What a card would do played now on a trick (:func:`follow_effect`).
BEATS, TOO_LOW, OFF_ZONE = "beats", "too_low", "off_zone"


def led_zone(plays: Plays) -> str | None:
    """The Zone led: the first card's (``None`` before the lead)."""
    return plays[0][1].zone if plays else None


def must_follow(hand: Sequence[Card], plays: Plays) -> str | None:
    """The Zone ``hand`` must play on the trick ``plays``: the Zone led when the hand holds a
    card of it; ``None`` when any card may be played (a lead, or no card of the Zone led)."""
    if plays:
        zone = plays[0][1].zone
        for card in hand:
            if card.zone == zone:
                return zone
    return None


def playable(hand: Sequence[Card], plays: Plays) -> list[Card]:
    """The cards of ``hand`` that may be played on the trick ``plays``, in hand order."""
    zone = must_follow(hand, plays)
    if zone is None:
        return list(hand)
    return [c for c in hand if c.zone == zone]


def follow_effect(card: Card, plays: Plays, category: Category) -> str:
    """What ``card`` would do played now on the trick ``plays`` (at least the lead): ``BEATS``,
    a better rank of the Zone led than the card winning so far (it would win the trick now);
    ``TOO_LOW``, a card of the Zone led that does not beat it; ``OFF_ZONE``, a card of another
    Zone (it cannot win the trick)."""
    if card.zone != plays[0][1].zone:
        return OFF_ZONE
    key = _KEY[category]
    return BEATS if key(card) < key(winning_play(plays, category)[1]) else TOO_LOW


class Tricks(Table):
    """The play of a card in a game's state: the plays it allows, why it refuses one, and the
    trick it completes."""

    def _plays(self) -> list[Play]:
        """The ``Play`` actions of the seat to act, in hand order."""
        actions = _tables()[0]
        return [actions[c.usps] for c in playable(self.hands[self.turn], self.trick)]

    def _play_refusal(self, card: object) -> Refusal | None:
        """Why the seat to act may not play ``card``, or ``None``: ``draft_first`` (``seat``:
        the seat to remove a GeoPower card) while the draft is on; ``not_in_hand`` (``card``:
        its USPS code, ``None`` for what is no card; ``seat``: the seat to act) for a card it
        does not hold; ``must_follow_zone`` (``zone``: the Zone led) for a card of another
        Zone while it holds one of the Zone led."""
        if self.phase == DRAFT:
            return Refusal("draft_first", seat=self.turn)
        hand = self.hands[self.turn]
        if not isinstance(card, Card) or card not in hand:
            return Refusal("not_in_hand", card=usps_of(card), seat=self.turn)
        zone = must_follow(hand, self.trick)
        if zone is not None and card.zone != zone:
            return Refusal("must_follow_zone", zone=zone)
        return None

    def _play(self, card: Card) -> bool:
        """Play ``card`` from the hand of the seat to act; True when it completes the trick.

        A card that does not follow the Zone led shows that its seat lacks the Zone (``voids``).
        A completed trick goes to the finished tricks with its winner, who leads the next.
        """
        seat = self.turn
        hand = self.hands[seat]
        for i, c in enumerate(hand):
            if c is card:
                del hand[i]
                break
        else:
            hand.remove(card)
        trick = self.trick
        if trick:
            zone = trick[0][1].zone
            if card.zone != zone and zone not in self.voids[seat]:
                voids = list(self.voids)
                voids[seat] = voids[seat] | {zone}
                self.voids = tuple(voids)
                self._view = None
        trick = self.trick = (*trick, (seat, card))
        if len(trick) < self.players:
            self.turn = (seat + 1) % self.players
            return False
        category: Category = self.category  # type: ignore[assignment]
        best_seat, best = winning_play(trick, category)
        number = len(self.tricks) + 1
        self.tricks = (*self.tricks, Trick(number, self.leader, trick, best_seat))
        self.trick = ()
        won = list(self.tricks_won)
        won[best_seat] += 1
        self.tricks_won = tuple(won)
        unit_won = list(self.unit_tricks)
        unit_won[self.team[best_seat]] += 1
        self.unit_tricks = tuple(unit_won)
        self._view = None
        self.log.append(
            Event(
                "wins_trick",
                number=number,
                zone=trick[0][1].zone,
                winner_seat=best_seat,
                card=best.usps,
                rank=_KEY[category](best),
                category=category.value,
            )
        )
        self.turn = self.leader = best_seat
        return True
