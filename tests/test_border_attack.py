"""Border Attack: one scenario per rule sentence (rules README and rule sheet), the decisions of
the module docstring, observation secrecy, set-up errors, the odds and the bots (what every game
must do, clones, replay and hidden cards, is in test_games_generic.py and test_bots.py)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.border_attack import (
    BONUS_DISCARD,
    BORDERS,
    BOTS,
    COMMIT,
    GUESS,
    LEAD,
    NAME,
    OVER,
    WIN_DISCARD,
    Announcement,
    BorderAttack,
    BorderAttackObservation,
    Commit,
    Discard,
    EasyBot,
    GuessBorders,
    GuessState,
    Lead,
    MediumBot,
    odds,
)
from engine.bots import make_bot
from engine.cards import Card, Category, card, deck
from engine.core import IllegalAction, Refusal
from engine.knowledge import Knowledge
from ui.games.events import told

SIZE, STATEHOOD, POPULATION = Category.SIZE, Category.STATEHOOD, Category.POPULATION
TX, CA, TN, ME, AK, HI, RI = (card(c) for c in ("TX", "CA", "TN", "ME", "AK", "HI", "RI"))


def said(log: list) -> list[str]:
    """The engine's log as its sentences (ui/games/border_attack/events.py)."""
    return [told(event, "border_attack") for event in log]


def scenario(hand0: str, hand1: str, deck_top: str | None = "", leader: int = 0) -> BorderAttack:
    """A state at the start of a trick: hands and deck (top first) as space-separated codes."""
    deck_cards = None if deck_top is None else deck_top.split()
    return BorderAttack.from_hands([hand0.split(), hand1.split()], deck=deck_cards, leader=leader)


def play_trick(
    state: BorderAttack, lead: Card, category: Category, follow: Card, reveal: str, guess: Any
) -> None:
    state.apply(Lead(lead, category))
    state.apply(Commit(follow, reveal))
    state.apply(guess)


# ---------------------------------------------------------------- the deal


def test_shuffle_once_deal_five_each_and_refills_come_from_the_same_shuffle() -> None:
    state = BorderAttack.new(seed=11)
    order = list(state.deck)  # the bottom card first; deals take from the end
    assert [len(h) for h in state.hands] == [5, 5] and len(state.deck) == 40
    rng = random.Random(0)
    while len(state.deck) == 40:
        state.step(rng.choice(state.legal_actions()))
    dealt = set(order[-10:])
    assert state.deck == order[:-10], "the deck was reshuffled"
    assert dealt <= set(state.hands[0] + state.hands[1])


def test_deal_is_one_card_at_a_time_non_dealer_first() -> None:
    shuffled = list(deck())
    random.Random(5).shuffle(shuffled)
    top_first = shuffled[::-1]
    state = BorderAttack.new(seed=5, dealer=0)
    assert state.hands[1] == top_first[0:10:2] and state.hands[0] == top_first[1:10:2]
    again = BorderAttack.new(seed=5, dealer=1)
    assert again.hands[0] == state.hands[1] and again.hands[1] == state.hands[0]


def test_dealer_is_chosen_at_random_for_the_first_game_and_leads_the_first_trick() -> None:
    dealers = set()
    for seed in range(40):
        state = BorderAttack.new(seed=seed)
        dealers.add(state.dealer)
        assert state.current_player == state.dealer == state.leader
        assert state.phase == LEAD
    assert dealers == {0, 1}


def test_dealer_option_and_the_deal_alternates_after() -> None:
    first = BorderAttack.new(seed=3, dealer=1)
    assert first.dealer == 1 and first.current_player == 1
    assert first.next_dealer == 0
    second = BorderAttack.new(seed=4, dealer=first.next_dealer)
    assert second.dealer == 0 and second.current_player == 0


def test_same_seed_deals_the_same_cards_whoever_deals() -> None:
    a = BorderAttack.new(seed=9, dealer=0)
    b = BorderAttack.new(seed=9, dealer=1)
    assert a.deck == b.deck
    assert sorted(a.hands[0] + a.hands[1], key=str) == sorted(b.hands[0] + b.hands[1], key=str)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 3},
        {"players": 1},
        {"teams": 2},
        {"colour": "red"},
        {"dealer": 2},
        {"dealer": -1},
        {"dealer": True},
        {"dealer": "0"},
    ],
)
def test_invalid_setups_are_refused_with_a_message(kwargs: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match=r"\w"):
        BorderAttack.new(seed=0, **kwargs)


def test_from_hands_refuses_duplicates_and_empty_hands() -> None:
    with pytest.raises(ValueError, match="twice"):
        scenario("TX CA", "TX", "")
    with pytest.raises(ValueError, match="twice"):
        scenario("TX", "CA", "CA")
    with pytest.raises(ValueError, match="at least one card"):
        BorderAttack.from_hands([["TX"], []])


# ---------------------------------------------------------------- a trick


def test_leader_names_the_category_and_leads_a_card() -> None:
    state = scenario("TX CA", "ME TN", None)
    legal = state.legal_actions()
    assert legal == [Lead(c, cat) for c in (TX, CA) for cat in (SIZE, STATEHOOD, POPULATION)]
    state.apply(Lead(TX, POPULATION))
    assert state.category == POPULATION and state.led == TX
    assert state.phase == COMMIT and state.current_player == 1
    assert "names Population and leads Texas (2nd)" in said(state.log)[-1]


def test_lead_must_name_one_of_the_three_categories() -> None:
    state = scenario("TX", "ME", None)
    assert state.check(Lead(TX, "zone")) == Refusal("not_a_category")


def test_follower_commits_to_a_card_and_cannot_lie_about_it() -> None:
    state = scenario("CA RI", "TX ME", None)
    state.apply(Lead(CA, SIZE))
    assert state.legal_actions() == [
        Commit(TX, NAME),
        Commit(TX, BORDERS),
        Commit(ME, NAME),
        Commit(ME, BORDERS),
    ]
    state.apply(Commit(TX, NAME))
    assert state.announcement == Announcement(4, "TX", None)
    assert state.committed == TX and TX not in state.hands[1]
    state = scenario("CA RI", "TX ME", None)
    state.apply(Lead(CA, SIZE))
    state.apply(Commit(TX, BORDERS))
    assert state.announcement == Announcement(4, None, frozenset({"NM", "OK", "AR", "LA"}))
    assert "4 border states: Arkansas, Louisiana, New Mexico, and Oklahoma" in said(state.log)[-1]


def test_follower_can_only_commit_a_card_it_holds() -> None:
    state = scenario("CA", "TX", None)
    state.apply(Lead(CA, SIZE))
    assert state.check(Commit(ME, NAME)) == Refusal("not_in_followers_hand", card="ME")
    assert state.check(Commit(TX, "capital")) is not None


def test_leader_guesses_the_state_when_the_borders_were_announced() -> None:
    state = scenario("CA RI", "TN ME", None)
    state.apply(Lead(CA, SIZE))
    state.apply(Commit(TN, BORDERS))
    assert state.current_player == 0 and state.phase == GUESS
    assert state.check(GuessBorders(TN.borders)) == Refusal("guess_the_state")
    state.apply(GuessState("TN"))
    assert state.guess_right is True


def test_leader_guesses_the_border_set_when_the_name_was_announced() -> None:
    state = scenario("CA RI", "TN ME", None)
    state.apply(Lead(CA, SIZE))
    state.apply(Commit(TN, NAME))
    assert state.check(GuessState("TN")) == Refusal("guess_the_borders")
    state.apply(GuessBorders(TN.borders))
    assert state.guess_right is True


def test_border_guess_must_match_exactly_in_any_order() -> None:
    tn = sorted(TN.borders)
    for guess, right in (
        (tuple(reversed(tn)), True),
        (list(tn), True),
        (frozenset(tn[:-1]), False),
        (frozenset(tn) | {"TX"}, False),
        (frozenset(tn[:-1]) | {"TX"}, False),
    ):
        state = scenario("CA RI", "TN ME", None)
        state.apply(Lead(CA, SIZE))
        state.apply(Commit(TN, NAME))
        state.apply(GuessBorders(guess))  # type: ignore[arg-type]
        assert state.guess_right is right, guess


def test_leader_makes_exactly_one_guess() -> None:
    state = scenario("CA RI", "TN ME", None)
    play_trick(state, CA, SIZE, TN, BORDERS, GuessState("KY"))
    assert state.guess_right is False
    assert state.check(GuessState("TN")) is not None
    assert state.phase != GUESS


def test_right_guess_lets_the_leader_discard_a_card_of_its_choice() -> None:
    state = scenario("CA RI TX", "TN ME", None)
    play_trick(state, CA, SIZE, TN, BORDERS, GuessState("TN"))
    assert state.phase == BONUS_DISCARD and state.current_player == 0
    assert state.legal_actions() == [Discard(RI), Discard(TX)]
    state.apply(Discard(RI))
    assert state.discards[0][-1] == RI and RI not in state.hands[0]
    assert "discards Rhode Island for the right guess" in said(state.log)[-2]


def test_wrong_guess_gives_no_discard() -> None:
    state = scenario("CA RI TX", "TN ME", None)
    play_trick(state, CA, SIZE, TN, NAME, GuessBorders(frozenset({"KY"})))
    assert state.guess_right is False
    assert state.phase == WIN_DISCARD  # straight to the play: California wins on size
    assert state.discards[0] == []


def test_right_guess_with_an_empty_hand_and_an_empty_deck_gives_no_discard() -> None:
    state = scenario("CA", "TN ME", "")
    before = len(state.discards[0])
    play_trick(state, CA, SIZE, TN, BORDERS, GuessState("TN"))
    assert "Player 1 guesses Tennessee — right." in said(state.log)
    assert state.is_over and state.winner == 0  # California won, with nothing left to discard
    assert len(state.discards[0]) == before


def test_follower_plays_the_committed_card_after_the_guess() -> None:
    state = scenario("CA RI", "TN ME", None)
    state.apply(Lead(CA, SIZE))
    state.apply(Commit(TN, BORDERS))
    assert state.played[1] == [] and state.observation(0).follow_card is None
    state.apply(GuessState("TN"))
    assert state.played[1] == []  # the leader's bonus discard comes first
    state.apply(Discard(RI))
    assert state.played[1] == [TN]


@pytest.mark.parametrize(("category", "winner"), [(SIZE, 0), (STATEHOOD, 0), (POPULATION, 1)])
def test_better_rank_in_the_named_category_wins_the_trick(category: Category, winner: int) -> None:
    # Texas: size 2nd, statehood 28th, population 2nd; California: 3rd, 31st, 1st.
    assert (TX.size_rank, TX.statehood_rank, TX.population_rank) == (2, 28, 2)
    assert (CA.size_rank, CA.statehood_rank, CA.population_rank) == (3, 31, 1)
    state = scenario("TX RI", "CA ME", None)
    play_trick(state, TX, category, CA, BORDERS, GuessState("RI"))
    assert state.trick_winner == winner
    assert state.current_player == winner and state.phase == WIN_DISCARD


def test_trick_winner_discards_a_card_of_its_choice_and_leads_next() -> None:
    state = scenario("TX RI", "CA ME HI", None)
    play_trick(state, TX, POPULATION, CA, BORDERS, GuessState("RI"))
    assert state.legal_actions() == [Discard(ME), Discard(HI)]
    state.apply(Discard(HI))
    assert state.discards[1] == [HI]
    assert state.phase == LEAD and state.leader == 1 and state.current_player == 1
    assert state.trick == 1


def test_trick_winner_with_an_empty_hand_and_an_empty_deck_skips_the_discard() -> None:
    state = scenario("TX RI", "CA", "")
    before = len(state.discards[1])
    play_trick(state, TX, POPULATION, CA, BORDERS, GuessState("RI"))
    assert state.is_over and state.winner == 1
    assert len(state.discards[1]) == before


# ---------------------------------------------------------------- refills


def test_refill_when_a_hand_is_empty_deals_five_more_to_both_hands() -> None:
    top = "AK HI ME TN AL AR AZ CO CT DE FL GA"
    state = scenario("CA", "TX RI WY", top)
    play_trick(state, CA, SIZE, RI, BORDERS, GuessState("AL"))
    # the leader's hand is empty at the end of the trick: 5 more to each, the non-dealer first
    assert len(state.hands[0]) == 5
    assert len(state.hands[1]) == 2 + 5, "new cards are added to the cards still held"
    assert {c.usps for c in state.hands[0]} == {"HI", "TN", "AR", "CO", "DE"}
    assert {"AK", "ME", "AL", "AZ", "CT"} <= {c.usps for c in state.hands[1]}
    assert [c.usps for c in reversed(state.deck)] == ["FL", "GA"]


def test_earned_discards_are_never_lost_while_the_deck_has_cards() -> None:
    # California leads its last card: both hands get 5 at once, so the right guess still
    # earns a discard (the rules README: the refill comes before anything else happens).
    top = "AK HI ME TN AL AR AZ CO CT DE FL GA"
    state = scenario("CA", "TX RI WY", top)
    state.apply(Lead(CA, SIZE))
    assert len(state.hands[0]) == 5 and len(state.hands[1]) == 8 and len(state.deck) == 2
    assert said(state.log)[-1] == "5 cards to each player (2 left in the deck)."
    state.apply(Commit(RI, BORDERS))
    state.apply(GuessState("RI"))
    assert state.phase == BONUS_DISCARD and state.current_player == 0
    state.apply(Discard(card("HI")))
    assert state.discards[0][-1] == card("HI")
    assert state.phase == WIN_DISCARD and state.current_player == 0  # California beats RI


def test_a_follower_committing_its_last_card_is_refilled_at_once() -> None:
    state = scenario("TX RI", "CA", "AK HI ME TN AL AR AZ CO CT DE")
    state.apply(Lead(TX, POPULATION))
    state.apply(Commit(CA, BORDERS))
    assert [len(h) for h in state.hands] == [6, 5] and state.deck == []
    state.apply(GuessState("RI"))
    assert state.trick_winner == 1 and state.phase == WIN_DISCARD  # CA 1st in population


def test_no_refill_while_both_hands_hold_cards() -> None:
    state = scenario("CA TX RI", "WY ME AZ", "AK HI NV TN AL AR UT CO CT DE")
    play_trick(state, CA, SIZE, card("WY"), BORDERS, GuessState("AL"))
    state.apply(Discard(RI))
    assert state.phase == LEAD and [len(h) for h in state.hands] == [1, 2]
    assert len(state.deck) == 10


def test_refill_comes_when_the_winners_discard_empties_its_hand() -> None:
    state = scenario("CA TX", "RI WY", "AK HI ME TN AL AR AZ CO CT DE")
    play_trick(state, CA, SIZE, RI, BORDERS, GuessState("AL"))
    assert state.phase == WIN_DISCARD and len(state.deck) == 10
    state.apply(Discard(TX))
    assert len(state.deck) == 0 and len(state.hands[0]) == 5 and len(state.hands[1]) == 6


def test_each_player_receives_25_cards_in_all() -> None:
    rng = random.Random(1)
    for seed in range(30):
        state = BorderAttack.new(seed=seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        for seat in (0, 1):
            assert state.scores[seat] + len(state.hands[seat]) == 25


# ---------------------------------------------------------------- the end


def test_player_with_an_empty_hand_and_an_empty_deck_wins_even_after_losing_the_trick() -> None:
    state = scenario("CA TX AZ", "RI", "")
    play_trick(state, CA, SIZE, RI, BORDERS, GuessState("AL"))
    state.apply(Discard(TX))
    assert state.is_over and state.winner == 1 and state.phase == OVER
    assert state.current_player is None and state.legal_actions() == []
    assert "Player 2 has no card left and the deck is empty" in said(state.log)[-1]


def test_both_hands_empty_the_trick_winner_wins() -> None:
    state = scenario("CA", "RI", "")
    play_trick(state, CA, SIZE, RI, BORDERS, GuessState("AL"))
    assert state.is_over and state.winner == 0
    state = scenario("CA", "RI", "")
    play_trick(state, CA, STATEHOOD, RI, BORDERS, GuessState("AL"))  # RI 13th beats CA 31st
    assert state.is_over and state.winner == 1


def test_emptying_a_hand_with_the_deck_left_does_not_end_the_game() -> None:
    state = scenario("CA", "RI WY", "AK HI ME TN AL AR AZ CO CT DE")
    play_trick(state, CA, SIZE, RI, BORDERS, GuessState("AL"))
    assert not state.is_over and len(state.hands[0]) == 5
    state = scenario("CA", "RI", "AK HI ME TN AL AR AZ CO CT DE")
    play_trick(state, CA, SIZE, RI, BORDERS, GuessState("AL"))
    assert not state.is_over and [len(h) for h in state.hands] == [5, 5]
    assert state.phase == WIN_DISCARD and state.current_player == 0


def test_the_game_ends_within_max_actions() -> None:
    rng = random.Random(7)
    for seed in range(50):
        state, n = BorderAttack.new(seed=seed), 0
        while not state.is_over:
            state.step(rng.choice(state.legal_actions()))
            n += 1
        assert n <= BorderAttack.max_actions
        assert state.winner in (0, 1)


# ---------------------------------------------------------------- decisions


def test_bonus_discards_are_compulsory() -> None:
    state = scenario("CA RI TX", "TN ME", None)
    play_trick(state, CA, SIZE, TN, BORDERS, GuessState("TN"))
    assert all(isinstance(a, Discard) for a in state.legal_actions())
    assert state.check(Lead(TX, SIZE)) == Refusal("discard_expected")
    state.apply(Discard(RI))
    assert state.phase == WIN_DISCARD
    assert state.check(Lead(TX, SIZE)) == Refusal("discard_expected")


def test_a_single_card_discard_is_still_an_action() -> None:
    state = scenario("CA TX", "TN ME", None)
    play_trick(state, CA, SIZE, TN, BORDERS, GuessState("AL"))
    assert state.legal_actions() == [Discard(TX)]


def test_discard_only_a_card_in_the_discarding_hand() -> None:
    state = scenario("CA TX", "TN ME", None)
    play_trick(state, CA, SIZE, TN, BORDERS, GuessState("TN"))
    assert state.check(Discard(ME)) == Refusal("not_in_discarders_hand", card="ME")
    assert state.check(Discard(CA)) is not None  # already on the table


def test_check_accepts_any_state_code_as_a_state_guess() -> None:
    state = scenario("CA RI", "TN ME", None)
    state.apply(Lead(CA, SIZE))
    state.apply(Commit(TN, BORDERS))
    assert state.check(GuessState("RI")) is None  # even a card the leader holds: just wrong
    assert state.check(GuessState("AK")) is None  # even a different border count
    assert state.check(GuessState("XX")) == Refusal("not_a_usps_code", given="'XX'")
    assert state.check(GuessState("tn")) is not None
    assert state.check(GuessState(None)) is not None  # type: ignore[arg-type]


def test_check_accepts_any_set_of_state_codes_as_a_border_guess() -> None:
    state = scenario("CA RI", "TN ME", None)
    state.apply(Lead(CA, SIZE))
    state.apply(Commit(TN, NAME))
    assert state.check(GuessBorders(frozenset())) is None
    assert state.check(GuessBorders(frozenset({"AK", "HI", "TN"}))) is None
    assert state.check(GuessBorders(frozenset({"KY", "DC"}))) == Refusal(
        "not_a_usps_code", given="'DC'"
    )
    assert state.check(GuessBorders(("KY", "KY"))) == Refusal("state_named_twice")  # type: ignore[arg-type]
    assert state.check(GuessBorders("KY")) == Refusal("borders_not_a_set")  # type: ignore[arg-type]


def test_listed_state_guesses_are_the_unseen_states_with_the_announced_count() -> None:
    # Tennessee has 8 borders, like Missouri; the leader holds Missouri.
    state = scenario("CA MO", "TN ME", None)
    state.apply(Lead(CA, SIZE))
    state.apply(Commit(TN, BORDERS))
    assert state.legal_actions() == [GuessState("TN")]
    state = scenario("CA RI", "TN ME", None)
    state.apply(Lead(CA, SIZE))
    state.apply(Commit(TN, BORDERS))
    assert state.legal_actions() == [GuessState("MO"), GuessState("TN")]


def test_listed_border_guesses_are_distinct_sets_of_the_announced_size_with_the_answer() -> None:
    state = scenario("CA RI", "AK ME", None)
    state.apply(Lead(CA, SIZE))
    state.apply(Commit(AK, NAME))
    assert state.legal_actions() == [GuessBorders(frozenset())]  # Alaska and Hawaii: one set
    state = scenario("CA RI", "TX ME", None)
    state.apply(Lead(CA, SIZE))
    state.apply(Commit(TX, NAME))
    legal = state.legal_actions()
    assert GuessBorders(TX.borders) in legal and len(legal) == len(set(legal)) > 1
    assert all(len(a.borders) == 4 for a in legal)


def test_scores_count_the_cards_each_player_got_rid_of() -> None:
    state = scenario("CA RI TX", "TN ME", None)
    assert state.scores == [0, 0]
    play_trick(state, CA, SIZE, TN, BORDERS, GuessState("TN"))
    state.apply(Discard(RI))
    state.apply(Discard(TX))
    assert state.scores == [3, 1]


def test_log_never_names_the_follower_card_before_it_is_played() -> None:
    state = scenario("CA RI", "TX ME", None)
    state.apply(Lead(CA, SIZE))
    state.apply(Commit(TX, BORDERS))
    state.apply(GuessState("OK"))
    assert not any("Texas" in line for line in said(state.log)[:-1])
    assert "Texas" in said(state.log)[-1]


def test_actions_read_as_a_player_would_say_them() -> None:
    assert str(Lead(TX, SIZE)) == "lead Texas (Size)"
    assert str(Commit(TX, NAME)) == "play Texas, announce its name"
    assert str(Commit(TX, BORDERS)) == "play Texas, announce its border states"
    assert str(GuessState("TX")) == "guess Texas"
    assert str(GuessBorders(frozenset({"ME"}))) == "guess borders: Maine"
    assert str(GuessBorders(frozenset())) == "guess borders: none"
    assert str(Discard(RI)) == "discard Rhode Island"


def test_garbage_is_refused_with_a_reason_and_changes_nothing() -> None:
    state = BorderAttack.new(seed=2)
    for junk in (None, "lead", 3, TX, Commit(TX, NAME), GuessState("TX"), object()):
        before = state.clone()
        reason = state.check(junk)
        assert reason
        with pytest.raises(IllegalAction):
            state.apply(junk)
        assert state == before


# ---------------------------------------------------------------- observation and replay


def _cards_in(obj: Any) -> set[Card]:
    """Every Card reachable from an observation (dataclasses, tuples, sets)."""
    found: set[Card] = set()
    if isinstance(obj, Card):
        found.add(obj)
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            found |= _cards_in(getattr(obj, f.name))
    elif isinstance(obj, (tuple, list, set, frozenset)):
        for item in obj:
            found |= _cards_in(item)
    return found


def test_observation_hides_the_opponent_hand_the_deck_and_the_face_down_card() -> None:
    state = scenario("CA RI", "TX ME WY", None)
    state.apply(Lead(CA, SIZE))
    state.apply(Commit(TX, BORDERS))
    obs = state.observation(0)
    hidden = set(state.hands[1]) | set(state.deck) | {TX}
    assert not _cards_in(obs) & hidden
    for c in state.hands[1] + [TX]:
        assert not any(c.name in line for line in said(obs.log))
    assert obs.hand == (RI,) and obs.hand_counts == (1, 2) and obs.deck_count == len(state.deck)
    assert obs.announcement == Announcement(4, None, TX.borders)
    mine = state.observation(1)
    assert mine.follow_card == TX and mine.legal == ()
    assert not _cards_in(mine) & (set(state.hands[0]) | set(state.deck))


def test_from_observation_is_consistent_with_what_the_seat_saw() -> None:
    state = scenario("CA RI", "TX ME WY", None)
    state.apply(Lead(CA, SIZE))
    state.apply(Commit(TX, BORDERS))
    obs = state.observation(0)
    for i in range(10):
        sample = BorderAttack.from_observation(obs, random.Random(i))
        assert sample.observation(0) == obs
        assert sample.committed == TX  # the only card with Texas's borders
        assert sample.legal_actions() == state.legal_actions()
    state = scenario("CA RI", "AK ME WY", None)
    state.apply(Lead(CA, SIZE))
    state.apply(Commit(AK, BORDERS))
    obs = state.observation(0)
    drawn = {BorderAttack.from_observation(obs, random.Random(i)).committed for i in range(20)}
    assert drawn == {AK, HI}  # no borders: Alaska or Hawaii, the leader cannot tell


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), choices=st.integers(0, 2**32 - 1))
def test_random_games_keep_every_card_and_end_with_a_winner(seed: int, choices: int) -> None:
    rng = random.Random(choices)
    state = BorderAttack.new(seed=seed)
    while not state.is_over:
        cards = state.all_cards()
        assert len(cards) == 50 and set(cards) == set(deck())
        hands = [len(h) for h in state.hands]
        if state.phase == LEAD:
            assert all(hands), "a trick starts with a card in each hand"
        state.apply(rng.choice(state.legal_actions()))
    assert state.winner in (0, 1)
    assert 25 in state.scores and not state.hands[state.winner]


# ---------------------------------------------------------------- bots


def _act(bot_cls: type, seat: int, state: BorderAttack, seed: int = 0) -> Any:
    return bot_cls(seat, seed).act(state.observation(seat))


def test_bots_play_every_phase_from_the_observation_alone() -> None:
    for level, bot_cls in BOTS.items():
        state = BorderAttack.new(seed=17)
        bots = [bot_cls(0, 1), bot_cls(1, 2)]
        while not state.is_over:
            seat = state.current_player
            action = bots[seat].act(state.observation(seat))
            assert state.check(action) is None, level
            state.apply(action)


def test_easy_bot_leads_its_best_ranked_card_in_that_category() -> None:
    state = scenario("RI TX ME", "CA", None)
    assert _act(EasyBot, 0, state) == Lead(TX, SIZE)


def test_medium_bot_leads_a_card_no_unseen_card_can_beat() -> None:
    # Alaska is 1st in size: nothing can beat it.
    state = scenario("RI AK WY", "CA", None)
    assert _act(MediumBot, 0, state) == Lead(AK, SIZE)


@pytest.mark.parametrize("bot_cls", [EasyBot, MediumBot])
def test_follower_bot_beats_the_lead_with_its_least_useful_winner(bot_cls: type) -> None:
    # Ohio leads statehood (17th): Delaware (1st) and Rhode Island (13th) beat it, Wyoming
    # (44th) does not; Rhode Island is the lesser of the two winners.
    assert (card("OH").statehood_rank, RI.statehood_rank, card("WY").statehood_rank) == (17, 13, 44)
    state = scenario("OH CO", "DE RI WY", None)
    state.apply(Lead(card("OH"), STATEHOOD))
    action = _act(bot_cls, 1, state)
    assert action.card == RI


@pytest.mark.parametrize("bot_cls", [EasyBot, MediumBot])
def test_follower_bot_that_cannot_win_gives_up_its_weakest_card(bot_cls: type) -> None:
    state = scenario("AK RI", "CA TX WY", None)
    state.apply(Lead(AK, SIZE))
    assert _act(bot_cls, 1, state).card == card("WY")


def test_medium_bot_announces_what_is_harder_to_guess() -> None:
    state = scenario("AK RI", "TN", "")
    state.apply(Lead(AK, SIZE))
    assert _act(MediumBot, 1, state).reveal == NAME  # eight borders are hard to list
    state = scenario("TX RI", "HI", None)  # Alaska unseen: "no borders" could be either
    state.apply(Lead(TX, SIZE))
    assert _act(MediumBot, 1, state).reveal == BORDERS


def test_medium_bot_announces_the_border_list_when_another_unseen_state_fits_it() -> None:
    # Missouri also has eight borders, two of them Tennessee's: unseen, it makes the list of
    # Tennessee's borders ambiguous; once discarded (deck "" discards every other card), not.
    complete = Knowledge.complete()
    state = scenario("AK RI", "TN", None)
    state.apply(Lead(AK, SIZE))
    assert MediumBot(1, 0, knowledge=complete).act(state.observation(1)).reveal == BORDERS
    state = scenario("AK RI", "TN", "")
    state.apply(Lead(AK, SIZE))
    assert MediumBot(1, 0, knowledge=complete).act(state.observation(1)).reveal == NAME


def test_easy_bot_announces_the_border_list_when_it_remembers_it() -> None:
    state = scenario("AK RI", "TN", None)
    state.apply(Lead(AK, SIZE))
    obs = state.observation(1)
    assert EasyBot(1, 0, knowledge=Knowledge.complete()).act(obs).reveal == BORDERS
    patchy = next(s for s in range(100) if len(Knowledge.for_level("easy", s).borders["TN"]) <= 6)
    assert EasyBot(1, patchy).act(obs).reveal == NAME  # two forgotten: it thinks it is hard
    state = scenario("TX RI", "HI", None)
    state.apply(Lead(TX, SIZE))
    assert _act(EasyBot, 1, state).reveal == BORDERS  # Alaska and Hawaii: nothing to list


def test_easy_and_medium_bots_announce_both_kinds_in_a_game() -> None:
    for bot_cls in (EasyBot, MediumBot):
        reveals = []
        for seed in range(6):
            state = BorderAttack.new(seed=seed)
            bots = [bot_cls(0, seed), MediumBot(1, seed)]
            while not state.is_over:
                seat = state.current_player
                action = bots[seat].act(state.observation(seat))
                if seat == 0 and state.phase == COMMIT:
                    reveals.append(action.reveal)
                state.step(action)
        share = reveals.count(BORDERS) / len(reveals)
        assert 0.1 < share < 0.6, (bot_cls, share)


def _within_two_borders(codes: frozenset[str]) -> set[str]:
    """The states at most two borders from a state of ``codes`` (``codes`` included)."""
    out = set(codes)
    for _ in range(2):
        out |= {b for code in out for b in card(code).borders}
    return out


def test_easy_bot_wrong_border_guesses_stay_near_the_right_set() -> None:
    # Every wrong state is within two borders of a true border state (mostly a neighbour of a
    # neighbour), never a state across the country, whatever the bot forgot.
    for named in ("MA", "TN", "ME", "WA", "CO"):
        target = card(named)
        state = scenario("CA RI", f"{named} HI", None)
        state.apply(Lead(CA, SIZE))
        state.apply(Commit(target, NAME))
        obs = state.observation(0)
        for seed in range(40):
            guess = EasyBot(0, seed).act(obs)
            assert len(guess.borders) == len(target.borders)
            near = _within_two_borders(target.borders)
            for code in guess.borders - target.borders:
                assert code != named and code in near, (named, code)


def test_forgetful_bot_confuses_the_state_with_one_in_the_region_of_the_list() -> None:
    # A bot that remembers no border can only guess among the states with six borders, as
    # Wyoming has, but it picks one near the listed states (Idaho, Iowa, …), never one across
    # the country (Pennsylvania, Kentucky…).
    state = scenario("CA RI", "WY ME", None)
    state.apply(Lead(CA, SIZE))
    state.apply(Commit(card("WY"), BORDERS))
    obs = state.observation(0)
    blank = Knowledge.for_level("random", 0)
    guesses = {EasyBot(0, s, knowledge=blank).act(obs).usps for s in range(30)}
    region = _within_two_borders(card("WY").borders)
    assert guesses <= region and len(guesses) > 1 and "PA" not in region


@pytest.mark.parametrize("bot_cls", [EasyBot, MediumBot])
def test_discarding_bot_keeps_the_cards_that_win_tricks(bot_cls: type) -> None:
    state = scenario("TX CA RI DE", "ME WY", None)
    play_trick(state, TX, SIZE, card("WY"), BORDERS, GuessState("WY"))
    assert state.phase == BONUS_DISCARD
    assert _act(bot_cls, 0, state) == Discard(RI)


def test_bot_guesses_the_state_from_the_announced_borders() -> None:
    state = scenario("CA RI", "TN ME", None)
    state.apply(Lead(CA, SIZE))
    state.apply(Commit(TN, BORDERS))
    complete = Knowledge.complete()
    assert MediumBot(0, 0, knowledge=complete).act(state.observation(0)) == GuessState("TN")


def test_easy_bot_guesses_borders_from_memory_and_can_be_wrong() -> None:
    # An easy bot whose memory of Tennessee's eight borders has gaps guesses a wrong set;
    # with complete knowledge the same bot names the exact set.
    seed = next(s for s in range(100) if len(Knowledge.for_level("easy", s).borders["TN"]) < 8)
    state = scenario("CA RI", "TN ME", None)
    state.apply(Lead(CA, SIZE))
    state.apply(Commit(TN, NAME))
    obs = state.observation(0)
    guess = EasyBot(0, seed).act(obs)
    assert isinstance(guess, GuessBorders) and len(guess.borders) == 8
    assert guess.borders != TN.borders and state.check(guess) is None
    assert EasyBot(0, seed, knowledge=Knowledge.complete()).act(obs) == GuessBorders(TN.borders)


def test_medium_bot_remembers_more_borders_than_easy() -> None:
    pairs = sum(len(c.borders) for c in deck())
    easy = sum(len(v) for v in Knowledge.for_level("easy", 1).borders.values())
    medium = sum(len(v) for v in Knowledge.for_level("medium", 1).borders.values())
    assert easy < medium < pairs


def test_bot_refuses_to_act_out_of_turn() -> None:
    state = BorderAttack.new(seed=21)
    idle = 1 - state.current_player
    with pytest.raises(ValueError):
        MediumBot(idle, 0).act(state.observation(idle))


def test_bot_border_guess_comes_from_memory_even_when_one_set_is_listed() -> None:
    # Maine is the only state with one border: the list offers only {New Hampshire}, but a bot
    # that forgot the Maine-New Hampshire border does not read the answer off the list.
    state = scenario("CA RI", "ME TN", None)
    state.apply(Lead(CA, SIZE))
    state.apply(Commit(ME, NAME))
    assert state.legal_actions() == [GuessBorders(frozenset({"NH"}))]
    obs = state.observation(0)
    forgetful = [s for s in range(200) if not Knowledge.for_level("easy", s).borders["ME"]][:20]
    guesses = [EasyBot(0, s).act(obs) for s in forgetful]
    assert len(forgetful) == 20 and all(len(g.borders) == 1 for g in guesses)
    assert sum(g.borders == {"NH"} for g in guesses) <= 3
    remembering = next(s for s in range(200) if Knowledge.for_level("easy", s).borders["ME"])
    assert EasyBot(0, remembering).act(obs) == GuessBorders(frozenset({"NH"}))


# ---------------------------------------------------------------- odds (the hints and the bots)


def test_an_announced_name_is_known_and_an_announced_list_is_not() -> None:
    state = scenario("CA RI", "TX ME WY", None)
    state.apply(Lead(CA, SIZE))
    named = state.clone()
    named.apply(Commit(TX, NAME))
    listed = state.clone()
    listed.apply(Commit(TX, BORDERS))
    assert TX not in odds.unseen(named.observation(0))
    assert TX in odds.unseen(listed.observation(0))
    assert TX not in odds.unseen(listed.observation(1))  # the follower knows its own card
    for obs in (named.observation(0), listed.observation(1)):
        assert not set(odds.unseen(obs)) & (set(obs.hand) | {CA})  # own hand, the led card


def test_a_lead_holds_when_no_card_of_the_opponent_beats_it() -> None:
    # Four unseen cards, two of them larger than Colorado; the opponent holds two of the four:
    # Colorado holds only when the opponent's two are the two smaller ones, 1 way in C(4, 2).
    co, wy, ri, de = (card(c) for c in ("CO", "WY", "RI", "DE"))
    chances = odds.WinChances([TX, AK, ri, de], held=2)
    assert chances.beaten_by(co, SIZE) == 2 and chances.lead(co, SIZE) == pytest.approx(1 / 6)
    assert chances.lead(AK, SIZE) == 1.0 and chances.lead(ri, SIZE) == 0.0  # 3 of 4 larger
    assert chances.lead(wy, STATEHOOD) == 0.0  # three of the four were admitted before it
    assert chances.best_lead(AK) == (SIZE, 1.0) and chances.value(AK) == 1.0
    assert odds.follow_wins(TX, CA, SIZE) and not odds.follow_wins(CA, TX, SIZE)


def test_the_guesses_that_fit_an_announcement() -> None:
    state = scenario("CA RI", "TN AK ME", None)
    state.apply(Lead(CA, SIZE))
    listed = state.clone()
    listed.apply(Commit(TN, BORDERS))
    obs = listed.observation(0)
    assert TN in odds.guess_candidates(obs) and len(odds.guess_candidates(obs)) > 1
    assert odds.guess_candidates(obs) == listed.guess_candidates()
    assert odds.fitting_guesses(obs) == (GuessState("TN"),)
    named = state.clone()
    named.apply(Commit(TN, NAME))
    assert odds.fitting_guesses(named.observation(0)) == (GuessBorders(TN.borders),)
    islands = state.clone()
    islands.apply(Commit(AK, BORDERS))  # no borders: Alaska or Hawaii
    assert odds.fitting_guesses(islands.observation(0)) == (GuessState("AK"), GuessState("HI"))
    assert odds.fitting_guesses(state.observation(1)) == ()  # no guess to make


# ---------------------------------------------------------------- the guess of each level


def _guesses(games: int) -> list[BorderAttackObservation]:
    """The leader's observation at every guess of ``games`` seeded games between medium bots."""
    found = []
    for seed in range(games):
        state = BorderAttack.new(seed=seed)
        bots = [MediumBot(s, seed + s) for s in (0, 1)]
        while not state.is_over:
            obs = state.observation(state.current_player)
            if obs.phase == GUESS:
                found.append(obs)
            state.step(bots[obs.seat].act(obs))
    return found


def _fits(guess: Any, ann: Announcement) -> bool:
    """True when a guess fits the announcement for a player who knows every border."""
    if ann.usps is None:
        return isinstance(guess, GuessState) and card(guess.usps).borders == ann.borders
    return isinstance(guess, GuessBorders) and guess.borders == card(ann.usps).borders


def test_the_hard_bot_guesses_only_what_fits_the_announcement() -> None:
    """A hard opponent remembers every border: its guess is a state whose borders are exactly
    the announced list, or exactly the named state's border set, whatever its search finds.
    (It used to guess a sure miss, e.g. Iowa for Utah's borders, where declining the bonus
    discard won more of its rollouts.)"""
    kinds = {NAME: 0, BORDERS: 0}
    for obs in _guesses(12):
        guess = make_bot("border_attack", "hard", obs.seat, obs.trick, time_budget=None).act(obs)
        assert _fits(guess, obs.announcement), (obs.announcement, guess)
        kinds[obs.announcement.reveal] += 1
    assert min(kinds.values()) >= 20, kinds


def test_medium_and_easy_guesses_never_contradict_what_they_remember() -> None:
    """Easy and medium do not know every border (a guess may be wrong), but a guess never goes
    against their own memory: a guessed state borders no remembered state outside the list,
    a guessed set holds every remembered border of the named state and has the announced size."""
    for obs in _guesses(6):
        ann = obs.announcement
        for bot in (EasyBot(obs.seat, obs.trick), MediumBot(obs.seat, obs.trick)):
            guess = bot.act(obs)
            remembered = bot.knowledge.borders
            if ann.usps is None:
                assert remembered[guess.usps] <= ann.borders
            else:
                assert remembered[ann.usps] <= guess.borders and len(guess.borders) == ann.count
        assert _fits(MediumBot(obs.seat, 0, knowledge=Knowledge.complete()).act(obs), ann)
