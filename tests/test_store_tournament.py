"""The tournament store (issue 32): setting up, rounds, calls, games at shared tables, results
written once, the clock, the final stages, on SQLite and PostgreSQL, with races."""

from __future__ import annotations

import random
import threading
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa

from engine.cards import card
from engine.tournament.rounds import ALL, CALL, ROTATION, nth_game
from store import tables
from store import tournament as tm
from store.models import TournamentGame, TournamentMatch
from ui.games.shared import autoplay

T0 = datetime(2026, 3, 3, 9, 0, tzinfo=UTC)
KEY = "teacher-key-0123456789"


def setup(db, names, rounds=((ALL, 20), (ALL, 20)), divisions=("Grade 5",), grace=30):
    t = tm.create(db, "Spring cup", KEY, divisions, rounds, grace_seconds=grace, now=T0)
    division_ids = [i for i, _ in tm.divisions(db, t.id)]
    teams = [
        tm.add_team(db, KEY, division_ids[i % len(division_ids)], name, now=T0)
        for i, name in enumerate(names)
    ]
    return t, teams


def version(db) -> int:
    return tm.for_key(db, KEY).version


def game_rows(db) -> list[TournamentGame]:
    with db.read() as session:
        return list(session.scalars(sa.select(TournamentGame).order_by(TournamentGame.id)))


def play_out(db, view: tm.TeamView, at: datetime, rng: random.Random) -> None:
    """Play the team's game at its table to the end: random legal moves for the team's seat
    (and the other team's, through its own view), the AI's by the table's autoplay."""
    tokens = {view.seat: view.token}
    board = tm.board(db, view.tournament.id, now=at)
    match = view.match
    other = match.team_b if match.team_a == view.team.id else match.team_a
    if other is not None:
        code = board.team(other).code
        tokens[1 - view.seat] = tm.seat_token(view.tournament.seed, code, match.id, match.current.n)
    for _ in range(3000):
        autoplay.play_ai_turns(db, view.table_id, now=at)
        snap = tables.snapshot(db, view.table_id)
        if snap.state.is_over:
            return
        seat = snap.state.current_player
        action = rng.choice(snap.state.legal_actions())
        tables.append(db, view.table_id, tokens[seat], snap.seq, action, now=at)
    raise AssertionError("the game did not end")


# --- setting up -------------------------------------------------------------------------------


def test_one_key_makes_one_tournament_and_its_divisions_in_order(db):
    first = tm.create(db, "Cup", KEY, ["Beginner", "Advanced"], tm.DEFAULT_ROUNDS, now=T0)
    again = tm.create(db, "Other", KEY, ["X"], [(ALL, 5)], now=T0)
    assert again.id == first.id and again.name == "Cup"
    assert [n for _, n in tm.divisions(db, first.id)] == ["Beginner", "Advanced"]
    assert first.rounds == ((ALL, 20),) * 4 + ((CALL, 12),) * 4
    assert (first.round, first.stage, first.clock) == (0, tm.SWISS, tm.DONE)
    assert tm.find(db, first.code.lower()).id == first.id


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"rounds": []}, "rounds_count"),
        ({"rounds": [(ALL, 20)] * 13}, "rounds_count"),
        ({"rounds": [("some", 20)]}, "round_kind"),
        ({"rounds": [(ALL, 0)]}, "minutes_range"),
        ({"rounds": [(ALL, 91)]}, "minutes_range"),
        ({"rounds": [(ALL, 2.5)]}, "minutes_not_whole"),
        ({"rounds": [(ALL, True)]}, "minutes_not_whole"),
        ({"divisions": []}, "divisions_count"),
        ({"divisions": ["A"] * 9}, "divisions_count"),
        ({"divisions": ["Owls", "owls "]}, "division_twice"),
        ({"divisions": ["a*b"]}, "division_markup"),
        ({"divisions": [" "]}, "division_empty"),
        ({"grace_seconds": 5}, "grace_range"),
        ({"grace_seconds": 3601}, "grace_range"),
        ({"grace_seconds": "60"}, "grace_not_whole"),
        ({"name": ""}, "title_empty"),
        ({"host_key": " "}, "no_host_key"),
    ],
)
def test_a_tournament_set_up_wrong_is_refused_with_a_code(sqlite_db, kwargs, code):
    given = {"name": "Cup", "host_key": KEY, "divisions": ["A"], "rounds": [(ALL, 20)]}
    with pytest.raises(tm.TournamentError) as refused:
        tm.create(sqlite_db, **(given | kwargs), now=T0)
    assert refused.value.code == code


@pytest.mark.parametrize(
    ("name", "code"),
    [("", "name_empty"), ("x" * 41, "name_too_long"), ("a\u202eb", "name_override"),
     ("a_b", "name_markup"), ("\u200b", "name_invisible"), ("Owls", "name_taken"),
     ("owls ", "name_taken"), ("Оwls", "name_taken")],
)  # fmt: skip
def test_a_team_name_follows_the_class_name_rules_and_is_unique_as_names_compare(
    sqlite_db, name, code
):
    t, _ = setup(sqlite_db, ["Owls"])
    division = tm.divisions(sqlite_db, t.id)[0][0]
    with pytest.raises(tm.TournamentError) as refused:
        tm.add_team(sqlite_db, KEY, division, name, now=T0)
    assert refused.value.code == code


def test_teams_get_codes_of_their_own_and_a_code_finds_its_team(sqlite_db):
    t, teams = setup(sqlite_db, ["Owls", "Foxes", "Bears", "Eagles"], divisions=("A", "B"))
    assert len({x.code for x in teams}) == 4
    for team in teams:
        found_t, found = tm.team_by_code(sqlite_db, f" {team.code.lower()} ")
        assert (found_t.id, found) == (t.id, team)
    with pytest.raises(tm.NotFound):
        tm.team_by_code(sqlite_db, "ZZZZZZ")
    with pytest.raises(tm.NotFound) as wrong_key:
        tm.add_team(sqlite_db, "not the key", teams[0].division_id, "Moles")
    assert wrong_key.value.code == "bad_host_key"


# --- rounds -----------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [2, 3, 5, 8])
def test_a_round_seats_every_team_once_the_odd_one_against_the_hard_ai(sqlite_db, count):
    t, teams = setup(sqlite_db, [f"Team {i}" for i in range(count)])
    tm.start_round(sqlite_db, KEY, version(sqlite_db), now=T0)
    board = tm.board(sqlite_db, t.id, now=T0)
    matches = board.round(1)
    seated = [x for m in matches for x in (m.team_a, m.team_b) if x is not None]
    assert sorted(seated) == sorted(x.id for x in teams)
    assert [m.table_no for m in matches] == list(range(1, len(matches) + 1))
    byes = [m for m in matches if m.team_b is None]
    assert len(byes) == count % 2 and all(m.table_no == len(matches) for m in byes)
    for m in matches:
        assert m.current.game == nth_game(ALL, 0) and m.current.table_id is not None
        seats = tables.seats(sqlite_db, m.current.table_id)
        kinds = [s.kind for s in seats]
        assert kinds == ([tables.PERSON, tables.AI] if m.team_b is None else [tables.PERSON] * 2)
        if m.team_b is None:
            assert seats[1].level == "hard"


def test_a_teams_token_opens_its_own_seat_and_no_host_powers(db):
    t, teams = setup(db, ["Owls", "Foxes"])
    tm.start_round(db, KEY, version(db), now=T0)
    views = [tm.team_view(db, team.code, now=T0) for team in teams]
    assert sorted(v.seat for v in views) == [0, 1]
    assert len({v.table_id for v in views}) == 1
    for v in views:
        seat_view = tables.view(db, v.token, now=T0)
        assert seat_view.seat == v.seat and v.opponent in ("Owls", "Foxes")
        with pytest.raises(tables.NotHost):
            tables.rematch(db, v.token, seat_view.seq, now=T0)


def test_two_presses_of_start_start_one_round(db):
    setup(db, ["Owls", "Foxes", "Bears", "Eagles"])
    seen = version(db)
    tm.start_round(db, KEY, seen, now=T0)
    with pytest.raises(tm.MovedOn):
        tm.start_round(db, KEY, seen, now=T0)
    with pytest.raises(tm.TournamentError) as refused:
        tm.start_round(db, KEY, version(db), now=T0)
    assert refused.value.code == "round_under_way"
    assert len(tm.board(db, tm.for_key(db, KEY).id, now=T0).matches) == 2


def test_a_finished_game_is_written_once_and_the_next_game_opens_in_the_rotation(db):
    t, teams = setup(db, ["Owls", "Foxes", "Bears"])
    tm.start_round(db, KEY, version(db), now=T0)
    rng = random.Random(4)
    at = T0 + timedelta(minutes=1)
    for team in teams:
        view = tm.team_view(db, team.code, now=at)
        if view.table_id is not None and view.match.current.n == 0:
            play_out(db, view, at, rng)
    board = tm.board(db, t.id, now=at)
    for m in board.round(1):
        first = m.games[0]
        assert first.result is not None and first.decided_by == "over"
        state = tables.snapshot(db, first.table_id).state
        seat = state.winner
        expected = None if seat is None else m.teams[0 if seat == first.seat_a else 1]
        assert first.winner == expected
        assert [g.game for g in m.games] == [nth_game(ALL, 0), nth_game(ALL, 1)]
        assert m.games[1].seat_a == 1 and m.games[1].result is None


def test_the_clock_ends_the_round_once_and_its_games_by_their_time_up_rule(db):
    t, teams = setup(db, ["Owls", "Foxes", "Bears", "Eagles"])
    tm.start_round(db, KEY, version(db), now=T0)
    rng = random.Random(1)
    for team in teams[:2]:  # a few moves at two tables
        view = tm.team_view(db, team.code, now=T0)
        for _ in range(6):
            snap = tables.snapshot(db, view.table_id)
            if snap.state.current_player == view.seat and not snap.state.is_over:
                move = rng.choice(snap.state.legal_actions())
                tables.append(db, view.table_id, view.token, snap.seq, move, now=T0)
    late = T0 + timedelta(minutes=20, seconds=1)
    results: list[object] = []
    barrier = threading.Barrier(6)

    def look() -> None:
        barrier.wait()
        results.append(tm.settle(db, t.id, now=late))

    threads = [threading.Thread(target=look) for _ in range(6)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert all(r.clock == tm.DONE for r in results)
    assert tm.for_key(db, KEY).version == 2  # created 0, started 1, ended once 2
    rows = game_rows(db)
    assert len(rows) == 2 and all(r.result is not None and r.decided_by == "time" for r in rows)
    for row in rows:
        state = tables.snapshot(db, row.table_id).state
        board = tm.board(db, t.id, now=late)
        m = next(x for x in board.matches if x.id == row.match_id)
        seat = state.time_up()
        assert row.winner == (None if seat is None else m.teams[0 if seat == row.seat_a else 1])
    view = tm.team_view(db, teams[0].code, now=late)
    assert view.token is None and view.table_id is None  # no game under way


def test_pause_keeps_the_time_left_and_resume_gives_it_back(db):
    t, _ = setup(db, ["Owls", "Foxes"])
    tm.start_round(db, KEY, version(db), now=T0)
    tm.pause(db, KEY, version(db), now=T0 + timedelta(minutes=5))
    paused = tm.settle(db, t.id, now=T0 + timedelta(hours=2))
    assert paused.clock == tm.PAUSED and paused.seconds_left(T0) == 15 * 60
    tm.resume(db, KEY, version(db), now=T0 + timedelta(hours=2))
    running = tm.for_key(db, KEY)
    assert running.seconds_left(T0 + timedelta(hours=2, minutes=1)) == 14 * 60
    tm.end_round(db, KEY, version(db), now=T0 + timedelta(hours=2, minutes=2))
    assert all(g.decided_by == "time" for g in game_rows(db))
    with pytest.raises(tm.TournamentError):
        tm.end_round(db, KEY, version(db), now=T0 + timedelta(hours=3))


def test_a_settle_racing_the_teachers_end_decides_each_game_once(db):
    t, _ = setup(db, ["Owls", "Foxes", "Bears", "Eagles"])
    tm.start_round(db, KEY, version(db), now=T0)
    seen = version(db)
    at = T0 + timedelta(minutes=20, seconds=5)
    barrier = threading.Barrier(5)
    errors: list[BaseException] = []

    def end() -> None:
        barrier.wait()
        try:
            tm.end_round(db, KEY, seen, now=at)
        except (tm.MovedOn, tm.TournamentError):
            pass
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)

    def look() -> None:
        barrier.wait()
        try:
            tm.settle(db, t.id, now=at)
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [threading.Thread(target=end) for _ in range(2)]
    threads += [threading.Thread(target=look) for _ in range(3)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    assert version(db) == seen + 1
    assert len(game_rows(db)) == 2 and all(g.result for g in game_rows(db))


# --- "Call" rounds ------------------------------------------------------------------------------


def test_a_call_round_the_earlier_card_calls_first_and_the_games_alternate(db):
    t, teams = setup(db, ["Owls", "Foxes"], rounds=((CALL, 12),))
    tm.start_round(db, KEY, version(db), now=T0)
    m = tm.board(db, t.id, now=T0).round(1)[0]
    cards = [card(c) for c in m.cards]
    first = m.teams[0 if cards[0].statehood_rank < cards[1].statehood_rank else 1]
    second = next(x for x in m.teams if x != first)
    code = {x.id: x.code for x in teams}
    assert m.games == ()
    with pytest.raises(tm.TournamentError) as early:
        tm.call(db, code[second], ROTATION[0], now=T0)
    assert early.value.code == "not_your_call"
    tm.call(db, code[first], "geopower_toss", now=T0)
    with pytest.raises(tm.TournamentError) as same:
        tm.call(db, code[second], "geopower_toss", now=T0)
    assert same.value.code == "bad_call"
    tm.call(db, code[second], "border_attack", now=T0)
    m = tm.board(db, t.id, now=T0).round(1)[0]
    assert m.calls == ("geopower_toss", "border_attack")
    assert [g.game for g in m.games] == ["geopower_toss"]


def test_a_team_that_does_not_call_in_the_grace_time_has_a_call_made_for_it(db):
    t, _ = setup(db, ["Owls", "Foxes"], rounds=((CALL, 12),), grace=30)
    tm.start_round(db, KEY, version(db), now=T0)
    calls = [
        tm.board(db, t.id, now=T0 + timedelta(seconds=s)).round(1)[0].calls for s in (29, 31, 60)
    ]
    assert calls == [(), (ROTATION[0],), (ROTATION[0],)]  # the second's grace: from the first
    (m,) = tm.board(db, t.id, now=T0 + timedelta(seconds=62)).round(1)
    assert m.calls == (ROTATION[0], ROTATION[1]) and m.games[0].game == ROTATION[0]


def test_a_byes_ai_calls_at_once_when_its_turn_comes(db):
    t, _ = setup(db, ["Owls", "Foxes", "Bears"], rounds=((CALL, 12),), grace=30)
    tm.start_round(db, KEY, version(db), now=T0)
    (bye,) = [m for m in tm.board(db, t.id, now=T0).round(1) if m.team_b is None]
    ai_first = bye.caller is None or bye.calls  # the AI called already
    assert (len(bye.calls) == 1) == bool(ai_first)
    (bye,) = [m for m in tm.board(db, t.id, now=T0 + timedelta(seconds=31)).round(1)
              if m.team_b is None]  # fmt: skip
    assert len(bye.calls) == 2 and len(bye.games) == 1


# --- a whole tournament --------------------------------------------------------------------------


def test_level_teams_play_off_then_the_top_two_play_the_championship_then_it_ends(db):
    t, teams = setup(db, ["Owls", "Foxes", "Bears", "Eagles"], rounds=((ALL, 10),))
    tm.start_round(db, KEY, version(db), now=T0)
    tm.end_round(db, KEY, version(db), now=T0 + timedelta(seconds=1))  # every game tied
    board = tm.board(db, t.id, now=T0)
    assert {line.place for line in board.standings(teams[0].division_id)} == {1}
    final = tm.start_final(db, KEY, version(db), now=T0)
    assert final.stage == tm.PLAYOFF  # four share first place: two places, two must go
    playoff = tm.board(db, t.id, now=T0).round(2)
    assert len(playoff) == 2 and {m.current.game for m in playoff} == {"border_attack"}
    tm.end_round(db, KEY, version(db), now=T0 + timedelta(seconds=2))
    final = tm.start_final(db, KEY, version(db), now=T0)
    assert final.stage == tm.CHAMPIONSHIP
    (championship,) = tm.board(db, t.id, now=T0).round(3)
    # a tied playoff goes to the team higher in the draw: each pair's first
    assert championship.teams == (playoff[0].team_a, playoff[1].team_a)
    tm.end_round(db, KEY, version(db), now=T0 + timedelta(seconds=3))
    board = tm.board(db, t.id, now=T0)
    assert board.champion(teams[0].division_id) == championship.team_a  # tied: the higher
    ended = tm.start_final(db, KEY, version(db), now=T0)
    assert ended.stage == tm.ENDED
    with pytest.raises(tm.TournamentError):
        tm.start_final(db, KEY, version(db), now=T0)


def test_the_final_waits_for_the_swiss_rounds(sqlite_db):
    setup(sqlite_db, ["Owls", "Foxes"])
    with pytest.raises(tm.TournamentError) as refused:
        tm.start_final(sqlite_db, KEY, version(sqlite_db), now=T0)
    assert refused.value.code == "rounds_left"


def _team_a_wins_the_round(db) -> None:
    """Every undecided game of the round won by its match's team a (written as the clock's)."""
    with db.write() as session:
        for g in session.scalars(sa.select(TournamentGame).where(TournamentGame.result.is_(None))):
            g.result, g.decided_by, g.decided_at = "won", "time", T0
            g.winner = session.get(TournamentMatch, g.match_id).team_a


def test_at_the_half_losing_records_move_to_the_comeback_division_and_pair_apart(sqlite_db):
    t, teams = setup(sqlite_db, [f"Team {i}" for i in range(8)], rounds=((ALL, 5),) * 4)
    for _ in range(2):
        tm.start_round(sqlite_db, KEY, version(sqlite_db), now=T0)
        _team_a_wins_the_round(sqlite_db)
        tm.end_round(sqlite_db, KEY, version(sqlite_db), now=T0)
    before = tm.board(sqlite_db, t.id, now=T0).standings(teams[0].division_id)
    losing = {line.team for line in before if line.lost > line.won and line.place > 2}
    assert losing  # 0-2 teams after two rounds of eight
    tm.start_round(sqlite_db, KEY, version(sqlite_db), now=T0)
    board = tm.board(sqlite_db, t.id, now=T0)
    assert {x.id for x in board.teams if x.comeback} == losing
    for m in board.round(3):
        assert (m.team_a in losing) == (m.team_b in losing)
    back = board.standings(teams[0].division_id, comeback=True)
    assert {line.team for line in back} == losing


def test_a_team_that_never_comes_is_played_by_the_ai_after_the_grace_time(db):
    t, teams = setup(db, ["Owls", "Foxes"], grace=30)
    tm.start_round(db, KEY, version(db), now=T0)
    (m,) = tm.board(db, t.id, now=T0).round(1)
    table_id = m.current.table_id
    assert autoplay.play_ai_turns(db, table_id, now=T0 + timedelta(seconds=29)) == 0
    played = autoplay.play_ai_turns(db, table_id, now=T0 + timedelta(seconds=31), limit=3)
    assert played == 3
    snap = tables.snapshot(db, table_id)
    assert {move.by for move in snap.moves} == {tables.BY_STAND_IN}


def test_a_call_after_the_clock_ran_out_is_refused_and_the_round_ends(db):
    t, teams = setup(db, ["Owls", "Foxes"], rounds=((CALL, 12),))
    tm.start_round(db, KEY, version(db), now=T0)
    (m,) = tm.board(db, t.id, now=T0).round(1)
    code = next(x.code for x in teams if x.id == m.caller)
    with pytest.raises(tm.TournamentError) as late:
        tm.call(db, code, ROTATION[0], now=T0 + timedelta(minutes=12, seconds=1))
    assert late.value.code == "no_call_now"
    assert tm.for_key(db, KEY).clock == tm.DONE


def test_standings_count_only_the_rounds_played(db):
    t, teams = setup(db, ["Owls", "Foxes", "Bears", "Eagles"])
    tm.start_round(db, KEY, version(db), now=T0)
    board = tm.board(db, t.id, now=T0)
    assert all(line.played == 0 for line in board.standings(teams[0].division_id))
    tm.end_round(db, KEY, version(db), now=T0)
    board = tm.board(db, t.id, now=T0)
    assert all(line.played == 1 for line in board.standings(teams[0].division_id))
    tm.start_round(db, KEY, version(db), now=T0)
    board = tm.board(db, t.id, now=T0)
    assert all(line.played == 1 for line in board.standings(teams[0].division_id))
