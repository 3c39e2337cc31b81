"""Games per second with uniform-random players, per game (2 players, one process).

    PYTHONPATH=. python benchmarks/throughput.py [--seconds 5] [--games border_attack,...]

Three figures per game, each from about ``--seconds`` of wall time, dealing included, with the
fast ``step`` path:

- ``engine``: a uniformly random choice among ``state.legal_actions()`` (the engine alone);
- ``via obs``: ``RandomBot`` in every seat, choosing from ``state.observation(seat).legal`` as
  a bot that reads the game must (the engine plus building an observation for each decision);
- ``simulate``: :func:`engine.simulate.simulate` with random bots (``python -m engine.simulate
  GAME --bots random,random``): the engine, the bots given the legal actions alone (their
  ``choose``), the decision times and the game's figures.

Reverse Geography War has no decisions: both figures play its flips.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._machine import machine  # noqa: E402
from engine.bots import RandomBot  # noqa: E402
from engine.games import GAMES, has_decisions  # noqa: E402
from engine.simulate import simulate  # noqa: E402

TARGETS = {"border_attack": 1000, "geopower_toss": 1000, "reverse_war": 500, "bordercap_gin": 200}


def play_random(game_id: str, seed: int, via_observation: bool) -> int:
    """One 2-player game with uniformly random choices; returns the number of actions."""
    state = GAMES[game_id].new(players=2, seed=seed)
    rng = random.Random(seed)
    bots = [RandomBot(s, seed * 2 + s) for s in range(2)] if has_decisions(game_id) else []
    n = 0
    while not state.is_over:
        seat = state.current_player
        if seat is None or not via_observation:
            state.step(rng.choice(state.legal_actions()))
        else:
            state.step(bots[seat].act(state.observation(seat)))
        n += 1
    return n


def rate(game_id: str, seconds: float, via_observation: bool) -> tuple[float, float, int]:
    """(games per second, actions per game, games played) over about ``seconds``."""
    start = time.perf_counter()
    games = actions = 0
    while time.perf_counter() - start < seconds:
        actions += play_random(game_id, games, via_observation)
        games += 1
    return games / (time.perf_counter() - start), actions / games, games


def simulated(game_id: str, seconds: float, expected_rate: float) -> float:
    """Games per second of :func:`engine.simulate.simulate` with random bots, over about
    ``seconds`` at ``expected_rate`` games per second."""
    bots = ["random", "random"] if has_decisions(game_id) else []
    games = max(10, round(expected_rate * seconds))
    return simulate(game_id, games, bots, seed=0)["games_per_sec"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    print(machine())
    print(
        f"{'game':<15} {'engine g/s':>11} {'via obs g/s':>12} {'simulate g/s':>13} "
        f"{'target':>7} {'actions/game':>13}"
    )
    for game_id in args.games.split(","):
        engine, actions, _ = rate(game_id, args.seconds, via_observation=False)
        via_obs, _, _ = rate(game_id, args.seconds, via_observation=True)
        sim = simulated(game_id, args.seconds, engine)
        print(
            f"{game_id:<15} {engine:>11.0f} {via_obs:>12.0f} {sim:>13.0f} "
            f"{TARGETS.get(game_id, 0):>7} {actions:>13.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
