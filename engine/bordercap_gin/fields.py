"""The numbers of BorderCap Gin and the fields of its state: where every card lies, whose turn
it is, the scores and what each seat can tell of the cards it cannot see; a state copied and
compared field by field.

The rules that change the fields: :mod:`.rounds` (a round's deal and end) and :mod:`.turns`
(a turn's phases); the whole game, its rules and decisions: :mod:`.state`.
"""

from __future__ import annotations

import random
from operator import attrgetter
from typing import Self

from engine.bordercap_gin.actions import Declare
from engine.bordercap_gin.observation import DISCARD, RoundResult
from engine.cards import Card
from engine.core import TARGETS, Event, GameState

HAND_SIZE = 7
MAX_TURNS = 200
MAX_VOID_ROUNDS = 2
TARGET = TARGETS[0]  # the score that wins unless ``new(target=30)`` says 30
FACE_DOWN_PER_ROUND = 2
MAX_ROUNDS = 2 * 4 + 1 + MAX_VOID_ROUNDS


class GinFields(GameState):
    """The fields of a BorderCap Gin state (the game itself is :class:`.state.BorderCapGin`).

    ``hands[seat]`` are lists of cards; ``deck`` is drawn from its end; ``pile`` is the face-up
    discard pile, bottom first; ``downs[seat]`` the face-down cards each seat discarded (the
    card is). ``known[seat]``: the cards that seat took from the pile and certainly still
    holds. ``cand[seat][place]``: the cards ``seat`` cannot see that may lie in ``place`` (each
    hand, then the deck, then the face-down stack), as a bitmask over ``deck()`` order.
    ``wins``: the declaration the hand to act allows (its best split), at most one.
    """

    __slots__ = (
        "seed",
        "rng",
        "log",
        "players",
        "hands",
        "deck",
        "pile",
        "downs",
        "down_left",
        "fresh",
        "dealer",
        "to_act",
        "phase",
        "turn",
        "taken",
        "known",
        "score",
        "rounds",
        "voids",
        "over",
        "won_by",
        "cand",
        "wins",
        "results",
        "_rng_shared",
        "target",
    )

    def __init__(self, players: int, seed: int | None, rng: random.Random) -> None:
        self.seed = seed
        self.rng = rng
        self._rng_shared = False  # clones share the generator until one of them draws
        self.log: list[Event] = []
        self.players = players
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.deck: list[Card] = []
        self.pile: list[Card] = []
        self.downs: list[list[Card]] = [[] for _ in range(players)]
        self.down_left: list[int] = [0] * players
        self.fresh = False  # the pile's top card was just discarded face up
        self.dealer = 0
        self.to_act = 0
        self.phase = DISCARD
        self.turn = 1
        self.taken: Card | None = None
        self.known: list[tuple[Card, ...]] = [()] * players
        self.score: list[int] = [0] * players
        self.rounds = 0  # rounds started before the current one
        self.voids = 0
        self.over = False
        self.won_by: int | None = None
        self.cand: list[list[int]] = []
        self.wins: list[Declare] = []
        self.results: tuple[RoundResult, ...] = ()
        self.target = TARGET

    def _chance(self) -> random.Random:
        """The state's generator, made private first if a clone still shares it."""
        if self._rng_shared:
            own = random.Random.__new__(random.Random)  # no seeding from the OS: set below
            own.setstate(self.rng.getstate())
            self.rng = own
            self._rng_shared = False
        return self.rng

    def all_cards(self) -> list[Card]:
        """Every card the state holds: hands, deck, face-up pile and face-down stack."""
        out = [c for h in self.hands for c in h]
        return out + self.deck + self.pile + self.face_down

    @property
    def face_down(self) -> list[Card]:
        """Every face-down card on the table (seat 0's first)."""
        return [c for d in self.downs for c in d]

    def clone(self) -> Self:
        cls = type(self)
        new = cls.__new__(cls)
        new.seed = self.seed
        # Copy on write: both states keep the generator and copy it before their next draw.
        new.rng = self.rng
        new._rng_shared = self._rng_shared = True
        new.log = self.log.copy()
        new.players = self.players
        new.hands = [h.copy() for h in self.hands]
        new.deck = self.deck.copy()
        new.pile = self.pile.copy()
        new.downs = [d.copy() for d in self.downs]
        new.down_left = self.down_left.copy()
        new.fresh = self.fresh
        new.dealer = self.dealer
        new.to_act = self.to_act
        new.phase = self.phase
        new.turn = self.turn
        new.taken = self.taken
        new.known = self.known.copy()
        new.score = self.score.copy()
        new.rounds = self.rounds
        new.voids = self.voids
        new.over = self.over
        new.won_by = self.won_by
        new.cand = [c.copy() for c in self.cand]
        new.wins = self.wins.copy()
        new.results = self.results
        new.target = self.target
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GinFields):
            return NotImplemented
        return (
            _compared(self) == _compared(other)
            and self.log == other.log
            and (self.rng is other.rng or self.rng.getstate() == other.rng.getstate())
        )

    __hash__ = None  # type: ignore[assignment]


# Everything ``__eq__`` compares besides the log and the generator.
_compared = attrgetter(
    *(name for name in GinFields.__slots__ if name not in ("rng", "log", "_rng_shared"))
)
