"""GeoPower Toss: every rule sentence and every decision pinned by a scenario."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Category, card, deck
from engine.core import GAME_OVER, Event, IllegalAction, Refusal
from engine.geopower_toss import (
    BOTS,
    CALL,
    CALLS,
    GEOPOWER_DECK,
    MAX_ROUNDS,
    PASS,
    PLAY,
    REMOVE,
    EasyBot,
    GeoPowerToss,
    MediumBot,
    Play,
    Remove,
    odds,
    play_action,
    scoring,
    tricks,
    winning_play,
)

SIZE, STATEHOOD, POPULATION = Category.SIZE, Category.STATEHOOD, Category.POPULATION
FULL_DECK = sorted(c.usps for c in deck())

# Eight Eastern cards against eight Central and Mountain cards: whoever leads Eastern wins.
EAST8 = ["NY", "GA", "FL", "PA", "OH", "NC", "VA", "MI"]
WEST8 = ["TX", "IL", "MO", "KS", "AZ", "CO", "UT", "NM"]


def act(state: GeoPowerToss, *moves: str) -> None:
    """Apply moves: a USPS code plays that card, "call" calls, "pass" passes, "-size" etc.
    remove. A card given while the call window is open first passes for every seat still
    asked (the tests of the window itself pass or call explicitly)."""
    for move in moves:
        if move == "call":
            state.apply(CALL)
        elif move == "pass":
            state.apply(PASS)
        elif move.startswith("-"):
            state.apply(REMOVE[Category(move[1:])])
        else:
            while state.phase == CALLS:
                state.apply(PASS)
            state.apply(play_action(move))


def codes(cards) -> list[str]:
    return [c.usps for c in cards]


def legal_codes(state: GeoPowerToss) -> list[str]:
    return [a.card.usps for a in state.legal_actions() if isinstance(a, Play)]


# ----------------------------------------------------------------- set-up and the deal


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_deal_gives_eight_cards_each_and_players_plus_one_geopower_cards(players: int) -> None:
    state = GeoPowerToss.new(players=players, seed=players)
    assert [len(h) for h in state.hands] == [8] * players
    assert len(state.stock) == 50 - 8 * players  # 6 players: 48 cards dealt, 2 left
    assert len(state.dealt_power) == players + 1
    assert state.phase == "draft"
    assert state.current_player == state.dealer
    assert sorted(codes(state.all_cards())) == FULL_DECK


def test_geopower_deck_has_seven_cards_of_each_category() -> None:
    assert Counter(GEOPOWER_DECK) == {SIZE: 7, STATEHOOD: 7, POPULATION: 7}
    state = GeoPowerToss.new(players=6, seed=3)
    assert Counter(state.dealt_power) + Counter(state.power_deck) == Counter(GEOPOWER_DECK)


def test_both_decks_are_shuffled_every_round() -> None:
    state = GeoPowerToss.new(seed=21)
    first = [sorted(codes(h)) for h in state.hands]
    round_index = state.round_index
    while state.round_index == round_index:
        state.apply(state.legal_actions()[0])
    assert state.round_index == round_index + 1
    assert [sorted(codes(h)) for h in state.hands] != first
    assert [len(h) for h in state.hands] == [8, 8]
    assert sorted(codes(state.all_cards())) == FULL_DECK


@pytest.mark.parametrize(
    ("players", "teams", "message"),
    [
        (1, None, "2 to 6 players"),
        (7, None, "2 to 6 players"),
        (2, 2, "cannot make 2 teams"),
        (3, 3, "cannot make 3 teams"),
        (4, 3, "cannot make 3 teams"),
        (5, 2, "cannot make 2 teams"),
        (6, 6, "cannot make 6 teams"),
        (6, 1, "cannot make 1 teams"),
    ],
)
def test_invalid_setups_are_refused(players: int, teams: int | None, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        GeoPowerToss.new(players=players, teams=teams, seed=1)


def test_unknown_option_is_refused() -> None:
    with pytest.raises(ValueError, match="Unknown option"):
        GeoPowerToss.new(seed=1, goal=100)


def test_from_hands_refuses_bad_hands() -> None:
    with pytest.raises(ValueError, match="same number"):
        GeoPowerToss.from_hands([["NY", "GA"], ["TX"]], category=SIZE)
    with pytest.raises(ValueError, match="twice"):
        GeoPowerToss.from_hands([["NY"], ["NY"]], category=SIZE)


# ----------------------------------------------------------------- teams


def test_four_players_make_two_teams_of_two_partners_sit_apart() -> None:
    state = GeoPowerToss.new(players=4, teams=2, seed=1)
    assert [state.team_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert state.units == 2


@pytest.mark.parametrize(("teams", "expected"), [(2, [0, 1, 0, 1, 0, 1]), (3, [0, 1, 2, 0, 1, 2])])
def test_six_players_make_two_teams_of_three_or_three_teams_of_two(
    teams: int, expected: list[int]
) -> None:
    state = GeoPowerToss.new(players=6, teams=teams, seed=1)
    assert [state.team_of(s) for s in range(6)] == expected
    assert len(state.team_scores) == teams
    members = tuple(tuple(s for s in range(6) if expected[s] == t) for t in range(teams))
    assert state.log[0] == Event("teams", players=6, teams=teams, members=members)


def test_without_teams_everyone_plays_alone() -> None:
    state = GeoPowerToss.new(players=4, seed=1)
    assert [state.team_of(s) for s in range(4)] == [0, 1, 2, 3]


def test_a_teams_tricks_are_its_members_tricks() -> None:
    # Size: California wins the Pacific trick for seat 0, New York the Eastern one for seat 2.
    hands = [["CA", "RI"], ["OR", "DE"], ["NV", "NY"], ["WA", "CT"]]
    state = GeoPowerToss.from_hands(hands, category=SIZE, teams=2)
    act(state, "CA", "OR", "NV", "WA")
    assert state.tricks[-1].winner == 0
    act(state, "RI", "DE", "NY", "CT")
    assert state.results[-1].played[-1].winner == 2  # the round is over: see its record
    result = state.results[-1]
    assert result.tricks == (2, 0)
    assert result.points == (10, 0)
    assert state.scores == [10, 0, 10, 0]
    assert state.team_scores == (10, 0)


# ----------------------------------------------------------------- the draft


def test_dealer_removes_first_then_each_other_player_clockwise() -> None:
    hands = [["NY"], ["TX"], ["CA"]]
    state = GeoPowerToss.from_hands(hands, face_up=[SIZE, STATEHOOD, POPULATION, SIZE], dealer=1)
    assert state.current_player == 1
    act(state, "-size")
    assert state.current_player == 2
    act(state, "-population")
    assert state.current_player == 0
    act(state, "-size")
    assert state.removed == ((1, SIZE), (2, POPULATION), (0, SIZE))
    assert state.category == STATEHOOD  # the one card left is the round's GeoPower card
    assert state.phase == "play"
    assert state.log[-3:] == [
        Event("removes", seat=2, category="population"),
        Event("removes", seat=0, category="size"),
        Event("power_card", category="statehood"),
    ]


def test_draft_offers_one_removal_per_category_face_up() -> None:
    state = GeoPowerToss.from_hands([["NY"], ["TX"]], face_up=[POPULATION, SIZE, POPULATION])
    assert state.legal_actions()[:2] == [Remove(SIZE), Remove(POPULATION)]
    assert state.check(Remove(STATEHOOD)) == Refusal("not_face_up", category="statehood")
    assert state.check(Remove("size")) == Refusal("not_a_category", given="'size'")  # type: ignore[arg-type]
    assert state.check(play_action("NY")) == Refusal("draft_first", seat=0)


def test_draft_with_one_category_left_still_asks_each_remover() -> None:
    state = GeoPowerToss.from_hands([["NY"], ["TX"]], face_up=[SIZE, SIZE, SIZE])
    assert state.legal_actions() == [Remove(SIZE), CALL]
    act(state, "-size", "-size")
    assert state.category == SIZE


def test_removal_refused_once_the_category_is_chosen() -> None:
    state = GeoPowerToss.from_hands([["NY"], ["TX"]], category=SIZE)
    assert state.check(Remove(SIZE)) == Refusal("power_chosen")


# ----------------------------------------------------------------- tricks


def test_dealer_leads_the_first_trick() -> None:
    state = GeoPowerToss.from_hands([["NY"], ["TX"], ["CA"]], face_up=[SIZE] * 4, dealer=2)
    act(state, "-size", "-size", "-size")
    assert state.current_player == 2
    assert state.leader == 2


def test_follower_must_follow_zone_when_able() -> None:
    state = GeoPowerToss.from_hands([["TX", "NY"], ["IL", "GA"]], category=SIZE)
    act(state, "TX")
    assert legal_codes(state) == ["IL"]
    before = state.clone()
    reason = state.check(play_action("GA"))
    assert reason == Refusal("must_follow_zone", zone="Central")
    # a page asks the same refusal from the seat's own view
    assert GeoPowerToss.why_not(state.observation(1), play_action("GA")) == reason
    assert GeoPowerToss.why_not(state.observation(1), play_action("IL")) is None
    with pytest.raises(IllegalAction) as refused:
        act(state, "GA")
    assert refused.value.refusal == reason
    assert state == before


def test_follower_without_the_zone_may_play_any_card_and_shows_a_void() -> None:
    state = GeoPowerToss.from_hands([["TX", "NY"], ["GA", "CA"]], category=SIZE)
    act(state, "TX")
    assert legal_codes(state) == ["GA", "CA"]
    act(state, "CA")
    assert state.voids[1] == frozenset({"Central"})
    assert state.observation(0).voids[1] == frozenset({"Central"})


def test_leader_may_lead_any_card() -> None:
    state = GeoPowerToss.from_hands([["TX", "NY", "AK"], ["IL", "GA", "CA"]], category=SIZE)
    assert legal_codes(state) == ["NY", "TX", "AK"]  # hand order: Zone, then name


def test_best_rank_in_the_geopower_category_among_the_led_zone_wins() -> None:
    # Size: Georgia (24th) beats New York (27th).
    state = GeoPowerToss.from_hands([["NY", "TX"], ["GA", "IL"]], category=SIZE)
    act(state, "NY", "GA")
    assert state.tricks[0].winner == 1
    # Population: New York (4th) beats Georgia (8th).
    state = GeoPowerToss.from_hands([["NY", "TX"], ["GA", "IL"]], category=POPULATION)
    act(state, "NY", "GA")
    assert state.tricks[0].winner == 0
    assert state.log[-1] == Event(
        "wins_trick",
        number=1,
        zone="Eastern",
        winner_seat=0,
        card="NY",
        rank=4,
        category="population",
    )


def test_off_zone_card_cannot_win_the_trick() -> None:
    # Rhode Island is the smallest state, Alaska the largest, but Alaska is off-Zone.
    state = GeoPowerToss.from_hands([["RI", "NY"], ["AK", "TX"]], category=SIZE)
    act(state, "RI", "AK")
    assert state.tricks[0].winner == 0


def test_trick_winner_leads_the_next_trick() -> None:
    state = GeoPowerToss.from_hands([["NY", "TX", "CA"], ["GA", "IL", "OR"]], category=SIZE)
    act(state, "NY", "GA")
    assert state.current_player == 1 and state.leader == 1
    act(state, "IL", "TX")
    assert state.current_player == 0


def test_all_seats_play_in_clockwise_order() -> None:
    hands = [["NY"], ["GA"], ["PA"]]
    state = GeoPowerToss.from_hands(hands, category=SIZE, dealer=1)
    assert state.current_player == 1
    act(state, "GA")
    assert state.current_player == 2
    act(state, "PA")
    assert state.current_player == 0


def test_round_has_eight_tricks_one_card_each_per_trick() -> None:
    state = GeoPowerToss.from_hands([EAST8, WEST8], category=SIZE)
    for east, west in zip(EAST8, WEST8, strict=True):
        act(state, east, west)
    assert len(state.results) == 1
    assert state.results[0].tricks == (8, 0)


# ----------------------------------------------------------------- the call


def test_call_is_offered_from_the_draft_until_the_fifth_trick_is_led() -> None:
    state = GeoPowerToss.from_hands([EAST8, WEST8], face_up=[SIZE] * 3)
    assert state.legal_actions()[-1] is CALL
    act(state, "-size", "-size")
    for east, west in zip(EAST8[:4], WEST8[:4], strict=True):
        assert state.legal_actions()[-1] is CALL
        act(state, east)
        assert state.legal_actions()[-1] is CALL
        act(state, west)
    assert len(state.tricks) == 4
    assert state.legal_actions() == [PASS, CALL]  # the 5th trick's leader, before leading


LOW_EAST = ["KY", "IN", "ME", "SC", "WV", "MD", "MA", "VT"]


def test_every_player_may_call_geoplunge_until_the_first_card_of_the_fifth_trick() -> None:
    hands = [EAST8, WEST8, LOW_EAST]
    state = GeoPowerToss.from_hands(hands, category=SIZE)
    for k in range(4):
        act(state, EAST8[k], WEST8[k], LOW_EAST[k])
    assert state.tricks_won == (4, 0, 0)
    # Trick 4 is over: everyone is asked, from the 5th trick's leader round the table.
    assert state.phase == CALLS and state.current_player == 0 and state.call_open
    assert state.legal_actions() == [PASS, CALL]
    assert state.log[-1] == Event("call_window", leader_seat=0)
    act(state, "pass")
    assert state.current_player == 1 and state.legal_actions() == [PASS, CALL]
    act(state, "call")  # a seat that is not the leader may still call
    assert state.current_player == 2 and state.legal_actions() == [PASS, CALL]
    act(state, "pass")
    # The window is over: the leader leads and nobody may call any more.
    assert state.phase == PLAY and state.current_player == 0 and not state.call_open
    assert CALL not in state.legal_actions()
    assert state.check(CALL) == Refusal("call_closed")
    assert state.calls == ((1, 1),)
    for k in range(4, 8):
        act(state, EAST8[k], WEST8[k], LOW_EAST[k])
    assert state.results[-1].callers == (1,) and state.results[-1].points == (10, 0, 0)


def test_the_call_window_asks_in_seat_order_from_the_next_leader() -> None:
    east = ["FL", "GA", "NY", "NC", "PA", "OH", "VA", "KY"]
    low = ["IN", "ME", "SC", "MI", "WV", "MD", "MA", "VT"]  # Michigan wins trick 4
    hands = [east, WEST8, low]
    state = GeoPowerToss.from_hands(hands, category=SIZE)
    for k in range(4):
        act(state, east[k], WEST8[k], low[k])
    assert state.tricks[-1].winner == 2 and state.leader == 2
    asked = []
    while state.phase == CALLS:
        asked.append(state.current_player)
        act(state, "pass")
    assert asked == [2, 0, 1]
    assert state.current_player == 2 and CALL not in state.legal_actions()
    act(state, "WV")  # Player 3 leads the 5th trick


def test_the_call_window_skips_players_and_teams_that_have_called() -> None:
    hands = [EAST8, WEST8, LOW_EAST, ["NJ", "CT", "DE", "RI", "CA", "NV", "OR", "WA"]]
    state = GeoPowerToss.from_hands(hands, category=SIZE, teams=2)
    act(state, "call")  # seat 0 calls for team 1 (seats 0 and 2) before leading
    for k in range(4):
        act(state, *(h[k] for h in hands))
    # Only team 2 (seats 1 and 3) is asked; each partner until one of them calls.
    assert state.phase == CALLS and state.current_player == 1
    act(state, "pass")
    assert state.current_player == 3
    act(state, "call")
    assert state.phase == PLAY and state.current_player == 0
    assert state.calls == ((0, 0), (3, 1))
    # A partner's call in the window: the rest of that team is not asked.
    state = GeoPowerToss.from_hands(hands, category=SIZE, teams=2)
    for k in range(4):
        act(state, *(h[k] for h in hands))
    act(state, "pass")  # seat 0
    act(state, "call")  # seat 1, for team 2
    assert state.current_player == 2  # team 1's second player; seat 3 will be skipped
    act(state, "pass")
    assert state.phase == PLAY and state.current_player == 0


def test_no_call_window_when_every_side_has_called() -> None:
    state = GeoPowerToss.from_hands([EAST8, WEST8], category=SIZE)
    act(state, "call", EAST8[0], "call", WEST8[0])
    for k in range(1, 4):
        act(state, EAST8[k], WEST8[k])
    assert state.phase == PLAY and state.current_player == 0 and not state.call_open
    assert not any(event.code == "call_window" for event in state.log)


def test_the_call_window_allows_only_a_call_or_a_pass() -> None:
    state = GeoPowerToss.from_hands([EAST8, WEST8], category=SIZE)
    for k in range(4):
        act(state, EAST8[k], WEST8[k])
    assert state.check(play_action(EAST8[4])) == Refusal("call_or_pass", seat=0)
    with pytest.raises(IllegalAction) as refused:
        state.apply(play_action(EAST8[4]))
    assert refused.value.refusal == Refusal("call_or_pass", seat=0)
    fresh = GeoPowerToss.from_hands([EAST8, WEST8], category=SIZE)
    assert fresh.check(PASS) == Refusal("nothing_to_pass")
    assert str(PASS) == "pass (no GeoPlunge call)"
    obs = state.observation(0)
    assert obs.phase == CALLS and obs.call_open and obs.legal == (PASS, CALL)
    assert state.observation(1).legal == ()


def test_call_refused_after_fifth_trick_lead() -> None:
    state = GeoPowerToss.from_hands([EAST8, WEST8], category=SIZE)
    for east, west in zip(EAST8[:4], WEST8[:4], strict=True):
        act(state, east, west)
    act(state, EAST8[4])
    assert CALL not in state.legal_actions()
    assert state.check(CALL) == Refusal("call_closed")
    before = state.clone()
    with pytest.raises(IllegalAction) as refused:
        state.apply(CALL)
    assert refused.value.refusal == Refusal("call_closed")
    assert state == before


def test_call_does_not_pass_the_turn_and_is_made_once() -> None:
    state = GeoPowerToss.from_hands([EAST8, WEST8], category=SIZE)
    act(state, "call")
    assert state.current_player == 0
    assert state.calls == ((0, 0),)
    assert CALL not in state.legal_actions()
    assert state.check(CALL) == Refusal("already_called")
    assert state.log[-1] == Event("calls", seat=0)


def test_a_team_calls_once_for_all_its_members() -> None:
    hands = [["CA", "RI"], ["OR", "DE"], ["NV", "NY"], ["WA", "CT"]]
    state = GeoPowerToss.from_hands(hands, category=SIZE, teams=2)
    act(state, "call", "CA")
    act(state, "OR")
    assert state.current_player == 2
    assert CALL not in state.legal_actions()
    assert state.check(CALL) == Refusal("partner_called", seat=0)
    act(state, "NV")
    assert state.legal_actions()[-1] is CALL  # the other team may still call
    assert state.log[0] == Event("calls_for_team", seat=0, team=1)


def test_successful_geoplunge_call_scores_fifteen_more() -> None:
    state = GeoPowerToss.from_hands([EAST8, WEST8], category=SIZE)
    act(state, "call")
    for east, west in zip(EAST8, WEST8, strict=True):
        act(state, east, west)
    result = state.results[-1]
    assert result.tricks == (8, 0)
    assert result.callers == (0,)
    assert result.points == (25, 0)
    assert state.log[-2] == Event(
        "round_over",
        round=1,
        tricks=(8, 0),
        points=(25, 0),
        scores=(25, 0),
        made=(0,),
        failed=(),
        by_team=False,
    )


def test_failed_geoplunge_call_scores_nothing() -> None:
    # Seat 0 takes the 5 Eastern tricks (most tricks) but not 6: nothing for anyone.
    hands = [["NY", "GA", "FL", "PA", "OH", "LA", "MS", "AL"],
             ["TX", "OK", "KS", "AZ", "CO", "UT", "NM", "MT"]]  # fmt: skip
    state = GeoPowerToss.from_hands(hands, category=SIZE)
    act(state, "call")
    act(state, "NY", "AZ", "GA", "CO", "FL", "UT", "PA", "NM", "OH", "MT")
    act(state, "LA", "TX", "OK", "MS", "KS", "AL")
    result = state.results[-1]
    assert result.tricks == (5, 3)
    assert result.points == (0, 0)
    assert state.team_scores == (0, 0)
    assert state.log[-2] == Event(
        "round_over",
        round=1,
        tricks=(5, 3),
        points=(0, 0),
        scores=(0, 0),
        made=(),
        failed=(0,),
        by_team=False,
    )


def test_most_tricks_gets_ten() -> None:
    state = GeoPowerToss.from_hands([["NY", "TX"], ["PA", "IL"]], category=SIZE)
    act(state, "NY", "PA", "TX", "IL")  # New York 27th beats Pennsylvania 33rd; Texas 2nd
    assert state.results[-1].tricks == (2, 0)
    assert state.results[-1].points == (10, 0)


def test_tied_for_most_tricks_each_get_five() -> None:
    state = GeoPowerToss.from_hands([["NY", "TX"], ["GA", "IL"]], category=SIZE)
    act(state, "NY", "GA", "IL", "TX")
    assert state.results[-1].tricks == (1, 1)
    assert state.results[-1].points == (5, 5)


def test_three_players_tied_for_most_each_get_five_the_third_nothing() -> None:
    hands = [["NY", "TX"], ["GA", "IL"], ["CA", "OR"]]
    state = GeoPowerToss.from_hands(hands, category=SIZE)
    act(state, "NY", "GA", "CA", "IL", "OR", "TX")
    assert state.results[-1].tricks == (1, 1, 0)
    assert state.results[-1].points == (5, 5, 0)


def test_several_players_may_call_in_the_same_round() -> None:
    state = GeoPowerToss.from_hands([["NY", "TX"], ["GA", "IL"]], category=SIZE)
    act(state, "call", "NY", "call", "GA", "IL", "TX")
    assert state.results[-1].callers == (0, 1)
    assert state.results[-1].points == (0, 0)


# ----------------------------------------------------------------- the end of the game


def test_first_to_fifty_wins() -> None:
    state = GeoPowerToss.from_hands([["NY", "TX"], ["PA", "IL"]], category=SIZE, scores=[45, 40])
    act(state, "NY", "PA", "TX", "IL")
    assert state.is_over
    assert state.winner == 0
    assert state.team_scores == (55, 40)
    assert state.current_player is None and state.legal_actions() == []
    assert state.check(CALL) == GAME_OVER
    assert state.log[-1] == Event("wins_game", seat=0)


def test_when_two_reach_fifty_the_higher_score_wins() -> None:
    hands = [["NY", "TX"], ["GA", "IL"], ["CA", "OR"]]
    state = GeoPowerToss.from_hands(hands, category=SIZE, scores=[45, 48, 0])
    act(state, "NY", "GA", "CA", "IL", "OR", "TX")
    assert state.team_scores == (50, 53, 0)
    assert state.is_over and state.winner == 1


def test_still_equal_at_fifty_another_round_is_played() -> None:
    state = GeoPowerToss.from_hands(
        [["NY", "TX"], ["GA", "IL"]], category=SIZE, scores=[45, 45], dealer=0
    )
    act(state, "NY", "GA", "IL", "TX")
    assert state.team_scores == (50, 50)
    assert not state.is_over
    assert state.round_index == 1
    assert state.phase == "draft"
    assert Event("tied", score=50) in state.log


def test_the_deal_passes_to_the_left_each_round() -> None:
    state = GeoPowerToss.new(players=3, seed=8)
    dealers = [state.dealer]
    while state.round_index < 3 and not state.is_over:
        state.apply(state.legal_actions()[0])
        if state.dealer != dealers[-1]:
            dealers.append(state.dealer)
    assert dealers == [(dealers[0] + i) % 3 for i in range(len(dealers))]
    assert len(dealers) >= 3


def test_game_stops_after_the_round_cap_and_the_higher_score_wins() -> None:
    state = GeoPowerToss.from_hands(
        [["NY", "TX"], ["GA", "IL"]], category=SIZE, scores=[10, 20], round_index=MAX_ROUNDS - 1
    )
    act(state, "NY", "GA", "IL", "TX")
    assert state.is_over and state.capped
    assert state.winner == 1
    assert state.log[-1] == Event("stopped_seat_wins", rounds=MAX_ROUNDS, seat=1)
    assert GeoPowerToss.max_actions == MAX_ROUNDS * 66


def test_round_cap_with_equal_scores_is_a_draw() -> None:
    state = GeoPowerToss.from_hands(
        [["NY", "TX"], ["GA", "IL"]], category=SIZE, scores=[10, 10], round_index=MAX_ROUNDS - 1
    )
    act(state, "NY", "GA", "IL", "TX")
    assert state.is_over and state.capped and state.winner is None
    assert state.value(0) == 0.5
    assert state.log[-1] == Event("stopped_draw", rounds=MAX_ROUNDS)


def test_team_game_winner_is_a_team_index() -> None:
    hands = [["CA", "RI"], ["OR", "DE"], ["NV", "NY"], ["WA", "CT"]]
    state = GeoPowerToss.from_hands(hands, category=SIZE, teams=2, scores=[40, 45])
    act(state, "CA", "OR", "NV", "WA", "RI", "DE", "NY", "CT")
    assert state.is_over and state.winner == 0
    assert state.value(2) == 1.0 and state.value(1) == 0.0
    assert state.log[-2] == Event(
        "round_over",
        round=1,
        tricks=(2, 0),
        points=(10, 0),
        scores=(50, 45),
        made=(),
        failed=(),
        by_team=True,
    )
    assert state.log[-1] == Event("team_wins_game", team=1)


# ----------------------------------------------------------------- interface details


@pytest.mark.parametrize("garbage", [None, 7, "NY", object(), card("NY"), Remove(SIZE)])
def test_garbage_is_refused_and_changes_nothing(garbage: object) -> None:
    state = GeoPowerToss.from_hands([["NY", "TX"], ["GA", "IL"]], category=SIZE)
    before = state.clone()
    refusal = state.check(garbage)
    assert isinstance(refusal, Refusal)
    with pytest.raises(IllegalAction) as refused:
        state.apply(garbage)
    assert refused.value.refusal == refusal and state == before
    if not isinstance(garbage, Play | Remove):
        assert refusal == Refusal("not_a_move")


def test_card_not_in_hand_is_refused() -> None:
    state = GeoPowerToss.from_hands([["NY", "TX"], ["GA", "IL"]], category=SIZE)
    assert state.check(play_action("GA")) == Refusal("not_in_hand", card="GA", seat=0)
    assert state.check(Play("GA")) == Refusal("not_in_hand", card=None, seat=0)  # type: ignore[arg-type]


def test_refusals_read_as_the_pages_show_them() -> None:
    # The engine's refusals in the page's words (ui/games/geopower_toss/refusals.py).
    from ui.games.geopower_toss.words import WORDS

    said = {
        Refusal("call_or_pass", seat=0): (
            "First the last GeoPlunge calls: Player 1 may call GeoPlunge or pass."
        ),
        Refusal("not_a_move"): "That is not a GeoPower Toss move.",
        Refusal("call_closed"): (
            "Too late: the GeoPlunge call closed after the 4th trick's last chance."
        ),
        Refusal("already_called"): "You already called GeoPlunge this round.",
        Refusal("partner_called", seat=2): "Your partner Player 3 already called GeoPlunge.",
        Refusal("nothing_to_pass"): (
            "Nothing to pass: passing is only for the call window after the 4th trick."
        ),
        Refusal("power_chosen"): "The GeoPower card for this round is already chosen.",
        Refusal("not_a_category", given="'size'"): "'size' is not a GeoPower category.",
        Refusal("not_face_up", category="statehood"): (
            "No Statehood GeoPower card is left face up."
        ),
        Refusal("draft_first", seat=1): (
            "First the GeoPower card must be chosen: Player 2 removes one."
        ),
        Refusal("not_in_hand", card="GA", seat=0): "Georgia is not in Player 1's hand.",
        Refusal("not_in_hand", card=None, seat=0): "That card is not in Player 1's hand.",
        Refusal("must_follow_zone", zone="Central"): (
            "You must follow the Central Zone: you hold a card in that Zone."
        ),
        GAME_OVER: "The game is over.",
    }
    for refusal, sentence in said.items():
        assert WORDS.refusal(refusal) == sentence


def test_the_log_reads_as_it_did_in_sentences() -> None:
    # The engine's events in words (ui/games/geopower_toss/events.py), a seat as "Player 1"
    # or as a screen names it; a team by its number.
    from ui.games.events import told

    said = {
        Event("teams", players=4, teams=2, members=((0, 2), (1, 3))): (
            "4 players in 2 teams (team 1: Player 1 and Player 3; team 2: Player 2 and Player 4)."
        ),
        Event("deals", round=2, seat=1, face_up=("size", "population", "size")): (
            "Round 2: Player 2 deals; GeoPower cards face up: Size, Population, and Size."
        ),
        Event("removes", seat=0, category="statehood"): (
            "Player 1 removes a Statehood GeoPower card."
        ),
        Event("power_card", category="population"): "The GeoPower card is Population.",
        Event("calls", seat=1): "Player 2 calls GeoPlunge!",
        Event("calls_for_team", seat=3, team=2): "Player 4 calls GeoPlunge for team 2!",
        Event("call_window", leader_seat=2): (
            "Trick 4 is over: before the 5th trick, everyone whose side has not called may call "
            "GeoPlunge, in turn from Player 3."
        ),
        Event(
            "wins_trick",
            number=3,
            zone="Central",
            winner_seat=1,
            card="TX",
            rank=2,
            category="size",
        ): "Trick 3, Central led: Player 2 wins with Texas (2nd in Size).",
        Event(
            "round_over",
            round=5,
            tricks=(7, 1, 0),
            points=(25, 0, 0),
            scores=(65, 25, 10),
            made=(0,),
            failed=(1,),
            by_team=False,
        ): (
            "Round 5 over — Player 1 7 tricks (GeoPlunge made): +25; Player 2 1 trick "
            "(GeoPlunge failed): +0; Player 3 0 tricks: +0. Scores: 65, 25, 10."
        ),
        Event(
            "round_over",
            round=1,
            tricks=(4, 4),
            points=(5, 5),
            scores=(5, 5),
            made=(),
            failed=(),
            by_team=True,
        ): "Round 1 over — Team 1 4 tricks: +5; Team 2 4 tricks: +5. Scores: 5, 5.",
        Event("tied", score=50): "Tied at 50: another round is played.",
        Event("wins_game", seat=0): "Player 1 wins the game!",
        Event("team_wins_game", team=2): "Team 2 wins the game!",
        Event("stopped_draw", rounds=40): "Stopped after 40 rounds: a draw.",
        Event("stopped_seat_wins", rounds=40, seat=1): "Stopped after 40 rounds: Player 2 wins.",
        Event("stopped_team_wins", rounds=40, team=1): "Stopped after 40 rounds: Team 1 wins.",
    }
    for event, sentence in said.items():
        assert told(event, "geopower_toss") == sentence

    def screen(seat: int) -> str:
        return "Player 1 (you)" if seat == 0 else f"Player {seat + 1} (AI, easy)"

    assert told(Event("calls_for_team", seat=0, team=1), "geopower_toss", screen) == (
        "Player 1 (you) calls GeoPlunge for team 1!"
    )
    assert told(Event("stopped_seat_wins", rounds=40, seat=1), "geopower_toss", screen) == (
        "Stopped after 40 rounds: Player 2 (AI, easy) wins."
    )


def test_actions_read_well() -> None:
    assert str(play_action("TX")) == "play Texas (Central)"
    assert str(Remove(SIZE)) == "remove Size"
    assert str(CALL) == "call GeoPlunge"


def test_value_follows_the_score_and_round_index_counts_rounds() -> None:
    state = GeoPowerToss.from_hands([["NY", "TX"], ["PA", "IL"]], category=SIZE, scores=[20, 0])
    assert state.value(0) > 0.5 > state.value(1)
    assert state.round_index == 0
    act(state, "NY", "PA", "TX", "IL")
    assert state.round_index == 1
    assert 0.0 <= state.value(1) <= 1.0


# ----------------------------------------------------------------- observation


def test_observation_shows_the_table_calls_tricks_and_legal_moves() -> None:
    state = GeoPowerToss.from_hands([["NY", "TX"], ["GA", "IL"]], face_up=[SIZE, SIZE, STATEHOOD])
    act(state, "call", "-statehood", "-size")
    act(state, "NY")
    obs = state.observation(1)
    assert obs.dealt_power == (SIZE, SIZE, STATEHOOD)
    assert obs.removed == ((0, STATEHOOD), (1, SIZE))
    assert obs.face_up == (SIZE,) and obs.category == SIZE
    assert obs.calls == ((0, 0),)
    assert obs.trick == ((0, card("NY")),)
    assert obs.legal == (play_action("GA"), CALL)
    assert state.observation(0).legal == ()
    act(state, "GA")
    obs = state.observation(0)
    assert obs.tricks[0].plays == ((0, card("NY")), (1, card("GA")))
    assert obs.tricks_won == (0, 1) and obs.unit_tricks == (0, 1)


def test_from_observation_is_consistent_and_respects_voids() -> None:
    state = GeoPowerToss.from_hands(
        [["TX", "NY", "GA", "IL"], ["AZ", "PA", "OH", "CO"], ["KS", "MI", "VA", "UT"]],
        category=SIZE,
    )
    act(state, "TX", "AZ", "KS")  # seat 1 shows it has no Central card
    obs = state.observation(2)
    for seed in range(30):
        world = GeoPowerToss.from_observation(obs, random.Random(seed))
        assert world.observation(2) == obs
        assert sorted(codes(world.all_cards())) == FULL_DECK
        assert all(c.zone != "Central" for c in world.hands[1])


def test_from_observation_in_a_six_player_game_with_many_voids() -> None:
    state = GeoPowerToss.new(players=6, teams=3, seed=4)
    rng = random.Random(0)
    while state.round_index == 0 and len(state.tricks) < 6:
        state.apply(rng.choice(state.legal_actions()))
    for seat in range(6):
        obs = state.observation(seat)
        world = GeoPowerToss.from_observation(obs, random.Random(seat))
        assert world.observation(seat) == obs
        for s in range(6):
            assert all(c.zone not in obs.voids[s] for c in world.hands[s])


# ----------------------------------------------------------------- bots


def test_medium_bot_follows_with_its_cheapest_winner_or_throws_its_weakest() -> None:
    assert {"easy": EasyBot, "medium": MediumBot} == BOTS


@pytest.mark.parametrize("bot_class", [EasyBot, MediumBot])
def test_bot_removes_the_category_bad_for_its_hand(bot_class: type) -> None:
    # Big states (Size 1st to 8th) that joined late (Statehood 28th to 49th).
    big = ["AK", "TX", "CA", "MT", "NM", "AZ", "NV", "CO"]
    state = GeoPowerToss.from_hands([big, EAST8], face_up=[SIZE, STATEHOOD, POPULATION])
    assert bot_class(0, 1).act(state.observation(0)) == Remove(STATEHOOD)


def test_medium_bot_calls_with_a_hand_of_sure_winners() -> None:
    sure = ["AK", "HI", "CA", "TX", "MT", "NM", "MI", "FL"]
    others = ["IL", "MO", "KS", "AZ", "CO", "UT", "NY", "GA"]
    state = GeoPowerToss.from_hands([sure, others], category=SIZE)
    assert MediumBot(0, 1).act(state.observation(0)) is CALL


def test_medium_bot_calls_in_the_window_when_six_tricks_are_likely() -> None:
    state = GeoPowerToss.from_hands([EAST8, WEST8], category=SIZE)
    for k in range(4):
        act(state, EAST8[k], WEST8[k])
    # Player 1 has won 4 tricks and Player 2 has shown it holds no Eastern card.
    assert state.phase == CALLS
    assert MediumBot(0, 1).act(state.observation(0)) is CALL
    act(state, "pass")
    assert MediumBot(1, 1).act(state.observation(1)) is PASS
    assert EasyBot(1, 1).act(state.observation(1)) is PASS


def test_medium_bots_call_geoplunge_in_simulated_games() -> None:
    from engine.simulate import format_report, simulate

    result = simulate("geopower_toss", 20, ["medium", "easy"], seed=4)
    calls = result["geoplunge_calls"]
    assert calls["medium"]["calls"] > 0
    assert calls["medium"]["rounds"] == calls["easy"]["rounds"] > 0
    assert 0 < calls["medium"]["made"] <= calls["medium"]["calls"]
    assert "GeoPlunge calls by medium: " in format_report(result)


def test_bots_do_not_call_with_a_weak_hand() -> None:
    weak = ["RI", "DE", "CT", "NJ", "NH", "VT", "MA", "HI"]
    state = GeoPowerToss.from_hands([weak, WEST8], category=SIZE)
    assert MediumBot(0, 1).act(state.observation(0)) is not CALL
    assert EasyBot(0, 1).act(state.observation(0)) is not CALL


def test_medium_bot_wins_cheaply_and_dumps_when_it_cannot_win() -> None:
    state = GeoPowerToss.from_hands([["LA", "NY", "DE"], ["IL", "TX", "MO"]], category=SIZE)
    act(state, "LA")  # Louisiana 31st: Illinois 25th, Missouri 21st and Texas 2nd all win
    assert MediumBot(1, 1).act(state.observation(1)) == play_action("IL")
    state = GeoPowerToss.from_hands([["TX", "NY", "DE"], ["IL", "LA", "MO"]], category=SIZE)
    act(state, "TX")  # nothing beats Texas: throw the card least likely to win later
    assert MediumBot(1, 1).act(state.observation(1)) == play_action("LA")


def test_medium_bot_leads_a_sure_winner() -> None:
    state = GeoPowerToss.from_hands([["RI", "DE", "AK"], ["IL", "LA", "MO"]], category=SIZE)
    assert MediumBot(0, 1).act(state.observation(0)) == play_action("AK")


@pytest.mark.parametrize(("players", "teams"), [(2, None), (4, 2), (6, 3)])
def test_bots_play_whole_games_with_legal_moves(players: int, teams: int | None) -> None:
    state = GeoPowerToss.new(players=players, teams=teams, seed=players)
    bots = [(EasyBot if s % 2 else MediumBot)(s, s) for s in range(players)]
    while not state.is_over:
        seat = state.current_player
        action = bots[seat].act(state.observation(seat))
        assert state.check(action) is None
        state.apply(action)
    assert state.winner is not None
    assert max(state.team_scores) >= 50


# ----------------------------------------------------------------- random games


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from([(2, None), (3, None), (4, None), (4, 2), (5, None), (6, 2), (6, 3)]),
    st.integers(min_value=0, max_value=2**32 - 1),
)
def test_random_rounds_keep_every_card_and_follow_the_rules(
    setup: tuple[int, int | None], seed: int
) -> None:
    players, teams = setup
    state = GeoPowerToss.new(players=players, teams=teams, seed=seed)
    rng = random.Random(seed)
    actions = 0
    while not state.is_over and state.round_index < 2:
        legal = state.legal_actions()
        assert legal and all(state.check(a) is None for a in legal)
        state.step(rng.choice(legal))
        actions += 1
        assert sorted(codes(state.all_cards())) == FULL_DECK
        assert sum(state.unit_tricks) == len(state.tricks)
    assert actions <= GeoPowerToss.max_actions


# ----------------------------------------------------------------- odds (the hints and the bots)


def _after_a_void() -> GeoPowerToss:
    """Seat 0 led New York (Eastern); seat 1 had no Eastern card and played Illinois."""
    state = GeoPowerToss.from_hands([["NY", "OR", "TX"], ["IL", "WA", "MO"]], category=SIZE)
    act(state, "NY", "IL")
    return state


def test_odds_count_the_unseen_cards_and_who_may_hold_them() -> None:
    obs = _after_a_void().observation(0)
    assert len(odds.unseen(obs)) == 50 - 2 - 2  # own hand, the trick played
    assert not {"NY", "IL", "OR", "TX"} & set(codes(odds.unseen(obs)))
    # Seat 1 showed it has no Eastern card: every unseen Eastern card is in the stock (44).
    assert odds.opponent_share(obs, "Eastern") == 0.0
    assert odds.opponent_share(obs, "Pacific") == pytest.approx(2 / 46)
    assert odds.opponent_share(obs, "Pacific", seats=[0]) == 0.0  # no opponent among them


def test_a_card_holds_unless_an_opponent_has_a_better_one_of_its_zone() -> None:
    obs = _after_a_void().observation(0)
    # Oregon is 9th in size; California (3rd) and Nevada (7th) are the larger Pacific cards.
    assert odds.better_unseen(obs, card("OR"), SIZE) == 2
    assert odds.hold_chance(obs, card("OR"), SIZE) == pytest.approx((1 - 2 / 46) ** 2)
    assert odds.hold_chance(obs, card("OR"), SIZE, seats=[]) == 1.0  # nobody left to play
    assert odds.hold_chance(obs, card("TX"), SIZE) == 1.0  # no larger Central state
    assert winning_play(((0, card("NY")), (1, card("IL"))), SIZE) == (0, card("NY"))


def test_draft_strength_weighs_each_category_left_face_up() -> None:
    state = GeoPowerToss.from_hands([["NY", "OR", "TX"], ["IL", "WA", "MO"]], face_up=["size"] * 3)
    assert set(odds.draft_strength(state.observation(0))) == {SIZE}
    state = GeoPowerToss.from_hands(
        [["NY", "OR", "TX"], ["IL", "WA", "MO"]], face_up=["size", "size", "population"]
    )
    strength = odds.draft_strength(state.observation(0))
    assert set(strength) == {SIZE, POPULATION} and 0 < strength[SIZE] <= 3


def test_a_trick_says_the_zone_led_which_cards_may_follow_and_what_each_would_do() -> None:
    trick = ((0, card("IL")),)  # Illinois leads the Central Zone
    hand = [card(u) for u in ("NY", "KS", "WI")]
    assert tricks.led_zone(()) is None and tricks.led_zone(trick) == "Central"
    assert tricks.must_follow(hand, trick) == "Central"
    assert codes(tricks.playable(hand, trick)) == ["KS", "WI"]
    assert tricks.must_follow(hand, ()) is None and tricks.playable(hand, ()) == hand
    eastern = [card("NY"), card("GA")]
    assert tricks.must_follow(eastern, trick) is None  # no Central card: any card
    assert tricks.playable(eastern, trick) == eastern
    # Size: Kansas (15th) now wins; Texas (2nd) would beat it, Wisconsin (23rd) would not,
    # and Alaska (1st) is off-Zone.
    on_kansas = (*trick, (1, card("KS")))
    assert tricks.follow_effect(card("TX"), on_kansas, SIZE) == tricks.BEATS
    assert tricks.follow_effect(card("WI"), on_kansas, SIZE) == tricks.TOO_LOW
    assert tricks.follow_effect(card("AK"), on_kansas, SIZE) == tricks.OFF_ZONE


def test_the_observation_says_who_is_winning_the_trick_on_the_table() -> None:
    state = GeoPowerToss.from_hands([["IL", "NY"], ["KS", "GA"], ["AK", "FL"]], category=SIZE)
    assert state.observation(0).winning is None  # nothing led yet
    act(state, "IL")
    assert state.observation(1).winning == (0, card("IL"))
    act(state, "KS")
    assert state.observation(2).winning == (1, card("KS"))
    act(state, "AK")  # Alaska is off-Zone: Kansas wins the trick, which leaves the table
    assert state.tricks[-1].winner == 1 and state.observation(1).winning is None


def test_a_round_scores_the_most_tricks_and_the_calls_made() -> None:
    assert scoring.round_points((5, 3), ()) == (10, 0)
    assert scoring.round_points((4, 4), ()) == (5, 5)
    assert scoring.round_points((6, 2), (0,)) == (25, 0)  # a call made
    assert scoring.round_points((5, 3), (0,)) == (0, 0)  # failed: nobody takes the 10
    assert scoring.call_made(6) and not scoring.call_made(5)
    assert scoring.sole_leader((20, 35, 10)) == 1 and scoring.sole_leader((35, 35)) is None
    assert scoring.tied_top((50, 50, 20), 50) == 50
    assert scoring.tied_top((55, 50), 50) is None and scoring.tied_top((40, 40), 50) is None
