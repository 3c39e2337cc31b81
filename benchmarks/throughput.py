"""Games per second with uniform-random players, per game (2 players, one process).

    PYTHONPATH=. python benchmarks/throughput.py [--seconds 5] [--games border_attack,...]

Each game is played with ``RandomBot`` in every seat (Reverse Geography War: the flip), using
the fast ``step`` path, for about ``--seconds`` of wall time; the figure is games / seconds,
including dealing and the bots' choices.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._machine import machine  # noqa: E402
from engine.bots import RandomBot  # noqa: E402
from engine.games import GAMES, has_decisions  # noqa: E402

TARGETS = {"border_attack": 1000, "geopower_toss": 1000, "reverse_war": 500, "bordercap_gin": 200}


def play_random(game_id: str, seed: int) -> int:
    """One game with random players; returns the number of actions."""
    state = GAMES[game_id].new(players=2, seed=seed)
    bots = [RandomBot(s, seed * 2 + s) for s in range(2)] if has_decisions(game_id) else []
    n = 0
    while not state.is_over:
        seat = state.current_player
        if seat is None:
            state.step(state.legal_actions()[0])
        else:
            state.step(bots[seat].act(state.observation(seat)))
        n += 1
    return n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    print(machine())
    print(f"{'game':<15} {'games/s':>9} {'target':>7} {'actions/game':>13} {'games':>7}")
    for game_id in args.games.split(","):
        start = time.perf_counter()
        games = actions = 0
        while time.perf_counter() - start < args.seconds:
            actions += play_random(game_id, games)
            games += 1
        rate = games / (time.perf_counter() - start)
        print(
            f"{game_id:<15} {rate:>9.0f} {TARGETS.get(game_id, 0):>7} "
            f"{actions / games:>13.1f} {games:>7}"
        )


if __name__ == "__main__":
    main()
