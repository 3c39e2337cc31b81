"""The tournament in words: every refusal the tournament store gives (read from its source) is
worded in every language with exactly the values it carries, and the clock and the round read
as the tournament stands."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

import store.tournament.errors as tournament_errors
from messages import LANGUAGES, PSEUDO, speaking
from store import tournament as tm
from tests import refusal_codes
from tests.test_pseudo_locale import bypassed
from ui.tournament.errors import NOTICES, TOURNAMENT_ERRORS, worded
from ui.tournament.words import clock_words, minutes_seconds, round_words

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "store" / "tournament").glob("*.py"))
KINDS = {"TournamentError", "NotFound", "MovedOn"}
T0 = datetime(2026, 3, 3, 9, 0, tzinfo=UTC)


def given() -> dict[str, set[frozenset[str]]]:
    found = refusal_codes.given(
        SOURCES, tournament_errors.TournamentError, KINDS, ("name", "division", "title")
    )
    found.pop("title_markup", None)
    # f"{what}_markup": a team's and a division's name
    for what in ("name", "division"):
        found[f"{what}_markup"] = {frozenset({"characters"})}
    return found


def test_every_code_is_worded_and_every_wording_is_used():
    refusal_codes.check_worded(given(), TOURNAMENT_ERRORS)


def _sample(name: str) -> object:
    texts = {"name": "Owls", "typed": "xx", "tournament": "K7PQ2M", "team": "K7PQ2M",
             "kind": "speed", "characters": "*_", "game": "border_attack",
             "called": ("border_attack",)}  # fmt: skip
    return texts.get(name, 3)


@pytest.mark.parametrize("lang", [*LANGUAGES, PSEUDO])
def test_every_refusal_reads_in_every_language(lang):
    codes = given()
    for code in [*TOURNAMENT_ERRORS, *NOTICES]:
        names = max(codes.get(code, {frozenset()}), key=len)
        error = tm.TournamentError(code, **{n: _sample(n) for n in names})
        with speaking("en"):
            english = worded(error)
        with speaking(lang):
            text = worded(error)
        assert text and "{" not in text, (code, text)
        if code == "unavailable":
            continue
        if lang == PSEUDO:
            assert not bypassed(text), (code, text)
        elif lang != "en":
            assert text != english, (code, text)


def _info(**changes) -> tm.TournamentInfo:
    base = {"id": 1, "code": "K7PQ2M", "name": "Cup", "rounds": tm.DEFAULT_ROUNDS,
            "grace_seconds": 60, "round": 0, "stage": tm.SWISS, "clock": tm.DONE,
            "ends_at": None, "left": None, "version": 0}  # fmt: skip
    return tm.TournamentInfo(**(base | changes))


@pytest.mark.parametrize("lang", [*LANGUAGES, PSEUDO])
def test_every_state_of_the_round_and_the_clock_reads(lang):
    states = [
        _info(),
        _info(round=1, clock=tm.RUNNING, ends_at=T0 + timedelta(minutes=20)),
        _info(round=6, clock=tm.PAUSED, left=61.2),
        _info(round=8),
        _info(round=9, stage=tm.PLAYOFF, clock=tm.RUNNING, ends_at=T0 + timedelta(seconds=9)),
        _info(round=10, stage=tm.CHAMPIONSHIP),
        _info(round=10, stage=tm.ENDED),
    ]
    with speaking(lang):
        said = [(round_words(t), clock_words(t, T0)) for t in states]
    assert len({r for r, _ in said}) == len(said)
    for words in said:
        for text in words:
            assert text and "{" not in text
            if lang == PSEUDO:
                assert not bypassed(text), text
    if lang == "en":
        assert said[1] == ("Round 1 of 8 · “All” round", "20:00 left")
        assert said[2] == ("Round 6 of 8 · “Call” round", "Paused with 1:02 left")
        assert said[4][1] == "0:09 left"


def test_the_clock_rounds_up_to_the_second_and_never_goes_below_zero():
    assert [minutes_seconds(s) for s in (0, 0.1, 59.01, 60, 600, -3)] == [
        "0:00", "0:01", "1:00", "1:00", "10:00", "0:00",
    ]  # fmt: skip
