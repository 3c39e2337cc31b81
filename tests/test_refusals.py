"""Every code a game's engine refuses a move with or logs is worded, and every wording is of a
code the engine gives (read from the source: each ``Refusal("code", …)`` and ``Event("code",
…)`` in the game's package and in the modules it imports from ``engine``); every sentence
takes exactly the values its codes carry. What a random game's refusals read is walked by
``test_games_generic.py``, what its log reads by ``test_events.py``."""

from __future__ import annotations

import ast
import importlib
import string
from pathlib import Path

import pytest

from engine.core import Refusal
from engine.games import GAMES
from messages import speaking
from ui.games.events import events_of
from ui.games.refusals import COMMON, SETUP, refusals_of
from ui.games.words import words_of

ROOT = Path(__file__).resolve().parent.parent


def given(paths: list[Path], kind: str = "Refusal") -> dict[str, set[frozenset[str]]]:
    """Each code of ``kind`` built in ``paths`` (``Refusal("code", name=…)``) with its value
    names."""
    found: dict[str, set[frozenset[str]]] = {}
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == kind
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
@pytest.mark.parametrize("kind", ["Refusal", "Event"])
def test_every_code_is_worded_and_every_wording_is_used(game_id: str, kind: str) -> None:
    codes = given(engine_files(game_id), kind)
    common = {**COMMON, **SETUP} if kind == "Refusal" else {}  # set-ups' refusals: SETUP
    words = refusals_of(game_id) if kind == "Refusal" else events_of(game_id)
    assert sorted(set(codes) - set(words) - set(common)) == [], "given but never worded"
    assert sorted(set(words) - set(codes)) == [], "worded but never given"
    for code, wording in {**common, **words}.items():
        if code in codes and isinstance(wording, str):
            for names in codes[code]:
                if code in SETUP:  # may name the game: setup_worded gives its title
                    assert fields(wording) - {"title"} == set(names), (code, wording, names)
                else:
                    assert fields(wording) == set(names), (code, wording, names)


def test_the_common_refusals_are_given_by_the_engine() -> None:
    assert set(given(sorted((ROOT / "engine").rglob("*.py")))) >= set(COMMON) | set(SETUP)


def test_refusals_read_in_the_readers_language() -> None:
    """The values are worded in the reader's language too: names, lists, zones, players."""
    cases = [
        ("border_attack", Refusal("not_in_followers_hand", card="ME"), {
            "en": "Maine is not in the follower's hand.",
            "es": "Maine no está en la mano de quien responde.",
        }),
        ("bordercap_gin", Refusal("declared_not_in_hand", cards=("IL", "OH")), {
            "en": "Illinois and Ohio are not in your hand.",
            "es": "Illinois y Ohio no están en tu mano.",
        }),
        ("geopower_toss", Refusal("must_follow_zone", zone="Eastern"), {
            "en": "You must follow the Eastern Zone: you hold a card in that Zone.",
            "es": "Debes seguir la Zona Este: tienes una carta de esa Zona.",
        }),
        ("geopower_toss", Refusal("not_in_hand", card=None, seat=1), {
            "en": "That card is not in Player 2's hand.",
            "es": "Esa carta no está en la mano de Jugador 2.",
        }),
        ("reverse_war", Refusal("game_over"), {
            "en": "The game is over.",
            "es": "La partida terminó.",
        }),
    ]  # fmt: skip
    for game_id, refusal, said in cases:
        for lang, text in said.items():
            with speaking(lang):
                assert words_of(game_id).refusal(refusal) == text, (game_id, lang)
