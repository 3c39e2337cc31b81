"""Border Attack figures: random-play throughput, bot decision times and bot strength.

Run from the repository root: ``PYTHONPATH=. python benchmarks/strength_border_attack.py``
(``--games N`` per pairing, default 2000). Seats are swapped every game; win rates come with
95% Wilson intervals. Prints figures only; nothing here is a test.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Callable
from typing import Any

from engine.border_attack import BorderAttack, EasyBot, MediumBot


class RandomPlayer:
    """Uniform choice among the legal actions."""

    def __init__(self, seat: int, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, obs: Any) -> Any:
        return obs.legal[self.rng.randrange(len(obs.legal))]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def throughput(seconds: float = 3.0) -> float:
    """Games per second with uniform-random players on the fast path (legal_actions + step)."""
    games, start, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        state = BorderAttack.new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            state.step(legal[rng.randrange(len(legal))])
        games += 1
        seed += 1
    return games / (time.perf_counter() - start)


def play(
    first: Callable[[int, int], Any],
    second: Callable[[int, int], Any],
    games: int,
    timings: dict[str, list[float]] | None = None,
) -> tuple[int, int]:
    """Games between two bot classes, seats swapped each game; returns (wins of first, games)."""
    wins = 0
    for g in range(games):
        seat_a = g % 2
        bots = [None, None]
        bots[seat_a] = first(seat_a, 1000 + g)
        bots[1 - seat_a] = second(1 - seat_a, 5000 + g)
        state = BorderAttack.new(seed=g)
        while not state.is_over:
            seat = state.current_player
            obs = state.observation(seat)
            bot = bots[seat]
            t = time.perf_counter()
            action = bot.act(obs)
            if timings is not None:
                timings.setdefault(type(bot).__name__, []).append(time.perf_counter() - t)
            state.apply(action)
        wins += state.winner == seat_a
    return wins, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()
    print(f"random-player throughput: {throughput():.0f} games/s")
    timings: dict[str, list[float]] = {}
    for name, a, b in (
        ("easy vs random", EasyBot, RandomPlayer),
        ("medium vs easy", MediumBot, EasyBot),
        ("medium vs random", MediumBot, RandomPlayer),
    ):
        wins, n = play(a, b, args.games, timings)
        lo, hi = wilson(wins, n)
        print(f"{name}: {wins}/{n} = {wins / n:.1%} (95% Wilson {lo:.1%} to {hi:.1%})")
    for name, ts in sorted(timings.items()):
        ts.sort()
        print(
            f"{name}.act: mean {1e3 * sum(ts) / len(ts):.3f} ms, "
            f"p99 {1e3 * ts[int(0.99 * len(ts))]:.3f} ms, max {1e3 * ts[-1]:.3f} ms "
            f"over {len(ts)} decisions"
        )


if __name__ == "__main__":
    main()
