"""BorderCap Gin: collect a 4-group and a 3-group of bordering states or same-letter capitals.

The rules, as the engine plays them (2 to 4 players):

- Each round: shuffle the 50 cards, deal 7 to each player and 8 to the player on the dealer's
  left, who opens the round by discarding one card face up. The first dealer is drawn from the
  seed; the deal passes to the left (the next seat) each round.
- Turns go clockwise (seat order). A turn: take the top card of the discard pile
  (:class:`Take`) or the top card of the deck (:class:`Draw`), then discard one card
  (:class:`Discard`). Only the next player may take the card just discarded, and a card taken
  from the discard pile may not be discarded again in the same turn.
- The opening discard (the opener's 8th card) is always face up.
- Two players only: twice per round each player may discard face down (never the opening
  discard). The opponent then must draw from the deck; a face-down card can never be taken.
- Melds (see :mod:`engine.melds`): a 4-group is four cards in which one borders each of the
  three others, or whose four capitals start with the same letter; a 3-group is three cards in
  which one borders both others, or whose capitals start with the same letter. "Borders" is
  :attr:`engine.cards.Card.borders`, the Four Corners included.
- At the end of its own turn (after its discard) a player may declare a win (:class:`Declare`):
  a 7-card hand that splits into a 4-group and a 3-group sharing no card. Declaring is
  declaring the hand: the engine finds the valid split with the highest score
  (:func:`engine.melds.best_split`), so no player loses the bonus by grouping the same cards
  another way. A wrong declaration is refused (``not_a_win``, with the hand's cards: the
  pages explain group by group why no split works) and costs nothing: the state is unchanged
  and the player may still end its turn.
- Score: the round's winner gets 20, plus 10 if its 4-group has at least two cards that each
  border all three others, or its four capitals share a first letter. Only the winner scores.
  The first player to 50 wins the game (``new(target=30)`` plays a shorter game to 30; the
  target is kept in ``target`` and is the only score that ends a game, with the void cap).
- Deck empty: the discard pile except its top card is turned over, shuffled (with the state's
  random generator) and becomes the deck; play goes on.
- A round with no winner after 200 turns is void (no score) and the cards are dealt again.

Phases of a turn (``phase``):

1. ``"draw"``: :class:`Draw`, or :class:`Take` of the card just discarded (when it lies face
   up). The opener's first turn of a round has no draw phase: it starts at ``"discard"`` with
   8 cards.
2. ``"discard"``: :class:`Discard` of any card in hand except the one taken from the pile this
   turn; in a 2-player game also face down while the player has face-down discards left,
   except for the opening discard.
3. ``"declare"``: one :class:`Declare` when the 7-card hand wins (naming its best split) and
   :class:`EndTurn`. A declaration ends the round; ending the turn passes play to the next
   seat.

Decisions (where the rules leave a case open):

1. The opener's opening discard is its turn: it counts as turn 1 of the round, and the opener
   may declare after it (with 8 cards dealt it may already hold a win after its discard).
2. The opening discard is face up (the rules README says so, and the sheet deals the 8th card
   to be discarded face up): a face-down opening is refused (``opening_face_up``), and
   ``legal_actions`` never offers it. Otherwise a face-down discard is a discard like any
   other: a card taken from the pile may not be discarded face down in the same turn either.
3. Face-down cards lie in their own stack beside the discard pile. When the deck is empty, the
   face-up pile except its top card and every face-down card are shuffled into the new deck.
   The deck is turned over as soon as its last card is drawn, so a player about to draw always
   finds a deck. The top card stays: it may still be taken if it was just discarded face up.
4. "Only the next player may take the card just discarded": the pile offers a card only right
   after its discard, to the next seat. A card the next player left lies dead (until the deck
   is turned over); after a face-down discard no face-up card may be taken.
5. A turn is one player's turn; the opening discard is turn 1. After turn 200 (the 200th
   player ends its turn without declaring) the round is void; it still counts as a round, so
   the deal passes to the left for the new deal.
6. The game also ends when its 2nd void round ends (``MAX_VOID_ROUNDS``): the higher score
   wins, and equal top scores are a draw (``winner`` is ``None``). Without a cap a game between
   players who never meld would not end; a void round is already 200 turns, so a table that
   met two of them would call it a day. Between the bots a void round is very rare (players
   who know some geography meld within a few dozen turns); uniform-random players almost never
   meld (about 1 random 7-card hand in 1,000 is a win), so their games end by this cap.
   Rounds are bounded: a player with 3 round wins has at least 60 points, so at most 2 per
   player plus the deciding one are won, and at most 2 are void.
7. A wrong declaration (a hand with no winning split) is refused by ``check``/``apply``
   (``IllegalAction`` with the refusal ``not_a_win``, whose ``cards`` are the hand's USPS
   codes: the pages say, with :func:`engine.melds.no_win_reasons`, for each 4-group the hand
   holds why the three cards left are no 3-group, or why it holds no 4-group); it leaves the
   state untouched and is not logged. ``legal_actions`` lists at most one declaration,
   naming the best split, groups in deck order.
8. Declaring is declaring the hand: the round scores the hand's best split (the bonus when any
   split has it; among equal splits the first by deck order), whatever split the
   :class:`Declare` names. ``Declare()`` names none; a named split is only how the player saw
   it (its cards must be in the hand, its grouping is not judged) and the log and the round's
   result show the split that scored.
9. What each seat knows (``observation``): its own hand and own face-down cards, the face-up
   pile in order, the card taken from the pile in the current turn, the cards each player took
   from the pile that are certainly still in its hand (taken, not discarded face up since, and
   in a 2-player game no face-down discard by that player since), counts of hands, deck and
   face-down cards, face-down discards left, scores, dealer, turn and round, and how each
   past round ended (``results``, winning hands shown). ``where_unseen``
   gives, for each place (each seat's hand, then the deck, then the face-down stack), the cards
   this seat cannot see that may lie there, as a bitmask over ``deck()`` order: public facts
   (e.g. cards turned into a new deck cannot be in a hand unless that player has drawn since),
   kept so ``from_observation`` deals only possible hidden cards.
10. ``from_observation`` deals the unseen cards at random (:func:`engine.dealing.deal`),
    each to a place ``where_unseen`` allows for it, with the observed number of cards per
    place. Per-card places do not carry every joint constraint of the history (e.g. how many
    recycled cards each player can have drawn since the deck was turned over), so a sampled
    deal can now and then be one the real history could not produce; it always agrees with
    everything in the observation.
11. The log names every card a player sees face up and no hidden card (``draws`` names no
    card, ``discards_face_down`` neither), so it may be shown to every seat. A winning
    declaration shows the whole hand.

The log (``log``) keeps events (:class:`engine.core.Event`), worded by the pages
(``ui/games/bordercap_gin/events.py``); a seat is its index, a card its USPS code, cards a
tuple of codes:

- ``round_dealt`` (``round``: 1 for the first, ``dealer_seat``, ``opener_seat``: the seat
  with 8 cards);
- ``draws`` (``seat``); ``takes_discard`` (``seat``, ``card``); ``discards`` (``seat``,
  ``card``); ``discards_face_down`` (``seat``, ``left``: its face-down discards left this
  round); ``deck_turned_over`` (``count``: the cards of the new deck);
- ``wins_round`` (``seat``, ``round``, ``four_cards`` and ``three_cards``: the split that
  scored, ``points``: the round's 20, ``bonus``: 10 or 0); ``wins_game`` (``seat``,
  ``points``: its score);
- ``void_round`` (``round``, ``turns``: the turns a round may last); ``void_draw``
  (``void_rounds``: how many ended the game) and ``void_win`` (``void_rounds``, ``seat``,
  ``score``: the winner's);
- ``sampled_deal`` (``seat``): the only event of a state dealt by
  :meth:`~BorderCapGin.from_observation` from that seat's view.

Bound: at most 2 x 4 + 1 won rounds and 2 void rounds, each of at most 200 turns of at most 3
actions (the opening turn has 2), so ``max_actions`` = 11 x 600 = 6,600.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import fields
from types import MappingProxyType
from typing import Any, ClassVar

from engine.bordercap_gin.actions import _ACTIONS, _to_card
from engine.bordercap_gin.bots import EasyBot, MediumBot
from engine.bordercap_gin.fields import (
    FACE_DOWN_PER_ROUND,
    HAND_SIZE,
    MAX_ROUNDS,
    MAX_TURNS,
    MAX_VOID_ROUNDS,
    TARGET,
)
from engine.bordercap_gin.observation import DECLARE, DISCARD, DRAW, OVER, GinObservation
from engine.bordercap_gin.odds import live_mask
from engine.bordercap_gin.turns import Turns
from engine.cards import Card, deck
from engine.core import (
    TARGETS,
    BadSetup,
    Event,
    Refusal,
    SearchEffort,
    fresh_seed,
    player_name,
    pop_target,
    unknown_options,
    wrong_players,
)
from engine.dealing import deal
from engine.melds import ALL_CARDS, BIT, BONUS_POINTS, ROUND_POINTS, cards_of, mask_of

__all__ = [
    "BONUS_POINTS",
    "FACE_DOWN_PER_ROUND",
    "HAND_SIZE",
    "MAX_ROUNDS",
    "MAX_TURNS",
    "MAX_VOID_ROUNDS",
    "ROUND_POINTS",
    "TARGET",
    "TARGETS",
    "BorderCapGin",
]


class BorderCapGin(Turns):
    """The state of one game of BorderCap Gin (rules and decisions in the module docstring).

    Its fields: :class:`.fields.GinFields`; a round's deal and end: :class:`.rounds.Rounds`;
    a turn's phases and moves: :class:`.turns.Turns`. Here: the game's set-up, what a seat
    may know and a state dealt from it, and the results. Tests and notebooks build chosen
    positions with :meth:`from_hands`.
    """

    game_id: ClassVar[str] = "bordercap_gin"
    title: ClassVar[str] = "BorderCap Gin"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    max_actions: ClassVar[int] = MAX_ROUNDS * MAX_TURNS * 3
    actions: ClassVar[tuple[type, ...]] = _ACTIONS
    # A round between medium bots takes about 50 actions but may run to 600: rollouts stop at
    # 150.
    bots: ClassVar[Mapping[str, type]] = MappingProxyType({"easy": EasyBot, "medium": MediumBot})
    search: ClassVar[SearchEffort] = SearchEffort(iterations=6, steps=1000, rollout_limit=150)

    __slots__ = ()

    @classmethod
    def new(
        cls, players: int = 2, teams: int | None = None, seed: int | None = None, **options: Any
    ) -> BorderCapGin:
        """Draw the first dealer from ``seed`` and deal the first round."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise BadSetup(
                Refusal("players", given=repr(players), low=2, high=4),
                f"players must be a whole number from 2 to 4, not {players!r}.",
            )
        if not 2 <= players <= 4:
            raise wrong_players(cls.title, players, 2, 4)
        if teams is not None:
            raise BadSetup(
                Refusal("no_teams"), "BorderCap Gin has no teams: every player plays alone."
            )
        target = pop_target(options)
        if options:
            raise unknown_options(cls.title, options)
        seed = fresh_seed(seed)
        rng = random.Random(seed)
        state = cls(players, seed, rng)
        state.target = target
        state.dealer = rng.randrange(players)
        state._deal()
        return state

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[Iterable[Card | str]],
        *,
        pile: Iterable[Card | str] = (),
        deck_top: Iterable[Card | str] = (),
        to_act: int = 0,
        phase: str = DRAW,
        turn: int = 2,
        fresh: bool | None = None,
        taken: Card | str | None = None,
        took: Sequence[Iterable[Card | str]] | None = None,
        face_down: Iterable[tuple[Card | str, int]] = (),
        face_down_left: Sequence[int] | None = None,
        scores: Sequence[int] | None = None,
        dealer: int | None = None,
        round_index: int = 0,
        void_rounds: int = 0,
        seed: int = 0,
    ) -> BorderCapGin:
        """A game in the middle of a round, with chosen cards (for tests and notebooks).

        ``hands``: one list per seat (cards or USPS codes); ``to_act`` holds 8 cards when
        ``phase`` is ``"discard"``, every other hand 7. ``pile``: the face-up discard pile,
        bottom first; its top card was just discarded face up by the previous seat (so it may
        be taken) unless ``fresh=False``. ``deck_top``: the next cards of the deck, the next
        draw first; the cards placed nowhere go below them, shuffled with ``seed``.
        ``face_down``: (card, owner seat) pairs. ``taken``: the card ``to_act`` took from the
        pile this turn. ``took``: per seat, cards known to be held (taken from the pile).
        ``dealer`` defaults to the seat that makes ``to_act`` play turn ``turn``.
        """
        n = len(hands)
        if not 2 <= n <= 4:
            raise ValueError(f"BorderCap Gin is for 2 to 4 players, not {n}.")
        if phase not in (DRAW, DISCARD, DECLARE):
            raise ValueError(f"phase must be draw, discard or declare, not {phase!r}.")
        if not 0 <= to_act < n:
            raise ValueError(f"to_act must be a seat from 0 to {n - 1}, not {to_act}.")
        if not 1 <= turn <= MAX_TURNS:
            raise ValueError(f"turn must be from 1 to {MAX_TURNS}, not {turn}.")
        state = cls(n, seed, random.Random(seed))
        state.hands = [[_to_card(c) for c in h] for h in hands]
        state.pile = [_to_card(c) for c in pile]
        top = [_to_card(c) for c in deck_top]
        for c, owner in face_down:
            if n != 2 or owner not in (0, 1):
                raise ValueError("Face-down cards belong to seat 0 or 1 of a 2-player game.")
            state.downs[owner].append(_to_card(c))
        placed = [c for h in state.hands for c in h] + state.pile + top + state.face_down
        if len({c.usps for c in placed}) != len(placed):
            raise ValueError("A card appears twice in the position.")
        for seat, hand in enumerate(state.hands):
            want = HAND_SIZE + 1 if (seat == to_act and phase == DISCARD) else HAND_SIZE
            if len(hand) != want:
                raise ValueError(
                    f"{player_name(seat)} must hold {want} cards here, not {len(hand)}."
                )
        rest = [c for c in deck() if c.usps not in {p.usps for p in placed}]
        state.rng.shuffle(rest)
        state.deck = rest + top[::-1]
        if not state.deck:
            raise ValueError("The deck may not be empty (it is turned over as soon as it is).")
        state.to_act = to_act
        state.phase = phase
        state.turn = turn
        state.fresh = bool(state.pile) if fresh is None else fresh
        state.taken = None if taken is None else _to_card(taken)
        if state.taken is not None and state.taken not in state.hands[to_act]:
            raise ValueError("The card taken this turn must be in the hand of the player to act.")
        state.known = [()] * n
        for seat, cards in enumerate(took or ()):
            state.known[seat] = tuple(_to_card(c) for c in cards)
        if state.taken is not None and state.taken not in state.known[to_act]:
            state.known[to_act] += (state.taken,)
        if n == 2:
            state.down_left = list(face_down_left) if face_down_left else [FACE_DOWN_PER_ROUND] * 2
        state.score = list(scores) if scores else [0] * n
        state.dealer = (to_act - turn) % n if dealer is None else dealer
        state.rounds = round_index
        state.voids = void_rounds
        state.cand = [state._blind(s) for s in range(n)]
        if phase == DECLARE:
            state._find_wins()
        return state

    def _blind(self, seat: int) -> list[int]:
        """Possible places of ``seat``'s unseen cards when nothing is known about them."""
        hidden = ALL_CARDS & ~mask_of(self.hands[seat]) & ~mask_of(self.pile)
        hidden &= ~mask_of(self.downs[seat])
        for o in range(self.players):
            if o != seat:
                hidden &= ~mask_of(self.known[o])
        places = [0 if o == seat else hidden for o in range(self.players)]
        down = hidden if any(d for o, d in enumerate(self.downs) if o != seat) else 0
        return places + [hidden, down]

    @property
    def current_player(self) -> int | None:
        """The seat to act, ``None`` once the game is over."""
        return None if self.over else self.to_act

    @property
    def round_index(self) -> int:
        """Rounds started before the current one (void rounds included)."""
        return self.rounds

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def scores(self) -> list[int]:
        """Points per seat (20 per round won, 10 more with the bonus)."""
        return list(self.score)

    @property
    def winner(self) -> int | None:
        """The first seat to 50, or the higher score after the void-round cap (``None``: draw)."""
        return self.won_by

    def value(self, player: int) -> float:
        """1 won, 0 lost, 0.5 drawn; during the game 0.5 plus the lead over the best other
        score, per 100 points (a round won is worth 0.2 to 0.3)."""
        if self.over:
            if self.won_by is None:
                return 0.5
            return 1.0 if self.won_by == player else 0.0
        best = max(s for i, s in enumerate(self.score) if i != player)
        return min(0.99, max(0.01, 0.5 + (self.score[player] - best) / 100))

    def observation(self, player: int) -> GinObservation:
        """What ``player`` may know (decision 9); ``legal`` is empty unless it is to act."""
        n = self.players
        if not 0 <= player < n:
            raise ValueError(f"No seat {player} in a {n}-player game.")
        hands = self.hands
        acting = not self.over and player == self.to_act
        downs = self.downs
        # Built without the dataclass __init__: an observation is made for every move of a
        # simulation, and setting 24 frozen fields one by one was a third of a random game.
        obs = _new_object(GinObservation)
        obs.__dict__.update(
            zip(
                _OBS_FIELDS,
                (
                    player,
                    n,
                    self.dealer,
                    self.rounds,
                    self.turn,
                    None if self.over else self.to_act,
                    OVER if self.over else self.phase,
                    tuple(hands[player]),
                    tuple(self.pile),
                    self.pile[-1] if self.fresh else None,
                    self.taken,
                    tuple(self.known),
                    tuple(map(len, hands)),
                    len(self.deck),
                    sum(map(len, downs)),
                    tuple(downs[player]),
                    tuple(self.down_left),
                    tuple(self.score),
                    self.target,
                    self.voids,
                    self.results,
                    self.over,
                    self.won_by,
                    tuple(self.cand[player]),
                    tuple(self.legal_actions()) if acting else (),
                ),
                strict=False,  # the tuple above lists every field (a test checks it)
            )
        )
        return obs

    @classmethod
    def from_observation(cls, obs: GinObservation, rng: random.Random) -> BorderCapGin:
        """A full state agreeing with ``obs``: the unseen cards dealt at random from ``rng``.

        Known cards stay where the seat saw them (its hand, the pile, its face-down cards, the
        cards others took from the pile). Every other card goes to a place ``where_unseen``
        allows for it, with the observed counts per place; the deck order is random. The
        sampled state's own generator is seeded from ``rng``.
        """
        n, me = obs.players, obs.player
        state = cls(n, None, random.Random(rng.getrandbits(64)))
        state.log = [Event("sampled_deal", seat=me)]
        known = list(obs.took)
        caps = [0] * (n + 2)
        for o in range(n):
            if o != me:
                caps[o] = obs.hand_sizes[o] - len(known[o])
        caps[n] = obs.deck_size
        caps[n + 1] = obs.face_down_count - len(obs.own_face_down)
        where = obs.where_unseen
        placed = deal(
            cards_of(live_mask(obs)),
            caps,
            rng,
            lambda card: [p for p, mask in enumerate(where) if mask & BIT[card.usps]],
        )
        hands: list[list[Card]] = []
        for o in range(n):
            if o == me:
                hands.append(list(obs.hand))
            else:
                hands.append([*known[o], *placed[o]])
        state.hands = hands
        state.deck = placed[n]
        rng.shuffle(state.deck)
        state.pile = list(obs.pile)
        state.downs = [[] for _ in range(n)]
        state.downs[me] = list(obs.own_face_down)
        if n == 2:
            state.downs[1 - me] = placed[n + 1]
        state.down_left = list(obs.face_down_left)
        state.fresh = obs.just_discarded is not None
        state.dealer = obs.dealer
        state.to_act = obs.to_act if obs.to_act is not None else 0
        state.phase = obs.phase
        state.turn = obs.turn
        state.taken = obs.taken
        state.known = known
        state.score = list(obs.scores)
        state.target = obs.target
        state.rounds = obs.round_index
        state.voids = obs.void_rounds
        state.results = obs.results
        state.over = obs.is_over
        state.won_by = obs.winner
        state.cand = [list(obs.where_unseen) if s == me else state._blind(s) for s in range(n)]
        if state.phase == DECLARE and not state.over:
            state._find_wins()
        return state


_OBS_FIELDS = tuple(f.name for f in fields(GinObservation))
_new_object = object.__new__
