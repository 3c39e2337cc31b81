"""A turn of BorderCap Gin, phase by phase (rules and decisions: :mod:`.state`): what the player
to act may do (``legal_actions``; ``check`` says why a move may not be played: a
:class:`engine.core.Refusal`, its codes listed in :meth:`Turns.check`), and each move
carried out (draw, take, discard, declare, end the turn), with what every seat can tell of
where the cards it cannot see lie (``cand``, decision 9).

A turn is ``"draw"`` (take the card just discarded, or draw from the deck), ``"discard"`` (one
card, face down with two players while any are left, never the opening discard:
:func:`is_opening`), then ``"declare"`` (declare a win, or end the turn).

Logged (events, their values listed in :mod:`.state`): ``draws``, ``takes_discard``,
``discards``, ``discards_face_down``, ``deck_turned_over``.
"""

from __future__ import annotations

from typing import Any

from engine.bordercap_gin.actions import (
    _ACTIONS,
    _DISCARD,
    _DISCARD_DOWN,
    _TAKE,
    DRAW_ACTION,
    END_TURN,
    Declare,
    Discard,
    Draw,
    EndTurn,
    Take,
)
from engine.bordercap_gin.fields import MAX_TURNS, GinFields
from engine.bordercap_gin.observation import DECLARE, DISCARD, DRAW, GinObservation
from engine.bordercap_gin.rounds import Rounds, face_down_discards
from engine.cards import Card, deck
from engine.core import GAME_OVER, Event, Refusal
from engine.melds import BIT, best_split, mask_of, truth


def is_opening(game: GinFields | GinObservation) -> bool:
    """Whether the move due is a round's opening discard (turn 1: the opener's 8th card,
    always face up), in a state or an observation."""
    return game.phase == DISCARD and game.turn == 1


class Turns(Rounds):
    """The phases of a turn and its moves (a round's deal and end: :class:`.rounds.Rounds`)."""

    __slots__ = ()

    def legal_actions(self) -> list[Any]:
        """The current player's actions, in a stable order (see the phases in the docstring)."""
        if self.over:
            return []
        phase = self.phase
        if phase == DRAW:
            if self.fresh:
                return [_TAKE[self.pile[-1].usps], DRAW_ACTION]
            return [DRAW_ACTION]
        if phase == DISCARD:
            hand = self.hands[self.to_act]
            taken = self.taken
            out = [_DISCARD[c.usps] for c in hand if c is not taken]
            if self.down_left[self.to_act] and self.turn > 1:
                out += [_DISCARD_DOWN[c.usps] for c in hand if c is not taken]
            return out
        return [*self.wins, END_TURN]

    def check(self, action: Any) -> Refusal | None:
        """Why ``action`` may not be played now (``None`` when it may): a :class:`Refusal`
        whose values name cards by USPS code. The codes, in the order they are checked:

        - ``game_over``; ``not_a_move`` for an action of no kind of this game (no values: its
          ``repr`` may be anything);
        - a :class:`Declare` before the discard is done: ``declare_after_discard``, else
          :meth:`_declare_problem`; an :class:`EndTurn` then: ``discard_before_ending``;
        - a :class:`Draw` or :class:`Take` after the draw: ``already_took``; a Take
          ``pile_empty``, ``last_discard_face_down``, ``not_a_card`` (``given``: the
          ``repr`` of what is no card), ``not_the_discard`` (``card``, and the pile's
          ``top``);
        - a :class:`Discard`: ``not_a_card`` (``given``), ``take_first``,
          ``already_discarded``, ``not_in_hand`` (``card``), ``taken_this_turn`` (``card``);
          face down ``opening_face_up``, ``face_down_two_players``, ``no_face_down_left``;
          a face neither ``True`` nor ``False``: ``face_down_not_bool``.
        """
        if self.over:
            return GAME_OVER
        kind = type(action)
        if kind not in _ACTIONS:
            return Refusal("not_a_move")
        phase = self.phase
        if kind is Declare:
            if phase != DECLARE:
                return Refusal("declare_after_discard")
            return self._declare_problem(action)
        if kind is EndTurn:
            if phase != DECLARE:
                return Refusal("discard_before_ending")
            return None
        if kind is Draw:
            if phase != DRAW:
                return Refusal("already_took")
            return None
        card = action.card
        if kind is Take:  # first whether the pile may be taken from at all, then the card
            if phase != DRAW:
                return Refusal("already_took")
            if not self.pile:
                return Refusal("pile_empty")
            if not self.fresh:
                return Refusal("last_discard_face_down")
            if not isinstance(card, Card):
                return Refusal("not_a_card", given=repr(card))
            if card != self.pile[-1]:
                return Refusal("not_the_discard", card=card.usps, top=self.pile[-1].usps)
            return None
        # Discard
        if not isinstance(card, Card):
            return Refusal("not_a_card", given=repr(card))
        if phase == DRAW:
            return Refusal("take_first")
        if phase != DISCARD:
            return Refusal("already_discarded")
        hand = self.hands[self.to_act]
        if card not in hand:
            return Refusal("not_in_hand", card=card.usps)
        if card == self.taken:
            return Refusal("taken_this_turn", card=card.usps)
        if action.face_down is True:
            if is_opening(self):  # the opening first, whatever the number of players
                return Refusal("opening_face_up")
            if not face_down_discards(self.players):
                return Refusal("face_down_two_players")
            if not self.down_left[self.to_act]:
                return Refusal("no_face_down_left")
        elif action.face_down is not False:
            return Refusal("face_down_not_bool")
        return None

    def _declare_problem(self, action: Declare) -> Refusal | None:
        """Why a declaration is wrong: groups that are no sequences (``declaration_groups``)
        or hold something that is no card (``declaration_not_cards``); declared cards the
        hand lacks (``declared_not_in_hand``, ``cards``: their USPS codes, each once, in the
        order named); a hand that is no win (``not_a_win``, ``cards``: the hand's seven USPS
        codes in deck order; the pages explain it group by group with
        :func:`engine.melds.no_win_reasons`)."""
        four, three = action.four, action.three
        if not isinstance(four, tuple | list) or not isinstance(three, tuple | list):
            return Refusal("declaration_groups")
        if not all(isinstance(c, Card) for c in (*four, *three)):
            return Refusal("declaration_not_cards")
        hand = self.hands[self.to_act]
        outside = [c.usps for c in (*four, *three) if c not in hand]
        if outside:
            return Refusal("declared_not_in_hand", cards=tuple(dict.fromkeys(outside)))
        if self.wins:
            return None
        return Refusal("not_a_win", cards=tuple(sorted(c.usps for c in hand)))

    def step(self, action: Any) -> None:
        """Carry out ``action`` without the check: only for actions from ``legal_actions()``."""
        kind = type(action)
        if kind is Discard:
            self._discard(action.card, action.face_down)
        elif kind is Draw:
            self._draw()
        elif kind is EndTurn:
            self._end_turn()
        elif kind is Take:
            self._take()
        else:
            self._win(action)

    def _draw(self) -> None:
        """Take the deck's top card; an emptied deck is replaced at once (decision 3)."""
        p = self.to_act
        card = self.deck.pop()
        self.hands[p].append(card)
        bit = BIT[card.usps]
        cand = self.cand
        mine = cand[p]
        for i in range(len(mine)):
            mine[i] &= ~bit
        deck_place = self.players
        for s in range(self.players):
            if s != p:
                cs = cand[s]
                cs[p] |= cs[deck_place]
        self.phase = DISCARD
        self.log.append(Event("draws", seat=p))
        if not self.deck:
            self._turn_over_pile()

    def _turn_over_pile(self) -> None:
        """The discard pile except its top card, and the face-down cards, become the deck."""
        top = self.pile[-1:]
        recycled = self.pile[:-1] + self.face_down
        up = mask_of(self.pile[:-1])
        n = self.players
        for s in range(n):
            cs = self.cand[s]
            cs[n] = up | cs[n + 1] | mask_of(self.downs[s])
            cs[n + 1] = 0
        self._chance().shuffle(recycled)
        self.deck = recycled
        self.pile = top
        self.downs = [[] for _ in range(n)]
        self.log.append(Event("deck_turned_over", count=len(recycled)))

    def _take(self) -> None:
        p = self.to_act
        card = self.pile.pop()
        self.hands[p].append(card)
        self.taken = card
        self.known[p] += (card,)
        self.fresh = False
        self.phase = DISCARD
        self.log.append(Event("takes_discard", seat=p, card=card.usps))

    def _discard(self, card: Card, face_down: bool) -> None:
        p = self.to_act
        hand = self.hands[p]
        at = 0
        for c in hand:  # by identity: comparing Card dataclasses field by field is slow
            if c is card:
                break
            at += 1
        else:
            at = hand.index(card)  # an equal copy of the card, built elsewhere
        card = hand.pop(at)
        known = self.known[p]
        bit = BIT[card.usps]
        if face_down:
            self.downs[p].append(card)
            self.down_left[p] -= 1
            self.fresh = False
            o = 1 - p
            co = self.cand[o]
            # The opponent cannot tell which card went down: any card p held may be there,
            # those it was known to hold included.
            co[p] |= mask_of(known)
            co[self.players + 1] |= co[p]
            self.known[p] = ()
            self.log.append(Event("discards_face_down", seat=p, left=self.down_left[p]))
        else:
            for c in known:
                if c is card:
                    self.known[p] = tuple(k for k in known if k is not card)
                    break
            self.pile.append(card)
            self.fresh = True
            keep = ~bit
            self.cand = [[m & keep for m in cs] for cs in self.cand]
            self.log.append(Event("discards", seat=p, card=card.usps))
        self.taken = None
        self.phase = DECLARE
        self._find_wins()

    def _find_wins(self) -> None:
        """The valid declarations of the hand of the player to act (usually none)."""
        facts = [_FACTS[c.usps] for c in self.hands[self.to_act]]
        mask = 0
        for bit, _, _ in facts:
            mask |= bit
        # A 4-group needs a card bordering three others or four capitals of one letter.
        for _, nb, same in facts:
            if (nb & mask).bit_count() > 2 or (same & mask).bit_count() > 3:
                best = best_split(self.hands[self.to_act])
                self.wins = [] if best is None else [Declare(*best)]
                return
        self.wins = []

    def _end_turn(self) -> None:
        p = self.to_act
        self.wins = []
        if self.turn >= MAX_TURNS:
            self._void_round()
            return
        self.turn += 1
        self.to_act = (p + 1) % self.players
        self.phase = DRAW


# USPS code → (bit, cards it borders, cards whose capital shares its letter), true facts.
_FACTS: dict[str, tuple[int, int, int]] = {
    c.usps: (1 << i, truth().nb[i], truth().same[i]) for i, c in enumerate(deck())
}
