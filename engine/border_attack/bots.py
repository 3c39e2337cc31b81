"""The Border Attack bots, easy and medium: rules of thumb with a partial memory of the borders.

Decisions (how the bots play where the rules leave them a choice):

- Bots choose from ``obs.legal`` except for a border-set guess, which they make from memory
  like a player at the table (what they remember, completed by a guess among the states next
  to those, never Alaska or Hawaii); it may be a set that ``legal_actions`` does not list.
- A bot's mistakes look like forgetting, not like noise: a wrong border set misses a forgotten
  neighbour and puts in its place a state bordering a remembered neighbour, or else a state two
  (then three) borders away; a wrong state guess is a state with the announced number of
  borders in the region of the listed ones. The bots know the map's regions even where they
  forget which states touch (``benchmarks/ai_behaviour.py`` measures it).
- Easy and medium bots announce both ways. Easy lists the borders when it remembers the list
  (all of it, or all but one of four or more) and names the state otherwise; medium names the
  state unless its own memory says the list fits another state the opponent cannot rule out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from engine.border_attack.actions import (
    _BY_COUNT,
    _COMMITS,
    _GUESS_BORDERS,
    _RANK,
    BORDERS,
    NAME,
    REVEALS,
    Discard,
    GuessBorders,
    GuessState,
)
from engine.border_attack.observation import COMMIT, GUESS, LEAD, BorderAttackObservation
from engine.border_attack.odds import follow_wins, public_codes, seen_codes, win_chances
from engine.cards import Card, by_usps, deck
from engine.knowledge import Knowledge

_ISLANDS = frozenset(c.usps for c in deck() if not c.borders)


def _distances() -> dict[str, dict[str, int]]:
    """Border steps between every two states joined by land (Alaska and Hawaii: none)."""
    out: dict[str, dict[str, int]] = {}
    cards = by_usps()
    for start in cards:
        dist = {start: 0}
        frontier = [start]
        while frontier:
            nxt = []
            for code in frontier:
                for other in sorted(cards[code].borders):
                    if other not in dist:
                        dist[other] = dist[code] + 1
                        nxt.append(other)
            frontier = nxt
        out[start] = dist
    return out


# How many borders apart two states are: the rough sense of the map a player has even when it
# has forgotten which states touch (a confusion stays in the region).
_STEPS: dict[str, dict[str, int]] = _distances()


def _best_rank(card: Card) -> int:
    return min(card.size_rank, card.statehood_rank, card.population_rank)


class _BorderAttackBot:
    """Shared machinery: the seat, a seeded generator for ties and the geography it remembers.

    ``knowledge`` overrides the level's recall model (a search passes ``Knowledge.complete()``).
    """

    level: ClassVar[str]

    def __init__(self, seat: int, seed: int, knowledge: Knowledge | None = None) -> None:
        self.seat = seat
        self.seed = seed
        self.knowledge = knowledge or Knowledge.for_level(self.level, seed)
        self.rng = random.Random(f"border-attack-{self.level}-{seed}")

    def act(self, obs: BorderAttackObservation) -> Any:
        """Choose an action from the observation and the bot's knowledge alone: one of
        ``obs.legal``, except a border-set guess, which comes from memory (see :meth:`guess`)."""
        legal = obs.legal
        if not legal:
            raise ValueError(f"Seat {self.seat} has nothing to do now.")
        phase = obs.phase
        if phase == GUESS:
            return self.guess(obs)
        if len(legal) == 1:
            return legal[0]
        if phase == LEAD:
            return self.lead(obs)
        if phase == COMMIT:
            return self.commit(obs)
        return self.discard(obs)

    def _pick(self, legal: Sequence[Any], score: Any) -> Any:
        """The highest-scoring action; ties broken by the bot's generator."""
        best: list[Any] = []
        top = None
        for action in legal:
            s = score(action)
            if top is None or s > top:
                top, best = s, [action]
            elif s == top:
                best.append(action)
        return best[0] if len(best) == 1 else best[self.rng.randrange(len(best))]

    def guess(self, obs: BorderAttackObservation) -> Any:
        """Guess from what the bot remembers, as a player at the table would.

        The state (borders announced): among the listed candidates, one that the bot remembers
        bordering a state missing from the list is ruled out; the one sharing the most
        remembered borders with the list wins, and among equals one in the region of the list
        (at most two borders from a listed state) rather than one far away.
        The border set (name announced): the borders the bot remembers, completed by
        :meth:`_fill` when it remembers fewer than announced; this guess may lie outside
        ``obs.legal`` (``check`` accepts any set of state codes).
        """
        ann = obs.announcement
        assert ann is not None
        remembered = self.knowledge.borders
        if ann.usps is None:
            announced = ann.borders or frozenset()

            def state_score(action: GuessState) -> float:
                code = action.usps
                if code in announced:
                    return -1000.0
                known = remembered[code]
                # The region breaks ties: a state far from every listed border is not the
                # one (one or two borders away count alike, so no forgotten border is read
                # off the map).
                steps = _STEPS[code]
                near = max(2, min((steps.get(b, 9) for b in announced), default=2))
                return len(known & announced) - 100 * len(known - announced) - near / 10

            return self._pick(obs.legal, state_score)
        named = ann.usps
        known = remembered[named]
        missing = ann.count - len(known)
        guess = known if missing <= 0 else known | self._fill(named, known, missing)
        return _GUESS_BORDERS.get(guess) or GuessBorders(guess)

    def _fill(self, named: str, known: frozenset[str], missing: int) -> frozenset[str]:
        """``missing`` more states to complete a remembered border list, the confusions a
        player makes: states bordering the remembered neighbours, picked at random; when those
        are too few, states two borders from ``named`` (a neighbour of a neighbour), then three,
        and so on (the region is remembered even when the borders are not)."""
        near = sorted(self._near(named, known))
        if len(near) < missing:
            near += self._region(named, known | set(near), missing - len(near))
        return frozenset(self.rng.sample(near, missing))

    def _region(self, named: str, taken: set[str], count: int) -> list[str]:
        """``count`` states near ``named`` not in ``taken``: two borders away first, then three
        and so on (a ring drawn at random when only part of it is needed). The states one border
        away are the answer itself, which the bot has forgotten, so they are not drawn here."""
        steps = _STEPS[named]
        out: list[str] = []
        for ring in range(2, 1 + max(steps.values(), default=0)):
            codes = sorted(c for c, d in steps.items() if d == ring and c not in taken)
            if len(codes) >= count - len(out):
                return out + self.rng.sample(codes, count - len(out))
            out += codes
        return out

    def _near(self, named: str, known: frozenset[str]) -> set[str]:
        """States that border a remembered neighbour of ``named`` (a forgotten border is likely
        among them)."""
        near: set[str] = set()
        for other in known:
            near |= self.knowledge.borders[other]
        near -= known
        near.discard(named)
        return near


class EasyBot(_BorderAttackBot):
    """A beginner: leads its best-ranked card, beats the lead when it can, discards its weakest
    card (by printed ranks), announces the border list when it remembers it, and guesses from a
    patchy memory of borders (60% recall)."""

    level: ClassVar[str] = "easy"

    def lead(self, obs: BorderAttackObservation) -> Any:
        return min(obs.legal, key=lambda a: _RANK[a.category](a.card))

    def commit(self, obs: BorderAttackObservation) -> Any:
        winners = [c for c in obs.hand if follow_wins(c, obs.led, obs.category)]  # type: ignore[arg-type]
        card = max(winners or obs.hand, key=_best_rank)
        return _COMMITS[card.usps][REVEALS.index(self.reveal(card))]

    def reveal(self, card: Card) -> str:
        """What a beginner announces, judging the opponent by itself: the border list when it
        thinks the list is easy, because it remembers it (all of it, or all but one of a list
        of four or more; Alaska and Hawaii always); the name when it could not list the borders
        itself, so it thinks the opponent cannot either."""
        forgotten = len(card.borders) - len(self.knowledge.borders[card.usps])
        return BORDERS if forgotten == 0 or (forgotten == 1 and len(card.borders) >= 4) else NAME

    def discard(self, obs: BorderAttackObservation) -> Any:
        return max(obs.legal, key=lambda a: _best_rank(a.card))


class MediumBot(_BorderAttackBot):
    """A fair player: counts the cards still unseen to judge which lead is likely to hold,
    beats the lead with its least useful winner, keeps the cards that win tricks, announces what
    the opponent is less likely to guess, and remembers 85% of the borders."""

    level: ClassVar[str] = "medium"
    # The recall the bot assumes of its opponent when it chooses what to announce.
    OPPONENT_RECALL: ClassVar[float] = 0.7
    # How much a card that is hard to guess is worth, against its chance to win a lead.
    GUESS_WEIGHT: ClassVar[float] = 0.5

    def lead(self, obs: BorderAttackObservation) -> Any:
        chances = win_chances(obs)
        return max(
            obs.legal,
            key=lambda a: (chances.lead(a.card, a.category), -sum(a.card.ranks)),
        )

    def commit(self, obs: BorderAttackObservation) -> Any:
        """Beat the lead if possible, else give up the least useful card; among those, prefer
        a card the opponent is unlikely to guess; announce the harder part to guess, and the
        border list when it could be another state's (:meth:`_look_alike`)."""
        winners = [c for c in obs.hand if follow_wins(c, obs.led, obs.category)]  # type: ignore[arg-type]
        chances = win_chances(obs)
        public = public_codes(obs)
        seen = seen_codes(obs)
        best: tuple[float, int] | None = None
        choice = _COMMITS[obs.hand[0].usps][0]
        for card in winners or obs.hand:
            name_chance, borders_chance = self._guess_chances(public, card)
            reveal = NAME if name_chance <= borders_chance else BORDERS
            if reveal == NAME and self._look_alike(seen, card):
                reveal = BORDERS
            cost = (
                chances.value(card) + self.GUESS_WEIGHT * min(name_chance, borders_chance),
                -sum(card.ranks),
            )
            if best is None or cost < best:
                best, choice = cost, _COMMITS[card.usps][REVEALS.index(reveal)]
        return choice

    def _look_alike(self, seen: set[str], card: Card) -> bool:
        """True when the border list would not give ``card`` away, as far as the bot remembers:
        it remembers the whole list, and another state the opponent cannot rule out (not in
        ``seen``: played, discarded or in the bot's hand) has as many borders and shares one of them
        with ``card``, as far as the bot remembers (the list could be either state)."""
        remembered = self.knowledge.borders
        if remembered[card.usps] != card.borders or len(card.borders) < 2:
            return False
        return any(
            other.usps not in seen and len(remembered[other.usps] & card.borders) >= 1
            for other in _BY_COUNT[len(card.borders)]
            if other != card
        )

    def _guess_chances(self, public: set[str], card: Card) -> tuple[float, float]:
        """Rough chances that the opponent guesses right after each announcement.

        Naming the state, it must recall every border; listing the borders, recalling one of
        them is enough (Alaska and Hawaii: it must pick one of those it cannot rule out).
        """
        n = len(card.borders)
        q = self.OPPONENT_RECALL
        if n == 0:
            k = sum(1 for code in _ISLANDS if code not in public)
            return 1.0, 1.0 / k
        return q**n, 1 - (1 - q) ** n

    def discard(self, obs: BorderAttackObservation) -> Any:
        """Keep the cards that win tricks: discard the one with the lowest chance as a lead."""
        chances = win_chances(obs)
        public = public_codes(obs)

        def worth(action: Discard) -> tuple[float, int]:
            card = action.card
            hard_to_guess = 1 - min(self._guess_chances(public, card))
            return chances.value(card) + self.GUESS_WEIGHT * hard_to_guess, sum(card.ranks)

        return min(obs.legal, key=worth)

    def _fill(self, named: str, known: frozenset[str], missing: int) -> frozenset[str]:
        """Complete a remembered border list with the states bordering the most remembered
        neighbours (ties at random)."""
        near = sorted(self._near(named, known))
        if len(near) < missing:
            return super()._fill(named, known, missing)
        borders = self.knowledge.borders
        self.rng.shuffle(near)
        near.sort(key=lambda code: -len(borders[code] & known))
        return frozenset(near[:missing])


BOTS: dict[str, type[_BorderAttackBot]] = {"easy": EasyBot, "medium": MediumBot}
