"""Play many games between bots and report who wins: a function and a command line.

    python -m engine.simulate border_attack --games 200 --bots hard,easy --seed 1
    python -m engine.simulate geopower_toss --games 100 --bots medium,easy --players 4 --teams 2
    python -m engine.simulate reverse_war --games 1000 --json

How games are set up (so that the comparison is fair and the run is replayable):

- The *units* of a game are its teams in a team game, else its seats. ``bots`` lists one level
  per unit (fewer levels than units: the list is repeated round the table); every seat of a
  team is played by its own bot of the team's level.
- Each deal is played once per rotation of the units: with two units, deal 0 is game 0 and,
  with the bots' seats swapped, game 1; so every bot sits in every seat equally often and meets
  the same cards. Deal ``d`` is dealt from a seed derived from ``(seed, d)``, and each bot's
  seed from ``(seed, game, seat)``: the whole run is a function of its arguments, whatever the
  number of worker processes.
- The hard bot searches with its fixed effort and no time budget here, so results repeat.
- Actions a bot picked from ``obs.legal`` go through the fast ``step``; anything else through
  the validating ``apply``.
- Win rates are per bot: the share of games won by a unit that bot plays (so the win rates and
  the draw rate add up to 1), with 95% Wilson intervals. A game's length is its number of
  applied actions.
- Reverse Geography War has no decisions: ``bots`` is empty and the results are per seat.
- Rule figures (``events``, counted over all games): BorderCap Gin's face-down openings (the
  opening discard is face up, so the count must stay 0).
- GeoPower Toss also reports the GeoPlunge calls per bot (``geoplunge_calls``: the rounds its
  sides played, its calls, the calls made).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.bots import LEVELS, make_bot
from engine.games import GAME_IDS, game_class, has_decisions
from engine.stats import summary_ms, wilson


@dataclass
class _Tally:
    """Partial results of some games (merged across worker processes)."""

    wins: dict[str, int] = field(default_factory=dict)
    draws: int = 0
    games: int = 0
    actions: int = 0
    times: dict[str, list[float]] = field(default_factory=dict)
    events: dict[str, int] = field(default_factory=dict)
    calls: dict[str, list[int]] = field(default_factory=dict)  # GeoPlunge: see _calls

    def merge(self, other: _Tally) -> None:
        for name, k in other.events.items():
            self.events[name] = self.events.get(name, 0) + k
        for label, counts in other.calls.items():
            mine = self.calls.setdefault(label, [0, 0, 0])
            for k, v in enumerate(counts):
                mine[k] += v
        for label, n in other.wins.items():
            self.wins[label] = self.wins.get(label, 0) + n
        for label, ts in other.times.items():
            self.times.setdefault(label, []).extend(ts)
        self.draws += other.draws
        self.games += other.games
        self.actions += other.actions


def _labels(bots: Sequence[str]) -> list[str]:
    """One distinct label per listed bot: a repeated level gets a suffix (medium, medium_2)."""
    seen: dict[str, int] = {}
    out = []
    for level in bots:
        seen[level] = seen.get(level, 0) + 1
        out.append(level if seen[level] == 1 else f"{level}_{seen[level]}")
    return out


def _derive(*parts: Any) -> int:
    """A 32-bit seed derived from ``parts`` (string seeding of ``random.Random`` is stable)."""
    return random.Random("-".join(map(str, parts))).getrandbits(32)


@dataclass(frozen=True)
class _Setup:
    game_id: str
    bots: tuple[str, ...]
    players: int
    teams: int | None
    seed: int
    options: tuple[tuple[str, Any], ...]
    units: int
    bot_options: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()

    @property
    def labels(self) -> list[str]:
        return _labels(self.bots) if self.bots else [f"seat {s}" for s in range(self.players)]


def _units(state: Any, players: int) -> list[int]:
    """The unit (team, or seat) of each seat."""
    return [state.team_of(s) for s in range(players)]


# The rule figures counted per game: name → (game, test of (state before, action)).
EVENTS: dict[str, tuple[str, Callable[[Any, Any], bool]]] = {
    "face_down_openings": (
        "bordercap_gin",
        lambda state, action: getattr(action, "face_down", False) is True and state.turn == 1,
    ),
}


def _calls(state: Any, label_of_unit: dict[int, str]) -> dict[str, list[int]]:
    """GeoPower Toss: per label, [rounds its sides played, GeoPlunge calls, calls made]."""
    from engine.geopower_toss import CALL_TRICKS

    out: dict[str, list[int]] = {}
    for r in state.results:
        for unit, label in label_of_unit.items():
            counts = out.setdefault(label, [0, 0, 0])
            counts[0] += 1
            if unit in r.callers:
                counts[1] += 1
                counts[2] += r.tricks[unit] >= CALL_TRICKS
    return out


def _play(setup: _Setup, index: int) -> tuple[str | None, int, dict[str, list[float]], _Tally]:
    """Play game ``index`` of a run: (winning label or None, actions, decision times per label,
    its rule figures and GeoPlunge calls as a tally to merge)."""
    cls = game_class(setup.game_id)
    labels = setup.labels
    decisions = bool(setup.bots)
    rotations = setup.units if decisions else 1
    deal, rotation = divmod(index, rotations)
    state = cls.new(
        players=setup.players,
        teams=setup.teams,
        seed=_derive(setup.seed, "deal", deal),
        **dict(setup.options),
    )
    units = _units(state, setup.players)
    n_units = len(set(units))
    # unit u is played by lineup[(u + rotation) % n_units]; lineup repeats the listed bots
    lineup = [labels[u % len(labels)] for u in range(n_units)] if decisions else labels
    label_of_unit = {u: lineup[(u + rotation) % n_units] for u in range(n_units)}
    level_of_label = dict(zip(labels, setup.bots, strict=False))
    extra = {level: dict(opts) for level, opts in setup.bot_options}
    seat_bots: list[Any] = []
    seat_labels: list[str] = []
    for seat in range(setup.players):
        label = label_of_unit[units[seat]] if decisions else labels[seat]
        seat_labels.append(label)
        if decisions:
            seat_bots.append(
                make_bot(
                    setup.game_id,
                    level_of_label[label],
                    seat,
                    _derive(setup.seed, "bot", index, seat),
                    **{"time_budget": None, **extra.get(level_of_label[label], {})},
                )
            )
    times: dict[str, list[float]] = {label: [] for label in labels}
    tests = {name: test for name, (game, test) in EVENTS.items() if game == setup.game_id}
    events = dict.fromkeys(tests, 0)
    n = 0
    limit = cls.max_actions
    clock = time.perf_counter
    while not state.is_over:
        seat = state.current_player
        if seat is None:  # nobody decides (Reverse Geography War's flip)
            state.step(state.legal_actions()[0])
        else:
            obs = state.observation(seat)
            t0 = clock()
            action = seat_bots[seat].act(obs)
            times[seat_labels[seat]].append(clock() - t0)
            for name, test in tests.items():
                events[name] += test(state, action)
            if action in obs.legal:
                state.step(action)  # the fast path: no need to check a listed action
            else:
                state.apply(action)  # e.g. a Border Attack border guess outside the list
        n += 1
        if n > limit:
            raise RuntimeError(
                f"{setup.game_id} game {index} (seed {setup.seed}) ran past its bound "
                f"max_actions={limit}"
            )
    winner = state.winner
    calls = _calls(state, label_of_unit) if setup.game_id == "geopower_toss" else {}
    figures = _Tally(events=events, calls=calls)
    if winner is None:
        return None, n, times, figures
    if decisions:
        return label_of_unit[winner], n, times, figures
    return labels[winner], n, times, figures


def _run_chunk(setup: _Setup, indices: Sequence[int]) -> _Tally:
    tally = _Tally()
    for i in indices:
        label, n, times, figures = _play(setup, i)
        tally.merge(figures)
        tally.games += 1
        tally.actions += n
        if label is None:
            tally.draws += 1
        else:
            tally.wins[label] = tally.wins.get(label, 0) + 1
        for lab, ts in times.items():
            tally.times.setdefault(lab, []).extend(ts)
    return tally


def _run_chunk_star(args: tuple[_Setup, Sequence[int]]) -> _Tally:
    return _run_chunk(*args)


class _Progress:
    """A one-line progress bar on stderr, drawn only when stderr is a terminal."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total = total
        self.enabled = enabled and sys.stderr.isatty()
        self.start = time.perf_counter()
        self.last = 0.0

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        if done < self.total and now - self.last < 0.1:
            return
        self.last = now
        width = 30
        filled = width * done // max(1, self.total)
        rate = done / max(now - self.start, 1e-9)
        sys.stderr.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} {rate:.1f} games/s"
        )
        if done >= self.total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def validate(
    game_id: str,
    games: int,
    bots: Sequence[str] | None,
    players: int,
    teams: int | None,
    options: dict[str, Any] | None = None,
) -> list[str]:
    """Check a run's arguments; return the bot levels to use or raise ``ValueError`` (why)."""
    cls = game_class(game_id)
    if not isinstance(games, int) or games < 1:
        raise ValueError(f"the number of games must be a positive integer, not {games!r}")
    state = cls.new(players=players, teams=teams, seed=0, **(options or {}))
    bots = list(bots or [])
    if not has_decisions(game_id):
        if bots:
            raise ValueError(
                f"{cls.title} has no decisions to make, so it takes no bots; omit --bots"
            )
        return []
    if not bots:
        raise ValueError(f"{cls.title} needs bots: give one level per player or team")
    for level in bots:
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}; the levels are: {', '.join(LEVELS)}")
    n_units = len(set(_units(state, players)))
    if len(bots) > n_units:
        raise ValueError(
            f"{len(bots)} bots for {n_units} {'teams' if teams else 'players'}: "
            "give at most one level per player (or per team)"
        )
    return bots


def simulate(
    game_id: str,
    games: int,
    bots: Sequence[str] | None = None,
    players: int = 2,
    teams: int | None = None,
    seed: int = 0,
    workers: int = 1,
    progress: bool = False,
    on_progress: Callable[[int, int], None] | None = None,
    bot_options: dict[str, dict[str, Any]] | None = None,
    **options: Any,
) -> dict[str, Any]:
    """Play ``games`` games of ``game_id`` between ``bots`` (levels) and summarize them.

    Returns a dict with ``game``, ``games``, ``players``, ``teams``, ``seed``, ``bots``
    (labels), ``wins`` and ``win_rate`` and ``ci95`` (per label), ``draws`` (share of games)
    and ``draw_count``, ``mean_turns`` (actions per game), ``games_per_sec``, ``seconds``,
    ``decisions`` (count per label), ``decision_ms`` (per label: ``p50``, ``p95``, ``max``) and
    ``events`` (the game's rule figures of :data:`EVENTS`, counted over all games).
    Invalid arguments raise ``ValueError``. ``workers`` > 1 spreads games over processes; the
    results do not depend on it (decision times aside). ``bot_options`` maps a level to
    keyword arguments for its bots (e.g. ``{"hard": {"iterations": 4}}``); ``options`` go to
    the game's ``new``.
    """
    levels = validate(game_id, games, bots, players, teams, options)
    units = len(set(_units(game_class(game_id).new(players, teams, 0, **options), players)))
    frozen_options = tuple(
        (level, tuple(sorted(opts.items()))) for level, opts in sorted((bot_options or {}).items())
    )
    setup = _Setup(
        game_id,
        tuple(levels),
        players,
        teams,
        seed,
        tuple(sorted(options.items())),
        units,
        frozen_options,
    )
    labels = setup.labels
    bar = _Progress(games, progress)
    start = time.perf_counter()
    total = _Tally()
    workers = max(1, min(workers, games))
    chunk = max(1, min(25, games // (workers * 4) or 1))
    chunks = [range(i, min(i + chunk, games)) for i in range(0, games, chunk)]
    if workers == 1:
        for part in chunks:
            total.merge(_run_chunk(setup, part))
            bar.update(total.games)
            if on_progress:
                on_progress(total.games, games)
    else:
        import multiprocessing

        ctx = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
        with ctx.Pool(workers) as pool:
            for part in pool.imap_unordered(_run_chunk_star, [(setup, c) for c in chunks]):
                total.merge(part)
                bar.update(total.games)
                if on_progress:
                    on_progress(total.games, games)
    seconds = time.perf_counter() - start
    wins = {label: total.wins.get(label, 0) for label in labels}
    return {
        "game": game_id,
        "title": game_class(game_id).title,
        "games": total.games,
        "players": players,
        "teams": teams,
        "seed": seed,
        "bots": labels,
        "wins": wins,
        "win_rate": {label: wins[label] / total.games for label in labels},
        "ci95": {label: list(wilson(wins[label], total.games)) for label in labels},
        "draws": total.draws / total.games,
        "draw_count": total.draws,
        "mean_turns": total.actions / total.games,
        "games_per_sec": total.games / max(seconds, 1e-9),
        "seconds": seconds,
        "decisions": {label: len(total.times.get(label, [])) for label in labels},
        "decision_ms": {label: summary_ms(total.times.get(label, [])) for label in labels},
        "events": {
            name: total.events.get(name, 0) for name, (game, _) in EVENTS.items() if game == game_id
        },
        **(
            {
                "geoplunge_calls": {
                    k: dict(zip(("rounds", "calls", "made"), v, strict=True))
                    for k, v in total.calls.items()
                }
            }
            if total.calls
            else {}
        ),
    }


def format_report(result: dict[str, Any]) -> str:
    """The results as a small text table."""
    teams = f", {result['teams']} teams" if result["teams"] else ""
    lines = [
        f"{result['title']}: {result['games']} games, {result['players']} players{teams}, "
        f"seed {result['seed']}",
        f"{'bot':<10} {'wins':>6} {'win rate':>9} {'95% CI':>17} {'decisions':>10} "
        f"{'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}",
    ]
    for label in result["bots"]:
        lo, hi = result["ci95"][label]
        ms = result["decision_ms"][label]
        lines.append(
            f"{label:<10} {result['wins'][label]:>6} {result['win_rate'][label]:>9.1%} "
            f"{f'[{lo:.1%}, {hi:.1%}]':>17} {result['decisions'][label]:>10} "
            f"{ms['p50']:>8.2f} {ms['p95']:>8.2f} {ms['max']:>8.2f}"
        )
    for label, c in result.get("geoplunge_calls", {}).items():
        lines.append(
            f"GeoPlunge calls by {label}: {c['calls']} in {c['rounds']} rounds "
            f"({c['calls'] / max(c['rounds'], 1):.1%}), made {c['made']} "
            f"({c['made'] / max(c['calls'], 1):.0%})"
        )
    lines += [
        f"draws: {result['draw_count']} ({result['draws']:.1%})",
        f"mean game length: {result['mean_turns']:.1f} actions",
        *(f"{name.replace('_', ' ')}: {k}" for name, k in result.get("events", {}).items()),
        f"speed: {result['games_per_sec']:.1f} games/s ({result['seconds']:.1f} s)",
    ]
    return "\n".join(lines)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be at least 1")
    return value


def _levels(text: str) -> list[str]:
    levels = [part.strip() for part in text.split(",") if part.strip()]
    if not levels:
        raise argparse.ArgumentTypeError("give levels separated by commas, e.g. hard,easy")
    for level in levels:
        if level not in LEVELS:
            raise argparse.ArgumentTypeError(
                f"unknown level {level!r}; the levels are: {', '.join(LEVELS)}"
            )
    return levels


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m engine.simulate",
        description="Play GeoPlunge games between bots and report win rates and speeds.",
    )
    parser.add_argument("game", choices=GAME_IDS, metavar="GAME", help=", ".join(GAME_IDS))
    parser.add_argument("--games", type=_positive, default=100, help="games to play (100)")
    parser.add_argument(
        "--bots",
        type=_levels,
        default=None,
        help=f"one level per player or team, comma-separated ({', '.join(LEVELS)})",
    )
    parser.add_argument("--players", type=_positive, default=2, help="players (2)")
    parser.add_argument("--teams", type=_positive, default=None, help="number of teams")
    parser.add_argument("--seed", type=int, default=0, help="seed of the whole run (0)")
    parser.add_argument("--workers", type=_positive, default=1, help="processes (1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """The command line; bad arguments exit with status 2 and a message."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        validate(args.game, args.games, args.bots, args.players, args.teams)
    except ValueError as exc:
        parser.error(str(exc))
    result = simulate(
        args.game,
        args.games,
        args.bots,
        players=args.players,
        teams=args.teams,
        seed=args.seed,
        workers=args.workers,
        progress=True,
    )
    if args.json:
        print(json.dumps(result))
    else:
        print(format_report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
