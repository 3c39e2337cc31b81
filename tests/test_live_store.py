"""The live class game's store (store/live.py) on SQLite and PostgreSQL (the ``db`` fixture):
a whole game with standings worked out by hand, the races the database decides, and what a
phone may and may not hold before the reveal."""

from __future__ import annotations

import dataclasses
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa

import store.classroom as cr
import store.live as live
from engine.live import LiveRules, Phase
from engine.quiz import QuizSettings, build_questions
from store.models import LiveAnswer, LiveGame, LivePlayer
from ui.live.errors import worded

T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)
ZONES = {"mode": "zone", "n": "3"}


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def count(db, model) -> int:
    with db.read() as s:
        return s.scalar(sa.select(sa.func.count()).select_from(model))


def new_game(db, rules: LiveRules | None = None, params=ZONES, key: str = "host-key", **kw):
    return live.create_game(db, "zones", params, rules or LiveRules(), key, now=T0, **kw)


@contextmanager
def refuses(kind: type[Exception], said: str) -> Iterator[None]:
    """The block raises ``kind``, and the page's sentence for it (its code worded by
    ``ui.live.errors``) says ``said`` (a regular expression)."""
    with pytest.raises(kind) as caught:
        yield
    assert re.search(said, worded(caught.value)), worded(caught.value)


def wrong(question) -> str:
    return next(c for c in question.choices if c != question.answer)


def race(n: int, work) -> list:
    """``work(i)`` in ``n`` threads started together; what each returned or raised."""
    barrier = threading.Barrier(n)
    out: list = [None] * n

    def run(i: int) -> None:
        barrier.wait()
        try:
            out[i] = work(i)
        except Exception as error:  # noqa: BLE001 - the race's loser is what we look at
            out[i] = error

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return out


# --- a whole game ---------------------------------------------------------------------------


def test_a_host_and_three_students_play_a_whole_game(db):
    rules = LiveRules(timer=20, speed=True, streaks=True)
    game = new_game(db, rules)
    assert (game.phase, game.index, game.version, game.questions) == (Phase.LOBBY, -1, 0, 3)
    ana = live.join(db, game.code, "Ana", "tok-ana", now=T0)
    ben = live.join(db, game.code.lower(), " Ben ", "tok-ben", now=T0)
    cleo = live.join(db, game.code, "Cleo", "tok-cleo", now=T0)
    assert [p.name for p in live.board(db, "host-key").players] == ["Ana", "Ben", "Cleo"]
    assert live.player_view(db, "tok-ana").question is None  # nothing in the lobby

    game = live.advance(db, "host-key", 0, now=at(0))
    assert (game.phase, game.index, game.version) == (Phase.QUESTION, 0, 1)
    assert (game.question_started_at, game.deadline) == (at(0), at(20))
    q = game.question(0)
    live.answer(db, "tok-ana", 0, q.answer, now=at(5))  # 1000 + 500 × 15/20 = 1375
    live.answer(db, "tok-ben", 0, q.answer, now=at(10))  # 1000 + 250 = 1250
    live.answer(db, "tok-cleo", 0, wrong(q), now=at(2))  # 0
    board = live.board(db, "host-key")
    assert board.answered == 3 and board.standings is None and board.counts is None

    game = live.advance(db, "host-key", 1, now=at(12))
    board = live.board(db, "host-key")
    assert board.game.phase is Phase.REVEAL
    assert board.counts == {q.answer: 2, wrong(q): 1}
    assert board.share_right == pytest.approx(2 / 3)
    assert [(r.name, r.points, r.place) for r in board.standings.rows] == [
        ("Ana", 1375, 1), ("Ben", 1250, 2), ("Cleo", 0, 3),
    ]  # fmt: skip
    view = live.player_view(db, "tok-cleo")
    assert (view.outcome, view.correct_answer, view.points, view.place) == (
        "wrong", q.answer_text, 0, 3,
    )  # fmt: skip

    game = live.advance(db, "host-key", 2, now=at(30))
    q = game.question(1)
    assert game.deadline == at(50)
    live.answer(db, "tok-ana", 1, wrong(q), now=at(31))  # 0: Ana's streak ends
    live.answer(db, "tok-ben", 1, q.answer, now=at(35))  # 1000 + 375 + 100 (1 in a row)
    live.answer(db, "tok-cleo", 1, q.answer, now=at(30))  # 1000 + 500 + 0
    game = live.advance(db, "host-key", 3, now=at(40))
    game = live.advance(db, "host-key", 4, now=at(60))
    q = game.question(2)
    live.answer(db, "tok-ana", 2, q.answer, now=at(80))  # at the deadline: 1000 + 0 + 0
    live.answer(db, "tok-cleo", 2, q.answer, now=at(64))  # 1000 + 400 + 100
    # Ben does not answer question 3
    game = live.advance(db, "host-key", 5, now=at(81))
    assert (game.phase, game.index) == (Phase.REVEAL, 2)
    game = live.advance(db, "host-key", 6, now=at(90))
    assert (game.phase, game.index, game.version) == (Phase.ENDED, 2, 7)
    board = live.board(db, "host-key")
    # Ana 1375 + 0 + 1000; Ben 1250 + 1475 + 0; Cleo 0 + 1500 + 1500
    assert [(r.name, r.points, r.place) for r in board.standings.rows] == [
        ("Cleo", 3000, 1), ("Ben", 2725, 2), ("Ana", 2375, 3),
    ]  # fmt: skip
    for token, player, place in (("tok-ana", ana, 3), ("tok-ben", ben, 2), ("tok-cleo", cleo, 1)):
        view = live.player_view(db, token)
        assert (view.player.id, view.place, view.players, view.phase) == (
            player.id, place, 3, Phase.ENDED,
        )  # fmt: skip
        assert view.question is None
    # an ended game stays ended, and takes no one new
    assert live.advance(db, "host-key", 7, now=at(91)).version == 7
    with refuses(live.GameOver, "is over"):
        live.join(db, game.code, "Dan", "tok-dan")
    assert count(db, LiveAnswer) == 8


def test_one_press_makes_one_game_and_the_key_finds_it(db):
    first = new_game(db)
    again = new_game(db, LiveRules(timer=60))
    assert again.id == first.id and again.rules == LiveRules()
    assert count(db, LiveGame) == 1
    assert live.game_for_key(db, "host-key") == first
    assert live.find_game(db, first.code.lower()) == first
    assert "seed" not in repr(first) and str(first.seed) not in repr(first)
    assert first.params == {"mode": "zone", "n": "3"}
    assert [q.qid for q in build_questions(first.settings())] == [
        first.question(i).qid for i in range(3)
    ]
    with refuses(live.NotFound, "runs no live game"):
        live.game_for_key(db, "another key")
    with refuses(live.NotFound, "check it on the board"):
        live.find_game(db, "ZZZZZZ")
    with refuses(live.NotFound, "is not a game code"):
        live.find_game(db, "O0")


def test_solo_modes_and_unknown_drills_are_refused(db):
    with refuses(live.LiveError, "cannot be played live"):
        live.create_game(db, "locate", {"mode": "all50"}, LiveRules(), "k1")
    with refuses(live.LiveError, "not a drill that can be played live"):
        live.create_game(db, "nowhere", {}, LiveRules(), "k2")
    assert count(db, LiveGame) == 0


def test_a_game_from_a_class_assignment_plays_its_questions(db):
    made = cr.create_assignment(
        db, title="Zones", drill="zones", settings=QuizSettings(modes=("zone",), n=4, seed=1)
    )
    game = live.create_game(
        db, "borders", {"mode": "neighbors"}, LiveRules(), "k", assignment_id=made.assignment.id
    )
    assert (game.drill, game.questions, game.assignment_id) == ("zones", 4, made.assignment.id)
    expected = build_questions(made.assignment.settings())
    assert [game.question(i).qid for i in range(4)] == [q.qid for q in expected]
    cr.delete_assignment(db, made.assignment.id)
    assert live.game_for_key(db, "k").assignment_id is None  # the game stays


# --- joining --------------------------------------------------------------------------------


def test_a_name_already_in_the_game_is_refused_in_words(db):
    game = new_game(db)
    live.join(db, game.code, "Ana María", "t1")
    for same in ("ana maría", "  ANA   MARÍA ", "Ana\u200b María"):
        with refuses(live.NameTaken, "already called"):
            live.join(db, game.code, same, f"t-{same}")
    with refuses(live.LiveError, "Type your name"):
        live.join(db, game.code, "   ", "t2")
    assert count(db, LivePlayer) == 1
    other = new_game(db, key="other-host")
    live.join(db, other.code, "Ana María", "t3")  # another game, the same name: fine


def test_the_same_token_joining_twice_at_once_is_one_player(db):
    game = new_game(db)
    out = race(4, lambda i: live.join(db, game.code, "Ana", "tok"))
    assert all(isinstance(p, live.PlayerInfo) for p in out), out
    assert len({p.id for p in out}) == 1
    assert count(db, LivePlayer) == 1
    assert live.player_for_token(db, "tok").id == out[0].id


def test_a_student_can_join_during_a_question_and_answer_it(db):
    game = new_game(db)
    live.join(db, game.code, "Ana", "t1")
    game = live.advance(db, "host-key", 0, now=at(0))
    late = live.join(db, game.code, "Ben", "t2", now=at(3))
    view = live.player_view(db, "t2")
    assert (view.phase, view.index, view.answered) == (Phase.QUESTION, 0, False)
    live.answer(db, "t2", 0, game.question(0).answer, now=at(4))
    assert live.player_view(db, "t2").answered
    assert late.team is None


# --- answers --------------------------------------------------------------------------------


def test_two_answers_from_one_student_at_once_store_one(db):
    game = new_game(db)
    live.join(db, game.code, "Ana", "t1")
    game = live.advance(db, "host-key", 0, now=at(0))
    q = game.question(0)
    out = race(2, lambda i: live.answer(db, "t1", 0, [q.answer, wrong(q)][i], now=at(1)))
    stored = [o for o in out if isinstance(o, live.AnswerResult)]
    refused = [o for o in out if isinstance(o, live.AnswerRefused)]
    assert len(stored) == 1 and len(refused) == 1, out
    assert worded(refused[0]) == "Your answer is already in."
    assert count(db, LiveAnswer) == 1


def test_answers_to_another_question_or_out_of_time_or_unreadable_are_refused(db):
    game = new_game(db, LiveRules(timer=20))
    live.join(db, game.code, "Ana", "t1")
    with refuses(live.AnswerRefused, "not started"):
        live.answer(db, "t1", 0, "Central", now=at(0))
    game = live.advance(db, "host-key", 0, now=at(0))
    q = game.question(0)
    with refuses(live.AnswerRefused, "Question 2 has not been asked yet"):
        live.answer(db, "t1", 1, q.answer, now=at(1))
    with refuses(live.AnswerRefused, "Time was up for question 1"):
        live.answer(db, "t1", 0, q.answer, now=at(20.5))
    with pytest.raises(live.AnswerRefused) as unreadable:
        live.answer(db, "t1", 0, "zzqx", now=at(2))
    assert worded(unreadable.value) == q.check("zzqx").message
    assert count(db, LiveAnswer) == 0  # nothing stored: the phone may answer again
    done = live.answer(db, "t1", 0, q.answer, now=at(3))
    assert (done.index, done.seconds, done.given) == (0, 3.0, q.answer)
    assert not hasattr(done, "outcome")  # the outcome waits for the reveal
    with refuses(live.AnswerRefused, "already in"):
        live.answer(db, "t1", 0, q.answer, now=at(4))
    live.advance(db, "host-key", 1, now=at(5))
    with refuses(live.AnswerRefused, "Question 1 is closed"):
        live.answer(db, "t1", 0, q.answer, now=at(6))
    with db.read() as s:
        row = s.scalar(sa.select(LiveAnswer))
        assert (row.outcome, row.value, row.response, row.seconds) == (
            "right", [q.answer], q.answer, 3.0,
        )  # fmt: skip


def test_a_set_answer_stores_the_states_picked(db):
    game = live.create_game(db, "borders", {"mode": "neighbors", "n": "2"}, LiveRules(), "k")
    live.join(db, game.code, "Ana", "t1")
    live.join(db, game.code, "Ben", "t2")
    game = live.advance(db, "k", 0)
    q = game.question(0)
    some = sorted(q.answer)[:1]
    live.answer(db, "t1", 0, [*some, "HI"])
    live.answer(db, "t2", 0, sorted(q.answer))
    live.advance(db, "k", 1)
    board = live.board(db, "k")
    expected = {s: 1 for s in sorted(q.answer)}
    expected[some[0]] = 2
    expected["HI"] = 1
    assert board.counts == expected
    assert board.share_right == 0.5


def test_a_removed_player_is_gone_with_its_answers(db):
    game = new_game(db)
    ana = live.join(db, game.code, "Ana", "t1")
    live.join(db, game.code, "Ben", "t2")
    game = live.advance(db, "host-key", 0, now=at(0))
    live.answer(db, "t1", 0, game.question(0).answer, now=at(1))
    state = live.version(db, game.id)[0]
    assert live.remove_player(db, "host-key", ana.id)
    assert live.version(db, game.id)[0] != state  # the step the phones follow moved
    state = live.version(db, game.id)[0]
    assert not live.remove_player(db, "host-key", ana.id)
    assert live.version(db, game.id)[0] == state
    assert count(db, LiveAnswer) == 0
    with refuses(live.NotFound, "removed"):
        live.answer(db, "t1", 0, game.question(0).answer, now=at(2))
    with pytest.raises(live.NotFound):
        live.player_view(db, "t1")
    assert [p.name for p in live.board(db, "host-key").players] == ["Ben"]
    with refuses(live.LiveError, "removed"):  # the name is blocked (issue 28)
        live.join(db, game.code, "Ana", "t3")
    with pytest.raises(live.NotFound):
        live.remove_player(db, "not the host", 1)


# --- what a phone holds ---------------------------------------------------------------------


def _values(obj, seen=None):
    """Every value reachable from ``obj`` through dataclass fields, tuples and dicts."""
    if dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            yield from _values(getattr(obj, f.name))
    elif isinstance(obj, tuple | list | dict):
        items = obj.items() if isinstance(obj, dict) else enumerate(obj)
        for _, v in items:
            yield from _values(v)
    yield obj


def test_a_phone_holds_no_answer_and_no_future_question_before_the_reveal(db):
    game = live.create_game(db, "borders", {"mode": "neighbors", "n": "3"}, LiveRules(), "k")
    live.join(db, game.code, "Ana", "t1")
    game = live.advance(db, "k", 0)
    q, later = game.question(0), game.question(1)
    for answered in (False, True):
        view = live.player_view(db, "t1")
        assert view.phase is Phase.QUESTION and view.answered is answered
        assert view.question.prompt == q.prompt and view.question.choices == q.choices
        assert view.question.answer == frozenset()
        assert view.question.explanation == "" and view.question.remarks == ()
        assert (view.outcome, view.correct_answer) == (None, None)
        values = list(_values(view))
        assert q.answer not in values and q.answer_text not in values
        assert later.prompt not in values
        assert str(game.seed) not in repr(view)
        if not answered:
            live.answer(db, "t1", 0, [sorted(q.answer)[0], "HI"])  # Hawaii borders nothing
    live.advance(db, "k", 1)
    view = live.player_view(db, "t1")
    assert view.question == q and view.outcome == "wrong"  # graded on the real question
    assert view.correct_answer == q.answer_text and view.points == 0


# --- moving the game on ---------------------------------------------------------------------


def test_next_pressed_twice_at_once_moves_the_game_once(db):
    game = new_game(db)
    live.join(db, game.code, "Ana", "t1")
    out = race(3, lambda i: live.advance(db, "host-key", 0, now=at(0)))
    assert all(isinstance(g, live.LiveGameInfo) for g in out), out
    game = live.game_for_key(db, "host-key")
    assert (game.phase, game.index, game.version) == (Phase.QUESTION, 0, 1)
    out = race(2, lambda i: live.advance(db, "host-key", 1, now=at(5)))
    game = live.game_for_key(db, "host-key")
    assert (game.phase, game.index, game.version) == (Phase.REVEAL, 0, 2)
    stale = live.advance(db, "host-key", 1, now=at(6))  # a press on an old page
    assert (stale.phase, stale.version) == (Phase.REVEAL, 2)


def test_tick_moves_a_question_to_its_reveal_when_time_is_up(db):
    game = new_game(db, LiveRules(timer=20))
    game = live.advance(db, "host-key", 0, now=at(0))
    assert live.tick(db, game.id, now=at(19)).phase is Phase.QUESTION
    moved = live.tick(db, game.id, now=at(20))
    assert (moved.phase, moved.index, moved.version) == (Phase.REVEAL, 0, 2)
    assert live.tick(db, game.id, now=at(40)).version == 2  # a reveal waits for the host
    untimed = new_game(db, key="other")
    untimed = live.advance(db, "other", 0, now=at(0))
    assert untimed.deadline is None
    assert live.tick(db, untimed.id, now=at(3600)).phase is Phase.QUESTION


def test_version_changes_with_players_answers_and_steps(db):
    game = new_game(db)
    v0 = live.version(db, game.id)
    live.join(db, game.code, "Ana", "t1")
    v1 = live.version(db, game.id)
    game = live.advance(db, "host-key", 0)
    v2 = live.version(db, game.id)
    live.answer(db, "t1", 0, game.question(0).answer)
    v3 = live.version(db, game.id)
    assert len({v0, v1, v2, v3}) == 4
    assert live.version(db, game.id) == v3


# --- teams ----------------------------------------------------------------------------------


def test_teams_are_dealt_at_the_start_evenly_and_by_hand_in_the_lobby(db):
    game = new_game(db, LiveRules(teams=2))
    players = [live.join(db, game.code, name, f"t{name}") for name in "ABCDE"]
    live.set_team(db, "host-key", players[0].id, 2)
    with refuses(live.LiveError, "teams 1 to 2, not 3"):
        live.set_team(db, "host-key", players[1].id, 3)
    seen = live.game_for_key(db, "host-key").version
    assert seen == 1  # a team set by hand moves the version, which the phones follow
    game = live.advance(db, "host-key", seen)
    board = live.board(db, "host-key")
    teams = {p.id: p.team for p in board.players}
    assert teams[players[0].id] == 2
    assert sorted(teams.values()) == [1, 1, 1, 2, 2]  # 4 dealt to 1 + 2 already in team 2
    with refuses(live.LiveError, "in the lobby"):
        live.set_team(db, "host-key", players[1].id, 1)
    late = live.join(db, game.code, "F", "tF")
    assert late.team == 2  # the smaller team
    live.answer(db, "tA", 0, game.question(0).answer)
    live.advance(db, "host-key", game.version)
    view = live.player_view(db, "tA")
    assert (view.team_points, view.team_place) == (1000, 1)
    new_game(db, key="plain")
    with refuses(live.LiveError, "without teams"):
        live.set_team(db, "plain", players[0].id, 1)


# --- a game made from a class assignment ----------------------------------------------------


def test_answers_of_a_game_from_a_class_assignment_land_in_its_results(db):
    made = cr.create_assignment(
        db, title="Zones", drill="zones", settings=QuizSettings(modes=("zone",), n=2, seed=3)
    )
    assignment = made.assignment
    cr.join(db, assignment.code, "Cleo", token="cleo-at-home")  # did it at home already
    game = live.create_game(db, "zones", {}, LiveRules(), "k", assignment_id=assignment.id)
    live.join(db, game.code, "Ana", "t1", now=T0)
    live.join(db, game.code, "Ana", "t1", now=T0)  # a reload: still one class student
    live.join(db, game.code, "cleo", "t2", now=T0)  # the class has a Cleo: live only
    game = live.advance(db, "k", 0, now=at(0))
    q0 = game.question(0)
    live.answer(db, "t1", 0, q0.answer, now=at(4))
    live.answer(db, "t2", 0, q0.answer, now=at(4))
    game = live.advance(db, "k", game.version, now=at(5))
    game = live.advance(db, "k", game.version, now=at(10))
    q1 = game.question(1)
    live.answer(db, "t1", 1, wrong(q1), now=at(12))
    results = {r.student.name: r for r in cr.class_results(db, assignment.id)}
    assert set(results) == {"Cleo", "Ana"}
    assert results["Cleo"].answers == ()
    ana = results["Ana"].answers
    assert [(a.seq, a.question, a.attempt, a.qid, a.outcome) for a in ana] == [
        (1, 1, 1, q0.qid, "right"), (2, 2, 1, q1.qid, "wrong"),
    ]  # fmt: skip
    assert ana[0].seconds == 4.0 and ana[0].correct_answer == q0.answer_text
    assert results["Ana"].student.finished_at is not None  # the last question was answered
    assert live.sync_class(db, game.id) == 0  # all there already: nothing twice
    with db.write() as s:  # an answer whose class copy was lost (the class was away)
        s.execute(sa.delete(cr.Answer).where(cr.Answer.seq == 2))
    assert live.sync_class(db, game.id) == 1
    again = {r.student.name: r for r in cr.class_results(db, assignment.id)}
    assert again["Ana"].answers == ana


def test_students_joining_while_the_host_starts_a_team_game_all_get_a_team(db):
    game = new_game(db, LiveRules(teams=3))
    for name in "ABC":
        live.join(db, game.code, name, f"t{name}")

    def work(i: int):
        if i == 0:
            return live.advance(db, "host-key", 0)
        return live.join(db, game.code, f"late {i}", f"late-{i}")

    out = race(6, work)
    assert not [o for o in out if isinstance(o, Exception)], out
    teams = [p.team for p in live.board(db, "host-key").players]
    assert len(teams) == 8 and None not in teams
    assert max(teams.count(t) for t in (1, 2, 3)) - min(teams.count(t) for t in (1, 2, 3)) <= 1
