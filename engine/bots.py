"""The bots that play GeoPlunge games, and ``make_bot`` to get one by level.

A bot is any object with ``act(obs) -> action``: it is given the observation of its own seat
(``state.observation(seat)``, never the state) and returns one of ``obs.legal``. A bot that
decides from the legal actions alone may also have ``choose(legal) -> action``, the same
choice as ``act`` given ``obs.legal`` (``state.legal_actions()`` of the seat to act): the
simulation then builds no observation for it.

Levels (``LEVELS``):

- ``random``: :class:`RandomBot`, uniform over ``obs.legal``.
- ``easy`` and ``medium``: each game's own ``EasyBot`` and ``MediumBot`` (its state class's
  ``bots``), which play by rules of thumb with a partial memory of geography
  (:class:`engine.knowledge.Knowledge`).
- ``hard``: :class:`SearchBot`, the same for every game: a determinized Monte Carlo search
  whose rollouts are played by ``MediumBot`` policies that know all of geography, with the
  effort the game declares (``search``, an :class:`engine.core.SearchEffort`).

Reverse Geography War has no decisions, so it has no bots: ``make_bot`` refuses it with a
``ValueError`` (the simulation simply applies the game's only action, the flip).
"""

from __future__ import annotations

import inspect
import math
import random
import time
from collections.abc import Sequence
from functools import cache
from typing import Any, Protocol

from engine.core import GameState
from engine.games import game_class
from engine.knowledge import Knowledge

LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard")

# The fewest deals per decision, whatever the game's ``SearchEffort.steps``.
MIN_DEALS = 2
# The spread assumed a priori for the difference of two actions' values (see ``_choose``).
VARIANCE_PRIOR = 0.05
# A safety net for interactive play: stop dealing once this many seconds have passed.
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

    def choose(self, legal: Sequence[Any]) -> Any:
        """A uniformly random member of ``legal``: what :meth:`act` plays when ``obs.legal``
        holds the same actions in the same order."""
        return self.rng.choice(legal)


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
    """The ``hard`` level: a cautious determinized Monte Carlo search over ``obs.legal``.

    The candidates are the game's ``search_actions(obs)``: the legal actions but those no
    player who knows all of geography would take. For each decision with more than one:

    1. Deal the cards the bot cannot see at random, consistently with its observation
       (``from_observation`` and the bot's own generator: the only way it learns anything).
    2. On that one deal, try every candidate and play on with a ``MediumBot`` in every seat,
       all knowing every border and capital, until the game ends, the round changes
       (``round_index``) or ``rollout_limit`` actions were played; the outcome is
       ``state.value(seat)``. Every candidate meets the same deal and the same tie-breaking
       draws of the rollout bots (common random numbers), so comparisons are not blurred by
       the luck of the deal.
    3. Deal again, up to ``iterations`` deals, while the rollouts of this decision stay within
       ``steps`` actions (at least ``MIN_DEALS`` deals): a choice between two actions near the
       end of a round gets many deals, one among twenty at the start of a game a few. Once
       half the effort is spent, only the best third of the candidates (and the policy's own
       choice) are sampled further.
    4. Play the rollout policy's own choice (``MediumBot`` with complete knowledge) unless
       another action did better on the same deals by more than ``confidence`` standard errors
       of the paired differences; then play the action surest to be better.

    Step 4 keeps the search from chasing lucky rollouts: it starts from a sound policy and
    departs from it only on evidence. With ``time_budget=None`` (what simulations and the
    pages use) the bot is deterministic for a given seed and effort; with a budget in seconds
    it also stops dealing once the budget is spent, after at least one deal.
    """

    def __init__(
        self,
        seat: int,
        seed: int | None,
        game: str | type[GameState],
        iterations: int | None = None,
        steps: int | None = None,
        time_budget: float | None = TIME_BUDGET,
        rollout_limit: int | None = None,
        confidence: float = 2.0,
        prune: bool = True,
    ) -> None:
        self.seat = seat
        self.cls = game_class(game) if isinstance(game, str) else game
        self.rng = random.Random(seed)
        effort = self.cls.search
        self.iterations = iterations or effort.iterations
        self.steps = steps or effort.steps
        self.time_budget = time_budget
        self.rollout_limit = rollout_limit or effort.rollout_limit or 1 << 30
        self.confidence = confidence
        self.prune = prune
        self._medium = self.cls.bots["medium"]
        self._policies: dict[int, Any] = {}
        self._own = _knowing_bot(self._medium, seat, self.rng.getrandbits(32), complete())

    def _policy(self, seat: int) -> Any:
        bot = self._policies.get(seat)
        if bot is None:
            bot = _knowing_bot(self._medium, seat, self.rng.getrandbits(32), complete())
            self._policies[seat] = bot
        return bot

    def _rollout(self, state: GameState, round_index: int) -> tuple[float, int]:
        """Play ``state`` on with the policies until the game or the round ends (or the
        rollout limit); its value for the bot's seat and the number of actions played."""
        policies = self._policies
        left = self.rollout_limit
        while left and not state.is_over and state.round_index == round_index:
            left -= 1
            seat = state.current_player
            if seat is None:
                state.step(state.legal_actions()[0])
            else:
                state.step(policies[seat].act(state.observation(seat)))
        return state.value(self.seat), self.rollout_limit - left

    def act(self, obs: Any) -> Any:
        """The rollout policy's own choice, unless the search shows a better one (see class);
        never a move outside ``search_actions(obs)``, however its rollouts come out."""
        legal = self.cls.search_actions(obs)
        if len(legal) == 1:
            return legal[0]
        start = time.perf_counter()
        own = self._own.act(obs)
        preferred = legal.index(own) if own in legal else 0
        values: list[list[float]] = [[] for _ in legal]
        candidates = list(range(len(legal)))
        used = last = done = 0
        pruned = not self.prune
        while done < self.iterations:
            if done >= MIN_DEALS and used + last > self.steps:
                break
            if (
                done
                and self.time_budget is not None
                and time.perf_counter() - start > self.time_budget
            ):
                break
            if not pruned and done >= 2 and (2 * used >= self.steps or 2 * done >= self.iterations):
                pruned = True
                if len(candidates) > 3:
                    ranked = sorted(candidates, key=lambda i: -sum(values[i]))
                    keep = set(ranked[: max(2, -(-len(candidates) // 3))]) | {preferred}
                    candidates = [i for i in candidates if i in keep]
            world = self.cls.from_observation(obs, self.rng)
            round_index = world.round_index
            for seat in range(len(world.scores)):
                self._policy(seat)
            saved = self._policy_states()
            last = 0
            for i in candidates:
                for generator, snapshot in saved:
                    generator.setstate(snapshot)
                state = world.clone()
                state.step(legal[i])
                value, n = self._rollout(state, round_index)
                values[i].append(value)
                last += n + 1
            used += last
            done += 1
        return legal[self._choose(values, preferred)]

    def _policy_states(self) -> list[tuple[random.Random, Any]]:
        return [
            (bot.rng, bot.rng.getstate())
            for bot in self._policies.values()
            if isinstance(getattr(bot, "rng", None), random.Random)
        ]

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

    ``options`` go to :class:`SearchBot` for ``hard`` (``iterations``, ``steps``,
    ``time_budget`` …) and are ignored by the other levels, so a caller may pass the same
    options whatever the level. Raises ``ValueError`` for an unknown game or level, and for
    Reverse Geography War, which has no decisions to make.
    """
    cls = game_class(game_id)
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; the levels are: {', '.join(LEVELS)}")
    own = cls.bots
    if not own:
        raise ValueError(f"{cls.title} has no decisions to make, so it has no bots")
    if level == "random":
        return RandomBot(seat, seed)
    if level == "hard":
        return SearchBot(seat, seed, cls, **options)
    return own[level](seat, seed)
