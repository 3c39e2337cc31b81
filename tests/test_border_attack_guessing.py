"""A guess typed from memory (issue 28, item 10): ``engine.border_attack.read_guess`` reads the
text with the drills' forgiving matching, refuses a text that names no move (and nothing is
played; the page words why, :func:`ui.games.border_attack.moves.typed_words`), and the game
judges the move it names.

Each scenario plays a real trick: seat 0 leads its first card, seat 1 commits to a card of its
hand and announces its name or its borders, and seat 0's typed guess is read and played."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.answers import MAX_ANSWER_CHARS
from engine.border_attack import (
    BORDERS,
    GUESS,
    NAME,
    BorderAttack,
    Commit,
    GuessBorders,
    GuessState,
    Lead,
    read_guess,
)
from engine.cards import Category, by_usps, deck
from ui.games.border_attack.moves import typed_words


def _trick(usps: str, reveal: str) -> BorderAttack:
    """A game at the leader's guess, seat 1 holding ``usps`` face down (the first deal in
    which it holds it) and announcing its name or its borders."""
    for seed in range(500):
        game = BorderAttack.new(seed=seed, dealer=0)
        if any(c.usps == usps for c in game.observation(1).hand):
            game.apply(Lead(game.observation(0).hand[0], Category.SIZE))
            game.apply(Commit(by_usps()[usps], reveal))
            assert game.phase == GUESS
            return game
    raise AssertionError(f"no deal gives seat 1 {usps}")


def _play(game: BorderAttack, text: str) -> bool:
    """Read ``text`` as the leader's guess, play it; whether it was right."""
    typed = read_guess(game.announcement, text)
    assert typed.accepted, typed_words(typed)
    game.apply(typed.action)
    return bool(game.guess_right)


@pytest.mark.parametrize(
    ("text", "right"),
    [
        ("Indiana, Kentucky, Michigan, Pennsylvania, West Virginia", True),
        ("west virginia; PENNSYLVANIA and michigan, Ky, Ind.", True),  # any order, case, codes
        ("Indiana, Kentucky, Michigan, Pennsylvania, Virginia", False),
        ("Indiana, Kentucky, Michigan, Pennsylvania y West Virginia", True),  # as in Spanish
    ],
)
def test_a_typed_border_list_is_played_and_judged(text, right):
    game = _trick("OH", NAME)
    assert _play(game, text) is right


@pytest.mark.parametrize(("text", "right"), [("Ohio", True), ("oh", True), ("Indiana", False)])
def test_a_typed_state_is_played_and_judged(text, right):
    game = _trick("OH", BORDERS)
    assert _play(game, text) is right


def test_a_misspelt_name_is_read_as_the_name_it_is_close_to_and_said():
    game = _trick("OH", NAME)
    typed = read_guess(game.announcement, "Indianna, Kentuky, Michigan, Pensylvania, W. Va.")
    assert typed.action == GuessBorders(by_usps()["OH"].borders)
    assert "“Indianna” read as Indiana." in typed_words(typed)
    state = _trick("MS", BORDERS)
    typed = read_guess(state.announcement, "Missisippi")
    assert typed.action == GuessState("MS") and "read as Mississippi" in typed_words(typed)
    assert _play(state, "Missisippi")


@pytest.mark.parametrize(
    ("reveal", "text", "said"),
    [
        (BORDERS, "Xyzzy", "“Xyzzy” is not a state name I know"),
        (BORDERS, "", "Type the name of a state"),
        (BORDERS, "Columbus", "Columbus is a state capital, not a state"),
        (BORDERS, "Carolina", "could be North Carolina or South Carolina"),
        (BORDERS, "Ohio, Indiana", "Guess one state"),
        (BORDERS, "x" * (MAX_ANSWER_CHARS + 1), "too long"),
        (NAME, "Indiana, Xyzzy, Michigan, Pennsylvania, West Virginia", "“Xyzzy” is not"),
        (NAME, "Indiana, Kentucky", "Ohio has 5 border states: you named 2 (Indiana and Kentucky)"),
        (NAME, "Ohio, Indiana, Kentucky, Michigan, Pennsylvania", "Ohio is the announced state"),
        (NAME, "", "Type Ohio's 5 border states, separated by commas"),
    ],
)
def test_a_text_that_names_no_guess_is_refused_in_words_and_costs_nothing(reveal, text, said):
    game = _trick("OH", reveal)
    typed = read_guess(game.announcement, text)
    assert typed.action is None and said in typed_words(typed)
    assert game.phase == GUESS and game.guess_right is None  # the guess is still to make


def test_a_state_with_no_border_states_is_guessed_with_none():
    game = _trick("AK", NAME)
    assert typed_words(read_guess(game.announcement, "Ohio")) == (
        "Alaska has no border states: type “none”."
    )
    assert _play(game, "none")
    assert read_guess(_trick("HI", NAME).announcement, "ninguno").accepted  # as in Spanish


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(deck()), st.sampled_from((NAME, BORDERS)))
def test_the_right_answer_typed_in_words_is_always_a_right_guess(card, reveal):
    game = _trick(card.usps, reveal)
    if reveal == BORDERS:
        text = card.name
    else:
        text = ", ".join(by_usps()[c].name for c in sorted(card.borders)) or "none"
    assert _play(game, text)
