"""Reverse Geography War: every rule sentence and every decision pinned by a scenario."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import card, deck
from engine.core import GAME_OVER, Event, IllegalAction
from engine.reverse_war import (
    FLIP,
    MAX_TURNS,
    Battle,
    Flip,
    ReverseWar,
    geoplunges,
    worst_categories,
)
from ui.games.events import told


def codes(cards) -> list[str]:
    return [c.usps for c in cards]


def said(event: Event) -> str:
    """An event of the engine's log as its sentence (ui/games/reverse_war/events.py)."""
    return told(event, "reverse_war")


def flip(state: ReverseWar) -> Battle:
    state.apply(FLIP)
    assert state.last_battle is not None
    return state.last_battle


# ----------------------------------------------------------------- the deal


def test_deal_gives_25_cards_to_each_player() -> None:
    state = ReverseWar.new(seed=7)
    assert state.scores == [25, 25]
    assert sorted(codes(state.all_cards())) == sorted(codes(deck()))
    assert state.seed == 7
    assert state.pile_history == [(25, 25)]


def test_never_shuffle_again_after_the_deal() -> None:
    state = ReverseWar.new(seed=3)
    rng_after_deal = state.rng.getstate()
    while not state.is_over:
        state.apply(FLIP)
    assert state.rng.getstate() == rng_after_deal


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 3}, "2 players"),
        ({"players": 1}, "2 players"),
        ({"teams": 2}, "no teams"),
        ({"speed": "fast"}, "Unknown option"),
    ],
)
def test_invalid_setups_are_refused(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ReverseWar.new(**kwargs)


def test_from_piles_refuses_a_card_twice_or_a_turn_past_the_cap() -> None:
    with pytest.raises(ValueError, match="twice"):
        ReverseWar.from_piles(["WY", "AK"], ["AK"])
    with pytest.raises(ValueError, match="turn must be"):
        ReverseWar.from_piles(["WY"], ["AK"], turn=MAX_TURNS)


# ----------------------------------------------------------------- no decisions


def test_both_flip_at_once_there_is_no_player_to_act() -> None:
    state = ReverseWar.new(seed=1)
    assert state.current_player is None
    assert state.legal_actions() == [FLIP]
    assert str(FLIP) == "flip"
    assert state.observation(0).legal == (FLIP,)
    assert state.observation(1).legal == (FLIP,)


@pytest.mark.parametrize("garbage", [None, 3, "flip", object(), card("TX"), ("flip",)])
def test_anything_but_a_flip_is_refused_and_changes_nothing(garbage: object) -> None:
    state = ReverseWar.new(seed=5)
    state.apply(FLIP)
    before = state.clone()
    assert state.check(garbage) is not None
    with pytest.raises(IllegalAction):
        state.apply(garbage)
    assert state == before


def test_no_flip_after_the_game_is_over() -> None:
    state = ReverseWar.from_piles(["WY"], ["AK"])
    flip(state)
    assert state.is_over
    assert state.legal_actions() == []
    assert state.observation(0).legal == ()
    assert state.check(FLIP) == GAME_OVER
    before = state.clone()
    with pytest.raises(IllegalAction) as refused:
        state.apply(Flip())
    assert refused.value.refusal == GAME_OVER
    assert state == before


# ----------------------------------------------------------------- weakness


def test_wyoming_beats_alaska_on_weakness() -> None:
    # Wyoming's worst rank is 50th (population), Alaska's 49th (statehood).
    state = ReverseWar.from_piles(["WY", "TX"], ["AK", "CA"])
    battle = flip(state)
    assert battle.winner == 0
    assert battle.weakness == (50, 49)
    assert battle.wars == 0
    assert not battle.geoplunge
    assert codes(state.piles[0]) == ["TX", "WY", "AK"]
    assert codes(state.piles[1]) == ["CA"]
    assert worst_categories(card("WY"))[0].value == "population"
    assert worst_categories(card("AK"))[0].value == "statehood"
    assert [[c.value for c in cats] for cats in battle.worst] == [["population"], ["statehood"]]
    assert state.log[-1] == Event(
        "wins_flip",
        turn=1,
        seat=0,
        count=2,
        winner_card="WY",
        loser_card="AK",
        geoplunge=False,
        handed_cards=(),
    )
    assert said(state.log[-1]) == (
        "Turn 1: Player 1 wins 2 cards — Wyoming (50th in population) is weaker than Alaska "
        "(49th in statehood)."
    )


def test_larger_weakness_wins_for_the_second_seat_too_winner_card_first() -> None:
    state = ReverseWar.from_piles(["AK", "CA"], ["WY", "TX"])
    battle = flip(state)
    assert battle.winner == 1
    assert codes(battle.won) == ["WY", "AK"]
    assert codes(state.piles[1]) == ["TX", "WY", "AK"]
    assert state.pile_history[-1] == (1, 3) == battle.pile_sizes


# ----------------------------------------------------------------- GeoPlunge


def test_maine_geoplunges_georgia() -> None:
    assert geoplunges(card("ME"), card("GA"))
    assert not geoplunges(card("GA"), card("ME"))
    state = ReverseWar.from_piles(["ME", "TX"], ["GA", "CA", "NY", "FL", "IL"])
    battle = flip(state)
    assert battle.winner == 0
    assert battle.geoplunge
    assert codes(battle.handed_over) == ["CA", "NY", "FL"]
    # The table cards first (winner's first), then the three handed over, in order.
    assert codes(state.piles[0]) == ["TX", "ME", "GA", "CA", "NY", "FL"]
    assert codes(state.piles[1]) == ["IL"]
    assert state.log[-1].values["geoplunge"] is True
    assert state.log[-1].values["handed_cards"] == ("CA", "NY", "FL")  # in the order handed
    assert said(state.log[-1]).endswith(
        "— Maine (42nd in population) is weaker than Georgia (24th in size). GeoPlunge! "
        "Player 2 hands over California, New York, and Florida."
    )


def test_wyoming_does_not_geoplunge_alaska() -> None:
    # Wyoming is worse in size (10th against 1st) and population (50th against 48th) but
    # better in statehood (44th against 49th): not worse in all three.
    assert not geoplunges(card("WY"), card("AK"))


def test_geoplunge_hands_over_fewer_when_the_loser_has_fewer() -> None:
    state = ReverseWar.from_piles(["ME", "TX"], ["GA", "CA"])
    battle = flip(state)
    assert codes(battle.handed_over) == ["CA"]
    assert state.is_over and state.winner == 0
    assert codes(state.piles[0]) == ["TX", "ME", "GA", "CA"]


def test_geoplunge_with_no_card_left_to_hand_over() -> None:
    state = ReverseWar.from_piles(["ME", "TX"], ["GA"])
    battle = flip(state)
    assert battle.geoplunge and battle.handed_over == ()
    assert state.winner == 0
    assert state.log[-2].values["geoplunge"] is True and state.log[-2].values["handed_cards"] == ()
    assert said(state.log[-2]).endswith("GeoPlunge! Player 2 hands over nothing (no cards left).")
    assert state.log[-1] == Event("holds_all", seat=0)
    assert said(state.log[-1]) == "Player 1 holds all the cards and wins the game."


def test_a_geoplunge_card_always_has_the_larger_weakness() -> None:
    """Decision 1: a GeoPlunge is always a win on weakness too."""
    for a, b in itertools.permutations(deck(), 2):
        if geoplunges(a, b):
            assert a.weakness > b.weakness


def test_geoplunge_applies_to_the_face_up_cards_of_a_war() -> None:
    # Wyoming and Rhode Island tie at 50th; the war's turned cards are Georgia and Maine.
    pile0 = ["WY", "CA", "NY", "FL", "IL", "GA", "TX", "OH", "PA", "NC"]
    pile1 = ["RI", "AZ", "CO", "NV", "UT", "ME", "MI"]
    state = ReverseWar.from_piles(pile0, pile1)
    battle = flip(state)
    assert battle.wars == 1
    assert battle.winner == 1
    assert battle.geoplunge
    assert codes(battle.handed_over) == ["TX", "OH", "PA"]
    assert codes(battle.won) == [
        "RI", "WY",
        "AZ", "CO", "NV", "UT", "CA", "NY", "FL", "IL",
        "ME", "GA",
        "TX", "OH", "PA",
    ]  # fmt: skip
    assert codes(state.piles[0]) == ["NC"]
    assert codes(state.piles[1]) == ["MI", *codes(battle.won)]


# ----------------------------------------------------------------- Geography War


def test_equal_weakness_starts_a_geography_war_four_down_fifth_up() -> None:
    pile0 = ["WY", "CA", "NY", "FL", "IL", "TX", "OH"]
    pile1 = ["RI", "PA", "MI", "GA", "NC", "AK", "VA"]
    state = ReverseWar.from_piles(pile0, pile1)
    battle = flip(state)
    assert battle.wars == 1
    assert codes(battle.down[0][0]) == ["CA", "NY", "FL", "IL"]
    assert codes(battle.down[0][1]) == ["PA", "MI", "GA", "NC"]
    assert codes(battle.deciding) == ["TX", "AK"]
    assert battle.winner == 1  # Alaska 49th against Texas 28th
    assert not battle.geoplunge
    assert state.log[-2] == Event(
        "war", turn=1, first_card="WY", second_card="RI", rank=50, levels=1
    )
    assert said(state.log[-2]) == "Turn 1: Wyoming and Rhode Island tie at 50th — a Geography War!"


def test_won_cards_go_under_the_pile_in_table_order_winner_first_at_each_step() -> None:
    pile0 = ["WY", "CA", "NY", "FL", "IL", "TX", "OH"]
    pile1 = ["RI", "PA", "MI", "GA", "NC", "AK", "VA"]
    state = ReverseWar.from_piles(pile0, pile1)
    battle = flip(state)
    expected = ["RI", "WY", "PA", "MI", "GA", "NC", "CA", "NY", "FL", "IL", "AK", "TX"]
    assert codes(battle.won) == expected
    assert codes(state.piles[1]) == ["VA", *expected]
    assert codes(state.piles[0]) == ["OH"]
    assert codes(battle.cards()) == [
        "WY", "RI", "CA", "NY", "FL", "IL", "PA", "MI", "GA", "NC", "TX", "AK",
    ]  # fmt: skip


def test_double_geography_war_repeats_while_equal() -> None:
    # 50 = 50, then Alaska 49 = Vermont 49, then Texas 28 against New Jersey 47.
    pile0 = ["WY", "CA", "NY", "FL", "IL", "AK", "OH", "PA", "MI", "GA", "TX"]
    pile1 = ["RI", "AZ", "CO", "NV", "UT", "VT", "WA", "OR", "ID", "MT", "NJ", "SC"]
    state = ReverseWar.from_piles(pile0, pile1)
    battle = flip(state)
    assert battle.wars == 2
    assert [codes(pair) for pair in battle.up] == [["WY", "RI"], ["AK", "VT"], ["TX", "NJ"]]
    assert battle.winner == 1
    assert len(battle.won) == 22
    assert codes(state.piles[1])[0] == "SC"
    assert state.is_over and state.winner == 1
    assert [event.code for event in state.log] == ["war", "wins_flip", "holds_all"]
    assert state.log[0].values["levels"] == 2
    assert said(state.log[0]).endswith("tie at 50th — a Double Geography War!")
    assert said(Event("war", turn=7, first_card="WY", second_card="RI", rank=50, levels=3)) == (
        "Turn 7: Wyoming and Rhode Island tie at 50th — a Geography War of 3 levels!"
    )


def test_war_with_a_short_pile_puts_all_but_the_last_face_down() -> None:
    # After the tie the first player has 3 cards: 2 go face down and the 3rd is turned.
    pile0 = ["WY", "CA", "NY", "TX"]
    pile1 = ["RI", "PA", "MI", "GA", "NC", "AK", "VA"]
    state = ReverseWar.from_piles(pile0, pile1)
    battle = flip(state)
    assert codes(battle.down[0][0]) == ["CA", "NY"]
    assert codes(battle.down[0][1]) == ["PA", "MI", "GA", "NC"]
    assert codes(battle.deciding) == ["TX", "AK"]
    assert battle.winner == 1
    assert state.is_over and state.winner == 1
    assert codes(state.piles[1]) == [
        "VA", "RI", "WY", "PA", "MI", "GA", "NC", "CA", "NY", "AK", "TX",
    ]  # fmt: skip


def test_war_with_one_card_left_turns_that_card() -> None:
    pile0 = ["WY", "AK"]
    pile1 = ["RI", "CA", "NY", "FL", "IL", "TX", "OH"]
    state = ReverseWar.from_piles(pile0, pile1)
    battle = flip(state)
    assert battle.down[0][0] == ()
    assert codes(battle.deciding) == ["AK", "TX"]
    assert battle.winner == 0
    assert codes(state.piles[0]) == ["WY", "RI", "CA", "NY", "FL", "IL", "AK", "TX"]
    assert codes(state.piles[1]) == ["OH"]


def test_player_whose_last_card_ties_has_nothing_to_turn_and_loses() -> None:
    """Decision 3: no card left to turn in a war loses; the winner takes the table."""
    state = ReverseWar.from_piles(["WY"], ["RI", "CA", "NY"])
    battle = flip(state)
    assert state.is_over and state.winner == 1
    assert battle.ran_out == (0,)
    assert battle.wars == 0
    assert codes(state.piles[1]) == ["CA", "NY", "RI", "WY"]
    assert state.table == []
    assert state.log == [
        Event("war", turn=1, first_card="WY", second_card="RI", rank=50, levels=1),
        Event("war_out", turn=1, loser_seat=0, seat=1, count=2),
        Event("wins_game", seat=1),
    ]
    assert said(state.log[1]) == (
        "Turn 1: Player 1 has no card left to turn in the Geography War and loses; Player 2 "
        "takes the 2 cards on the table."
    )
    assert said(state.log[2]) == "Player 2 wins the game."


def test_player_running_out_in_a_double_war_loses() -> None:
    state = ReverseWar.from_piles(["WY", "AK"], ["RI", "CA", "NY", "FL", "IL", "VT", "OH"])
    battle = flip(state)
    assert battle.ran_out == (0,)
    assert battle.wars == 1
    assert state.winner == 1
    assert codes(state.piles[1]) == [
        "OH", "RI", "WY", "CA", "NY", "FL", "IL", "VT", "AK",
    ]  # fmt: skip


def test_both_players_running_out_in_the_same_war_is_a_draw() -> None:
    """Decision 4: the war cannot be settled; the cards stay on the table."""
    state = ReverseWar.from_piles(["WY", "NH"], ["RI", "OK"])
    battle = flip(state)
    assert battle.ran_out == (0, 1)
    assert battle.winner is None
    assert state.is_over and state.winner is None
    assert state.scores == [0, 0]
    assert codes(state.table) == ["WY", "RI", "NH", "OK"]
    assert sorted(codes(state.all_cards())) == sorted(["WY", "NH", "RI", "OK"])
    assert state.log[-1] == Event("war_draw", turn=1)
    assert said(state.log[-1]) == (
        "Turn 1: both players run out of cards in the Geography War — a draw."
    )


# ----------------------------------------------------------------- the end


def test_game_ends_when_one_player_holds_all_50_cards() -> None:
    state = ReverseWar.new(seed=2024)
    while not state.is_over:
        state.apply(FLIP)
    assert sorted(state.scores) == [0, 50]
    assert state.winner == state.scores.index(50)
    assert not state.capped
    assert state.turn <= MAX_TURNS
    assert state.log[0] == Event("dealt", count=25, seed=2024)
    assert said(state.log[0]) == "Dealt 25 cards to each player (seed 2024)."
    assert state.log[-1] == Event("holds_all", seat=state.winner)


def test_turn_cap_stops_the_game_and_more_cards_wins() -> None:
    state = ReverseWar.from_piles(["WY", "TX", "CA"], ["AK", "NY", "FL"], turn=MAX_TURNS - 1)
    flip(state)
    assert state.turn == MAX_TURNS
    assert state.is_over and state.capped
    assert state.winner == 0
    assert state.scores == [4, 2]
    assert state.log[-1] == Event(
        "stopped_win", turns=MAX_TURNS, first_count=4, second_count=2, seat=0
    )
    assert said(state.log[-1]) == "Stopped after 5,000 turns: 4 cards to 2, Player 1 wins."
    assert state.observation(1).capped


def test_turn_cap_with_equal_piles_is_a_draw() -> None:
    state = ReverseWar.from_piles(["AK", "TX", "CA", "OH"], ["WY", "NY"], turn=MAX_TURNS - 1)
    flip(state)
    assert state.is_over and state.capped
    assert state.scores == [3, 3]
    assert state.winner is None
    assert state.log[-1] == Event("stopped_draw", turns=MAX_TURNS, first_count=3, second_count=3)
    assert said(state.log[-1]) == "Stopped after 5,000 turns: 3 cards to 3, a draw."


def test_the_last_turn_before_the_cap_is_played_in_full() -> None:
    state = ReverseWar.from_piles(["WY", "TX"], ["AK", "CA"], turn=MAX_TURNS - 2)
    flip(state)
    assert not state.is_over
    flip(state)
    assert state.is_over and state.capped


# ----------------------------------------------------------------- records for the page


def test_last_battle_is_immutable_and_pile_history_grows_each_turn() -> None:
    state = ReverseWar.new(seed=9)
    for turn in range(1, 11):
        battle = flip(state)
        assert battle.turn == turn
        assert len(state.pile_history) == turn + 1
        assert state.pile_history[-1] == tuple(state.scores) == battle.pile_sizes
    with pytest.raises(dataclasses.FrozenInstanceError):
        battle.winner = 1  # type: ignore[misc]


# ----------------------------------------------------------------- observation


def test_observation_does_not_show_the_undealt_cards() -> None:
    state = ReverseWar.new(seed=8)
    obs = state.observation(0)
    assert obs.known == ((), ()) and obs.unseen == (25, 25)
    assert "Card(" not in repr(obs)
    for _ in range(6):
        state.apply(FLIP)
    obs = state.observation(1)
    hidden = [c for p, f in zip(state.piles, state.fresh, strict=True) for c in list(p)[:f]]
    assert hidden
    text = repr(obs)
    for c in hidden:
        assert f"usps='{c.usps}'" not in text
    for seat in (0, 1):
        assert obs.unseen[seat] + len(obs.known[seat]) == obs.pile_sizes[seat]
        assert list(state.piles[seat])[state.fresh[seat] :] == list(obs.known[seat])


def test_from_observation_is_consistent_and_deals_the_unseen_at_random() -> None:
    state = ReverseWar.new(seed=12)
    for _ in range(30):
        state.apply(FLIP)
    obs = state.observation(0)
    samples = [ReverseWar.from_observation(obs, random.Random(i)) for i in range(5)]
    for sample in samples:
        assert sample.observation(0) == obs
        assert sorted(codes(sample.all_cards())) == sorted(codes(deck()))
    if sum(obs.unseen) > 1:
        assert len({tuple(codes(s.piles[0])) + tuple(codes(s.piles[1])) for s in samples}) > 1


# ----------------------------------------------------------------- random games


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_random_games_keep_every_card_and_end_in_bounds(seed: int) -> None:
    state = ReverseWar.new(seed=seed)
    full = sorted(codes(deck()))
    actions = 0
    while not state.is_over:
        state.step(state.legal_actions()[0])
        actions += 1
        assert sorted(codes(state.all_cards())) == full
        assert sum(state.pile_history[-1]) + len(state.table) == 50
    assert actions <= ReverseWar.max_actions
    assert state.winner in (0, 1, None)
