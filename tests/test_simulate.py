"""The simulation: its command line (JSON output, errors) and its Python function."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.bots import RandomBot
from engine.games import GAMES, game_stats, has_decisions
from engine.simulate import format_report, main, simulate
from engine.stats import GameStats, PerBot

ROOT = Path(__file__).resolve().parent.parent
KEYS = {
    "game",
    "games",
    "bots",
    "win_rate",
    "ci95",
    "draws",
    "mean_turns",
    "games_per_sec",
    "decision_ms",
}

# A few games of every game id, with a decision-making pairing where the game has decisions.
RUNS = [
    (game_id, ["--bots", "medium,random"] if has_decisions(game_id) else []) for game_id in GAMES
]


def _run_json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict:
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def _check_result(result: dict, game_id: str, games: int) -> None:
    assert result.keys() >= KEYS
    assert result["game"] == game_id
    assert result["games"] == games
    assert set(result["win_rate"]) == set(result["bots"]) == set(result["ci95"])
    assert sum(result["win_rate"].values()) + result["draws"] == pytest.approx(1.0)
    for label in result["bots"]:
        low, high = result["ci95"][label]
        assert 0.0 <= low <= result["win_rate"][label] <= high <= 1.0
        assert set(result["decision_ms"][label]) == {"p50", "p95", "max"}
        ms = result["decision_ms"][label]
        assert 0.0 <= ms["p50"] <= ms["p95"] <= ms["max"]
    assert result["mean_turns"] > 0
    assert result["games_per_sec"] > 0


@pytest.mark.parametrize(("game_id", "bots"), RUNS, ids=[g for g, _ in RUNS])
def test_cli_json_reports_every_key_and_rates_add_up(
    capsys: pytest.CaptureFixture[str], game_id: str, bots: list[str]
) -> None:
    result = _run_json(capsys, [game_id, "--games", "4", "--seed", "5", *bots])
    _check_result(result, game_id, 4)


def test_cli_runs_as_a_module_and_prints_json() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "engine.simulate", "reverse_war", "--games", "3", "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    _check_result(json.loads(done.stdout), "reverse_war", 3)
    assert done.stderr == ""  # no progress bar when stderr is not a terminal


def test_cli_prints_a_table_without_json(capsys: pytest.CaptureFixture[str]) -> None:
    game_id = next(g for g in GAMES if has_decisions(g))
    assert main([game_id, "--games", "2", "--bots", "easy,random"]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "easy" in out and "games/s" in out


def test_same_seed_same_results() -> None:
    game_id = next(g for g in GAMES if has_decisions(g))
    cheap = {"hard": {"iterations": 2}}
    first = simulate(game_id, 4, ["hard", "medium"], seed=11, bot_options=cheap)
    again = simulate(game_id, 4, ["hard", "medium"], seed=11, bot_options=cheap)
    assert first["wins"] == again["wins"]
    assert first["mean_turns"] == again["mean_turns"]


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    game_id = next(g for g in GAMES if has_decisions(g))
    one = simulate(game_id, 8, ["easy", "random"], seed=3)
    two = simulate(game_id, 8, ["easy", "random"], seed=3, workers=2)
    assert one["wins"] == two["wins"]
    assert one["mean_turns"] == two["mean_turns"]


def test_seats_are_swapped_every_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games 2k and 2k+1 share a deal; each bot sits in seat 0 exactly once per deal."""
    import engine.simulate as sim

    game_id = next(g for g in GAMES if has_decisions(g))
    made: list[tuple[str, int]] = []
    real = sim.make_bot

    def spy(game: str, level: str, seat: int, seed: int, **kw: object) -> object:
        made.append((level, seat))
        return real(game, level, seat, seed, **kw)

    monkeypatch.setattr(sim, "make_bot", spy)
    simulate(game_id, 4, ["easy", "random"], seed=2)
    assert made == [("easy", 0), ("random", 1), ("random", 0), ("easy", 1)] * 2


def test_team_games_give_each_team_one_level() -> None:
    teams = [
        (g, p, t)
        for g, cls in GAMES.items()
        if has_decisions(g)
        for p in range(cls.min_players, cls.max_players + 1)
        for t in (2,)
        if _valid(g, p, t)
    ]
    if not teams:
        pytest.skip("no game with teams is registered yet")
    game_id, players, n = teams[0]
    result = simulate(game_id, 2, ["medium", "random"], players=players, teams=n, seed=1)
    assert result["bots"] == ["medium", "random"]
    assert sum(result["win_rate"].values()) + result["draws"] == pytest.approx(1.0)


def _valid(game_id: str, players: int, teams: int) -> bool:
    try:
        GAMES[game_id].new(players=players, teams=teams, seed=0)
    except ValueError:
        return False
    return True


BAD = [
    (["no_such_game"], "invalid choice"),
    (["reverse_war", "--games", "0"], "must be at least 1"),
    (["reverse_war", "--games", "many"], "not a whole number"),
    (["reverse_war", "--players", "3"], "2 players"),
    (["reverse_war", "--bots", "easy,easy"], "no decisions"),
    (["reverse_war", "--teams", "2"], "teams"),
    (["reverse_war", "--unknown"], "unrecognized arguments"),
]
DECIDING = [g for g in GAMES if has_decisions(g)]
if DECIDING:
    BAD += [
        ([DECIDING[0], "--bots", "genius,easy"], "unknown level"),
        ([DECIDING[0]], "needs bots"),
        ([DECIDING[0], "--bots", "easy,easy,easy,easy,easy,easy,easy"], "at most one level"),
        ([DECIDING[0], "--bots", ","], "levels separated by commas"),
        ([DECIDING[0], "--bots", "easy", "--players", "99"], "99"),
    ]


@pytest.mark.parametrize(("argv", "message"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_arguments_exit_2_with_a_message(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


def test_simulate_refuses_bad_arguments_with_value_error() -> None:
    with pytest.raises(ValueError, match="unknown game"):
        simulate("chess", 1, ["easy"])
    with pytest.raises(ValueError, match="positive"):
        simulate("reverse_war", 0)


def test_the_random_bot_chooses_from_the_legal_actions_as_it_acts_from_the_observation() -> None:
    """The simulation gives a bot with ``choose`` the legal actions instead of an observation:
    the same actions in the same order, so the same choice."""
    for game_id in DECIDING:
        for seed in range(3):
            state = GAMES[game_id].new(players=2, seed=seed)
            acting, choosing = RandomBot(0, seed), RandomBot(0, seed)
            for _ in range(300):
                seat = state.current_player
                if state.is_over or seat is None:
                    break
                obs = state.observation(seat)
                legal = state.legal_actions()
                assert obs.legal == tuple(legal)
                action = acting.act(obs)
                assert choosing.choose(legal) is action
                state.step(action)


def test_each_game_declares_its_figures_and_the_simulation_names_no_game() -> None:
    assert set(game_stats("bordercap_gin").events) == {"face_down_openings"}
    assert [f.name for f in game_stats("geopower_toss").per_bot] == ["geoplunge_calls"]
    assert game_stats("border_attack") == game_stats("reverse_war") == GameStats()
    tree = ast.parse((ROOT / "engine" / "simulate.py").read_text())
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    code_strings = " ".join(
        str(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and id(node) not in docstrings
    )
    for game_id in GAMES:
        assert game_id not in code_strings


def test_a_game_s_declared_figures_reach_the_results_and_the_report(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What a game declares in its ``stats`` module is all the simulation needs of it."""
    import engine.simulate as sim

    won = PerBot(
        "rounds_won",
        ("rounds", "won"),
        lambda state, unit: (len(state.results), sum(r.winner == unit for r in state.results)),
        lambda label, sums: f"rounds won by {label}: {sums['won']} of {sums['rounds']}",
    )
    declared = GameStats(
        events={"draws_from_the_deck": lambda state, action: type(action).__name__ == "Draw"},
        per_bot=(won,),
    )
    monkeypatch.setattr(sim, "game_stats", lambda game_id: declared)
    result = simulate("bordercap_gin", 4, ["medium", "easy"], seed=2)
    assert result["events"]["draws_from_the_deck"] > 0
    rounds = result["rounds_won"]
    assert rounds["medium"]["rounds"] == rounds["easy"]["rounds"] > 0
    assert rounds["medium"]["won"] + rounds["easy"]["won"] <= rounds["medium"]["rounds"]
    report = format_report(result)
    assert f"rounds won by medium: {rounds['medium']['won']} of " in report
    assert "draws from the deck: " in report
