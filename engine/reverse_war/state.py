"""Reverse Geography War: two piles, no decisions, and the weaker card wins.

The rules (from the rules README):

- Deal 25 each; never shuffle again. Both players turn their top card at once.
- A card's weakness is its worst (largest) rank of the three. The card with the larger weakness
  wins both cards.
- Equal weakness starts a Geography War: each puts 4 cards face down and turns the 5th; those
  are compared, and the war repeats while they tie. A player with fewer than 5 cards puts all
  but the last face down and turns the last. A player with no card left to turn loses the game.
- GeoPlunge: a card worse in all three ranks than the other card wins, and the other player
  also hands over its next three cards (fewer if it has fewer). This applies to the face-up
  cards of a war too.
- Won cards go to the bottom of the winner's pile in a fixed order: the cards in the order
  they were laid on the table, the winner's first at each step.
- The game ends when one player holds all 50 cards. At 5,000 turns the game is stopped and the
  player with more cards wins (equal cards: a draw); ``capped`` is set and the log says so.

A *turn* is one :data:`FLIP`: both top cards are turned and the flip is resolved completely,
wars and GeoPlunge included. Nobody decides anything, so ``current_player`` is ``None`` (both
act at once) and ``legal_actions()`` is ``[FLIP]`` until the game is over. A page shows
``state.last_battle`` (an immutable :class:`Battle`: the cards laid, the war levels, the
GeoPlunge and its hand-over, the winner and the deciding weaknesses) and ``state.pile_history``
(the pile sizes after the deal and after every turn).

Decisions (cases the rules leave open):

1. A GeoPlunge card always has the larger weakness too (each of its ranks is worse, so its
   worst rank is worse), so a GeoPlunge never needs a separate test for the win; it can only
   happen on the pair of face-up cards that decides a flip, never on a tied pair.
2. The *steps* of a flip are: the two turned cards; then, for each war level, the face-down
   cards (each player's packet, in the order laid) and then the two turned cards. The winner
   takes each step's cards with its own first. The GeoPlunge hand-over (the loser's next cards,
   from the top of its pile, in that order) is the last step, after all the table cards.
3. A player whose last card ties has no card left to turn: it loses the game at once and the
   other player takes the table (winner's cards first at each step), so it holds all 50. A
   player with exactly 1 card in a war puts nothing face down and turns that card.
4. If both players run out of cards in the same war level (possible only after a long chain
   of wars), the war cannot be settled: the game ends in a draw with those cards left on the
   table (``state.table``).
5. Every card laid on the table is shown when the flip is resolved, face-down war cards and
   handed-over cards included (the winner picks them up face up), so both players know the
   same things: the order of every card won, but not the order of the undealt part of the
   piles. ``observation`` shows each pile as an unseen top part (its size) over a known bottom.
6. The deal: the 50 cards are shuffled with the seed and dealt one at a time, alternately,
   seat 0 first; the first card dealt to a seat is the top of its pile.
7. Turn 5,000 is played in full; if nobody then holds all 50 cards the game stops.

The log (``log``) keeps events (:class:`engine.core.Event`), worded by the pages
(``ui/games/reverse_war/events.py``); a seat is its index (0 or 1), a card its USPS code,
cards a tuple of codes, ``turn`` the flip's number (1 for the first):

- ``dealt`` (``count``: the cards dealt to each player, ``seed``);
- ``war`` (``turn``, ``first_card`` and ``second_card``: seat 0's and seat 1's first turned
  cards, ``rank``: the weakness they tie at, ``levels``: the war's levels, counting one a
  player could not play), before the flip's outcome;
- ``wins_flip`` (``turn``, ``seat``: the winner, ``count``: the cards it won,
  ``winner_card`` and ``loser_card``: the deciding cards, ``geoplunge``: whether the winner's
  card GeoPlunged, ``handed_cards``: the cards the other player handed over, in order);
- ``war_out`` (``turn``, ``loser_seat``: the player with no card left to turn, ``seat``: the
  winner, ``count``: the cards it takes from the table), then ``wins_game`` (``seat``);
  ``war_draw`` (``turn``): both ran out;
- ``holds_all`` (``seat``): it holds every card and wins;
- at the cap, ``stopped_win`` (``turns``: the cap, ``first_count`` and ``second_count``: the
  cards of seat 0 and seat 1, ``seat``: the winner) or ``stopped_draw`` (the same values
  without ``seat``).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from engine.cards import Card, deck
from engine.core import (
    GAME_OVER,
    BadSetup,
    Event,
    GameState,
    Refusal,
    fresh_seed,
    unknown_options,
    wrong_players,
)
from engine.dealing import deal
from engine.reverse_war.actions import FLIP, Flip
from engine.reverse_war.observation import Battle, ReverseWarObservation

MAX_TURNS = 5000
HAND_SIZE = 25
WAR_PACKET = 5  # 4 face down + 1 turned
PENALTY = 3

# Weakness by USPS code, filled on first use (a string key hashes much faster than a Card, and
# the flip is the hot path of every simulation).
_WEAK: dict[str, int] = {}


def geoplunges(card: Card, other: Card) -> bool:
    """True when ``card`` is worse than ``other`` in all three ranks (it GeoPlunges it)."""
    return (
        card.size_rank > other.size_rank
        and card.statehood_rank > other.statehood_rank
        and card.population_rank > other.population_rank
    )


class ReverseWar(GameState):
    """The state of one game of Reverse Geography War (see the module docstring for rules).

    ``piles[seat]`` is a deque, top card first. ``fresh[seat]`` counts the cards at the top of
    the pile that came from the deal and were never shown.
    """

    game_id: ClassVar[str] = "reverse_war"
    title: ClassVar[str] = "Reverse Geography War"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    max_actions: ClassVar[int] = MAX_TURNS  # one FLIP per turn, and the game stops at 5,000
    actions: ClassVar[tuple[type, ...]] = (Flip,)
    contest: ClassVar[bool] = False  # no decisions: a tournament draws cards with it

    __slots__ = (
        "seed",
        "rng",
        "log",
        "piles",
        "fresh",
        "table",
        "turn",
        "last_battle",
        "pile_history",
        "_over",
        "_winner",
        "capped",
    )

    def __init__(
        self,
        piles: Sequence[Iterable[Card]],
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        turn: int = 0,
        fresh: Sequence[int] | None = None,
    ) -> None:
        self.seed = seed
        self.rng = rng if rng is not None else random.Random(seed)
        self.log: list[Event] = []
        self.piles: list[deque[Card]] = [deque(piles[0]), deque(piles[1])]
        self.fresh: list[int] = (
            [len(self.piles[0]), len(self.piles[1])] if fresh is None else list(fresh)
        )
        self.table: list[Card] = []
        self.turn = turn
        self.last_battle: Battle | None = None
        self.pile_history: list[tuple[int, int]] = [(len(self.piles[0]), len(self.piles[1]))]
        self._over = False
        self._winner: int | None = None
        self.capped = False
        self._check_end()

    # ----------------------------------------------------------------- set-up

    @classmethod
    def new(
        cls, players: int = 2, teams: int | None = None, seed: int | None = None, **options: Any
    ) -> ReverseWar:
        """Shuffle the 50 cards with ``seed`` and deal 25 to each of the two players."""
        if players != 2:
            raise wrong_players(cls.title, players, 2, 2)
        if teams is not None:
            raise BadSetup(Refusal("no_teams"), "Reverse Geography War has no teams.")
        if options:
            raise unknown_options(cls.title, options)
        seed = fresh_seed(seed)
        rng = random.Random(seed)
        cards = list(deck())
        rng.shuffle(cards)
        state = cls((cards[0::2], cards[1::2]), seed=seed, rng=rng)
        state.log.append(Event("dealt", count=HAND_SIZE, seed=seed))
        return state

    @classmethod
    def from_piles(
        cls,
        pile0: Iterable[Card | str],
        pile1: Iterable[Card | str],
        *,
        turn: int = 0,
        seed: int = 0,
    ) -> ReverseWar:
        """A game from chosen piles (top card first; cards or USPS codes), for tests and notes.

        The piles need not hold all 50 cards. ``turn`` sets how many turns were already played
        (e.g. 4999 to test the turn cap).
        """
        from engine.cards import card as by_code

        piles = [[c if isinstance(c, Card) else by_code(c) for c in p] for p in (pile0, pile1)]
        seen = piles[0] + piles[1]
        if len(set(seen)) != len(seen):
            raise ValueError("A card appears twice in the piles.")
        if not 0 <= turn < MAX_TURNS:
            raise ValueError(f"turn must be between 0 and {MAX_TURNS - 1}.")
        return cls(piles, seed=seed, turn=turn)

    @classmethod
    def from_hands(
        cls, hands: Sequence[Iterable[Card | str]], *, turn: int = 0, seed: int = 0
    ) -> ReverseWar:
        """:meth:`from_piles` for the common interface: a player's hand is its pile."""
        if len(hands) != 2:
            raise ValueError("Reverse Geography War needs exactly two piles.")
        return cls.from_piles(hands[0], hands[1], turn=turn, seed=seed)

    # ----------------------------------------------------------------- interface

    @property
    def current_player(self) -> int | None:
        """Always ``None``: both players flip at once, and nobody acts once the game is over."""
        return None

    def legal_actions(self) -> list[Flip]:
        """``[FLIP]`` while the game runs, ``[]`` once it is over."""
        return [] if self._over else [FLIP]

    def check(self, action: Any) -> Refusal | None:
        """The only legal action is a flip while the game is running; anything else is
        refused as ``flip_expected`` with its ``repr`` as ``given``."""
        if self._over:
            return GAME_OVER
        if not isinstance(action, Flip):
            return Refusal("flip_expected", given=repr(action))
        return None

    def step(self, action: Any) -> None:
        """Flip, without the check: only for actions taken from ``legal_actions()``."""
        self._flip()

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def scores(self) -> list[int]:
        """The number of cards each seat holds."""
        return [len(self.piles[0]), len(self.piles[1])]

    @property
    def winner(self) -> int | None:
        return self._winner

    def all_cards(self) -> list[Card]:
        """Every card the state holds: both piles and the table."""
        return [*self.piles[0], *self.piles[1], *self.table]

    def clone(self) -> ReverseWar:
        new = ReverseWar.__new__(ReverseWar)
        new.seed = self.seed
        new.rng = random.Random.__new__(random.Random)  # no reseeding from the system: setstate
        new.rng.setstate(self.rng.getstate())
        new.log = self.log.copy()
        new.piles = [self.piles[0].copy(), self.piles[1].copy()]
        new.fresh = self.fresh.copy()
        new.table = self.table.copy()
        new.turn = self.turn
        new.last_battle = self.last_battle
        new.pile_history = self.pile_history.copy()
        new._over = self._over
        new._winner = self._winner
        new.capped = self.capped
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ReverseWar):
            return NotImplemented
        return (
            self.piles == other.piles
            and self.fresh == other.fresh
            and self.table == other.table
            and self.turn == other.turn
            and self.last_battle == other.last_battle
            and self.pile_history == other.pile_history
            and self._over == other._over
            and self._winner == other._winner
            and self.capped == other.capped
            and self.log == other.log
            and self.seed == other.seed
            and self.rng.getstate() == other.rng.getstate()
        )

    __hash__ = None  # type: ignore[assignment]

    def observation(self, player: int) -> ReverseWarObservation:
        """What ``player`` knows: pile sizes, the cards won since the deal, the last battle."""
        if player not in (0, 1):
            raise ValueError(f"No seat {player} in a 2-player game.")
        known = tuple(tuple(list(p)[f:]) for p, f in zip(self.piles, self.fresh, strict=True))
        return ReverseWarObservation(
            player=player,
            turn=self.turn,
            pile_sizes=(len(self.piles[0]), len(self.piles[1])),
            unseen=(self.fresh[0], self.fresh[1]),
            known=(known[0], known[1]),
            table=tuple(self.table),
            last_battle=self.last_battle,
            pile_history=tuple(self.pile_history),
            is_over=self._over,
            winner=self._winner,
            capped=self.capped,
            legal=() if self._over else (FLIP,),
        )

    @classmethod
    def from_observation(cls, obs: ReverseWarObservation, rng: random.Random) -> ReverseWar:
        """A state matching ``obs``; the never-seen tops of the piles are dealt from ``rng``."""
        placed = set(obs.known[0]) | set(obs.known[1]) | set(obs.table)
        unseen = [c for c in deck() if c not in placed]
        tops = deal(unseen, obs.unseen, rng)
        piles = (tops[0] + list(obs.known[0]), tops[1] + list(obs.known[1]))
        state = cls(
            piles,
            seed=None,
            rng=random.Random(rng.getrandbits(64)),
            turn=obs.turn,
            fresh=obs.unseen,
        )
        state.table = list(obs.table)
        state.last_battle = obs.last_battle
        state.pile_history = list(obs.pile_history)
        state._over = obs.is_over
        state._winner = obs.winner
        state.capped = obs.capped
        return state

    # ----------------------------------------------------------------- the rules

    def _check_end(self) -> None:
        """A player with no card left has lost: the other holds every card in play."""
        if not self.piles[0] or not self.piles[1]:
            self._over = True
            if self.piles[0] or self.piles[1]:
                self._winner = 0 if self.piles[0] else 1

    def _take(self, seat: int, n: int) -> list[Card]:
        """Take ``n`` cards from the top of ``seat``'s pile, in order."""
        pile = self.piles[seat]
        popleft = pile.popleft
        out = [popleft() for _ in range(n)]
        fresh = self.fresh[seat] - n
        self.fresh[seat] = fresh if fresh > 0 else 0
        return out

    def _flip(self) -> None:
        """Resolve one turn: flip, wars, GeoPlunge, pick-up, end of game and the turn cap."""
        p0, p1 = self.piles
        self.turn += 1
        turn = self.turn
        a = p0.popleft()
        b = p1.popleft()
        fresh = self.fresh
        if fresh[0]:
            fresh[0] -= 1
        if fresh[1]:
            fresh[1] -= 1
        weak = _WEAK or _fill_weak()
        wa = weak[a.usps]
        wb = weak[b.usps]
        up: list[tuple[Card, Card]] = [(a, b)]
        down: list[tuple[tuple[Card, ...], tuple[Card, ...]]] = []
        ran_out: tuple[int, ...] = ()
        log = self.log
        while wa == wb:
            n0 = len(p0)
            n1 = len(p1)
            if n0 == 0 or n1 == 0:
                ran_out = tuple(s for s, n in ((0, n0), (1, n1)) if n == 0)
                break
            c0 = self._take(0, n0 if n0 < WAR_PACKET else WAR_PACKET)
            c1 = self._take(1, n1 if n1 < WAR_PACKET else WAR_PACKET)
            a = c0.pop()
            b = c1.pop()
            down.append((tuple(c0), tuple(c1)))
            up.append((a, b))
            wa = weak[a.usps]
            wb = weak[b.usps]
        if ran_out or down:
            first, second = up[0]
            log.append(
                Event(
                    "war",
                    turn=turn,
                    first_card=first.usps,
                    second_card=second.usps,
                    rank=weak[first.usps],
                    levels=len(down) + (1 if ran_out else 0),
                )
            )
        if ran_out:
            self._war_out(turn, up, down, ran_out)
            return
        w = 0 if wa > wb else 1
        u = up[0]
        won: list[Card] = [u[w], u[1 - w]]
        for d, u in zip(down, up[1:], strict=True):
            won += d[w]
            won += d[1 - w]
            won.append(u[w])
            won.append(u[1 - w])
        deciding = up[-1]
        winner_card = deciding[w]
        loser_card = deciding[1 - w]
        plunge = geoplunges(winner_card, loser_card)
        handed: list[Card] = []
        if plunge:
            n = len(self.piles[1 - w])
            handed = self._take(1 - w, n if n < PENALTY else PENALTY)
            won += handed
        self.piles[w].extend(won)
        sizes = (len(p0), len(p1))
        self.last_battle = Battle(
            turn, tuple(up), tuple(down), w, plunge, tuple(handed), tuple(won), (), sizes
        )
        self.pile_history.append(sizes)
        log.append(
            Event(
                "wins_flip",
                turn=turn,
                seat=w,
                count=len(won),
                winner_card=winner_card.usps,
                loser_card=loser_card.usps,
                geoplunge=plunge,
                handed_cards=tuple(c.usps for c in handed) if handed else (),
            )
        )
        self._after_turn()

    def _war_out(
        self,
        turn: int,
        up: list[tuple[Card, Card]],
        down: list[tuple[tuple[Card, ...], tuple[Card, ...]]],
        ran_out: tuple[int, ...],
    ) -> None:
        """A war in which a player has no card left to turn: that player loses the game."""
        table: list[tuple[Sequence[Card], Sequence[Card]]] = [((up[0][0],), (up[0][1],))]
        for d, u in zip(down, up[1:], strict=True):
            table.append(d)
            table.append(((u[0],), (u[1],)))
        if len(ran_out) == 2:
            self.table = [c for step in table for c in (*step[0], *step[1])]
            self._over = True
            self._winner = None
            sizes = (0, 0)
            self.last_battle = Battle(
                turn, tuple(up), tuple(down), None, False, (), (), ran_out, sizes
            )
            self.pile_history.append(sizes)
            self.log.append(Event("war_draw", turn=turn))
            return
        w = 1 - ran_out[0]
        won = [c for step in table for c in (*step[w], *step[1 - w])]
        self.piles[w].extend(won)
        sizes = (len(self.piles[0]), len(self.piles[1]))
        self.last_battle = Battle(
            turn, tuple(up), tuple(down), w, False, (), tuple(won), ran_out, sizes
        )
        self.pile_history.append(sizes)
        self.log.append(Event("war_out", turn=turn, loser_seat=1 - w, seat=w, count=len(won)))
        self._over = True
        self._winner = w
        self.log.append(Event("wins_game", seat=w))

    def _after_turn(self) -> None:
        p0, p1 = self.piles
        if not p0 or not p1:
            self._over = True
            self._winner = 0 if p0 else 1
            self.log.append(Event("holds_all", seat=self._winner))
        elif self.turn >= MAX_TURNS:
            self._over = True
            self.capped = True
            n0, n1 = len(p0), len(p1)
            if n0 == n1:
                self._winner = None
                self.log.append(
                    Event("stopped_draw", turns=MAX_TURNS, first_count=n0, second_count=n1)
                )
            else:
                self._winner = 0 if n0 > n1 else 1
                self.log.append(
                    Event(
                        "stopped_win",
                        turns=MAX_TURNS,
                        first_count=n0,
                        second_count=n1,
                        seat=self._winner,
                    )
                )


def _fill_weak() -> dict[str, int]:
    for c in deck():
        _WEAK[c.usps] = c.weakness
    return _WEAK
