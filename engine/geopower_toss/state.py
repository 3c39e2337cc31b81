"""GeoPower Toss: a trick-taking game for 2 to 6 players, alone or in teams.

The rules (from the rules README):

- Two decks: the 50 GeoPlunge cards and 21 GeoPower cards (7 each of Size, Statehood and
  Population). Each round both are shuffled; every player gets 8 GeoPlunge cards; players + 1
  GeoPower cards are dealt face up. The dealer removes one, then each other player clockwise
  removes one; the one left is the round's GeoPower card: its category ranks all 8 tricks.
- The dealer leads the first trick; a trick's winner leads the next. A player must follow the
  Zone of the led card if able, otherwise may play any card. The best rank in the round's
  category among the cards of the led Zone wins the trick (an off-Zone card never wins).
- Teams: 4 players may play as 2 teams of 2; 6 players as 2 teams of 3 or 3 teams of 2
  (``new(players=6, teams=2)``). Partners sit apart, alternating round the table: seat ``i``
  is in team ``i % teams``. A team's tricks are its members' tricks.
- The GeoPlunge call: every player or team may call until the first card of the 5th trick is
  led. When the 4th trick ends, each player whose side has not called is asked in turn, from
  the 5th trick's leader round the table, before that lead (the *call window*).
- Score per round: the player or team with the most tricks gets 10; tied for most, each gets 5.
  A caller that wins 6 or more tricks gets 15 more; a caller that wins fewer gets nothing for
  the round, whatever else it won.
- First to 50 wins; if more than one reach 50 in the same round, the higher score wins; still
  equal, another round is played. (``new(target=30)`` plays a shorter game to 30, kept in
  ``target``; "50" below then reads 30.) The deal passes to the left each round.

Seats are numbered clockwise: "to the left" and "the next player" are both ``seat + 1``.
A *unit* is a team in a team game, else a seat; ``team_of(seat)`` gives it, ``winner`` and
``team_scores`` are per unit, and ``scores`` (per seat) repeats each seat's unit score.

Actions: :class:`Remove` (the draft: drop one face-up GeoPower card of a category),
:class:`Play` (a card from the hand), :data:`CALL` (the GeoPlunge call) and :data:`PASS`
(no call, in the call window).

Decisions (cases the rules leave open):

1. Until the 4th trick ends the call is an action of the seat to act: :data:`CALL` is offered
   to it, after its plays or removals, from the deal (the draft included), once per player or
   team and round. Calling does not pass the turn: the same seat then plays. Several players or
   teams may call in the same round (at most one of them can make 6 tricks).
2. A caller that makes 6 or more tricks necessarily has the most tricks, so it scores 25.
3. In the draft the face-up GeoPower cards of one category are alike, so the choice is the
   category to remove (``Remove(Category.SIZE)``); a draft with one category left face up
   still asks each remover to act (a single legal action).
4. The first dealer is drawn at random with the seed; the dealer's turn passes to the left.
5. Game-length cap: a game stops after ``MAX_ROUNDS`` (40) rounds. The higher score then wins
   (equal: a draw), ``capped`` is set and the log says so. Games between the bots take 5 to 25
   rounds (6 players alone: 16 on average), so the cap only stops games that go nowhere (e.g.
   players who keep calling and failing). A round has at most 6 + 48 + 6 + 6 actions (removals,
   plays, calls, passes), so ``max_actions`` is 40 × 66 = 2,640.
6. Team games: the units are teams, ``winner`` is a team index and ``team_of(seat)`` is
   ``seat % teams``. With 4 or 6 players and ``teams=None`` everyone plays alone.
7. Hands are sorted by Zone (in the order of ``ZONES``) then by name; ``legal_actions`` lists
   the removals (Size, Statehood, Population) or the playable cards in hand order, then
   :data:`CALL` when it is offered; in the call window ``(PASS, CALL)``.
8. The 50 − 8 × players GeoPlunge cards not dealt stay face down (``stock``) all round, and
   the GeoPower cards not dealt face up stay in their deck; neither is ever seen.
9. A caller that fails scores nothing even when it won the most tricks, and nobody else
   takes its 10 (or 5) points: the players or teams with fewer tricks still score nothing.
10. The last card of a round settles the score at once; unless the game is over, the next
    round is dealt in the same step (``round_index`` goes up by one). A tie at or above 50
    after a round is logged ("another round is played") and play goes on.
11. What a seat sees (``observation``): its hand, the trick on the table, how many cards each
    hand holds, and the :class:`PublicView`: the GeoPower cards dealt, removed and left, the
    calls, every finished trick of the round (who played what), the Zones each seat has shown
    it lacks, tricks per seat and per unit, scores and the results of earlier rounds.
12. The call window (without it, once the 4th trick is known only its winner, the 5th
    trick's leader, could still call): when the 4th trick ends and cards are left, the
    phase is ``CALLS``. Every seat whose player or team has not called is asked in turn,
    starting with the 5th trick's leader (the 4th trick's winner) and going round the
    table; its legal actions are ``(PASS, CALL)``. In a team game each partner is asked
    until one of them calls; then the rest of that team is skipped. After the last seat
    asked, the phase is ``PLAY`` again, the leader leads, and the call is closed (nobody may
    call any more, not even the leader). When every side has already called, there is no
    window. Passes are not logged; the opening of the window is.
13. The bots' calls: ``medium`` calls (at its turn, or in the window) when its estimate of the
    chance that its side makes 6 tricks, from what its seat sees, reaches 50%
    (``MediumBot.CALL_CHANCE``; over 2,000 rounds against medium that bar gained the most
    points: a lower bar called more and failed more, a higher one called too rarely);
    ``hard`` searches from medium's choice and calls when its rollouts show the call pays;
    ``easy`` calls rarely, only with an obvious hand by the printed ranks (its side's tricks
    plus its cards ranked in the top 12 reach 6; about 1 round in 100).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar

from engine.cards import Card, Category, deck
from engine.core import (
    GAME_OVER,
    BadSetup,
    Event,
    Refusal,
    SearchEffort,
    fresh_seed,
    pop_target,
    unknown_options,
    wrong_players,
)
from engine.dealing import deal
from engine.geopower_toss.actions import (
    CALL,
    PASS,
    Call,
    Pass,
    Play,
    Remove,
    _as_card,
    _tables,
)
from engine.geopower_toss.bots import EasyBot, MediumBot
from engine.geopower_toss.calls import CallWindow
from engine.geopower_toss.draft import GEOPOWER_DECK, HAND_SIZE, Draft, rest_of_power
from engine.geopower_toss.observation import (
    CALLS,
    DRAFT,
    OVER,
    PLAY,
    TRICKS_BEFORE_CALL_CLOSES,
    GeoPowerObservation,
    PublicView,
)
from engine.geopower_toss.odds import seen_codes
from engine.geopower_toss.scoring import MAX_ROUNDS, TARGET, Scoring
from engine.geopower_toss.tricks import Tricks


class GeoPowerToss(Draft, CallWindow, Tricks, Scoring):
    """The state of a game of GeoPower Toss (see the module docstring for the rules).

    Its fields are declared in :class:`~engine.geopower_toss.table.Table`; the rules of each
    part of a round are its bases: :class:`~engine.geopower_toss.draft.Draft` (the deal and
    the draft), :class:`~engine.geopower_toss.calls.CallWindow` (the GeoPlunge call),
    :class:`~engine.geopower_toss.tricks.Tricks` (the play of a card) and
    :class:`~engine.geopower_toss.scoring.Scoring` (a round's score, the end of the game).
    This class sets a game up, answers the game interface and leads a round from one part
    to the next.
    """

    game_id: ClassVar[str] = "geopower_toss"
    title: ClassVar[str] = "GeoPower Toss"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    # At most 6 removals + 48 plays + 6 calls + 6 passes per round, and MAX_ROUNDS rounds.
    max_actions: ClassVar[int] = MAX_ROUNDS * (6 + 6 * HAND_SIZE + 6 + 6)
    actions: ClassVar[tuple[type, ...]] = (Remove, Play, Call, Pass)
    bots: ClassVar[Mapping[str, type]] = MappingProxyType({"easy": EasyBot, "medium": MediumBot})
    search: ClassVar[SearchEffort] = SearchEffort(iterations=16, steps=1000)

    # ------------------------------------------------------------- set-up

    @staticmethod
    def _validate(players: int, teams: int | None) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 6:
            raise wrong_players("GeoPower Toss", players, 2, 6)
        if teams is None:
            return
        allowed = {4: (2,), 6: (2, 3)}.get(players, ())
        if teams not in allowed:
            raise BadSetup(
                Refusal("teams", players=players, teams=repr(teams)),
                f"{players} players cannot make {teams} teams: 4 players make 2 teams of 2, "
                "6 players make 2 teams of 3 or 3 teams of 2.",
            )

    @classmethod
    def _blank(
        cls, players: int, teams: int | None, seed: int | None, rng: random.Random
    ) -> GeoPowerToss:
        cls._validate(players, teams)
        s = cls.__new__(cls)
        s.seed = seed
        s.rng = rng
        s.log = []
        s.players = players
        s.teams = teams
        s.units = teams or players
        s.team = tuple(i % teams if teams else i for i in range(players))
        s.team_scores = (0,) * s.units
        s.round_no = 0
        s.dealer = 0
        s.hands = [[] for _ in range(players)]
        s.stock = []
        s.power_deck = ()
        s.dealt_power = ()
        s.face_up = ()
        s.removed = ()
        s.category = None
        s.phase = DRAFT
        s.turn = 0
        s.leader = 0
        s.trick = ()
        s.tricks = ()
        s.tricks_won = (0,) * players
        s.unit_tricks = (0,) * s.units
        s.voids = (frozenset(),) * players
        s.calls = ()
        s.results = ()
        s.capped = False
        s.target = TARGET
        s._winner = None
        s._view = None
        return s

    @classmethod
    def new(
        cls, players: int = 2, teams: int | None = None, seed: int | None = None, **options: Any
    ) -> GeoPowerToss:
        """Seat the players (and teams), draw the first dealer and deal the first round.

        A team game's log starts with the event ``teams`` (``players``, ``teams``: how many;
        ``members``: each team's seats, a tuple per team, team 1 first)."""
        target = pop_target(options)
        if options:
            raise unknown_options(cls.title, options)
        seed = fresh_seed(seed)
        state = cls._blank(players, teams, seed, random.Random(seed))
        state.target = target
        state.dealer = state.rng.randrange(players)
        if teams:
            members = tuple(tuple(range(t, players, teams)) for t in range(teams))
            state.log.append(Event("teams", players=players, teams=teams, members=members))
        state._deal()
        return state

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[Sequence[Card | str]],
        *,
        category: Category | str | None = None,
        face_up: Sequence[Category | str] | None = None,
        dealer: int = 0,
        teams: int | None = None,
        scores: Sequence[int] | None = None,
        round_index: int = 0,
        seed: int = 0,
    ) -> GeoPowerToss:
        """A round with chosen hands (cards or USPS codes), for tests and notebooks.

        One hand per seat, all of the same size (1 to 8: a round has as many tricks as cards
        in a hand); the other cards form the stock. With ``category`` the draft is skipped and
        the dealer is to lead; otherwise ``face_up`` (players + 1 categories, dealt from the
        seed when omitted) is drafted, dealer first. ``scores`` (per unit) sets the scores
        before this round.
        """
        players = len(hands)
        state = cls._blank(players, teams, seed, random.Random(seed))
        cards = [[_as_card(x) for x in hand] for hand in hands]
        sizes = {len(h) for h in cards}
        if len(sizes) != 1 or not 1 <= sizes.pop() <= HAND_SIZE:
            raise ValueError("Every hand must hold the same number of cards, 1 to 8.")
        placed = [c.usps for h in cards for c in h]
        if len(placed) != len(set(placed)):
            raise ValueError("A card appears twice in the hands.")
        if not 0 <= dealer < players:
            raise ValueError(f"No seat {dealer} to deal.")
        order = _tables()[1]
        state.hands = [sorted(h, key=lambda c: order[c.usps]) for h in cards]
        taken = set(placed)
        state.stock = [c for c in deck() if c.usps not in taken]
        state.dealer = dealer
        state.round_no = round_index
        if scores is not None:
            if len(scores) != state.units:
                raise ValueError(f"scores needs one number per unit ({state.units}).")
            state.team_scores = tuple(scores)
        if category is not None:
            up: list[Category] = [Category(category)]
        elif face_up is None:
            up = state.rng.sample(GEOPOWER_DECK, players + 1)
        else:
            up = [Category(c) for c in face_up]
            if len(up) != players + 1 or any(up.count(c) > 7 for c in up):
                raise ValueError(f"Deal players + 1 = {players + 1} GeoPower cards face up.")
        state.dealt_power = state.face_up = tuple(up)
        state.power_deck = rest_of_power(up)
        if category is not None:
            state.category = up[0]
            state.phase = PLAY
        state.turn = state.leader = dealer
        return state

    # ------------------------------------------------------------- interface

    @property  # type: ignore[override]
    def rng(self) -> random.Random:
        """The game's random generator (private to this state even after ``clone``)."""
        if self._rng_shared:
            own = random.Random.__new__(random.Random)  # no reseeding from the system
            own.setstate(self._rng.getstate())
            self._rng = own
            self._rng_shared = False
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value
        self._rng_shared = False

    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.turn

    @property
    def round_index(self) -> int:
        return self.round_no

    def team_of(self, player: int) -> int:
        """The team of ``player`` (seat ``i`` is in team ``i % teams``), or the seat itself."""
        return self.team[player]

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def winner(self) -> int | None:
        """The winning seat, or team index in a team game; ``None`` while running or drawn."""
        return self._winner

    @property
    def scores(self) -> list[int]:
        """Each seat's score (its team's score in a team game)."""
        ts = self.team_scores
        return [ts[u] for u in self.team]

    def value(self, player: int) -> float:
        """1 won, 0 lost, 0.5 drawn; while running, 0.5 plus the score lead over the best rival
        (150 points of lead would be 1; clipped to 0.05 … 0.95)."""
        unit = self.team[player]
        if self.phase == OVER:
            if self._winner is None:
                return 0.5
            return 1.0 if self._winner == unit else 0.0
        ts = self.team_scores
        rival = max(s for u, s in enumerate(ts) if u != unit)
        return 0.5 + max(-0.45, min(0.45, (ts[unit] - rival) / 150))

    def _legal(self) -> tuple[Any, ...]:
        phase = self.phase
        if phase == PLAY:
            out: list[Any] = self._plays()
        elif phase == DRAFT:
            out = self._removals()
        elif phase == CALLS:
            return (PASS, CALL)  # only seats whose side has not called are asked
        else:
            return ()
        if self._call_offered():
            out.append(CALL)
        return tuple(out)

    def legal_actions(self) -> list[Any]:
        """Removals (draft) or playable cards, then CALL while it is offered; [] when over."""
        return list(self._legal())

    def check(self, action: Any) -> Refusal | None:
        """Why ``action`` is illegal for the seat to act now (a :class:`Refusal`), or ``None``.

        Besides ``game_over`` and the refusals of each part of the rules (:mod:`.calls`,
        :mod:`.draft`, :mod:`.tricks`): ``call_or_pass`` (``seat``: the seat asked) for
        anything but a call or a pass in the call window, and ``not_a_move`` (no values: what
        is sent may be any object, and its ``repr`` is no sentence's business) for what is no
        GeoPower Toss move.
        """
        if self.phase == OVER:
            return GAME_OVER
        kind = type(action)
        if kind is Pass:
            return self._pass_refusal()
        if self.phase == CALLS and kind is not Call:
            return Refusal("call_or_pass", seat=self.turn)
        if kind is Call:
            return self._call_refusal()
        if kind is Remove:
            return self._removal_refusal(action.category)
        if kind is Play:
            return self._play_refusal(action.card)
        return Refusal("not_a_move")

    def step(self, action: Any) -> None:
        """Carry out ``action`` without the check: only for actions from ``legal_actions()``."""
        kind = type(action)
        if kind is Play:
            if self._play(action.card):
                self._trick_over()
        elif kind is Remove:
            self._remove(action.category)
        elif kind is Pass:
            self._ask_next()
        else:
            self._call()

    def _trick_over(self) -> None:
        """After a trick: when the hands are empty the round is scored and, unless the game is
        over, the deal passes to the left; after the 4th trick the call window opens."""
        if not self.hands[self.leader]:
            if self._score_round():
                self.dealer = (self.dealer + 1) % self.players
                self._deal()
        elif len(self.tricks) == TRICKS_BEFORE_CALL_CLOSES:
            self._open_window()

    # ------------------------------------------------------------- cards, copies, views

    def all_cards(self) -> list[Card]:
        """Every GeoPlunge card: hands, stock, the trick on the table and the tricks won."""
        out = [c for h in self.hands for c in h]
        out += self.stock
        out += [c for _, c in self.trick]
        for t in self.tricks:
            out += [c for _, c in t.plays]
        return out

    def clone(self) -> GeoPowerToss:
        s = GeoPowerToss.__new__(GeoPowerToss)
        s.__dict__.update(self.__dict__)
        # Copy-on-write generator: both share it until one of them reads ``rng``.
        self._rng_shared = s._rng_shared = True
        s.log = self.log.copy()
        s.hands = [h.copy() for h in self.hands]
        s.stock = self.stock.copy()
        return s

    def _key(self) -> tuple[Any, ...]:
        return (
            self.seed,
            self.players,
            self.teams,
            self.team_scores,
            self.round_no,
            self.dealer,
            self.hands,
            self.stock,
            self.power_deck,
            self.dealt_power,
            self.face_up,
            self.removed,
            self.category,
            self.phase,
            self.turn,
            self.leader,
            self.trick,
            self.tricks,
            self.tricks_won,
            self.unit_tricks,
            self.voids,
            self.calls,
            self.results,
            self.capped,
            self.target,
            self._winner,
            self.log,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GeoPowerToss):
            return NotImplemented
        if self._key() != other._key():
            return False
        mine, theirs = self._rng, other._rng
        return mine is theirs or mine.getstate() == theirs.getstate()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"GeoPowerToss(players={self.players}, teams={self.teams}, round={self.round_no}, "
            f"phase={self.phase}, to_act={self.current_player}, scores={self.team_scores})"
        )

    def public_view(self) -> PublicView:
        """The table as every seat sees it (cached until the next change)."""
        view = self._view
        if view is None:
            view = self._view = PublicView(
                self.players,
                self.teams,
                self.team,
                self.round_no,
                self.dealer,
                self.phase,
                len(self.stock),
                self.dealt_power,
                self.face_up,
                self.removed,
                self.category,
                self.leader,
                self.tricks,
                self.voids,
                self.calls,
                self.tricks_won,
                self.unit_tricks,
                self.team_scores,
                self.results,
                self.phase == OVER,
                self._winner,
                self.capped,
                self.target,
            )
        return view

    def observation(self, player: int) -> GeoPowerObservation:
        """What ``player`` may know: its own hand, and everything played or said in the open."""
        if not 0 <= player < self.players:
            raise ValueError(f"No seat {player} in a {self.players}-player game.")
        over = self.phase == OVER
        return GeoPowerObservation(
            player,
            None if over else self.turn,
            tuple(self.hands[player]),
            tuple(map(len, self.hands)),
            self.trick,
            self._view or self.public_view(),
            self._legal() if player == self.turn and not over else (),
        )

    @classmethod
    def from_observation(cls, obs: GeoPowerObservation, rng: random.Random) -> GeoPowerToss:
        """A full state matching ``obs``: the unseen cards dealt at random from ``rng``.

        The other hands get cards of no Zone their owner has shown it lacks; the rest go to
        the stock (:func:`engine.dealing.deal`). The log is not rebuilt (it starts empty).
        """
        s = cls._blank(obs.players, obs.teams, None, random.Random(rng.getrandbits(64)))
        s.team_scores = obs.scores
        s.round_no = obs.round_index
        s.dealer = obs.dealer
        s.dealt_power = obs.dealt_power
        s.power_deck = rest_of_power(obs.dealt_power)
        s.face_up = obs.face_up
        s.removed = obs.removed
        s.category = obs.category
        s.phase = obs.phase
        s.turn = obs.to_act if obs.to_act is not None else obs.leader
        s.leader = obs.leader
        s.trick = obs.trick
        s.tricks = obs.tricks
        s.tricks_won = obs.tricks_won
        s.unit_tricks = obs.unit_tricks
        s.voids = obs.voids
        s.calls = obs.calls
        s.results = obs.results
        s.capped = obs.capped
        s.target = obs.target
        s._winner = obs.winner
        seen = seen_codes(obs)
        unseen = [c for c in _tables()[2] if c.usps not in seen]
        others = [p for p in range(obs.players) if p != obs.player]
        needs = [obs.hand_sizes[p] for p in others] + [obs.stock_size]
        bans = [obs.voids[p] for p in others] + [frozenset()]
        dealt = deal(
            unseen,
            needs,
            rng,
            lambda card: [i for i, ban in enumerate(bans) if card.zone not in ban],
        )
        order = _tables()[1]
        s.hands = [[] for _ in range(obs.players)]
        s.hands[obs.player] = list(obs.hand)
        for p, cards in zip(others, dealt, strict=False):
            s.hands[p] = sorted(cards, key=lambda c: order[c.usps])
        s.stock = dealt[-1]
        return s
