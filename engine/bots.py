"""The bots that play GeoPlunge games, and ``make_bot`` to get one by level.

A bot is any object with ``act(obs) -> action``: it is given the observation of its own seat
(``state.observation(seat)``, never the state) and returns one of ``obs.legal``.

Levels (``LEVELS``):

- ``random``: :class:`RandomBot`, uniform over ``obs.legal``.
- ``easy`` and ``medium``: each game's own ``EasyBot`` and ``MediumBot`` (module ``BOTS``),
  which play by rules of thumb with a partial memory of geography
  (:class:`engine.knowledge.Knowledge`).
- ``hard``: :class:`SearchBot`, the same for every game: a determinized Monte Carlo search
  whose rollouts are played by ``MediumBot`` policies that know all of geography.

Reverse Geography War has no decisions, so it has no bots: ``make_bot`` refuses it with a
``ValueError`` (the simulation simply applies the game's only action, the flip).
"""

from __future__ import annotations

import inspect
import math
import random
import time
from functools import cache
from typing import Any, Protocol

from engine.core import GameState
from engine.games import bot_classes, game_class
from engine.knowledge import Knowledge

LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard")

# Determinizations per decision of the hard bot, per game (each one plays out every candidate).
ITERATIONS: dict[str, int] = {"border_attack": 12, "bordercap_gin": 8, "geopower_toss": 12}
DEFAULT_ITERATIONS = 8
# The spread assumed a priori for the difference of two actions' values (see ``_choose``).
VARIANCE_PRIOR = 0.05
# Longest rollout, in actions, per game (None: to the end of the round or game).
ROLLOUT_LIMIT: dict[str, int] = {}
# A safety net for interactive play: stop sampling once this many seconds have passed.
TIME_BUDGET = 0.1


class Bot(Protocol):
    """What the simulation and the pages need of a bot."""

    seat: int

    def act(self, obs: Any) -> Any:
        """Choose one of ``obs.legal`` from the observation alone."""
        ...


class RandomBot:
    """Plays uniformly at random among the legal actions."""

    def __init__(self, seat: int, seed: int | None = None) -> None:
        self.seat = seat
        self.rng = random.Random(seed)

    def act(self, obs: Any) -> Any:
        """A uniformly random member of ``obs.legal``."""
        return self.rng.choice(obs.legal)


def _knowing_bot(cls: type, seat: int, seed: int, knowledge: Knowledge) -> Any:
    """An instance of a game's bot class that knows all of geography.

    Bots take ``knowledge`` as a constructor keyword when they support it; otherwise their
    ``knowledge`` attribute is replaced.
    """
    params = inspect.signature(cls).parameters
    if "knowledge" in params:
        return cls(seat, seed, knowledge=knowledge)
    bot = cls(seat, seed)
    if hasattr(bot, "knowledge"):
        bot.knowledge = knowledge
    return bot


@cache
def complete() -> Knowledge:
    """Complete knowledge of geography (built once per process)."""
    return Knowledge.complete()


class SearchBot:
    """The ``hard`` level: determinized Monte Carlo search over the legal actions.

    For each decision (with more than one legal action) it repeats, up to ``iterations``
    times: deal the cards it cannot see at random consistently with its observation
    (``from_observation``); on that one deal, try every candidate action and play the game on
    with a ``MediumBot`` in every seat, all knowing every border and capital, until the game
    ends or the round changes (``round_index``) or ``rollout_limit`` actions were played;
    score the outcome with ``state.value(seat)``. Every candidate meets the same deals and the
    same tie-breaking draws of the rollout bots (common random numbers), so their comparison is
    not blurred by luck. After half the iterations only the best third of the candidates (and
    the rollout policy's own choice) go on being sampled.

    The search is cautious: it plays the rollout policy's own choice (``MediumBot`` with complete
    knowledge) unless another action did better on the same deals by more than ``confidence``
    standard errors of the paired differences; then the action surest to be better.

    With ``time_budget=None`` the bot is deterministic for a given seed and iteration cap (tests
    and simulations use that); with a budget (seconds) it stops sampling once the budget is
    spent, after at least one deal.
    """

    def __init__(
        self,
        seat: int,
        seed: int | None,
        game: str | type[GameState],
        iterations: int | None = None,
        time_budget: float | None = TIME_BUDGET,
        rollout_limit: int | None = None,
        confidence: float = 2.0,
        prune: bool = True,
    ) -> None:
        self.seat = seat
        self.cls = game_class(game) if isinstance(game, str) else game
        self.rng = random.Random(seed)
        self.iterations = iterations or ITERATIONS.get(self.cls.game_id, DEFAULT_ITERATIONS)
        self.time_budget = time_budget
        self.rollout_limit = rollout_limit or ROLLOUT_LIMIT.get(self.cls.game_id)
        self.confidence = confidence
        self.prune = prune
        self._medium = bot_classes(self.cls.game_id)["medium"]
        self._policies: dict[int, Any] = {}
        self._own = _knowing_bot(self._medium, seat, self.rng.getrandbits(32), complete())

    def _policy(self, seat: int) -> Any:
        bot = self._policies.get(seat)
        if bot is None:
            bot = _knowing_bot(self._medium, seat, self.rng.getrandbits(32), complete())
            self._policies[seat] = bot
        return bot

    def _rollout(self, state: GameState, round_index: int) -> float:
        """Play ``state`` on with the policies until the game or the round ends; its value."""
        policy = self._policy
        limit = self.rollout_limit or 1 << 30
        while not state.is_over and state.round_index == round_index and limit:
            limit -= 1
            seat = state.current_player
            if seat is None:
                state.step(state.legal_actions()[0])
                continue
            state.step(policy(seat).act(state.observation(seat)))
        return state.value(self.seat)

    def _policy_states(self) -> list[tuple[random.Random, Any]]:
        return [
            (bot.rng, bot.rng.getstate())
            for bot in self._policies.values()
            if isinstance(getattr(bot, "rng", None), random.Random)
        ]

    def act(self, obs: Any) -> Any:
        """The rollout policy's own choice, unless the search shows a better one (see class)."""
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        start = time.perf_counter()
        own = self._own.act(obs)
        preferred = legal.index(own) if own in legal else 0
        values: list[list[float]] = [[] for _ in legal]
        candidates = list(range(len(legal)))
        done = 0
        while done < self.iterations:
            if (
                done
                and self.time_budget is not None
                and time.perf_counter() - start > self.time_budget
            ):
                break
            if self.prune and done == self.iterations // 2 and len(candidates) > 3:
                ranked = sorted(candidates, key=lambda i: -sum(values[i]))
                keep = set(ranked[: max(2, -(-len(candidates) // 3))]) | {preferred}
                candidates = [i for i in candidates if i in keep]
            world = self.cls.from_observation(obs, self.rng)
            round_index = world.round_index
            for seat in range(len(world.scores)):
                self._policy(seat)
            saved = self._policy_states()
            for i in candidates:
                for generator, snapshot in saved:
                    generator.setstate(snapshot)
                state = world.clone()
                state.step(legal[i])
                values[i].append(self._rollout(state, round_index))
            done += 1
        return legal[self._choose(values, preferred)]

    def _choose(self, values: list[list[float]], preferred: int) -> int:
        """The candidate whose gain over ``preferred`` is surest: the largest lower confidence
        bound (mean − ``confidence`` standard errors) of the paired differences of values on
        the same deals; ``preferred`` unless some bound is above zero."""
        base = values[preferred]
        best, best_bound = preferred, 0.0
        for i, mine in enumerate(values):
            n = len(mine)
            if i == preferred or n < 2:
                continue
            diffs = [v - base[k] for k, v in enumerate(mine)]
            mean = sum(diffs) / n
            # one pseudo-observation of spread keeps a few identical differences from
            # looking certain
            var = (sum((d - mean) ** 2 for d in diffs) + VARIANCE_PRIOR) / n
            bound = mean - self.confidence * math.sqrt(var / n)
            if bound > best_bound:
                best, best_bound = i, bound
        return best


def make_bot(game_id: str, level: str, seat: int, seed: int | None = None, **options: Any) -> Any:
    """A bot of ``level`` (one of ``LEVELS``) for ``seat`` in ``game_id``.

    ``options`` go to :class:`SearchBot` for ``hard`` (``iterations``, ``time_budget``) and are
    ignored by the other levels. Raises ``ValueError`` for an unknown game or level, and for
    Reverse Geography War, which has no decisions to make.
    """
    cls = game_class(game_id)
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; the levels are: {', '.join(LEVELS)}")
    own = bot_classes(game_id)
    if not own:
        raise ValueError(f"{cls.title} has no decisions to make, so it has no bots")
    if level == "random":
        return RandomBot(seat, seed)
    if level == "hard":
        return SearchBot(seat, seed, cls, **options)
    return own[level](seat, seed)
