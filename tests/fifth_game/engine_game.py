"""Size Duel, a small real game for the registry test: two seats, five cards each from the
50-card deck; the leader plays a card, the other answers with one; the larger state (the
better size rank) takes the trick and leads the next. After five tricks the seat with more
tricks wins (five is odd: no draw). Every card is public once played."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import Card, by_usps, deck
from engine.core import GAME_OVER, Event, GameState, Refusal, SearchEffort, make_rng

HAND = 5


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` from the hand."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card.name}"


@dataclass(frozen=True, slots=True)
class DuelObservation:
    player: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, int]
    played: tuple[Card, ...]  #: every card played, in order (public)
    table: tuple[Card, ...]  #: the trick on the table: the leader's card, if played
    scores: tuple[int, int]
    to_act: int | None
    legal: tuple[Play, ...]


class SizeDuel(GameState):
    game_id = "size_duel"
    title = "Size Duel"
    max_actions = 2 * HAND
    actions = (Play,)
    search = SearchEffort(iterations=2, steps=40)

    def __init__(self, hands: Sequence[Sequence[Card]], rest: Sequence[Card], seed: Any) -> None:
        self.hands = [list(h) for h in hands]
        self.rest = list(rest)
        self.played: list[Card] = []
        self.table: list[Card] = []
        self.tricks = [0, 0]
        self.to_act: int | None = 0
        self.rng = make_rng(seed) if not isinstance(seed, random.Random) else seed
        self.log: list[Event] = []

    @classmethod
    def new(cls, players: int = 2, teams: int | None = None, seed: int | None = None, **options):
        if players != 2 or teams is not None or options:
            raise ValueError("Size Duel is played by two players alone, with no options.")
        rng = make_rng(seed)
        cards = list(deck())
        rng.shuffle(cards)
        return cls([cards[:HAND], cards[HAND : 2 * HAND]], cards[2 * HAND :], rng)

    @classmethod
    def from_hands(cls, hands, **position):
        cards = [[c if isinstance(c, Card) else by_usps()[c] for c in h] for h in hands]
        held = {c for h in cards for c in h}
        return cls(cards, [c for c in deck() if c not in held], random.Random(0))

    @property
    def current_player(self) -> int | None:
        return self.to_act

    def legal_actions(self) -> list[Play]:
        if self.to_act is None:
            return []
        return [Play(c) for c in sorted(self.hands[self.to_act], key=lambda c: c.usps)]

    def check(self, action: Any) -> Refusal | None:
        if self.to_act is None:
            return GAME_OVER
        if not isinstance(action, Play) or action.card not in self.hands[self.to_act]:
            return Refusal("play_from_hand")
        return None

    def step(self, action: Play) -> None:
        seat = self.to_act
        self.hands[seat].remove(action.card)
        self.played.append(action.card)
        self.table.append(action.card)
        self.log.append(Event("plays", seat=seat, card=action.card.usps))
        if len(self.table) == 1:
            self.to_act = 1 - seat
            return
        lead, answer = self.table
        leader = 1 - seat
        winner = leader if lead.size_rank < answer.size_rank else seat
        self.tricks[winner] += 1
        self.table = []
        self.log.append(Event("takes_trick", seat=winner))
        self.to_act = None if not self.hands[winner] else winner

    @property
    def is_over(self) -> bool:
        return self.to_act is None

    @property
    def scores(self) -> list[int]:
        return list(self.tricks)

    @property
    def winner(self) -> int | None:
        if not self.is_over:
            return None
        return 0 if self.tricks[0] > self.tricks[1] else 1

    def all_cards(self) -> list[Card]:
        return [*self.hands[0], *self.hands[1], *self.played, *self.rest]

    def observation(self, player: int) -> DuelObservation:
        return DuelObservation(
            player,
            tuple(self.hands[player]),
            (len(self.hands[0]), len(self.hands[1])),
            tuple(self.played),
            tuple(self.table),
            (self.tricks[0], self.tricks[1]),
            self.to_act,
            tuple(self.legal_actions()) if self.to_act == player else (),
        )

    def clone(self) -> SizeDuel:
        copy = SizeDuel(self.hands, self.rest, random.Random())
        copy.rng.setstate(self.rng.getstate())
        copy.played, copy.table = list(self.played), list(self.table)
        copy.tricks, copy.to_act, copy.log = list(self.tricks), self.to_act, list(self.log)
        return copy

    @classmethod
    def from_observation(cls, obs: DuelObservation, rng: random.Random) -> SizeDuel:
        seen = set(obs.hand) | set(obs.played)
        unseen = [c for c in deck() if c not in seen]
        rng.shuffle(unseen)
        other = obs.hand_counts[1 - obs.player]
        hands = [list(obs.hand), unseen[:other]]
        if obs.player == 1:
            hands.reverse()
        state = cls(hands, unseen[other:], random.Random(rng.getrandbits(64)))
        state.played, state.table = list(obs.played), list(obs.table)
        state.tricks, state.to_act = list(obs.scores), obs.to_act
        return state


class LargestBot:
    """Plays its largest state (easy and medium: a rule of thumb)."""

    def __init__(self, seat: int, seed: int | None = None) -> None:
        self.seat = seat

    def act(self, obs: DuelObservation) -> Play:
        return min(obs.legal, key=lambda a: a.card.size_rank)


SizeDuel.bots = {"easy": LargestBot, "medium": LargestBot}
