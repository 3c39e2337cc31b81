"""Border Attack: two players race to get rid of their 25 cards by winning tricks and guesses.

The rules, as the engine plays them:

- Shuffle once. Deal 5 cards to each player. The dealer is chosen at random for the first game
  (or passed in as ``dealer=``; it alternates after, see :attr:`BorderAttack.next_dealer`) and
  leads the first trick.
- A trick: the leader names a category (size, statehood or population) and leads a card
  (one action, :class:`Lead`). The follower commits to the card it will play and chooses to
  announce the state's name or its full list of border states (:class:`Commit`); the engine
  derives the announcement (the number of border states plus the name or the list) from the
  card, so the follower cannot lie. The leader makes exactly one guess of the part not announced:
  the state (:class:`GuessState`) if the borders were announced, the exact set of border states,
  order free (:class:`GuessBorders`), if the name was announced. A right guess lets the leader
  discard one card of its choice, if it holds one (:class:`Discard`). The follower's card is
  then played; the better (lower) rank in the named category wins the trick. The trick's winner
  discards one card of its choice, if it holds one, and leads the next trick.
- Refill: the moment either hand becomes empty (a card led, committed or discarded) and the
  deck is not, 5 more cards go to each player (both hands), before anything else happens. So a
  discard earned with an empty hand is never lost while the deck has cards. 50 cards = 10 deals
  of 5, so each player receives 25 in all.
- The game ends at the end of a trick in which a player's hand is empty and the deck is empty:
  that player wins; if both hands are empty, the winner of that trick wins.

Decisions (where the rules leave a case open):

- The bonus discards are compulsory: a player who guessed right, or won the trick, and still
  holds a card must discard one (it chooses which). Getting rid of cards is the object of the
  game, so a player at the table would never decline; the choice of card is the decision.
  A player with one card left still makes the (single) discard action; a player with none
  skips it.
- The follower's committed card leaves its hand when it commits (it is on the table, face down),
  so a right guess can never make the leader discard a card the follower holds.
- The guess. ``check`` accepts any guess of the right kind: any state code for a state guess,
  any set of state codes (of any size, the empty set included) for a border guess (the guess's
  rules, and who wins the trick, are in :mod:`engine.border_attack.trick`). A wrong guess
  costs nothing but the chance. ``legal_actions`` lists the sensible guesses, the ones the
  leader cannot rule out from what it has seen: for a state guess, every state with the
  announced number of border states that is not in the leader's hand, not played and not
  discarded; for a border guess, the distinct border sets of the announced size of those same
  cards (the true answer is always among them; a UI may still offer a free map selection).
- The bots' decisions (what they remember, how they err and announce) are in
  :mod:`engine.border_attack.bots`.
- Scores are the numbers of cards each player has got rid of (played or discarded): the
  winner has 25 at the end (the loser too when both hands empty in the same trick).
- The refill is immediate, not at the end of the trick (``../shared/rules/README.md``; the sheet
  deals "whenever 1 player has no cards left"): a leader who leads its last card, or a follower
  who commits its last card, gets its 5 new cards at once, in the middle of the trick. A player
  can therefore hold no card when a discard is due only once the deck is empty.
- The dealer is passed in with ``dealer=0`` or ``dealer=1``; a page starting the next game
  passes ``dealer=state.next_dealer`` so the deal alternates. The shuffle draws from the seed
  before the dealer does, so the same seed deals the same cards whoever deals.
- Dealing: one card at a time from the top of the deck, the non-dealer first.
- The log never names the follower's card before it is played, so it may be shown to both
  players.

Bound: each player plays exactly one card per trick and receives 25 cards, so a game has at
most 25 tricks of at most 5 actions (lead, commit, guess, bonus discard, winner's discard):
``max_actions`` = 125.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar

from engine.border_attack.actions import (
    _COMMITS,
    _DECK,
    _DISCARDS,
    _GUESS_BORDERS,
    _GUESS_STATES,
    _LEADS,
    _RANK,
    CATEGORIES,
    REVEALS,
    Commit,
    Discard,
    GuessBorders,
    GuessState,
    Lead,
)
from engine.border_attack.bots import EasyBot, MediumBot
from engine.border_attack.observation import (
    BONUS_DISCARD,
    COMMIT,
    GUESS,
    LEAD,
    OVER,
    WIN_DISCARD,
    Announcement,
    BorderAttackObservation,
    PlayedTrick,
)
from engine.border_attack.odds import candidates, fitting_guesses, guess_candidates, seen_codes
from engine.border_attack.trick import guess_is_right, trick_winner, why_not_guess
from engine.cards import Card, Category, by_usps, deck, usps_of
from engine.core import (
    GAME_OVER,
    BadSetup,
    Event,
    GameState,
    Refusal,
    SearchEffort,
    fresh_seed,
    make_rng,
    unknown_options,
    wrong_players,
)
from engine.dealing import deal

HAND_SIZE = 5


def _as_card(item: Card | str) -> Card:
    return item if isinstance(item, Card) else by_usps()[item.upper()]


class BorderAttack(GameState):
    """A game of Border Attack (see the module docstring for the rules and decisions)."""

    game_id: ClassVar[str] = "border_attack"
    title: ClassVar[str] = "Border Attack"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    max_actions: ClassVar[int] = 125
    actions: ClassVar[tuple[type, ...]] = (Lead, Commit, GuessState, GuessBorders, Discard)
    bots: ClassVar[Mapping[str, type]] = MappingProxyType({"easy": EasyBot, "medium": MediumBot})
    search: ClassVar[SearchEffort] = SearchEffort(iterations=6, steps=1000)

    seed: int
    dealer: int
    leader: int
    phase: str
    deck: list[Card]
    hands: list[list[Card]]
    played: list[list[Card]]
    discards: list[list[Card]]
    category: Category | None
    led: Card | None
    committed: Card | None
    announcement: Announcement | None
    guess: GuessState | GuessBorders | None
    guess_right: bool | None
    trick_winner: int | None
    last_trick: PlayedTrick | None
    trick: int
    _winner: int | None

    # ------------------------------------------------------------------ set-up

    @classmethod
    def new(
        cls, players: int = 2, teams: int | None = None, seed: int | None = None, **options: Any
    ) -> BorderAttack:
        """Shuffle once, pick the dealer (at random unless ``dealer=`` is given), deal 5 each."""
        if players != 2:
            raise wrong_players(cls.title, players, 2, 2)
        if teams is not None:
            raise BadSetup(Refusal("no_teams"), "Border Attack is played alone, not in teams.")
        dealer = options.pop("dealer", None)
        if options:
            raise unknown_options(cls.title, options)
        if dealer is not None and (isinstance(dealer, bool) or dealer not in (0, 1)):
            raise BadSetup(
                Refusal("dealer", given=repr(dealer)),
                f"The dealer must be seat 0 or 1, not {dealer!r}.",
            )
        seed = fresh_seed(seed)
        state = cls._blank(seed, make_rng(seed))
        cards = list(deck())
        state.rng.shuffle(cards)
        state.deck = cards
        if dealer is None:
            dealer = state.rng.randrange(2)
        state.dealer = dealer
        state.leader = dealer
        state.log.append(Event("deals", seat=dealer))
        state._deal()
        return state

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[Sequence[Card | str]],
        *,
        deck: Sequence[Card | str] | None = None,
        leader: int = 0,
        dealer: int | None = None,
        seed: int = 0,
    ) -> BorderAttack:
        """A game at the start of a trick with chosen hands, for tests and notebooks.

        ``hands`` are two lists of cards (or USPS codes); ``leader`` leads the next trick. With
        ``deck=None`` every other card forms the deck, shuffled by ``seed``; with ``deck`` given
        (top card first) the cards left over are put in the discard piles, alternately seat 0
        and seat 1 in USPS order, as if they had been discarded earlier in the game.
        """
        if len(hands) != 2:
            raise ValueError("Border Attack needs exactly two hands.")
        if leader not in (0, 1):
            raise ValueError("The leader must be seat 0 or 1.")
        state = cls._blank(seed, make_rng(seed))
        state.hands = [[_as_card(x) for x in hand] for hand in hands]
        if not all(state.hands):
            raise ValueError("Both hands must hold at least one card at the start of a trick.")
        placed = [c.usps for hand in state.hands for c in hand]
        rest = [c for c in _DECK if c.usps not in set(placed)]
        if deck is None:
            state.rng.shuffle(rest)
            state.deck = rest
        else:
            top_first = [_as_card(x) for x in deck]
            placed += [c.usps for c in top_first]
            state.deck = top_first[::-1]
            left = [c for c in rest if c.usps not in set(placed)]
            state.discards = [left[0::2], left[1::2]]
        if len(placed) != len(set(placed)):
            raise ValueError("A card appears twice in the hands or the deck.")
        state.dealer = leader if dealer is None else dealer
        state.leader = leader
        return state

    @classmethod
    def _blank(cls, seed: int, rng: random.Random) -> BorderAttack:
        state = cls.__new__(cls)
        state.seed = seed
        state.rng = rng
        state.log = []
        state.dealer = 0
        state.leader = 0
        state.phase = LEAD
        state.deck = []
        state.hands = [[], []]
        state.played = [[], []]
        state.discards = [[], []]
        state.category = None
        state.led = None
        state.committed = None
        state.announcement = None
        state.guess = None
        state.guess_right = None
        state.trick_winner = None
        state.last_trick = None
        state.trick = 0
        state._winner = None
        return state

    def _deal(self) -> None:
        """Deal 5 cards to each player, one at a time from the top, the non-dealer first."""
        first = 1 - self.dealer
        for _ in range(HAND_SIZE):
            self.hands[first].append(self.deck.pop())
            self.hands[1 - first].append(self.deck.pop())
        self.log.append(Event("dealt", left=len(self.deck)))

    @property
    def next_dealer(self) -> int:
        """The dealer of the next game: the deal alternates (the observation's rule)."""
        return self.observation(self.dealer).next_dealer

    # ------------------------------------------------------------------ queries

    @property
    def follower(self) -> int:
        return 1 - self.leader

    @property
    def current_player(self) -> int | None:
        """The leader leads, guesses and makes its bonus discard; the follower commits."""
        phase = self.phase
        if phase == OVER:
            return None
        if phase == COMMIT:
            return 1 - self.leader
        if phase == WIN_DISCARD:
            return self.trick_winner
        return self.leader

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def winner(self) -> int | None:
        return self._winner

    @property
    def scores(self) -> list[int]:
        """Cards each player has got rid of (played or discarded), 0 to 25."""
        return [len(self.played[s]) + len(self.discards[s]) for s in (0, 1)]

    def all_cards(self) -> list[Card]:
        """Every card: deck, hands, played piles, discard piles and the committed card."""
        cards = list(self.deck)
        for s in (0, 1):
            cards += self.hands[s]
            cards += self.played[s]
            cards += self.discards[s]
        if self.committed is not None:
            cards.append(self.committed)
        return cards

    def _seen_by_leader(self) -> set[str]:
        seen = {c.usps for c in self.hands[self.leader]}
        for s in (0, 1):
            seen.update(c.usps for c in self.played[s])
            seen.update(c.usps for c in self.discards[s])
        return seen

    def guess_candidates(self) -> list[Card]:
        """The cards the leader cannot rule out: announced border count, not seen by it."""
        if self.announcement is None:
            return []
        return candidates(self.announcement.count, self._seen_by_leader())

    @staticmethod
    def candidates_seen_from(obs: BorderAttackObservation) -> list[Card]:
        """:meth:`guess_candidates` as the leader works them out from its own observation
        (:func:`engine.border_attack.odds.guess_candidates`)."""
        return guess_candidates(obs)

    @classmethod
    def search_actions(cls, obs: BorderAttackObservation) -> tuple[Any, ...]:
        """``obs.legal``, but for a guess only the guesses that fit the announcement
        (:func:`engine.border_attack.odds.fitting_guesses`). The hard bot knows every border,
        and a guess it knows to be wrong is no move of its: searched, it would win rollouts
        wherever declining the compulsory bonus discard pays (the refill comes at a better
        moment), a loophole no player at the table takes."""
        return fitting_guesses(obs) or tuple(obs.legal)

    def legal_actions(self) -> list[Any]:
        """Leads (card × category), commitments (card × reveal), guesses or discards."""
        phase = self.phase
        if phase == LEAD:
            return [a for c in self.hands[self.leader] for a in _LEADS[c.usps]]
        if phase == COMMIT:
            return [a for c in self.hands[1 - self.leader] for a in _COMMITS[c.usps]]
        if phase == GUESS:
            candidates = self.guess_candidates()
            if self.announcement.usps is None:  # type: ignore[union-attr]
                return [_GUESS_STATES[c.usps] for c in candidates]
            out: list[Any] = []
            for c in candidates:
                action = _GUESS_BORDERS[c.borders]
                if action not in out:
                    out.append(action)
            return out
        if phase == BONUS_DISCARD:
            return [_DISCARDS[c.usps] for c in self.hands[self.leader]]
        if phase == WIN_DISCARD:
            return [_DISCARDS[c.usps] for c in self.hands[self.trick_winner]]  # type: ignore[index]
        return []

    def check(self, action: Any) -> Refusal | None:
        """Why ``action`` is not allowed now (``None`` when it is). A card not in the hand
        that must play it is refused with its USPS code as ``card`` (``None``: not a card)."""
        phase = self.phase
        if phase == OVER:
            return GAME_OVER
        if phase == LEAD:
            if not isinstance(action, Lead):
                return Refusal("lead_expected")
            if action.category not in CATEGORIES:
                return Refusal("not_a_category")
            if not self._holds(self.leader, action.card):
                return Refusal("not_in_leaders_hand", card=usps_of(action.card))
            return None
        if phase == COMMIT:
            if not isinstance(action, Commit):
                return Refusal("commit_expected")
            if action.reveal not in REVEALS:
                return Refusal("not_a_reveal")
            if not self._holds(1 - self.leader, action.card):
                return Refusal("not_in_followers_hand", card=usps_of(action.card))
            return None
        if phase == GUESS:
            assert self.announcement is not None
            return why_not_guess(self.announcement, action)
        if not isinstance(action, Discard):
            return Refusal("discard_expected")
        seat = self.leader if phase == BONUS_DISCARD else self.trick_winner
        if not self._holds(seat, action.card):  # type: ignore[arg-type]
            return Refusal("not_in_discarders_hand", card=usps_of(action.card))
        return None

    def _holds(self, seat: int, item: Any) -> bool:
        return isinstance(item, Card) and any(c is item or c == item for c in self.hands[seat])

    # ------------------------------------------------------------------ moves

    def step(self, action: Any) -> None:
        """Apply an action taken from ``legal_actions()`` without checking it (the fast path)."""
        phase = self.phase
        if phase == LEAD:
            self._lead(action)
        elif phase == COMMIT:
            self._commit(action)
        elif phase == GUESS:
            self._guess(action)
        else:
            self._discard(action)

    def _take(self, seat: int, card: Card) -> Card:
        hand = self.hands[seat]
        for i, c in enumerate(hand):
            if c is card or c == card:
                return hand.pop(i)
        raise ValueError(f"{card} is not in the hand of seat {seat}")

    def _lead(self, action: Lead) -> None:
        """The leader names the category and leads a card face up."""
        leader = self.leader
        card = self._take(leader, action.card)
        self.category = Category(action.category)
        self.led = card
        self.played[leader].append(card)
        self.trick += 1
        self.phase = COMMIT
        self.log.append(
            Event(
                "leads",
                seat=leader,
                category=self.category.value,
                card=card.usps,
                rank=_RANK[self.category](card),
            )
        )
        self._refill()

    def _commit(self, action: Commit) -> None:
        """The follower commits face down; the announcement is derived from the card."""
        follower = 1 - self.leader
        card = self._take(follower, action.card)
        self.committed = card
        self.announcement = Announcement.of(card, action.reveal)
        self.phase = GUESS
        if self.announcement.usps is not None:
            self.log.append(
                Event("announces_name", seat=follower, card=card.usps, count=len(card.borders))
            )
        else:
            self.log.append(Event("announces_borders", seat=follower, cards=tuple(card.borders)))
        self._refill()

    def _guess(self, action: GuessState | GuessBorders) -> None:
        """One guess of the part not announced; a right guess earns the leader a discard."""
        card = self.committed
        assert card is not None
        if isinstance(action, GuessState):
            self.guess = action
        else:
            borders = frozenset(action.borders)
            self.guess = _GUESS_BORDERS.get(borders) or GuessBorders(borders)
        self.guess_right = right = guess_is_right(self.guess, card)
        seat, guess = self.leader, self.guess
        if isinstance(guess, GuessState) and right:
            self.log.append(Event("guesses_state_right", seat=seat, card=guess.usps))
        elif isinstance(guess, GuessState):
            self.log.append(Event("guesses_state_wrong", seat=seat, card=guess.usps))
        elif right:
            self.log.append(Event("guesses_borders_right", seat=seat, cards=tuple(guess.borders)))
        else:
            self.log.append(Event("guesses_borders_wrong", seat=seat, cards=tuple(guess.borders)))
        if right and self.hands[self.leader]:
            self.phase = BONUS_DISCARD
        else:
            self._play_follow()

    def _discard(self, action: Discard) -> None:
        """A bonus discard (right guess) or the trick winner's discard, face up."""
        if self.phase == BONUS_DISCARD:
            seat = self.leader
            card = self._take(seat, action.card)
            self.discards[seat].append(card)
            self.log.append(Event("discards_for_guess", seat=seat, card=card.usps))
            self._refill()
            self._play_follow()
        else:
            seat = self.trick_winner
            assert seat is not None
            card = self._take(seat, action.card)
            self.discards[seat].append(card)
            self.log.append(Event("discards_for_trick", seat=seat, card=card.usps))
            self._refill()
            self._end_trick()

    def _play_follow(self) -> None:
        """The committed card is played; the better rank in the category wins the trick, and
        the trick, now public, is kept as :attr:`last_trick`."""
        card, led, category = self.committed, self.led, self.category
        ann, guess, right = self.announcement, self.guess, self.guess_right
        assert card is not None and led is not None and category is not None
        assert ann is not None and guess is not None and right is not None
        leader, follower = self.leader, 1 - self.leader
        self.committed = None
        self.played[follower].append(card)
        winner = trick_winner(leader, led, card, category)
        self.trick_winner = winner
        self.last_trick = PlayedTrick(
            self.trick, leader, category, led, card, ann, guess, right, winner
        )
        best = led if winner == leader else card
        self.log.append(
            Event(
                "plays",
                seat=follower,
                card=card.usps,
                rank=_RANK[category](card),
                best_card=best.usps,
                category=category.value,
                winner_seat=winner,
            )
        )
        if self.hands[winner]:
            self.phase = WIN_DISCARD
        else:
            self._end_trick()

    def _refill(self) -> None:
        """The moment a hand is empty and the deck is not: 5 more cards to each player."""
        if self.deck and not (self.hands[0] and self.hands[1]):
            self._deal()

    def _end_trick(self) -> None:
        """Game end (a hand and the deck empty); otherwise the winner leads (hands were refilled
        the moment one ran empty, see :meth:`_refill`)."""
        winner = self.trick_winner
        assert winner is not None
        empty0 = not self.hands[0]
        empty1 = not self.hands[1]
        if not self.deck and (empty0 or empty1):
            if empty0 and empty1:
                self._winner = winner
                self.log.append(Event("wins_with_last_trick", seat=winner))
            else:
                self._winner = 0 if empty0 else 1
                self.log.append(Event("wins_out_of_cards", seat=self._winner))
            self.phase = OVER
            self._clear_trick()
            return
        self.leader = winner
        self.phase = LEAD
        self._clear_trick()

    def _clear_trick(self) -> None:
        self.category = None
        self.led = None
        self.announcement = None
        self.guess = None
        self.guess_right = None
        self.trick_winner = None

    # ------------------------------------------------------------------ views and copies

    def observation(self, player: int) -> BorderAttackObservation:
        """What ``player`` may know (see :class:`BorderAttackObservation`)."""
        follower = 1 - self.leader
        follow_card: Card | None = None
        if self.committed is not None:
            if player == follower:
                follow_card = self.committed
        elif self.phase == WIN_DISCARD:
            follow_card = self.played[follower][-1]
        to_act = self.current_player
        return BorderAttackObservation(
            seat=player,
            current_player=to_act,
            phase=self.phase,
            dealer=self.dealer,
            leader=self.leader,
            trick=self.trick,
            hand=tuple(self.hands[player]),
            hand_counts=(len(self.hands[0]), len(self.hands[1])),
            deck_count=len(self.deck),
            played=(tuple(self.played[0]), tuple(self.played[1])),
            discards=(tuple(self.discards[0]), tuple(self.discards[1])),
            category=self.category,
            led=self.led,
            follow_card=follow_card,
            announcement=self.announcement,
            guess=self.guess,
            guess_right=self.guess_right,
            trick_winner=self.trick_winner,
            last_trick=self.last_trick,
            scores=(
                len(self.played[0]) + len(self.discards[0]),
                len(self.played[1]) + len(self.discards[1]),
            ),
            winner=self._winner,
            legal=tuple(self.legal_actions()) if to_act == player else (),
            log=tuple(self.log),
        )

    def clone(self) -> BorderAttack:
        """An independent copy, random generator included."""
        new = BorderAttack.__new__(BorderAttack)
        new.__dict__.update(self.__dict__)
        new.deck = self.deck[:]
        new.hands = [self.hands[0][:], self.hands[1][:]]
        new.played = [self.played[0][:], self.played[1][:]]
        new.discards = [self.discards[0][:], self.discards[1][:]]
        new.log = self.log[:]
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        return new

    @classmethod
    def from_observation(cls, obs: BorderAttackObservation, rng: random.Random) -> BorderAttack:
        """A full state consistent with ``obs``: the hidden cards dealt at random from ``rng``.

        A face-down card whose borders were announced is drawn among the unseen cards with
        exactly those borders, one whose name was announced is that card; the other unseen cards
        (the opponent's hand and the deck) are dealt by :func:`engine.dealing.deal`.
        """
        seat = obs.seat
        opponent = 1 - seat
        known = seen_codes(obs)
        committed: Card | None = None
        hidden_commit = obs.phase in (GUESS, BONUS_DISCARD)
        if hidden_commit:
            if obs.follow_card is not None:
                committed = obs.follow_card
            else:
                ann = obs.announcement
                assert ann is not None
                if ann.usps is not None:
                    committed = by_usps()[ann.usps]
                else:
                    options = [c for c in candidates(ann.count, known) if c.borders == ann.borders]
                    committed = options[rng.randrange(len(options))]
            known.add(committed.usps)
        unseen = [c for c in _DECK if c.usps not in known]
        n_opp = obs.hand_counts[opponent]
        hand, rest = deal(unseen, [n_opp, len(unseen) - n_opp], rng)
        new_seed = rng.randrange(2**32)
        state = cls._blank(new_seed, random.Random(new_seed))
        state.hands[seat] = list(obs.hand)
        state.hands[opponent] = hand
        state.deck = rest
        state.played = [list(obs.played[0]), list(obs.played[1])]
        state.discards = [list(obs.discards[0]), list(obs.discards[1])]
        state.dealer = obs.dealer
        state.leader = obs.leader
        state.phase = obs.phase
        state.trick = obs.trick
        state.category = obs.category
        state.led = obs.led
        state.committed = committed if hidden_commit else None
        state.announcement = obs.announcement
        state.guess = obs.guess
        state.guess_right = obs.guess_right
        state.trick_winner = obs.trick_winner
        state.last_trick = obs.last_trick
        state._winner = obs.winner
        state.log = list(obs.log)
        return state

    def _key(self) -> tuple[Any, ...]:
        return (
            self.seed,
            self.dealer,
            self.leader,
            self.phase,
            self.trick,
            self.deck,
            self.hands,
            self.played,
            self.discards,
            self.category,
            self.led,
            self.committed,
            self.announcement,
            self.guess,
            self.guess_right,
            self.trick_winner,
            self.last_trick,
            self._winner,
            self.log,
            self.rng.getstate(),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BorderAttack):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"BorderAttack(seed={self.seed}, trick={self.trick}, phase={self.phase!r}, "
            f"hands={[len(h) for h in self.hands]}, deck={len(self.deck)})"
        )
