"""Tournament rules in the engine: match scoring, standings against hand computations, the
Swiss pairing's properties over whole random tournaments (Hypothesis), checked against a
brute-force search of every pairing of the round, and each game's time-up rule."""

from __future__ import annotations

import doctest
import importlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.games import GAMES, new_game
from engine.tournament.pairing import Pairing, met_before, pair_round
from engine.tournament.rounds import (
    ALL,
    CALL,
    ROTATION,
    Championship,
    calls_first,
    champion,
    championship,
    draw,
    final_places,
    nth_game,
    out_of_the_running,
    playoff_pairs,
    playoff_winner,
    still_in,
)
from engine.tournament.standings import AI, GameResult, Match, Standing, standings

BA, GIN, TOSS = "border_attack", "bordercap_gin", "geopower_toss"


def match(round_: int, a: int, b: int, *winners: int | None) -> Match:
    games = (BA, GIN, TOSS)
    return Match(round_, a, b, tuple(GameResult(games[i % 3], w) for i, w in enumerate(winners)))


MODULES = ("pairing", "rounds", "standings")


@pytest.mark.parametrize("module", [f"engine.tournament.{m}" for m in MODULES])
def test_the_examples_in_the_docstrings_hold(module):
    assert doctest.testmod(importlib.import_module(module)).failed == 0


def test_a_match_scores_two_a_win_one_a_tie_and_is_won_by_more_games_won():
    m = match(1, 1, 2, 1, 2, None, 1)  # 1 wins two, 2 wins one, one tie
    assert (m.games_won(1), m.games_won(2)) == (2, 1)
    assert (m.points(1), m.points(2)) == (5, 3)
    assert (m.outcome(1), m.outcome(2)) == ("won", "lost")
    level = match(1, 1, 2, 1, 2)
    assert (level.outcome(1), level.outcome(2)) == ("tied", "tied")


@pytest.mark.parametrize(
    "make",
    [
        lambda: Match(1, 1, 1),
        lambda: Match(1, AI, 2),
        lambda: Match(1, 1, 2, (GameResult(BA, 3),)),
        lambda: Match(1, 1, 2).opponent(3),
    ],
)
def test_a_match_that_cannot_be_is_refused(make):
    with pytest.raises(ValueError):
        make()


def test_standings_equal_a_hand_computation():
    """Four teams, two rounds, no bye, worked out by hand:

    round 1: 1 beats 2 (2 games to 1), 3 and 4 tie (1 game each and a tied game)
    round 2: 1 beats 3 (1 game to 0 and a tied game), 4 beats 2 (2 games to 0)

    team  won tied lost  games  points
       1    2    0    0      3  2·3 + 1 = 7
       4    1    1    0      3  2·3 + 1 = 7
       3    0    1    1      1  2·1 + 2 = 4
       2    0    0    2      1  2·1     = 2
    """
    matches = [
        match(1, 1, 2, 1, 2, 1),
        match(1, 3, 4, 3, 4, None),
        match(2, 1, 3, 1, None),
        match(2, 4, 2, 4, 4),
    ]
    table = {s.team: s for s in standings([1, 2, 3, 4], matches)}
    got = {t: (s.place, s.won, s.tied, s.lost, s.games_won, s.points) for t, s in table.items()}
    assert got == {
        1: (1, 2, 0, 0, 3, 7),
        4: (2, 1, 1, 0, 3, 7),
        3: (3, 0, 1, 1, 1, 4),
        2: (4, 0, 0, 2, 1, 2),
    }
    assert [s.team for s in standings([1, 2, 3, 4], matches)] == [1, 4, 3, 2]


def test_head_to_head_orders_teams_level_on_everything_else_and_a_true_tie_shares_a_place():
    # 1 and 2 each win one match 1–0 and lose one 0–1: level; 1 beat 2, so 1 is above.
    matches = [match(1, 1, 2, 1), match(1, 3, 4, 3), match(2, 1, 3, 3), match(2, 2, 4, 2)]
    lines = standings([1, 2, 3, 4], matches)
    assert [(s.team, s.place) for s in lines][:2] == [(3, 1), (1, 2)]
    assert [(s.team, s.place) for s in lines][2:] == [(2, 3), (4, 4)]
    # Teams level that never met share their place, listed as entered.
    apart = [match(1, 1, 3, 1), match(1, 2, 4, 2)]
    assert [(s.team, s.place) for s in standings([2, 1, 3, 4], apart)] == [
        (2, 1), (1, 1), (3, 3), (4, 3)
    ]  # fmt: skip


def test_a_bye_counts_as_any_match_and_the_ai_is_in_no_standings():
    matches = [match(1, 1, AI, 1, AI, 1), match(1, 2, 3, 2)]
    lines = {s.team: s for s in standings([1, 2, 3], matches)}
    assert set(lines) == {1, 2, 3}
    assert (lines[1].won, lines[1].games_won, lines[1].points, lines[1].byes) == (1, 2, 4, 1)


def test_the_first_round_pairs_winners_with_winners_after_it():
    teams = list(range(1, 9))
    first = pair_round(teams, [], seed=11)
    played = [match(1, a, b, a, a) for a, b in first.tables]  # the first of each pair wins
    second = pair_round(teams, played, seed=12)
    winners = {a for a, _ in first.tables}
    for a, b in second.tables:
        assert (a in winners) == (b in winners), second


def test_the_same_seed_gives_the_same_pairing_and_another_seed_another_draw():
    teams = list(range(1, 13))
    assert pair_round(teams, [], seed=5) == pair_round(teams, [], seed=5)
    draws = {pair_round(teams, [], seed=s).tables for s in range(10)}
    assert len(draws) > 1


def _best(order: list[int], met: set[frozenset[int]]) -> int:
    """The fewest rematches of any pairing of all of ``order`` (brute force)."""
    if not order:
        return 0
    first, others = order[0], order[1:]
    return min(
        (frozenset((first, p)) in met) + _best(others[:i] + others[i + 1 :], met)
        for i, p in enumerate(others)
    )


def _check(teams: list[int], matches: list[Match], pairing: Pairing) -> None:
    seated = [t for pair in pairing.tables for t in pair]
    seated += [pairing.bye] if pairing.bye is not None else []
    assert sorted(seated) == sorted(teams), "every team plays or has the bye, once"
    assert (pairing.bye is not None) == (len(teams) % 2 == 1)
    met = met_before(matches)
    assert pairing.rematches == sum(frozenset(p) in met for p in pairing.tables)
    byes = {t: sum(m.a == t and m.b == AI for m in matches) for t in teams}
    options = [None] if len(teams) % 2 == 0 else teams
    fewest = {b: _best([t for t in teams if t != b], met) for b in options}
    least = min(fewest.values())
    assert pairing.rematches == least, "no rematch that a pairing of the round avoids"
    if pairing.bye is not None:
        fair = [b for b in teams if fewest[b] == least]
        assert byes[pairing.bye] == min(byes[b] for b in fair), "a second bye only when forced"


results = st.sampled_from([None, "a", "b"])


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(2, 9),
    rounds=st.integers(1, 8),
    seed=st.integers(0, 2**16),
    games=st.lists(st.lists(results, min_size=1, max_size=4), min_size=80, max_size=80),
)
def test_every_round_of_a_random_tournament_is_paired_by_the_rules(n, rounds, seed, games):
    teams = list(range(1, n + 1))
    matches: list[Match] = []
    outcomes = iter(games)
    for r in range(1, rounds + 1):
        pairing = pair_round(teams, matches, seed=seed + r)
        _check(teams, matches, pairing)
        for m in pairing.matches(r):
            side = {"a": m.a, "b": m.b, None: None}
            played = [GameResult(BA, side[w]) for w in next(outcomes)]
            matches.append(Match(r, m.a, m.b, tuple(played)))
        lines = standings(teams, matches)
        assert sorted(s.team for s in lines) == teams
        assert all(s.played == r for s in lines)
        assert [s.place for s in lines] == sorted(s.place for s in lines)


def test_a_large_field_is_paired_at_once_without_rematches():
    teams = list(range(1, 96))  # the city tournament: 95 teams
    matches: list[Match] = []
    for r in range(1, 9):
        pairing = pair_round(teams, matches, seed=r)
        assert pairing.rematches == 0
        matches += [match(r, m.a, m.b, m.a if (m.a + r) % 3 else m.b) for m in pairing.matches(r)]


# --- when the clock ends a game ---------------------------------------------------------------


def test_border_attack_at_time_up_goes_to_who_has_got_rid_of_more_cards():
    state = new_game("border_attack", seed=3)
    state.discards[0] += [state.deck.pop() for _ in range(3)]
    state.discards[1] += [state.deck.pop() for _ in range(2)]
    assert state.scores == [3, 2] and state.time_up() == 0
    state.discards[1].append(state.deck.pop())
    assert state.time_up() is None  # as many gone on each side: a tie


@pytest.mark.parametrize(
    ("score", "expected"),
    [([20, 35], 1), ([35, 35], None), ([10, 40, 40], None), ([10, 45, 40], 1), ([0, 0], None)],
)
def test_bordercap_gin_at_time_up_goes_to_the_higher_score_of_the_rounds_played(score, expected):
    state = new_game("bordercap_gin", players=len(score), seed=4)
    state.score = list(score)  # the round under way counts for nothing
    assert state.time_up() == expected


@pytest.mark.parametrize(
    ("players", "teams", "units", "expected"),
    [
        (2, None, (30, 20), 0),
        (2, None, (25, 25), None),
        (4, 2, (15, 40), 1),
        (6, 3, (5, 5, 0), None),
    ],
)
def test_geopower_toss_at_time_up_goes_to_the_unit_that_leads(players, teams, units, expected):
    state = new_game("geopower_toss", players=players, teams=teams, seed=5)
    state.team_scores = units
    assert state.time_up() == expected


def test_a_game_already_over_keeps_its_winner_at_time_up():
    state = new_game("bordercap_gin", seed=6)
    state.score = [10, 30]
    state.over, state.won_by = True, 0  # over, whatever the scores say
    assert state.is_over and state.time_up() == 0


def test_reverse_geography_war_is_no_contest():
    assert not GAMES["reverse_war"].contest
    with pytest.raises(ValueError):
        new_game("reverse_war", seed=1).time_up()


@settings(max_examples=30, deadline=None)
@given(
    game=st.sampled_from([g for g, cls in GAMES.items() if cls.contest]), seed=st.integers(0, 999)
)
def test_time_up_never_names_a_team_behind_another_at_any_point_of_a_game(game, seed):
    state = new_game(game, seed=seed)
    rng = random.Random(seed)
    for _ in range(state.max_actions):
        verdict = state.time_up()
        by_team = {state.team_of(s): score for s, score in enumerate(state.scores)}
        if state.is_over:
            assert verdict == state.winner
            break
        if verdict is not None:
            assert all(by_team[verdict] > s for t, s in by_team.items() if t != verdict)
        else:
            assert list(by_team.values()).count(max(by_team.values())) > 1
        state.step(rng.choice(state.legal_actions()))


# --- rounds, the championship and the comeback ----------------------------------------------


def test_an_all_round_loops_through_every_contest_and_never_reverse_war():
    assert set(ROTATION) == {g for g, cls in GAMES.items() if cls.contest}
    assert "reverse_war" not in ROTATION
    order = [nth_game(ALL, n) for n in range(2 * len(ROTATION))]
    assert order == list(ROTATION) * 2


@pytest.mark.parametrize(
    "calls",
    [(), ("border_attack",), ("border_attack", "border_attack"), ("reverse_war", "border_attack")],
)
def test_a_call_round_refuses_calls_that_are_not_two_different_contests(calls):
    with pytest.raises(ValueError):
        nth_game(CALL, 0, calls)


def test_unknown_kind_of_round_is_refused():
    with pytest.raises(ValueError):
        nth_game("swiss", 0)


@given(st.integers(0, 2**32))
def test_the_draw_is_two_cards_of_the_seeded_deal_and_the_earlier_state_calls_first(seed):
    cards = draw(seed)
    assert draw(seed) == cards and cards[0] != cards[1]
    first = calls_first(cards)
    assert cards[first].statehood_rank < cards[1 - first].statehood_rank


def _lines(*rows: tuple[int, int, int]) -> list[Standing]:
    """Standings lines from (team, place, matches won)."""
    return [Standing(team=t, place=p, won=w) for t, p, w in rows]


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        ([(1, 1, 4), (2, 2, 3), (3, 3, 2)], Championship((1, 2))),
        ([(1, 1, 4), (2, 1, 4), (3, 3, 2)], Championship((1, 2))),
        ([(1, 1, 4), (2, 2, 3), (3, 2, 3), (4, 4, 1)], Championship((1,), (2, 3), 1)),
        ([(1, 1, 4), (2, 1, 4), (3, 1, 4)], Championship((), (1, 2, 3), 2)),
        ([(1, 1, 1)], Championship((1,))),
    ],
)
def test_the_championship_takes_the_top_two_and_a_shared_place_plays_off(rows, expected):
    assert championship(_lines(*rows)) == expected


@pytest.mark.parametrize(
    ("rows", "out"),
    [
        # (team, place, won, lost): losing records below second go, in pairs at least
        ([(1, 1, 2, 0), (2, 2, 1, 1), (3, 3, 0, 2), (4, 3, 0, 2)], [3, 4]),
        ([(1, 1, 2, 0), (2, 2, 1, 1), (3, 2, 1, 1), (4, 4, 0, 2)], []),  # one alone stays
        ([(1, 1, 2, 0), (2, 2, 1, 1), (3, 2, 1, 1), (4, 4, 0, 2), (5, 4, 0, 2), (6, 6, 0, 2)],
         [5, 6]),  # three would leave 3 and 3: the best of them stays
        ([(1, 1, 2, 0), (2, 2, 1, 1), (3, 2, 1, 1), (4, 4, 0, 2), (5, 4, 0, 2)], [4, 5]),
        ([(1, 1, 0, 2), (2, 1, 0, 2), (3, 1, 0, 2)], []),  # the top two stay in the running
        ([(1, 1, 2, 0), (2, 2, 0, 2), (3, 2, 0, 2), (4, 2, 0, 2)], []),  # all share second
        ([(1, 1, 1, 1), (2, 2, 1, 1), (3, 3, 1, 1), (4, 3, 1, 1)], []),  # even records stay
        ([(1, 1, 1, 0), (2, 2, 0, 0), (3, 3, 0, 1), (4, 3, 0, 1)], [3, 4]),  # a tie: neither
    ],
)  # fmt: skip
def test_at_the_half_losing_records_below_second_go_to_the_comeback(rows, out):
    lines = [Standing(team=t, place=p, won=w, lost=lost) for t, p, w, lost in rows]
    assert out_of_the_running(lines) == out


def test_at_the_half_of_real_standings_the_comeback_holds_the_losing_records():
    matches = [match(1, 1, 2, 1), match(1, 3, 4, 3), match(1, 5, 6, 5),
               match(2, 1, 3, 1), match(2, 5, 2, 5), match(2, 4, 6, 4)]  # fmt: skip
    lines = standings([1, 2, 3, 4, 5, 6], matches)
    assert out_of_the_running(lines) == [2, 6]  # 0 won, 2 lost each; 3 and 4 are even


@given(
    size=st.integers(2, 9),
    places=st.integers(1, 2),
    outcomes=st.lists(st.sampled_from(["a", "b", "tie"]), min_size=20, max_size=20),
)
@settings(max_examples=200, deadline=None)
def test_a_playoff_ends_with_as_many_teams_as_places_whatever_the_games(size, places, outcomes):
    group = list(range(1, size + 1))
    if places >= size:
        places = size - 1
    played: list[Match] = []
    rounds = 0
    while len(left := still_in(group, played)) > places:
        pairs = playoff_pairs(left, places)
        assert pairs and all(a in left and b in left for a, b in pairs)
        rounds += 1
        for a, b in pairs:
            result = outcomes[len(played) % len(outcomes)]
            winner = {"a": a, "b": b, "tie": None}[result]
            played.append(Match(100 + rounds, a, b, (GameResult(BA, winner),)))
    assert len(still_in(group, played)) == places
    assert rounds <= size  # every round sends at least one team home


def test_a_tied_playoff_goes_to_the_team_higher_in_the_draw_and_a_tied_final_to_the_higher():
    tied = Match(5, 3, 7, (GameResult(BA, None),))
    assert playoff_winner(tied, [7, 3]) == 7 and playoff_winner(tied, [3, 7]) == 3
    won = Match(5, 3, 7, (GameResult(BA, None), GameResult(BA, 7)))
    assert playoff_winner(won, [3, 7]) == 7
    assert champion(tied) == 3 and champion(won) == 7
    assert playoff_pairs([4, 1, 2], places=1) == [(4, 1)]  # 2 waits for the winner
    assert playoff_pairs([4, 1, 2, 9], places=2) == [(4, 1), (2, 9)]


def test_final_places_put_the_champion_first_the_finalist_second_and_keep_the_rest():
    lines = [Standing(team=t, place=p) for t, p in ((1, 1), (2, 2), (3, 2), (4, 4), (5, 4))]
    assert final_places(lines) == {1: 1, 2: 2, 3: 2, 4: 4, 5: 4}
    final = Match(9, 1, 3, (GameResult(BA, 3),))
    assert final_places(lines, final) == {3: 1, 1: 2, 2: 3, 4: 4, 5: 4}
    tied = Match(9, 1, 3, (GameResult(BA, None),))
    assert final_places(lines, tied) == {1: 1, 3: 2, 2: 3, 4: 4, 5: 4}
