"""BorderCap Gin figures: random-play throughput, bot decision times and bot strength.

    PYTHONPATH=. nice python benchmarks/strength_bordercap_gin.py [--games 2000] [--seconds 10]
        [--players 2] [--pairs medium:easy,easy:random]

- Throughput: games per second with ``RandomBot`` in both seats of a 2-player game, through
  ``observation`` + ``act`` + ``step`` (as ``benchmarks/throughput.py``), and on the bare fast
  path (``legal_actions`` + ``step``), with the actions, rounds and void rounds per game.
- Strength: for each pairing, ``--games`` games; each deal is played twice with the seats
  swapped (with more than 2 players the two levels alternate round the table). The stronger
  bot's win rate comes with its 95% Wilson interval; draws count as not won.
- Decision times of each bot level in those games (ms: mean, p50, p95, max).

Prints figures only; nothing here is a test.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._machine import machine  # noqa: E402
from engine.bordercap_gin import BOTS, BorderCapGin  # noqa: E402
from engine.bots import RandomBot  # noqa: E402
from engine.stats import summary_ms, wilson  # noqa: E402

LEVELS = {"random": RandomBot, **BOTS}


def throughput(seconds: float) -> None:
    """Random players, 2 seats: through observations, then on the bare fast path."""
    for label, via_obs in (("observation+act+step", True), ("legal_actions+step", False)):
        games = actions = rounds = voids = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = BorderCapGin.new(players=2, seed=games)
            if via_obs:
                bots = [RandomBot(s, games * 2 + s) for s in range(2)]
                while not state.is_over:
                    seat = state.current_player
                    state.step(bots[seat].act(state.observation(seat)))
                    actions += 1
            else:
                rng = random.Random(games)
                while not state.is_over:
                    legal = state.legal_actions()
                    state.step(legal[rng.randrange(len(legal))])
                    actions += 1
            games += 1
            rounds += state.round_index + 1
            voids += state.voids
        rate = games / (time.perf_counter() - start)
        print(
            f"random play ({label}): {rate:.1f} games/s, {actions / games:.0f} actions/game, "
            f"{rounds / games:.2f} rounds/game ({voids / rounds:.0%} void), {games} games"
        )


def strength(strong: str, weak: str, games: int, players: int, seed: int) -> None:
    """``games`` games of ``strong`` against ``weak``, seats swapped every other game."""
    wins = draws = actions = rounds = voids = 0
    times: dict[str, list[float]] = {strong: [], weak: []}
    clock = time.perf_counter
    start = clock()
    for g in range(games):
        deal, swap = divmod(g, 2)
        lineup = [(strong, weak)[(s + swap) % 2] for s in range(players)]
        state = BorderCapGin.new(players=players, seed=seed * 1_000_003 + deal)
        bots = [
            LEVELS[lineup[s]](s, random.Random(f"{seed}-{g}-{s}").getrandbits(32))
            for s in range(players)
        ]
        while not state.is_over:
            seat = state.current_player
            obs = state.observation(seat)
            t0 = clock()
            action = bots[seat].act(obs)
            times[lineup[seat]].append(clock() - t0)
            state.step(action)
            actions += 1
        rounds += state.round_index + 1
        voids += state.voids
        if state.winner is None:
            draws += 1
        elif lineup[state.winner] == strong:
            wins += 1
    lo, hi = wilson(wins, games)
    verdict = "ok" if lo > 0.5 else "NOT SHOWN"
    print(
        f"{strong} vs {weak} ({players} players): {wins}/{games} = {wins / games:.1%} "
        f"[{lo:.1%}, {hi:.1%}] {verdict}; draws {draws}; {actions / games:.0f} actions/game, "
        f"{rounds / games:.2f} rounds/game, {voids} void rounds; {clock() - start:.0f} s"
    )
    for level in (strong, weak):
        ts = times[level]
        if ts and level != "random":
            ms = summary_ms(ts)
            mean = 1000 * sum(ts) / len(ts)
            print(
                f"  {level} decisions: {len(ts)}, mean {mean:.3f} ms, p50 {ms['p50']:.3f} ms, "
                f"p95 {ms['p95']:.3f} ms, max {ms['max']:.3f} ms"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per pairing (2000)")
    parser.add_argument("--seconds", type=float, default=10.0, help="throughput time (10)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--pairs", default="medium:easy,easy:random")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(machine())
    if args.seconds > 0:
        throughput(args.seconds)
    for pair in filter(None, args.pairs.split(",")):
        strong, weak = pair.split(":")
        strength(strong, weak, args.games, args.players, args.seed)


if __name__ == "__main__":
    main()
