"""The live class game's pure rules (engine/live.py), with numbers worked out by hand: phases,
points (accuracy first, speed and streaks optional), standings and their ties, teams, the
all-in goal, what a reveal counts, and the team split."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction, Refusal
from engine.live import (
    POINTS_RIGHT,
    SPEED_MAX,
    LiveResponse,
    LiveRules,
    Phase,
    all_in_goal,
    answer_values,
    next_phase,
    points,
    reveal_counts,
    revealed_through,
    share_right,
    split_teams,
    standings,
)
from engine.quiz import make_question
from ui.live.errors import worded

PLAIN = LiveRules()
SPEED20 = LiveRules(timer=20, speed=True)


def right(player: int, question: int, seconds: float | None = 5.0) -> LiveResponse:
    return LiveResponse(player, question, True, seconds)


def wrong(player: int, question: int, seconds: float | None = 5.0) -> LiveResponse:
    return LiveResponse(player, question, False, seconds)


# --- phases ---------------------------------------------------------------------------------


def test_a_game_of_two_questions_goes_lobby_question_reveal_question_reveal_ended():
    steps = [(Phase.LOBBY, -1)]
    for _ in range(6):
        steps.append(next_phase(*steps[-1], 2))
    assert steps == [
        (Phase.LOBBY, -1),
        (Phase.QUESTION, 0),
        (Phase.REVEAL, 0),
        (Phase.QUESTION, 1),
        (Phase.REVEAL, 1),
        (Phase.ENDED, 1),
        (Phase.ENDED, 1),  # an ended game stays ended
    ]
    assert [revealed_through(p, i) for p, i in steps] == [-1, -1, 0, 0, 1, 1, 1]


def test_next_phase_refuses_a_game_without_questions_or_an_index_outside_it():
    with pytest.raises(IllegalAction) as refused:
        next_phase(Phase.LOBBY, -1, 0)
    assert refused.value.refusal == Refusal("no_questions")
    with pytest.raises(IllegalAction) as refused:
        next_phase(Phase.QUESTION, 3, 3)
    assert refused.value.refusal == Refusal("no_such_question", number=4, total=3)
    assert next_phase("reveal", 2, 3) == (Phase.ENDED, 2)  # the stored text is read


# --- rules ----------------------------------------------------------------------------------


def test_rules_round_trip_through_json_and_default_to_accuracy_only():
    rules = LiveRules(timer=60, speed=True, streaks=True, teams=4, all_in=True)
    assert LiveRules.from_dict(rules.to_dict()) == rules
    assert LiveRules.from_dict({}) == LiveRules(None, False, False, 0, False)
    assert LiveRules.from_dict({"timer": 20, "other": 1}).timer == 20


@pytest.mark.parametrize(
    ("kw", "said"),
    [
        ({"timer": 30}, "off, 20 or 60 seconds, not 30"),
        ({"timer": True}, "off, 20 or 60"),
        ({"teams": 1}, "2 to 6 teams, not 1"),
        ({"teams": 7}, "2 to 6 teams, not 7"),
        ({"teams": "3"}, "whole number"),
        ({"speed": "yes"}, "speed is on or off"),
    ],
)
def test_bad_rules_are_refused_in_words(kw, said):
    with pytest.raises(ValueError) as refused:
        LiveRules(**kw)
    assert said in worded(refused.value)


# --- points ---------------------------------------------------------------------------------


def test_accuracy_first_a_right_answer_is_1000_and_a_wrong_or_missing_one_0():
    assert points(PLAIN, True, 1.0, 0) == 1000
    assert points(PLAIN, True, 59.0, 9) == 1000  # no speed, no streak points unless turned on
    assert points(LiveRules(speed=True, streaks=True), False, 0.1, 4) == 0


@pytest.mark.parametrize(
    ("rules", "seconds", "expected"),
    [
        (SPEED20, 5, 1000 + 375),  # 15 of 20 s left: 500 × 3/4
        (SPEED20, 0, 1000 + 500),
        (SPEED20, 10, 1000 + 250),
        (SPEED20, 19.8, 1000 + 5),  # 500 × 0.2/20
        (SPEED20, 19.5, 1000 + 13),  # 500 × 0.5/20 = 12.5: halves round up
        (SPEED20, 20, 1000),
        (SPEED20, 45, 1000),  # past the window: nothing, never less
        (SPEED20, -3, 1000 + 500),  # a clock a little off: no more than the most
        (SPEED20, None, 1000),  # time unknown: no speed points
        (LiveRules(timer=60, speed=True), 15, 1000 + 375),
        (LiveRules(speed=True), 6, 1000 + 400),  # no timer: a 30-second window
        (LiveRules(speed=True), 7, 1000 + 383),  # 500 × 23/30 = 383.3
    ],
)
def test_speed_points_run_down_with_the_share_of_the_window_left(rules, seconds, expected):
    assert points(rules, True, seconds, 0) == expected
    assert points(rules, True, seconds, 0) <= POINTS_RIGHT + SPEED_MAX


def test_streak_points_grow_by_100_per_right_answer_in_a_row_up_to_500():
    rules = LiveRules(streaks=True)
    assert [points(rules, True, None, k) for k in range(8)] == [
        1000, 1100, 1200, 1300, 1400, 1500, 1500, 1500,
    ]  # fmt: skip


def test_a_wrong_answer_or_a_missing_one_ends_the_streak():
    rules = LiveRules(streaks=True)
    players = {1: "Ana", 2: "Bo"}
    answers = [right(1, 0), right(1, 1), wrong(1, 2), right(1, 3), right(1, 4)]
    answers += [right(2, 0), right(2, 1), right(2, 3), right(2, 4)]  # Bo skipped question 3
    table = standings(rules, players, answers, through=4)
    # Ana: 1000 + 1100 + 0 + 1000 + 1100; Bo: the same, the missing answer reset him too
    assert table.points_of(1) == table.points_of(2) == 4200
    assert table.row_of(1).streak == 2 and table.row_of(1).right == 4


def test_speed_and_streaks_add_up():
    rules = LiveRules(timer=20, speed=True, streaks=True)
    answers = [right(1, 0, 5), right(1, 1, 10), right(1, 2, 0)]
    # 1375, then 1000 + 250 + 100, then 1000 + 500 + 200
    assert standings(rules, {1: "Ana"}, answers, through=2).points_of(1) == 1375 + 1350 + 1700


# --- standings ------------------------------------------------------------------------------


def test_ties_share_a_place_and_are_listed_by_name_whatever_its_case():
    players = {1: "zoe", 2: "Bea", 3: "adam", 4: "Carl", 5: "Dee"}
    answers = [right(1, 0), right(2, 0), right(3, 0), right(1, 1), right(4, 0)]
    table = standings(PLAIN, players, answers, through=1)
    assert [(r.name, r.points, r.place) for r in table.rows] == [
        ("zoe", 2000, 1),
        ("adam", 1000, 2),
        ("Bea", 1000, 2),
        ("Carl", 1000, 2),
        ("Dee", 0, 5),
    ]
    assert [r.name for r in table.top(3)] == ["zoe", "adam", "Bea"]
    assert len(table.top()) == 5
    assert table.place_of(5) == 5 and table.place_of(99) is None


def test_only_the_questions_revealed_and_the_players_present_count():
    players = {1: "Ana", 2: "Bo"}
    answers = [right(1, 0), right(1, 1), right(2, 1), right(3, 0)]  # player 3 was removed
    table = standings(PLAIN, players, answers, through=0)
    assert (table.points_of(1), table.points_of(2), table.points_of(3)) == (1000, 0, 0)
    nothing = standings(PLAIN, players, answers, through=-1)
    assert [r.place for r in nothing.rows] == [1, 1]  # nothing revealed: everyone first


def test_team_totals_are_the_sum_of_their_members_points_ranked_like_players():
    rules = LiveRules(teams=3)
    players = {1: "Ana", 2: "Bo", 3: "Cy", 4: "Di", 5: "Ed"}
    teams = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3}
    answers = [right(1, 0), right(2, 0), right(3, 0), right(3, 1), right(5, 0), right(5, 1)]
    table = standings(rules, players, answers, through=1, teams=teams)
    assert [(t.team, t.points, t.place, t.members) for t in table.team_rows] == [
        (1, 2000, 1, 2),
        (2, 2000, 1, 2),
        (3, 2000, 1, 1),
    ]
    answers.append(right(4, 1))
    table = standings(rules, players, answers, through=1, teams=teams)
    assert [(t.team, t.points, t.place) for t in table.team_rows] == [
        (2, 3000, 1),
        (1, 2000, 2),
        (3, 2000, 2),
    ]
    assert table.row_of(4).team == 2 and table.team_place_of(3) == 2
    assert standings(PLAIN, players, answers, through=1, teams=teams).team_rows == ()


def test_all_in_counts_the_class_right_answers_toward_70_percent_of_all():
    assert all_in_goal(10, 1) == 7  # exactly 7, not 8 from 0.7 × 10 rounded up in floats
    assert all_in_goal(3, 10) == 21
    assert all_in_goal(4, 5) == 14
    assert all_in_goal(3, 1) == 3  # 2.1 rounded up
    assert all_in_goal(0, 10) == 0
    rules = LiveRules(all_in=True)
    players = {1: "Ana", 2: "Bo", 3: "Cy"}
    answers = [right(p, q) for p in (1, 2) for q in range(2)] + [wrong(3, 0), right(3, 1)]
    table = standings(rules, players, answers, through=1, questions=2)
    assert (table.class_right, table.goal, table.reached) == (5, 5, True)  # ceil(4.2) = 5
    table = standings(rules, players, answers, through=1, questions=3)
    assert (table.class_right, table.goal, table.reached) == (5, 7, False)  # ceil(6.3)
    plain = standings(PLAIN, players, answers, through=1)
    assert (plain.goal, plain.reached) == (0, False)
    assert not standings(rules, {}, [], through=0).reached


# --- reveal ---------------------------------------------------------------------------------


def test_a_set_answer_counts_each_state_once_per_player_and_never_names_anyone():
    picks = [("AZ", "KS", "UT"), ("KS", "NE", "KS"), ("TX",)]
    responses = [LiveResponse(i, 0, False, 1.0, v) for i, v in enumerate(picks)]
    responses.append(LiveResponse(0, 0, False, 1.0, ("AZ",)))  # a second row of player 0
    assert reveal_counts(responses) == {"KS": 2, "AZ": 1, "NE": 1, "TX": 1, "UT": 1}


def test_one_value_and_order_answers_are_counted_as_given():
    picks = ["CO", "CO", "UT"]
    responses = [LiveResponse(i, 0, v == "CO", 1.0, (v,)) for i, v in enumerate(picks)]
    responses.append(LiveResponse(9, 0, False, 1.0, ()))  # a counted non-answer
    assert reveal_counts(responses) == {"CO": 2, "UT": 1}
    assert share_right(responses) == 0.5
    assert share_right([]) == 0.0
    order = make_question("order", ("CA", "TX", "MT", "NM"), category="size")
    responses = [
        LiveResponse(p, 0, p < 3, 1.0, answer_values(order, given, order.check(given)))
        for p, given in ((1, "TX,CA,MT,NM"), (2, ["TX", "CA", "MT", "NM"]), (3, "CA,TX,MT,NM"))
    ]
    assert reveal_counts(responses) == {"TX,CA,MT,NM": 2, "CA,TX,MT,NM": 1}


def test_answer_values_are_what_the_answer_picked():
    q = make_question("neighbors", "CO")
    response = ["UT", "KS", "TX"]
    assert answer_values(q, response, q.check(response)) == ("KS", "TX", "UT")
    one = make_question("locate", "CO")
    assert answer_values(one, "UT", one.check("UT")) == ("UT",)
    assert answer_values(one, "CO", one.check("CO")) == ("CO",)
    capital = make_question("capital", "CO")
    typed = capital.check("Denver")
    assert typed.correct and answer_values(capital, "Denver", typed) == ("CO",)
    order = make_question("order", ("CA", "TX", "MT", "NM"), category="size")
    given = "CA,TX,MT,NM"
    assert answer_values(order, given, order.check(given)) == ("CA,TX,MT,NM",)  # one value


# --- teams ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "teams"), [(7, 2), (10, 3), (5, 6), (23, 4), (1, 2)])
def test_a_split_is_even_within_one_and_the_same_for_the_same_seed(players, teams):
    ids = list(range(100, 100 + players))
    split = split_teams(ids, teams, seed=42)
    assert set(split) == set(ids)
    sizes = [list(split.values()).count(t) for t in range(1, teams + 1)]
    assert max(sizes) - min(sizes) <= 1
    assert set(split.values()) <= set(range(1, teams + 1))
    assert split_teams(reversed(ids), teams, seed=42) == split  # the order given does not matter
    others = [split_teams(ids, teams, seed=s) for s in range(20)]
    assert players < 3 or any(o != split for o in others)  # but the seed does


def test_a_split_fills_the_smallest_teams_around_the_players_placed_by_hand():
    split = split_teams([1, 2, 3, 4], 3, seed=7, sizes={1: 3})
    assert sorted(split.values()) == [2, 2, 3, 3]
    with pytest.raises(ValueError, match="2 to 6 teams"):
        split_teams([1, 2], 1, seed=0)
