"""AppTest flows for the GeoPlunge call on the GeoPower Toss page: the call asks for a
confirmation saying what it means (with the engine's numbers), "No" leaves everything as it
was, and the call window after the 4th trick asks the human to call or pass."""

from __future__ import annotations

import re

from engine.geopower_toss import CALLS, DRAFT, PLAY, Play
from tests.game_table import log_lines, open_game, step, table, texts

TOSS, TK = "pages/geopower_toss.py", "geopower_toss"


def click(app, key: str) -> None:
    step(app.button(key=key).click())


def keys(app) -> set[str]:
    return {b.key for b in app.button}


def to_the_call_window(app) -> None:
    """Play the human's moves (the first removal, the first legal card, never a call) until
    the human is asked in the call window after the 4th trick."""
    tab = table(app, TK)
    for _ in range(20):
        obs = tab.state.observation(0)
        if obs.phase == CALLS and tab.state.current_player == 0:
            return
        if obs.phase == DRAFT:
            click(app, tab.bkey(f"remove_{obs.face_up[0].value}"))
        else:
            first = next(a for a in obs.legal if isinstance(a, Play))
            click(app, tab.bkey(f"play_{first.card.usps}"))
    raise AssertionError("the human was never asked in the call window")


def test_calling_geoplunge_asks_for_confirmation_saying_what_it_means(app):
    open_game(app, TOSS, seed="30", players="2", levels="easy")
    tab = table(app, TK)
    click(app, tab.bkey("call"))
    # Nothing is called yet: the page says what the call means and asks.
    text = texts(app)
    assert "GeoPlunge called by" not in text
    assert "Call GeoPlunge?" in text
    assert "You must win at least 6 of the 8 tricks, or score nothing this round." in text
    assert "If you make it, you score 15 more points (25 in all)." in text
    assert {tab.bkey("call_yes"), tab.bkey("call_no")} <= keys(app)
    assert tab.bkey("call") not in keys(app)
    # "No" leaves the game as it was, with the call still offered.
    click(app, tab.bkey("call_no"))
    assert "Call GeoPlunge?" not in texts(app) and "GeoPlunge called by" not in texts(app)
    assert "Choose the round's GeoPower card." in texts(app)
    assert tab.bkey("call") in keys(app) and tab.bkey("call_yes") not in keys(app)
    # "Yes" calls.
    click(app, tab.bkey("call"))
    click(app, tab.bkey("call_yes"))
    assert "GeoPlunge called by you" in texts(app)
    assert "- You call GeoPlunge: 6 tricks or nothing!" in log_lines(app)
    assert tab.bkey("call_yes") not in keys(app)


def test_a_team_call_says_the_team_must_win_six_of_eight(app):
    open_game(app, TOSS, seed="5", players="4", teams="2", levels="easy")
    tab = table(app, TK)
    click(app, tab.bkey("call"))
    assert "Your team must win at least 6 of the 8 tricks, or score nothing this round." in (
        texts(app)
    )
    click(app, tab.bkey("call_yes"))
    assert "GeoPlunge called by you (for your team (you and AI 2))" in texts(app)


def test_the_call_window_after_the_fourth_trick_asks_you_to_call_or_pass(app):
    open_game(app, TOSS, seed="30", players="2", levels="easy")
    tab = table(app, TK)
    to_the_call_window(app)
    text = texts(app)
    assert "Trick 4 is over: last chance to call GeoPlunge." in text
    assert "Your turn: call GeoPlunge or pass" in text
    assert {tab.bkey("pass"), tab.bkey("call")} <= keys(app)
    # The confirmation also says how far the round has come (the chip counts your tricks).
    won = int(re.search(r"You <b>\d+ pts · (\d+) tricks?", text)[1])
    click(app, tab.bkey("call"))
    assert f"So far you have won {won} of 4 tricks: {max(6 - won, 0)} more needed" in texts(app)
    click(app, tab.bkey("call_no"))
    assert "Trick 4 is over: last chance to call GeoPlunge." in texts(app)
    click(app, tab.bkey("pass"))
    # The window is over for the human: the AI's last chance came, then the 5th trick.
    assert "You pass: no GeoPlunge call." in texts(app)
    assert "Trick <b>5 of 8</b>" in texts(app) and "GeoPlunge called by you" not in texts(app)
    assert tab.bkey("call") not in keys(app)


def move_buttons(app) -> list:
    """The buttons that play a card or remove a GeoPower card."""
    return [
        b
        for b in app.button
        if b.key and (b.key.startswith(f"{TK}_play_") or b.key.startswith(f"{TK}_remove_"))
    ]


def test_while_the_call_waits_for_its_answer_no_card_can_be_played(app):
    # Issue 18, item 5: a card played while the confirmation was open dropped the call silently.
    open_game(app, TOSS, seed="30", players="2", levels="easy")
    tab = table(app, TK)
    for phase in (DRAFT, PLAY):
        obs = tab.state.observation(0)
        assert obs.phase == phase and tab.bkey("call") in keys(app)
        assert any(not b.disabled for b in move_buttons(app))
        click(app, tab.bkey("call"))
        buttons = move_buttons(app)
        assert buttons and all(b.disabled for b in buttons)
        assert "Answer the GeoPlunge call first" in texts(app)
        click(app, tab.bkey("call_no"))
        assert any(not b.disabled for b in move_buttons(app))
        assert "Answer the GeoPlunge call first" not in texts(app)
        if phase == DRAFT:
            click(app, tab.bkey(f"remove_{obs.face_up[0].value}"))
    assert "GeoPlunge called by" not in texts(app)
