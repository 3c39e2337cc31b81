"""The interface every GeoPlunge game speaks, modelled on OpenSpiel and PokerKit.

A game is a mutable state object. The seat to act is ``current_player``; it picks one of
``legal_actions()`` and passes it to ``apply``. ``check(action)`` answers "may I?" with the
reason it may not (a :class:`Refusal`, or ``None``), and ``apply`` raises
:class:`IllegalAction` with that reason,
leaving the state exactly as it was; ``apply`` is ``check`` then ``step``, and ``step`` is the
fast path for an action taken from ``legal_actions()`` (bots, simulations, search rollouts).
All randomness comes from the seed given to ``new``: a game is replayable from
``(options, seed, actions)``.

Bots see a game only through ``observation(seat)``: what that seat may know. Search bots turn an
observation back into a full state with ``from_observation``, which deals the cards the seat
cannot see at random, consistently with what it has seen (:mod:`engine.dealing`), and the
pages ask :meth:`GameState.why_not` why a move is refused, from the observation alone.

What a game declares besides its state (class attributes, read by the registry
:mod:`engine.games`, the move codec ``store.actions`` and the search bot): its action classes
(``actions``), its bots by level (``bots``), the hard bot's effort (``search``, a
:class:`SearchEffort`) and the bound on its length (``max_actions``).

Declared because every game has them and callers rely on them: ``all_cards()`` (the 50 cards,
checked at every step by the tests) and ``from_hands`` (a chosen position for tests and
notebooks; each game has its own keywords to place the other cards, so only the hands are
common). ``results`` (how each finished round ended) is what the games of several rounds keep
(BorderCap Gin, GeoPower Toss, each with its own round record); the others keep ``()``.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from engine.cards import Card


class Coded:
    """A code and the values that make it precise, never a sentence: the pages word it in the
    reader's language. Values are plain data: a card by its USPS code (``card``; ``cards``
    for several), a seat by its index (``seat``, 0 for the first), a category or a zone by
    its value, numbers as numbers."""

    __slots__ = ("code", "values")

    def __init__(self, code: str, **values: object) -> None:
        self.code = code
        self.values: Mapping[str, object] = MappingProxyType(values)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return (self.code, dict(self.values)) == (other.code, dict(other.values))  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self.code)

    def __repr__(self) -> str:
        values = "".join(f", {k}={v!r}" for k, v in self.values.items())
        return f"{type(self).__name__}({self.code!r}{values})"


class Refusal(Coded):
    """Why the rules refuse a move: ``Refusal("must_follow_zone", zone="Pacific")``, worded by
    the game's ``ui/games/<game_id>/refusals.py``."""

    __slots__ = ()


class Event(Coded):
    """What happened, as a game's log keeps it: ``Event("leads", seat=0, card="TX",
    category="size", rank=3)``, worded by the game's ``ui/games/<game_id>/events.py``."""

    __slots__ = ()


NOT_YOUR_TURN = Refusal("not_your_turn")
GAME_OVER = Refusal("game_over")


class IllegalAction(ValueError):
    """An action refused by the rules; ``refusal`` says why (:class:`Refusal`)."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal)
        self.refusal = refusal


class BadSetup(ValueError):
    """A set-up a game's ``new`` refuses (its players, teams or options): ``refusal`` says why
    with a code and its values, worded by the pages (``ui.games.refusals.setup_worded``):
    ``players`` (``given``, the range ``low`` to ``high``), ``no_teams``, ``teams``
    (``players``, ``teams``), ``unknown_options`` (``options``, their names), ``dealer``
    (``given``) and ``target`` (``given``, ``targets``). ``str()`` is the same in English,
    for a programmer's traceback."""

    def __init__(self, refusal: Refusal, detail: str) -> None:
        super().__init__(detail)
        self.refusal = refusal


@dataclass(frozen=True, slots=True)
class SearchEffort:
    """How hard the ``hard`` bot (:class:`engine.bots.SearchBot`) thinks per decision.

    It deals at most ``iterations`` times, and stops dealing (after its minimum of deals) when
    one more deal would take the rollouts of this decision past ``steps`` actions in all.
    Counting actions instead of seconds keeps the bot deterministic; an action of a rollout
    costs 30 to 60 microseconds (observation, medium policy, step). ``rollout_limit`` cuts a
    rollout after that many actions (``None``: to the end of the round or the game).
    """

    iterations: int = 8
    steps: int = 1000
    rollout_limit: int | None = None


class GameState(ABC):
    """Base class of the four games' states.

    Subclasses set the class attributes, implement the abstract methods and keep every random
    draw on ``self.rng`` (a ``random.Random`` seeded by ``new``).
    """

    game_id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    #: No game runs longer than this many actions (tests and simulations stop a game past it).
    max_actions: ClassVar[int]
    #: The game's action classes (frozen dataclasses): how the move codec reads stored moves.
    actions: ClassVar[tuple[type, ...]]
    #: The game's own bots by level (``"easy"``, ``"medium"``); empty when nobody decides.
    bots: ClassVar[Mapping[str, type]] = MappingProxyType({})
    #: The hard bot's effort per decision.
    search: ClassVar[SearchEffort] = SearchEffort()
    #: Whether a tournament may score the game as a contest: one without decisions (Reverse
    #: Geography War) is played for a draw of cards, never for points.
    contest: ClassVar[bool] = True

    rng: random.Random
    log: list[Event]  #: what happened, oldest first
    #: How each finished round ended, oldest first (the game's own round records); games of
    #: one round keep ``()``.
    results: tuple[Any, ...] = ()

    @classmethod
    @abstractmethod
    def new(
        cls, players: int = 2, teams: int | None = None, seed: int | None = None, **options: Any
    ) -> GameState:
        """Deal a new game; invalid set-ups raise :class:`BadSetup` (a ``ValueError``)."""

    @classmethod
    @abstractmethod
    def from_hands(cls, hands: Sequence[Sequence[Card | str]], **position: Any) -> GameState:
        """A position with chosen hands (cards or USPS codes, one sequence per seat), for tests
        and notebooks; each game's ``position`` keywords place the other cards and say who is
        to act. Invalid positions raise ``ValueError``."""

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` when the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Any]:
        """The actions the current player may take, in a stable order."""

    @abstractmethod
    def check(self, action: Any) -> Refusal | None:
        """Why ``action`` is illegal now, or ``None`` when it is legal."""

    @abstractmethod
    def step(self, action: Any) -> None:
        """Carry out ``action`` without checking it: the fast path for an action taken from
        ``legal_actions()`` (or one ``check`` allowed). Anything else may corrupt the state."""

    def apply(self, action: Any) -> None:
        """Validate and carry out ``action``; raise :class:`IllegalAction` with the reason."""
        reason = self.check(action)
        if reason is not None:
            raise IllegalAction(reason)
        self.step(action)

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has ended."""

    @property
    @abstractmethod
    def scores(self) -> list[int]:
        """Points (or cards, or tricks) per seat; bounded by the game's own limits."""

    @property
    @abstractmethod
    def winner(self) -> int | None:
        """The winning seat (or team index for team games), ``None`` while running or drawn."""

    @abstractmethod
    def all_cards(self) -> list[Card]:
        """Every GeoPlunge card the state holds, wherever it lies: always the 50 cards once each
        (the generic tests check it at every step)."""

    @abstractmethod
    def observation(self, player: int) -> Any:
        """An immutable view of what ``player`` may know: a frozen dataclass with at least
        ``player`` (the seat it belongs to) and ``legal`` (that seat's legal actions now, ``()``
        when it is not to act)."""

    @abstractmethod
    def clone(self) -> GameState:
        """An independent deep copy (including the random generator's state)."""

    @classmethod
    @abstractmethod
    def from_observation(cls, obs: Any, rng: random.Random) -> GameState:
        """A full state consistent with ``obs``; hidden cards are dealt at random from ``rng``."""

    @classmethod
    def why_not(cls, obs: Any, action: Any) -> Refusal | None:
        """Why the observing seat may not take ``action`` now: the refusal ``check`` gives
        when the move is sent (``None`` when it may take it).

        Answered from the observation alone: a state dealt from it is checked. That is exact
        because whether a move is legal depends only on what its own seat sees (its hand and
        the table), never on a hidden card. A seat that is not to act is told so.
        """
        state = cls.from_observation(obs, random.Random(0))
        seat = state.current_player
        if seat is not None and seat != obs.player:
            return NOT_YOUR_TURN
        return state.check(action)

    @classmethod
    def search_actions(cls, obs: Any) -> tuple[Any, ...]:
        """The actions the hard bot's search compares: ``obs.legal`` by default. A game leaves
        out the actions that no player who knows all of geography would take (in Border Attack
        a guess that does not fit the announcement: a sure miss, never a strategy)."""
        return tuple(obs.legal)

    @property
    def round_index(self) -> int:
        """Which round is being played (games of one round return 0); search stops at its end."""
        return 0

    def time_up(self) -> int | None:
        """Who wins when a tournament's clock ends the game: the winner of a game that is over,
        else the team whose score (``scores``: cards got rid of, points of the rounds played)
        is highest now; ``None`` for a tie, at the top or of a game that ended drawn."""
        if not self.contest:
            raise ValueError(f"{self.title} is not played as a contest")
        if self.is_over:
            return self.winner
        best: dict[int, int] = {}
        for seat, score in enumerate(self.scores):
            best[self.team_of(seat)] = score
        top = max(best.values())
        leaders = [team for team, score in best.items() if score == top]
        return leaders[0] if len(leaders) == 1 else None

    def team_of(self, player: int) -> int:
        """The team (the unit that wins) a seat belongs to; each seat is its own team by default."""
        return player

    def value(self, player: int) -> float:
        """How good the position is for ``player``'s team, from 0 (lost) to 1 (won).

        The default knows only finished games (a draw is 0.5); games of several rounds override
        it to judge a position from the scores, so a search can stop at the end of a round.
        """
        if not self.is_over:
            return 0.5
        if self.winner is None:
            return 0.5
        return 1.0 if self.winner == self.team_of(player) else 0.0

    def replay(self, actions: Sequence[Any]) -> GameState:
        """Apply ``actions`` in order and return ``self`` (for replay tests and notebooks)."""
        for action in actions:
            self.apply(action)
        return self


def player_name(seat: int) -> str:
    """How the log names a seat."""
    return f"Player {seat + 1}"


def fresh_seed(seed: int | None) -> int:
    """``seed``, or a new random seed when it is ``None`` (a game keeps it: it replays)."""
    return random.SystemRandom().randrange(2**32) if seed is None else seed


def make_rng(seed: int | None) -> random.Random:
    """The one way games get randomness: a generator from an explicit seed (random if None)."""
    return random.Random(fresh_seed(seed))


#: The scores a game with a target score may be played to: 50, or 30 for a shorter game.
TARGETS: tuple[int, ...] = (50, 30)


def pop_target(options: dict[str, Any]) -> int:
    """Take the ``target`` option out of a scoring game's ``options`` (BorderCap Gin, GeoPower
    Toss): the score that wins the game, 50 unless given; not one of :data:`TARGETS` raises
    :class:`BadSetup`."""
    target = options.pop("target", TARGETS[0])
    if target not in TARGETS or isinstance(target, bool):
        raise BadSetup(
            Refusal("target", given=repr(target), targets=TARGETS),
            f"The target score must be one of {TARGETS}, not {target!r}.",
        )
    return target


def unknown_options(title: str, options: dict[str, Any]) -> BadSetup:
    """The refusal of options a game's ``new`` does not take (their names, sorted)."""
    names = tuple(sorted(options))
    return BadSetup(
        Refusal("unknown_options", options=names),
        f"Unknown option(s) for {title}: {list(names)}.",
    )


def wrong_players(title: str, players: object, low: int, high: int) -> BadSetup:
    """The refusal of a number of players the game is not for (``low`` to ``high``)."""
    span = f"{low} to {high}" if low != high else f"{low}"
    return BadSetup(
        Refusal("players", given=repr(players), low=low, high=high),
        f"{title} is for {span} players, not {players}.",
    )
