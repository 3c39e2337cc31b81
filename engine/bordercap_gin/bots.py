"""The BorderCap Gin bots, easy and medium: rules of thumb, seeing melds only through what each
remembers of the borders and capitals (:class:`engine.knowledge.Knowledge`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from engine.bordercap_gin.actions import _DISCARD, _DISCARD_DOWN, DRAW_ACTION, END_TURN, Declare
from engine.bordercap_gin.observation import DECLARE, DRAW, GinObservation
from engine.bordercap_gin.odds import live_mask
from engine.cards import Card, deck
from engine.knowledge import Knowledge
from engine.melds import BIT, Relations, bits_of, mask_of

_CARD_OF_BIT: dict[int, Card] = {BIT[c.usps]: c for c in deck()}


_RELATIONS: dict[int, tuple[Any, _Tables]] = {}


class _Tables:
    """A bot's meld facts (what its :class:`Knowledge` remembers) and cached completions."""

    __slots__ = ("rel", "nb", "same", "linked", "melds3", "melds4", "bonus4", "c3", "c4")

    def __init__(self, rel: Relations) -> None:
        self.rel = rel
        self.nb = rel.nb
        self.same = rel.same
        self.linked = tuple((rel.nb[i] | rel.same[i]) & ~(1 << i) for i in range(len(rel.nb)))
        self.melds3 = rel.melds3
        self.melds4 = rel.melds4
        self.bonus4 = rel.bonus4
        self.c3: dict[int, int] = {}
        self.c4: dict[int, int] = {}

    def complete3(self, pair: int) -> int:
        """The cards that make a 3-group with the two cards of ``pair``."""
        got = self.c3.get(pair)
        if got is None:
            x, y = (pair & -pair).bit_length() - 1, pair.bit_length() - 1
            nb, same = self.nb, self.same
            got = nb[x] & nb[y]
            if nb[x] >> y & 1:
                got |= nb[x] | nb[y]
            if same[x] >> y & 1:
                got |= same[x]
            got &= ~pair
            self.c3[pair] = got
        return got

    def complete4(self, triple: int) -> int:
        """The cards that make a 4-group with the three cards of ``triple``."""
        got = self.c4.get(triple)
        if got is None:
            members = [b.bit_length() - 1 for b in bits_of(triple)]
            nb, same = self.nb, self.same
            got = nb[members[0]] & nb[members[1]] & nb[members[2]]
            for i in members:
                if triple & ~nb[i] == 1 << i:
                    got |= nb[i]
            if triple & ~same[members[0]] == 0:
                got |= same[members[0]]
            got &= ~triple
            self.c4[triple] = got
        return got


def _tables(knowledge: Knowledge) -> _Tables:
    """The tables of one knowledge (cached; the knowledge is kept so its id stays unique)."""
    got = _RELATIONS.get(id(knowledge))
    if got is None or got[0] is not knowledge:
        if len(_RELATIONS) > 32:
            _RELATIONS.clear()
        got = (knowledge, _Tables(Relations.from_knowledge(knowledge)))
        _RELATIONS[id(knowledge)] = got
    return got[1]


# (chosen…, left…) position tuples: 2 of 4 cards and 3 of 5 cards, with the others.
_TWO_OF_FOUR = tuple(
    (*pair, *(k for k in range(4) if k not in pair)) for pair in combinations(range(4), 2)
)
_THREE_OF_FIVE = tuple(
    (*trio, *(k for k in range(5) if k not in trio)) for trio in combinations(range(5), 3)
)


class _GinBot:
    """Rules of thumb shared by the easy and medium bots, seeing melds only through knowledge.

    - Declare as soon as the hand is a win the bot recognises (a split whose both groups are
      made of remembered borders or capitals); the engine then scores the best split.
    - Discard the card whose loss leaves the best 7 cards: a recognised win first, then the
      most *outs* (unseen cards that would complete a win: a group plus two or three cards
      one card short of the other group), then the most groups and related pairs.
    - Take the card just discarded when the best 7 cards with it beat the current 7 cards.
    - Two players, while face-down discards are left (and ``guard`` is set), never for the
      opening discard (it is face up): discard face down a card that relates (by a
      remembered border or capital letter) to a card the opponent is known to hold, or to at
      least ``guard`` live cards (it would likely help the opponent).
    """

    level = "medium"
    outs_weight = 12.0
    guard = 5  # face down: a card linked to this many live cards (0: never face down)

    def __init__(self, seat: int, seed: int, knowledge: Knowledge | None = None) -> None:
        self.seat = seat
        self.rng = random.Random(seed)
        self.knowledge = knowledge or Knowledge.for_level(self.level, seed)
        _tables(self.knowledge)  # build the meld tables now rather than in the first move
        self._memo: tuple[int, int, Any, dict[int, float]] = (0, 0, None, {})

    @property
    def _t(self) -> _Tables:
        return _tables(self.knowledge)

    def act(self, obs: GinObservation) -> Any:
        """Choose one of ``obs.legal`` from the observation and the bot's knowledge."""
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        phase = obs.phase
        t = self._t
        if phase == DECLARE:
            return self._declare(legal, obs, t)
        if phase == DRAW:
            take = legal[0]
            hand = list(obs.hand) + [take.card]
            scores = self._scores(hand, obs, t)
            keep = scores[BIT[take.card.usps]]
            best = max(s for b, s in scores.items() if b != BIT[take.card.usps])
            return take if best > keep else DRAW_ACTION
        return self._discard(legal, obs, t)

    def _declare(self, legal: Sequence[Any], obs: GinObservation, t: _Tables) -> Any:
        """The legal declaration when the bot sees a win in its hand, else the end of turn."""
        declare = next((a for a in legal if type(a) is Declare), None)
        if declare is not None and t.rel.has_win([BIT[c.usps] for c in obs.hand]):
            return declare
        return END_TURN

    def _scores(self, hand: Sequence[Card], obs: GinObservation, t: _Tables) -> dict[int, float]:
        """For each card of an 8-card hand, how good the 7 cards left after discarding it are.

        A recognised win scores 1000 (1100 with the bonus). Otherwise: the outs (live cards
        that would complete a win) weigh ``outs_weight`` each; the groups held count 3 (four
        cards) and 2 (three cards); each related pair (a remembered border or capital letter)
        counts 0.5. Every group is visited once and credited to the discards it survives.
        """
        bits = [BIT[c.usps] for c in hand]
        full = sum(bits)
        live = live_mask(obs)
        memo = self._memo
        if memo[0] == full and memo[1] == live and memo[2] is t:
            return memo[3]  # the same 8 cards as the take decision just before
        out = self._fresh_scores(bits, full, live, t)
        self._memo = (full, live, t, out)
        return out

    def _fresh_scores(self, bits: list[int], full: int, live: int, t: _Tables) -> dict[int, float]:
        """:meth:`_scores` computed (``bits``: the 8 cards, ``live``: the cards still to come)."""
        nb, same = t.nb, t.same
        m3: set[int] = set()
        m4: set[int] = set()
        for b in bits:
            i = b.bit_length() - 1
            around = nb[i] & full
            if around.bit_count() >= 2:
                bs = bits_of(around)
                for x, y in combinations(bs, 2):
                    m3.add(b | x | y)
                for x, y, z in combinations(bs, 3):
                    m4.add(b | x | y | z)
            letter = same[i] & full
            if letter.bit_count() >= 3 and letter & -letter == b:
                bs = bits_of(letter)
                for x, y, z in combinations(bs, 3):
                    m3.add(x | y | z)
                for x, y, z, w in combinations(bs, 4):
                    m4.add(x | y | z | w)
        linked = t.linked
        links = {b: (linked[b.bit_length() - 1] & full).bit_count() for b in bits}
        total_links = sum(links.values())
        if not m3 and not m4:
            return {b: 0.5 * (total_links - 2 * links[b]) for b in bits}
        outs = dict.fromkeys(bits, 0)
        won: dict[int, float] = {}
        groups = dict.fromkeys(bits, 0.0)
        c3, c4, bonus4 = t.c3, t.c4, t.bonus4  # completion caches, read inline for speed
        for a in m4:
            rest = bits_of(full ^ a)  # 4 cards: any two may become the 3-group
            for i, j, k, m in _TWO_OF_FOUR:
                pair = rest[i] | rest[j]
                got = c3.get(pair)
                if got is None:
                    got = t.complete3(pair)
                outs[rest[k]] |= got
                outs[rest[m]] |= got
            for d in rest:
                groups[d] += 3.0
            for b in m3:
                if not a & b:
                    d = full ^ a ^ b
                    won[d] = max(won.get(d, 0.0), 1100.0 if a in bonus4 else 1000.0)
        for b in m3:
            rest = bits_of(full ^ b)  # 5 cards: any three may become the 4-group
            for i, j, k, m, n in _THREE_OF_FIVE:
                trio = rest[i] | rest[j] | rest[k]
                got = c4.get(trio)
                if got is None:
                    got = t.complete4(trio)
                outs[rest[m]] |= got
                outs[rest[n]] |= got
            for d in rest:
                groups[d] += 2.0
        weight = self.outs_weight
        return {
            d: won[d]
            if d in won
            else weight * (outs[d] & live).bit_count()
            + groups[d]
            + 0.5 * (total_links - 2 * links[d])
            for d in bits
        }

    def _discard(self, legal: Sequence[Any], obs: GinObservation, t: _Tables) -> Any:
        scores = self._scores(obs.hand, obs, t)
        linked = t.linked
        held = 0  # cards the others are known to collect
        for seat, cards in enumerate(obs.took):
            if seat != obs.player:
                held |= mask_of(cards)
        taken = obs.taken
        best_bit, best = 0, float("-inf")
        for c in obs.hand:
            if c is taken:
                continue
            b = BIT[c.usps]
            s = scores[b] + self.rng.random() * 1e-3
            if s > best:
                best_bit, best = b, s
        card = _CARD_OF_BIT[best_bit]
        down = _DISCARD_DOWN[card.usps]
        if self.guard and down in legal:  # never the opening discard, two players only
            links = linked[best_bit.bit_length() - 1]
            if links & held or (links & live_mask(obs)).bit_count() >= self.guard:
                return down
        return _DISCARD[card.usps]


class MediumBot(_GinBot):
    """The medium opponent: remembers most borders and capitals (85%) and plays the rules of
    thumb of :class:`_GinBot` in full. Cheap enough to be the search's rollout policy."""

    level = "medium"


class EasyBot(_GinBot):
    """The easy opponent: remembers fewer borders and capitals (60%), does not count the cards
    that would complete its hand (only groups and related pairs) and never discards face down."""

    level = "easy"
    outs_weight = 0.0
    guard = 0


BOTS: dict[str, type] = {"easy": EasyBot, "medium": MediumBot}
