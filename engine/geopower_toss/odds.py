"""What a GeoPower Toss player can work out from its own observation: the cards still unseen,
who may hold them (voids included) and the chance that a card wins a trick. The bots and the
page's hints read these same numbers, so a hint never disagrees with the AI.

- *Seen* this round: the seat's own hand, the cards of every finished trick and the cards on the
  table. Every other GeoPlunge card is *unseen*: in another hand or in the stock, never shown.
- An unseen card of a Zone lies in one of the places that may hold that Zone: the stock, or the
  hand of a player who has not shown it lacks the Zone (a player who did not follow it holds
  none). Each such place holds its share, in proportion to its size; an opponent's share is
  :func:`opponent_share` (partners are not opponents).
- A card *holds* (wins the trick, as far as the others can beat it) when no opponent holds an
  unseen better card of its Zone in the round's category: (1 − share) ** better, the unseen
  better cards taken as independent (:func:`hold_chance`). A lead is a card led to everyone.

:class:`Reading` computes these once per observation (the bots' hot path); the functions are
one-call conveniences over it.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from engine.cards import ZONES, Card, Category, deck
from engine.geopower_toss.observation import GeoPowerObservation


@cache
def _better() -> dict[Category, dict[str, tuple[str, ...]]]:
    """For each category and card: the cards of its Zone with a better rank (they beat it)."""
    cards = deck()
    return {
        cat: {
            c.usps: tuple(o.usps for o in cards if o.zone == c.zone and o.rank(cat) < c.rank(cat))
            for c in cards
        }
        for cat in Category
    }


def seen_codes(obs: GeoPowerObservation) -> set[str]:
    """The USPS codes of the cards ``obs.player`` has seen this round: its own hand, the cards of
    the finished tricks and the cards on the table."""
    seen = {c.usps for c in obs.hand}
    for t in obs.tricks:
        for _, c in t.plays:
            seen.add(c.usps)
    for _, c in obs.trick:
        seen.add(c.usps)
    return seen


def unseen(obs: GeoPowerObservation) -> list[Card]:
    """The cards ``obs.player`` has not seen this round (in other hands or in the stock), in
    deck order."""
    seen = seen_codes(obs)
    return [c for c in deck() if c.usps not in seen]


class Reading:
    """The odds of one observation, computed once: which cards are unseen, each opponent's share
    of each Zone, and so the chance that a card holds.

    ``shares[zone]`` is the chance that one unseen card of ``zone`` sits in an opponent's hand
    (any opponent; see :meth:`opponent_shares` for some seats only).
    """

    __slots__ = ("obs", "seen", "shares", "unit")

    def __init__(self, obs: GeoPowerObservation) -> None:
        self.obs = obs
        self.seen = seen_codes(obs)
        self.unit = obs.team_of[obs.player]
        self.shares = self.opponent_shares()

    def opponent_shares(self, seats: Iterable[int] | None = None) -> dict[str, float]:
        """Per Zone: the chance that one unseen card of it is held by an opponent among
        ``seats`` (default: every seat): those opponents' cards over the cards of every place
        that may hold the Zone (the stock, and the other hands not void in it)."""
        obs = self.obs
        me, unit, team, sizes, voids = obs.player, self.unit, obs.team_of, obs.hand_sizes, obs.voids
        pool = [s for s in (range(obs.players) if seats is None else seats) if s != me]
        shares: dict[str, float] = {}
        for zone in ZONES:
            total = obs.stock_size
            opp = 0
            for s in range(obs.players):
                if s != me and zone not in voids[s]:
                    total += sizes[s]
            for s in pool:
                if team[s] != unit and zone not in voids[s]:
                    opp += sizes[s]
            shares[zone] = opp / total if total else 0.0
        return shares

    def better_unseen(self, card: Card, category: Category) -> int:
        """How many unseen cards of ``card``'s Zone have a better rank in ``category``."""
        seen = self.seen
        return sum(1 for u in _better()[category][card.usps] if u not in seen)

    def hold_chance(
        self, card: Card, category: Category, shares: dict[str, float] | None = None
    ) -> float:
        """The chance that no opponent holds an unseen card beating ``card`` in ``category``
        (opponents as weighed by ``shares``, default :attr:`shares`: all of them)."""
        b = self.better_unseen(card, category)
        if not b:
            return 1.0
        return (1.0 - (self.shares if shares is None else shares)[card.zone]) ** b

    def draft_strength(self) -> dict[Category, float]:
        """For each category still face up in the draft: about how many tricks the hand would
        win as leads if it were the GeoPower card (the sum of its cards' hold chances)."""
        hand = self.obs.hand
        cats = [c for c in Category if c in self.obs.face_up]
        return {cat: sum(self.hold_chance(card, cat) for card in hand) for cat in cats}


def opponent_share(
    obs: GeoPowerObservation, zone: str, seats: Iterable[int] | None = None
) -> float:
    """The chance that one unseen card of ``zone`` lies in the hand of an opponent among
    ``seats`` (default: every seat); see :meth:`Reading.opponent_shares`."""
    return Reading(obs).opponent_shares(seats)[zone]


def better_unseen(obs: GeoPowerObservation, card: Card, category: Category) -> int:
    """How many cards unseen by ``obs.player`` beat ``card`` in ``category`` (its Zone, a better
    rank)."""
    return Reading(obs).better_unseen(card, category)


def hold_chance(
    obs: GeoPowerObservation, card: Card, category: Category, seats: Iterable[int] | None = None
) -> float:
    """The chance that no opponent among ``seats`` (default: every seat) holds an unseen card
    beating ``card`` in ``category``: a lead's chance to win with every seat, a follow's with
    the seats still to play."""
    reading = Reading(obs)
    return reading.hold_chance(
        card, category, None if seats is None else reading.opponent_shares(seats)
    )


def draft_strength(obs: GeoPowerObservation) -> dict[Category, float]:
    """:meth:`Reading.draft_strength` of ``obs``: per category still face up, the tricks the hand
    would about win as leads."""
    return Reading(obs).draft_strength()
