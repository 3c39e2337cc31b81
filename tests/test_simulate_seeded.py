"""A seeded simulation is pinned: the same seed gives the same games and the same summary.

The figures below were printed by the simulation before it was made faster (random bots
deciding without an observation, each game's figures declared in its own ``stats`` module);
only the timings (decision times, games per second) may differ from run to run.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.simulate import main, simulate

PINNED: list[tuple[str, list[str], dict[str, Any], dict[str, Any]]] = [
    (
        "bordercap_gin",
        ["random", "random"],
        {},
        {
            "wins": {"random": 2, "random_2": 2},
            "draw_count": 16,
            "mean_turns": 1285.9,
            "decisions": {"random": 12858, "random_2": 12860},
            "events": {"face_down_openings": 0},
        },
    ),
    (
        "bordercap_gin",
        ["easy", "medium"],
        {},
        {
            "wins": {"easy": 1, "medium": 19},
            "draw_count": 0,
            "mean_turns": 123.3,
            "decisions": {"easy": 1209, "medium": 1257},
            "events": {"face_down_openings": 0},
        },
    ),
    (
        "bordercap_gin",
        ["medium", "random"],
        {"players": 3},
        {
            "wins": {"medium": 20, "random": 0},
            "draw_count": 0,
            "mean_turns": 162.95,
            "decisions": {"medium": 2204, "random": 1055},
            "events": {"face_down_openings": 0},
        },
    ),
    (
        "geopower_toss",
        ["medium", "easy"],
        {},
        {
            "wins": {"medium": 18, "easy": 2},
            "draw_count": 0,
            "mean_turns": 126.0,
            "decisions": {"medium": 1260, "easy": 1260},
            "events": {},
            "geoplunge_calls": {
                "medium": {"rounds": 126, "calls": 37, "made": 25},
                "easy": {"rounds": 126, "calls": 0, "made": 0},
            },
        },
    ),
    (
        "geopower_toss",
        ["medium", "random"],
        {"players": 4, "teams": 2},
        {
            "wins": {"medium": 19, "random": 1},
            "draw_count": 0,
            "mean_turns": 140.65,
            "decisions": {"medium": 1426, "random": 1387},
            "events": {},
            "geoplunge_calls": {
                "medium": {"rounds": 73, "calls": 44, "made": 37},
                "random": {"rounds": 73, "calls": 73, "made": 5},
            },
        },
    ),
    (
        "border_attack",
        ["medium", "random"],
        {},
        {
            "wins": {"medium": 20, "random": 0},
            "draw_count": 0,
            "mean_turns": 50.0,
            "decisions": {"medium": 666, "random": 334},
            "events": {},
        },
    ),
    (
        "reverse_war",
        [],
        {},
        {
            "wins": {"seat 0": 12, "seat 1": 8},
            "draw_count": 0,
            "mean_turns": 111.15,
            "decisions": {"seat 0": 0, "seat 1": 0},
            "events": {},
        },
    ),
]


@pytest.mark.parametrize(
    ("game_id", "bots", "options", "expected"),
    PINNED,
    ids=[f"{g}-{','.join(b) or 'flips'}-{len(o)}" for g, b, o, _ in PINNED],
)
def test_twenty_seeded_games_give_the_pinned_summary(
    game_id: str, bots: list[str], options: dict[str, Any], expected: dict[str, Any]
) -> None:
    result = simulate(game_id, 20, bots, seed=1, **options)
    assert {key: result[key] for key in expected} == expected
    assert result.keys() - expected.keys() == {
        "game",
        "title",
        "games",
        "players",
        "teams",
        "seed",
        "bots",
        "win_rate",
        "ci95",
        "draws",
        "games_per_sec",
        "seconds",
        "decision_ms",
    }


HEADER = "bot          wins  win rate            95% CI  decisions   p50 ms   p95 ms   max ms"


def _untimed(text: str) -> list[str]:
    """The report's lines without the timings (the decision-time columns, the speed line)."""
    lines = text.splitlines()
    table = 2 + sum(1 for line in lines[2:] if len(line.split()) == 9)
    return [
        line.rsplit(maxsplit=3)[0] if 2 <= i < table else line
        for i, line in enumerate(lines)
        if not line.startswith("speed: ")
    ]


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (
            ["bordercap_gin", "--games", "20", "--seed", "1", "--bots", "random,random"],
            [
                "BorderCap Gin: 20 games, 2 players, seed 1",
                HEADER,
                "random          2     10.0%     [2.8%, 30.1%]      12858",
                "random_2        2     10.0%     [2.8%, 30.1%]      12860",
                "draws: 16 (80.0%)",
                "mean game length: 1285.9 actions",
                "face down openings: 0",
            ],
        ),
        (
            ["geopower_toss", "--games", "20", "--seed", "1", "--bots", "medium,random"]
            + ["--players", "4", "--teams", "2"],
            [
                "GeoPower Toss: 20 games, 4 players, 2 teams, seed 1",
                HEADER,
                "medium         19     95.0%    [76.4%, 99.1%]       1426",
                "random          1      5.0%     [0.9%, 23.6%]       1387",
                "GeoPlunge calls by medium: 44 in 73 rounds (60.3%), made 37 (84%)",
                "GeoPlunge calls by random: 73 in 73 rounds (100.0%), made 5 (7%)",
                "draws: 0 (0.0%)",
                "mean game length: 140.7 actions",
            ],
        ),
    ],
    ids=["bordercap_gin", "geopower_toss"],
)
def test_the_command_line_prints_the_pinned_report(
    capsys: pytest.CaptureFixture[str], argv: list[str], expected: list[str]
) -> None:
    assert main(argv) == 0
    assert _untimed(capsys.readouterr().out) == expected
