"""Border Attack: one trick's outcome as the engine decides it (``engine.border_attack.trick``)
and its public record, ``last_trick``, in every seat's observation, also once the trick has
ended and the game has moved on (the pages rebuild their tricks from it)."""

from __future__ import annotations

from engine.border_attack import (
    BORDERS,
    LEAD,
    NAME,
    OVER,
    Announcement,
    BorderAttack,
    Commit,
    Discard,
    GuessBorders,
    GuessState,
    Lead,
    PlayedTrick,
    guess_is_right,
    guessed_card,
    trick_winner,
)
from engine.border_attack.trick import why_not_guess
from engine.cards import Category, card
from engine.core import Refusal

SIZE, POPULATION = Category.SIZE, Category.POPULATION
TX, CA, TN, RI, ME = (card(c) for c in ("TX", "CA", "TN", "RI", "ME"))


def test_a_guess_is_right_when_it_names_the_state_or_exactly_its_borders() -> None:
    assert guess_is_right(GuessState("TN"), TN) and not guess_is_right(GuessState("KY"), TN)
    assert guess_is_right(GuessBorders(frozenset(reversed(sorted(TN.borders)))), TN)
    assert not guess_is_right(GuessBorders(frozenset(sorted(TN.borders)[1:])), TN)
    assert not guess_is_right(GuessBorders(TN.borders | {"TX"}), TN)


def test_a_right_guess_makes_the_card_known_the_state_guessed_or_the_state_named() -> None:
    listed = Announcement.of(TN, BORDERS)
    named = Announcement.of(TN, NAME)
    assert guessed_card(listed, GuessState("TN")) == TN
    assert guessed_card(named, GuessBorders(TN.borders)) == TN


def test_the_better_rank_in_the_category_wins_the_trick() -> None:
    # Texas: size 2nd, population 2nd; California: size 3rd, population 1st.
    assert trick_winner(0, TX, CA, SIZE) == 0 and trick_winner(0, TX, CA, POPULATION) == 1
    assert trick_winner(1, CA, TX, SIZE) == 0 and trick_winner(1, CA, TX, POPULATION) == 1


def test_a_guess_must_be_of_the_kind_the_announcement_leaves_open() -> None:
    listed, named = Announcement.of(TN, BORDERS), Announcement.of(TN, NAME)
    assert why_not_guess(listed, GuessState("KY")) is None
    assert why_not_guess(named, GuessBorders(frozenset())) is None
    assert why_not_guess(listed, GuessBorders(TN.borders)) == Refusal("guess_the_state")
    assert why_not_guess(named, GuessState("TN")) == Refusal("guess_the_borders")
    assert why_not_guess(listed, GuessState("XX")) == Refusal("not_a_usps_code", given="'XX'")


def test_the_played_trick_is_kept_for_both_seats_after_a_winners_discard() -> None:
    state = BorderAttack.from_hands([["TX", "RI"], ["CA", "ME", "WY"]], deck=None, leader=0)
    assert state.observation(0).last_trick is None
    state.apply(Lead(TX, POPULATION))
    state.apply(Commit(CA, BORDERS))
    assert state.observation(0).last_trick is None  # the card is still face down
    state.apply(GuessState("RI"))
    expected = PlayedTrick(
        1, 0, POPULATION, TX, CA, Announcement.of(CA, BORDERS), GuessState("RI"), False, 1
    )
    assert state.observation(0).last_trick == expected == state.observation(1).last_trick
    state.apply(Discard(ME))
    after = state.observation(0)
    assert after.phase == LEAD and after.trick_winner is None and after.guess_right is None
    assert after.last_trick == expected and after.last_trick.follower == 1


def test_the_last_trick_of_a_game_says_the_guess_and_the_winner_once_it_is_over() -> None:
    # The winner has no card to discard: the trick ends as the card is played, and the
    # observation's guess_right and trick_winner are cleared at once.
    state = BorderAttack.from_hands([["CA"], ["TN", "ME"]], deck=[], leader=0)
    state.apply(Lead(CA, SIZE))
    state.apply(Commit(TN, NAME))
    state.apply(GuessBorders(TN.borders))
    obs = state.observation(1)
    assert obs.phase == OVER and obs.guess_right is None and obs.trick_winner is None
    last = obs.last_trick
    assert last is not None and last.guess_right is True and last.winner == 0
    assert last.follow == TN and last.number == 1
