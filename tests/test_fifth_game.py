"""A fifth game takes only the files the README's Layout section lists, and nothing else.

Size Duel (``tests/fifth_game/``) is registered here as a new game would be: its state class in
the registry (``engine.games.GAMES``, as a line of ``engine/games.py`` does) and its UI package
on ``ui.games``' path (as ``ui/games/size_duel/`` would be). Every place that serves a game then
serves it, unedited: the bots, the simulation, the move codec and a shared table's replay, the
URL set-up, the page skeleton in Streamlit and the notebook's game widget. A place that kept a
list of the games, or a branch per game, fails here.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

import ui.games
from engine.bots import LEVELS, make_bot
from engine.games import GAMES, has_decisions, new_game, player_settings
from store.actions import decode, encode
from tests.fifth_game.engine_game import SizeDuel
from ui.games.setup import parse_setup
from ui.games.words import words_of

GAME = "size_duel"
HERE = Path(__file__).resolve().parent / "fifth_game"


@pytest.fixture
def fifth_game(monkeypatch):
    """Size Duel registered as a fifth game, for this test only."""
    monkeypatch.setitem(GAMES, GAME, SizeDuel)
    monkeypatch.setattr(ui.games, "__path__", [*ui.games.__path__, str(HERE)])
    yield
    for name in [m for m in sys.modules if m.startswith(f"ui.games.{GAME}")]:
        del sys.modules[name]


def test_the_registry_and_every_bot_level_play_it(fifth_game):
    assert has_decisions(GAME) and player_settings(GAME) == [(2, None)]
    for level in LEVELS:
        state = new_game(GAME, seed=3)
        bots = [make_bot(GAME, level, seat, seed=seat) for seat in (0, 1)]
        while not state.is_over:
            seat = state.current_player
            action = bots[seat].act(state.observation(seat))
            assert encode(action) and decode(GAME, encode(action)) == action
            state.apply(action)
        assert sorted(c.usps for c in state.all_cards()) == sorted(
            c.usps for c in new_game(GAME).all_cards()
        )
        assert state.winner in (0, 1)


def test_its_link_is_read_by_the_shared_set_up(fifth_game):
    setup, notes = parse_setup(GAME, {"seed": "12", "levels": "hard,easy"}, default_seed=1)
    assert (setup.seed, setup.players, setup.levels) == (12, 2, ("hard",))
    assert notes == [
        "levels=hard,easy names 2 levels for 1 opponent; the extra ones were left out."
    ]


def _page() -> None:
    from ui.games.page import game_page

    game_page("size_duel")


def test_its_page_is_the_skeleton_around_its_words_and_board(fifth_game):
    assert words_of(GAME).title == "Size Duel"
    app = AppTest.from_function(_page, default_timeout=60)
    app.query_params["seed"] = "5"
    app.query_params["levels"] = "easy"
    app.run()
    rng = random.Random(1)
    for _ in range(20):
        assert not app.exception, app.exception
        if any("You won." in s.value or "You lost." in s.value for s in (*app.success, *app.error)):
            break
        playable = [b for b in app.button if b.key and "_play_" in b.key and not b.disabled]
        assert playable, [b.label for b in app.button]
        rng.choice(playable).click().run()
    else:
        pytest.fail("the game did not end in 20 moves")
    assert app.title[0].value == "Size Duel"


def test_the_notebook_widget_plays_it(fifth_game):
    pytest.importorskip("anywidget", reason="the notebook extra (anywidget) is not installed")
    from widgets import GameWidget

    g = GameWidget(GAME, seed=4, levels="medium")
    clicks = 0
    while not g.state.is_over and clicks < 20:
        [b for b in g.moves.children if not b.disabled][0].click()
        clicks += 1
        assert not g.session.message, g.session.message
    assert g.state.is_over and g.page.title in g.head.value


def test_the_simulation_plays_it_with_no_figures_of_its_own(fifth_game):
    from engine.simulate import simulate

    result = simulate(GAME, games=6, bots=["medium", "random"], seed=2)
    assert result["games"] == 6 and sum(result["wins"].values()) == 6
    assert result["mean_turns"] == 2 * 5


def test_a_shared_table_stores_and_replays_it(fifth_game, db):
    import store.tables as tables

    new = tables.create(db, GAME, "Ana")
    _, bea = tables.join(db, new.table.code, "Bea")
    tables.start(db, new.token)
    tokens = [new.token, bea]
    for _ in range(20):
        views = [tables.view(db, t) for t in tokens]
        if views[0].over:
            break
        seat = views[0].to_act
        mine = views[seat]
        tables.append(db, mine.table.id, tokens[seat], mine.seq, mine.observation.legal[-1])
    else:
        pytest.fail("the table did not end in 20 moves")
    replayed = tables.replay(db, new.table.id)
    assert replayed.is_over and tuple(replayed.scores) == views[0].observation.scores
