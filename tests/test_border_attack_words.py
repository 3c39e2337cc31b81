"""Border Attack's words, the pure half of its page: the tricks it rebuilds say what the
engine decided (whether the guess was right, who won), the guess button follows the picks,
and the maps are data; no Streamlit needed."""

from __future__ import annotations

import pytest

from engine.border_attack import (
    BORDERS,
    NAME,
    Announcement,
    GuessBorders,
    GuessState,
    guess_is_right,
    trick_winner,
)
from engine.bots import make_bot
from engine.cards import card
from ui.games.border_attack.moves import guess_button, guess_prompt
from ui.games.border_attack.roles import trick_map
from ui.games.border_attack.tricks import on_and_last, tricks
from ui.games.border_attack.words import DEALER
from ui.games.session import GameSession
from ui.games.setup import Setup

TN = card("TN")


def _session(seed: int) -> GameSession:
    setup = Setup("border_attack", seed, 2, None, ("easy",), (("dealer", "you"),))
    return GameSession.deal("t", setup, [DEALER])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_trick_says_the_engines_guess_result_and_winner(seed: int) -> None:
    session = _session(seed)
    session.bots[0] = make_bot("border_attack", "easy", 0, seed=seed)
    session.play_ai()
    assert session.state.is_over
    views = tricks(session)
    assert [v.number for v in views] == list(range(1, session.state.trick + 1))
    for view in views:
        assert view.played and view.follow is not None and view.guess is not None
        assert view.guess_right == guess_is_right(view.guess, view.follow)
        assert view.winner == trick_winner(view.leader, view.led, view.follow, view.category)
    final = session.state.observation(0).last_trick
    assert final is not None and (views[-1].winner, views[-1].guess_right) == (
        final.winner,
        final.guess_right,
    )


def test_before_any_trick_the_map_shows_the_hand() -> None:
    session = _session(4)
    obs = session.state.observation(0)
    current, last = on_and_last(obs, tricks(session))
    roles, notes, caption = trick_map(obs, current, last)
    assert current is None and last is None
    assert roles == {c.usps: "mine" for c in obs.hand} and set(notes) == set(roles)
    assert caption == "Your cards on the map (hover for their ranks)"


def test_a_state_guess_button_waits_for_a_pick() -> None:
    session = _session(4)
    ann = Announcement.of(TN, BORDERS)
    assert guess_prompt(ann, listed=False) == (
        "Which state is it? Type its name, or click it on the map."
    )
    assert guess_button(session, ann, listed=False) is None  # by recall: the typed box only
    off = guess_button(session, ann, listed=True)
    assert off is not None and off.action is None and off.off == "Pick a state first."
    session.picks = ["TN"]
    on = guess_button(session, ann, listed=False)
    assert on is not None and on.action == GuessState("TN") and on.off is None
    assert on.label == "Guess Tennessee (picked on the map)" and not on.primary


def test_a_border_guess_button_wants_as_many_states_as_announced() -> None:
    session = _session(4)
    ann = Announcement.of(TN, NAME)
    n = len(TN.borders)
    session.picks = sorted(TN.borders)[:-1]
    short = guess_button(session, ann, listed=False)
    assert (
        short is not None
        and short.off == f"AI (easy) announced {n} border states: pick exactly {n}."
    )
    assert short.progress == f"{n - 1} of {n} picked on the map."
    session.picks = sorted(TN.borders)
    ready = guess_button(session, ann, listed=True)
    assert ready is not None and ready.off is None and ready.progress is None
    assert ready.action == GuessBorders(TN.borders) and ready.label == f"Guess these {n} states"
