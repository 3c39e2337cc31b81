"""The GeoPower Toss bots, easy and medium (decision 13 of :mod:`engine.geopower_toss.state`):
medium counts cards, easy plays by the printed ranks."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from engine.cards import Category
from engine.geopower_toss.actions import _KEY, CALL, PASS, Play, Remove
from engine.geopower_toss.observation import (
    CALL_TRICKS,
    CALLS,
    DRAFT,
    GeoPowerObservation,
    winning_play,
)
from engine.geopower_toss.odds import Reading


class _TossBot:
    """What both levels share: the seat, a seeded generator, and the phase dispatch.

    A single legal action is played at once; otherwise the draft goes to ``draft`` and the
    play of a card (or the call) to ``play``.
    """

    def __init__(self, seat: int, seed: int | None = None) -> None:
        self.seat = seat
        self.rng = random.Random(seed)

    def act(self, obs: GeoPowerObservation) -> Any:
        """Choose one of ``obs.legal`` from the observation alone."""
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        if obs.phase == DRAFT:
            return self.draft(obs, [a for a in legal if type(a) is Remove])
        if obs.phase == CALLS:
            return CALL if self.wants_call(obs) else PASS
        return self.play(obs, legal, [a for a in legal if type(a) is Play])

    def wants_call(self, obs: GeoPowerObservation) -> bool:
        raise NotImplementedError

    def draft(self, obs: GeoPowerObservation, removals: list[Remove]) -> Remove:
        raise NotImplementedError

    def play(self, obs: GeoPowerObservation, legal: Sequence[Any], plays: list[Play]) -> Any:
        raise NotImplementedError


class MediumBot(_TossBot):
    """Counts cards: it knows which cards are still unseen and who is void where.

    - Draft: removes the category in which its hand would win the fewest tricks.
    - Call: when its estimate of the chance that its side wins ``CALL_TRICKS`` (6) of the 8
      tricks reaches ``CALL_CHANCE`` (:meth:`make_chance`, from what its seat sees). Calling
      pays when 15 more points outweigh what a miss costs (the 10 or 5 points for the most
      tricks): with the bar at ``CALL_CHANCE`` the calls it makes succeed often enough to
      gain points on average (see ``benchmarks/geopower_calls.py``).
    - Lead: the card most likely to win (a sure winner first).
    - Follow: the cheapest card that wins and should hold; otherwise (or when a partner's card
      should hold) it dumps the card least likely to win a trick later.
    """

    CALL_CHANCE: ClassVar[float] = 0.5

    def play(self, obs: GeoPowerObservation, legal: Sequence[Any], plays: list[Play]) -> Any:
        """Call when the hand should make 6 tricks; then lead or follow by the odds."""
        reading = Reading(obs)
        category: Category = obs.category  # type: ignore[assignment]
        if legal[-1] == CALL and self.make_chance(obs, reading, category) >= self.CALL_CHANCE:
            return CALL
        if len(plays) == 1:
            return plays[0]
        if not obs.trick:
            return self.lead(obs, reading, category, plays)
        return self.follow(obs, reading, category, plays)

    def draft(self, obs: GeoPowerObservation, removals: list[Remove]) -> Remove:
        strength = Reading(obs).draft_strength()
        return min(removals, key=lambda r: strength[r.category])

    def wants_call(self, obs: GeoPowerObservation) -> bool:
        reading = Reading(obs)
        return self.make_chance(obs, reading, obs.category) >= self.CALL_CHANCE  # type: ignore[arg-type]

    def make_chance(
        self, obs: GeoPowerObservation, reading: Reading, category: Category | None
    ) -> float:
        """The chance that its side ends the round with ``CALL_TRICKS`` tricks or more.

        Each card in its hand wins a trick with its chance of holding as a lead (no unseen
        better card of its Zone in an opponent's hand), the cards independently; partners are
        counted for an even share of the tricks its hand would not win, rounded down. Before
        the GeoPower card is chosen, each category left face up is equally likely.
        """
        unit = reading.unit
        need = CALL_TRICKS - obs.unit_tricks[unit]
        if need <= 0:
            return 1.0
        categories = [category] if category is not None else sorted(set(obs.face_up))
        left = len(obs.hand)
        partners = sum(1 for s in range(obs.players) if s != obs.player and obs.team_of[s] == unit)
        total = 0.0
        for cat in categories:
            chances = [reading.hold_chance(c, cat) for c in obs.hand]
            shared = int((left - sum(chances)) * partners / obs.players)
            dist = [1.0]  # dist[k]: the chance that exactly k of its cards win
            for p in chances:
                nxt = [0.0] * (len(dist) + 1)
                for k, v in enumerate(dist):
                    nxt[k] += v * (1.0 - p)
                    nxt[k + 1] += v * p
                dist = nxt
            total += sum(dist[max(0, need - shared) :])
        return total / len(categories)

    def lead(
        self, obs: GeoPowerObservation, reading: Reading, category: Category, plays: list[Play]
    ) -> Play:
        key = _KEY[category]
        return max(plays, key=lambda a: (reading.hold_chance(a.card, category), key(a.card)))

    def follow(
        self, obs: GeoPowerObservation, reading: Reading, category: Category, plays: list[Play]
    ) -> Play:
        key = _KEY[category]
        zone = obs.trick[0][1].zone
        best_seat, best = winning_play(obs.trick, category)

        def dump() -> Play:
            return min(plays, key=lambda a: (reading.hold_chance(a.card, category), -key(a.card)))

        if plays[0].card.zone != zone:
            return dump()
        played = {s for s, _ in obs.trick}
        after = [s for s in range(obs.players) if s not in played and s != obs.player]
        q_after = reading.opponent_shares(after)
        unit = reading.unit
        if obs.team_of[best_seat] == unit and reading.hold_chance(best, category, q_after) >= 0.5:
            return dump()
        winners = [a for a in plays if key(a.card) < key(best)]
        if not winners:
            return dump()
        winners.sort(key=lambda a: -key(a.card))  # cheapest first
        for a in winners:
            if reading.hold_chance(a.card, category, q_after) >= 0.6:
                return a
        strongest = winners[-1]
        if reading.hold_chance(strongest.card, category, q_after) > 0.3:
            return strongest
        return dump()


class EasyBot(_TossBot):
    """Plays by the printed ranks only, without counting cards.

    - Draft: removes the category in which its cards' ranks add up worst.
    - Call: rarely, only with an obvious hand: its side's tricks plus its cards ranked in the
      top ``EASY_TOP`` of the category reach ``EASY_CALL_AT``.
    - Lead: its best-ranked card. Follow: its best card of the Zone if that beats the trick,
      else its worst of the Zone; with no card of the Zone, its worst card.
    """

    EASY_TOP: ClassVar[int] = 12
    EASY_CALL_AT: ClassVar[int] = 6

    def wants_call(self, obs: GeoPowerObservation) -> bool:
        """An obvious hand by the printed ranks (never before the GeoPower card is known)."""
        if obs.category is None:
            return False
        key = _KEY[obs.category]
        strong = sum(1 for c in obs.hand if key(c) <= self.EASY_TOP)
        return obs.unit_tricks[obs.team_of[obs.player]] + strong >= self.EASY_CALL_AT

    def draft(self, obs: GeoPowerObservation, removals: list[Remove]) -> Remove:
        """Remove the category in which the hand's ranks add up worst."""
        return max(removals, key=lambda r: sum(c.rank(r.category) for c in obs.hand))

    def play(self, obs: GeoPowerObservation, legal: Sequence[Any], plays: list[Play]) -> Any:
        """Call with an obvious hand; lead the best card; follow by the printed ranks."""
        category: Category = obs.category  # type: ignore[assignment]
        key = _KEY[category]
        if legal[-1] == CALL and self.wants_call(obs):
            return CALL
        if not obs.trick:
            return min(plays, key=lambda a: key(a.card))
        zone = obs.trick[0][1].zone
        if plays[0].card.zone != zone:
            return max(plays, key=lambda a: key(a.card))
        best = key(winning_play(obs.trick, category)[1])
        top = min(plays, key=lambda a: key(a.card))
        if key(top.card) < best:
            return top
        return max(plays, key=lambda a: key(a.card))


BOTS: dict[str, type] = {"easy": EasyBot, "medium": MediumBot}
