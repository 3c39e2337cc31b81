"""A round of BorderCap Gin from its deal to its end (rules and decisions: :mod:`.state`).

- The deal: the 50 cards shuffled with the state's generator, 7 to each player and 8 to the
  player on the dealer's left (:func:`opener`), who opens with a face-up discard (turn 1). Two
  players may each discard face down twice per round (:func:`face_down_discards`).
- The end of a round: a declared win scores its hand's best split (20 points, 30 with the
  bonus); a round without a winner after ``MAX_TURNS`` turns is void. Either way the deal
  passes one seat to the left, unless the game is over: a player reached the target, or the
  ``MAX_VOID_ROUNDS``-th void round ended it (the higher score wins; equal top scores draw).

Logged (events, their values listed in :mod:`.state`): ``round_dealt``, ``wins_round``,
``wins_game``, ``void_round``, ``void_draw``, ``void_win``.
"""

from __future__ import annotations

from engine.bordercap_gin.actions import Declare
from engine.bordercap_gin.fields import (
    FACE_DOWN_PER_ROUND,
    HAND_SIZE,
    MAX_TURNS,
    MAX_VOID_ROUNDS,
    GinFields,
)
from engine.bordercap_gin.observation import DISCARD, OVER, RoundResult
from engine.cards import deck
from engine.core import Event
from engine.melds import ALL_CARDS, BONUS_POINTS, ROUND_POINTS, mask_of, truth


def opener(dealer: int, players: int) -> int:
    """The seat that gets 8 cards and opens the round: the dealer's left (the next seat)."""
    return (dealer + 1) % players


def face_down_discards(players: int) -> int:
    """How many face-down discards each player has per round: two with two players, else
    none."""
    return FACE_DOWN_PER_ROUND if players == 2 else 0


class Rounds(GinFields):
    """A round's deal and its end (the moves of a turn: :class:`.turns.Turns`)."""

    __slots__ = ()

    def _deal(self) -> None:
        """Shuffle, deal 7 to each and 8 to the dealer's left, who opens (turn 1)."""
        n = self.players
        cards = list(deck())
        self._chance().shuffle(cards)
        first = opener(self.dealer, n)
        self.hands = [[] for _ in range(n)]
        for k in range(n):
            seat = (first + k) % n
            self.hands[seat] = cards[k * HAND_SIZE : (k + 1) * HAND_SIZE]
        self.hands[first].append(cards[n * HAND_SIZE])
        self.deck = cards[n * HAND_SIZE + 1 :]
        self.pile = []
        self.downs = [[] for _ in range(n)]
        self.down_left = [face_down_discards(n)] * n
        self.fresh = False
        self.to_act = first
        self.phase = DISCARD
        self.turn = 1
        self.taken = None
        self.known = [()] * n
        self.wins = []
        self.cand = []
        for s in range(n):
            hidden = ALL_CARDS & ~mask_of(self.hands[s])
            self.cand.append([0 if o == s else hidden for o in range(n)] + [hidden, 0])
        self.log.append(
            Event("round_dealt", round=self.rounds + 1, dealer_seat=self.dealer, opener_seat=first)
        )

    def _win(self, action: Declare) -> None:
        """Score the hand's best split (decision 8), whatever split ``action`` names."""
        p = self.to_act
        four, three = self.wins[0].four, self.wins[0].three
        bonus = truth().has_bonus(mask_of(four))
        points = ROUND_POINTS + (BONUS_POINTS if bonus else 0)
        self.score[p] += points
        self.results += (RoundResult(self.rounds, p, four, three, points),)
        self.wins = []
        self.log.append(
            Event(
                "wins_round",
                seat=p,
                round=self.rounds + 1,
                four_cards=tuple(c.usps for c in four),
                three_cards=tuple(c.usps for c in three),
                points=ROUND_POINTS,
                bonus=BONUS_POINTS if bonus else 0,
            )
        )
        if self.score[p] >= self.target:
            self.over = True
            self.won_by = p
            self.phase = OVER
            self.log.append(Event("wins_game", seat=p, points=self.score[p]))
        else:
            self._next_round()

    def _void_round(self) -> None:
        """The last turn of a round ended without a win: no score, a new deal or the end."""
        self.log.append(Event("void_round", round=self.rounds + 1, turns=MAX_TURNS))
        self.results += (RoundResult(self.rounds, None),)
        self.voids += 1
        if self.voids >= MAX_VOID_ROUNDS:
            self._finish_by_score()
        else:
            self._next_round()

    def _next_round(self) -> None:
        self.rounds += 1
        self.dealer = (self.dealer + 1) % self.players
        self._deal()

    def _finish_by_score(self) -> None:
        self.over = True
        self.phase = OVER
        top = max(self.score)
        leaders = [s for s, v in enumerate(self.score) if v == top]
        self.won_by = leaders[0] if len(leaders) == 1 else None
        if self.won_by is None:
            self.log.append(Event("void_draw", void_rounds=MAX_VOID_ROUNDS))
        else:
            self.log.append(
                Event("void_win", void_rounds=MAX_VOID_ROUNDS, seat=self.won_by, score=top)
            )
