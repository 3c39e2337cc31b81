"""Every code a game's engine refuses a move with is worded, and every wording is of a code the
engine gives (read from the source: each ``Refusal("code", …)`` in the game's package and in
the modules it imports from ``engine``); every sentence takes exactly the values its refusals
carry. What a random game's refusals read is walked by ``test_games_generic.py``."""

from __future__ import annotations

import ast
import importlib
import string
from pathlib import Path

import pytest

from engine.games import GAMES
from ui.games.refusals import COMMON
from ui.games.words import words_of

ROOT = Path(__file__).resolve().parent.parent


def given(paths: list[Path]) -> dict[str, set[frozenset[str]]]:
    """Each refusal code built in ``paths`` (``Refusal("code", name=…)``) with its value names."""
    found: dict[str, set[frozenset[str]]] = {}
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "Refusal"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                names = frozenset(k.arg for k in node.keywords if k.arg)
                found.setdefault(node.args[0].value, set()).add(names)
    return found


def engine_files(game_id: str) -> list[Path]:
    """The game's engine package, and the shared engine modules its package imports."""
    module = importlib.import_module(GAMES[game_id].__module__)
    package = Path(module.__file__).parent
    files = sorted(package.glob("*.py")) if package.name == game_id else [Path(module.__file__)]
    shared = set()
    for path in files:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                parts = node.module.split(".")
                if parts[0] == "engine" and len(parts) == 2:
                    shared.add(ROOT / "engine" / f"{parts[1]}.py")
    return files + sorted(p for p in shared if p.exists())


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_refusal_is_worded_and_every_wording_is_used(game_id: str) -> None:
    codes = given(engine_files(game_id))
    words = words_of(game_id).refusals
    assert sorted(set(codes) - set(words) - set(COMMON)) == [], "refused but never worded"
    assert sorted(set(words) - set(codes)) == [], "worded but never refused"
    for code, wording in {**COMMON, **words}.items():
        if code in codes and isinstance(wording, str):
            for names in codes[code]:
                assert fields(wording) == set(names), (code, wording, names)


def test_the_common_refusals_are_given_by_the_engine() -> None:
    assert set(given(sorted((ROOT / "engine").rglob("*.py")))) >= set(COMMON)
