"""AppTest flows of a live game's phone page: the host moves the game through the store, three
students join and answer on the page; a reload is back at the question; a double press of Join
is one player; a name taken and a bad code are refused in words; no answer before the reveal."""

from __future__ import annotations

import re
from datetime import timedelta

import sqlalchemy as sa
from streamlit.testing.v1 import AppTest

from engine.cards import ordinal
from engine.live import LiveRules, Phase
from engine.quiz import AnswerType, QuizSettings
from store import classroom as cr
from store import clock, live
from store.codes import normalize_code
from store.models import LearnerReview, LivePlayer
from store.progress import learner_of_student
from tests import maps
from tests.test_app_classroom import session
from tests.test_app_drills import click, open_page, texts, wrong_answer

LIVE = "pages/live.py"
HOST = "host-key"


def phone(code: str | None = None, player: str | None = None) -> AppTest:
    params = ({"code": code} if code else {}) | ({"player": player} if player else {})
    return open_page(session(), LIVE, **params)


def join_as(code: str, name: str) -> AppTest:
    at = phone(code)
    assert at.text_input(key="live_code").value == (normalize_code(code) or code)
    at.text_input(key="live_name").input(name)
    return click(at, "Join")


def param(at: AppTest, name: str) -> str:
    value = at.query_params[name]
    return value[-1] if isinstance(value, list) else value


def step(db, game_id: int) -> live.LiveGameInfo:
    return live.advance(db, HOST, live.game_for_key(db, HOST).version)


def players(db) -> int:
    with db.read() as s:
        return s.scalar(sa.select(sa.func.count(LivePlayer.id)))


def key_of(at: AppTest, part: str) -> str:
    widgets = [*at.radio, *at.text_input, *at.multiselect, *at.selectbox]
    return next(w.key for w in widgets if w.key and w.key.endswith("_" + part))


def answer_one(at: AppTest, value: str) -> None:
    at.radio(key=key_of(at, "one")).set_value(value)
    click(at, "Send my answer")


def test_three_students_play_a_whole_game(class_db):
    db = class_db
    game = live.create_game(db, "zones", {"mode": "zone", "n": "3"}, LiveRules(), HOST)
    names = ["Ana", "Ben", "Cy"]
    phones = [join_as(game.code, name) for name in names]
    for at, name in zip(phones, names, strict=True):
        assert f"You're in, {name}." in texts(at)
        assert param(at, "code") == game.code and param(at, "player")
    assert players(db) == 3
    for i in range(3):
        info = step(db, game.id)  # the question
        assert (info.phase, info.index) == (Phase.QUESTION, i)
        q = info.question(i)
        assert q.answer_type is AnswerType.ONE
        for at, name in zip(phones, names, strict=True):
            at.run()
            shown = texts(at)
            assert f"Question {i + 1} of 3" in shown and q.prompt in shown
            answer_one(at, wrong_answer(q) if name == "Cy" else q.answer)
            assert "Your answer is in" in texts(at)
            assert not [b for b in at.button if b.label == "Send my answer"]
        info = step(db, game.id)  # the reveal
        board = live.board(db, HOST)
        for at, name in zip(phones, names, strict=True):
            at.run()
            shown = texts(at)
            assert ("Right!" in shown) == (name != "Cy"), shown
            assert "Not this time" in shown if name == "Cy" else True
            assert f"The answer: **{q.answer_text}**" in shown
            row = next(r for r in board.standings.rows if r.name == name)
            assert f"**{row.points:,} point" in shown
            assert f"**{ordinal(row.place)} of 3**" in shown
    info = step(db, game.id)
    assert info.phase is Phase.ENDED
    for at in phones:
        at.run()
        assert "Thank you for playing!" in texts(at)
    assert "1st of 3" in texts(phones[0]) and "3rd of 3" in texts(phones[2])


def test_a_reload_is_back_at_the_question_and_a_double_press_is_one_player(class_db):
    db = class_db
    game = live.create_game(db, "zones", {"mode": "zone", "n": "3"}, LiveRules(), HOST)
    first = join_as(game.code, "Ana")
    token = param(first, "player")
    twin = phone(game.code)  # a second press of the same form: the same token
    twin.session_state["live_join_token"] = token
    twin.text_input(key="live_name").input("Ana")
    click(twin, "Join")
    assert "You're in, Ana." in texts(twin) and players(db) == 1
    info = step(db, game.id)
    q = info.question(0)
    again = phone(game.code, token)  # a reload, or another server
    assert "Question 1 of 3" in texts(again) and q.prompt in texts(again)
    answer_one(again, q.answer)
    assert "Your answer is in" in texts(phone(game.code, token))


def test_bad_codes_names_taken_and_ended_games_are_refused_in_words(class_db):
    db = class_db
    game = live.create_game(db, "zones", {"mode": "zone", "n": "3"}, LiveRules(), HOST)
    join_as(game.code, "Ana")
    taken = join_as(game.code.lower(), "ana")
    assert "already called" in texts(taken) and players(db) == 1
    assert not taken.exception
    bad = join_as("ZZZZZZ", "Ben")
    assert "No live game has the code" in texts(bad) or "not a game code" in texts(bad)
    nobody = phone(game.code, "forged-token")
    assert "not in a live game" in texts(nobody)
    for _ in range(7):
        step(db, game.id)
    over = join_as(game.code, "Ben")
    assert "is over" in texts(over) and players(db) == 1


def test_the_phone_shows_no_answer_before_the_reveal(class_db):
    db = class_db
    game = live.create_game(db, "capitals", {"mode": "capital_of", "n": "3"}, LiveRules(), HOST)
    at = join_as(game.code, "Ana")
    info = step(db, game.id)
    q = info.question(0)
    at.run()
    shown = texts(at)
    # The prompt may hold the state's name by itself ("Oklahoma City is the capital of …").
    assert q.prompt in shown and q.answer_text not in shown.replace(q.prompt, "")
    at.text_input(key=key_of(at, "text")).input("Nowhere at all")
    click(at, "Send my answer")
    assert at.warning  # unreadable: the widgets stay
    assert q.answer_text not in texts(at).replace(q.prompt, "")
    at.text_input(key=key_of(at, "text")).input(q.answer_text)
    click(at, "Send my answer")
    assert "Your answer is in" in texts(at) and players(db) == 1
    step(db, game.id)
    at.run()
    assert "Right!" in texts(at) and q.answer_text in texts(at)


def test_a_time_limit_ends_the_question_on_the_phone(class_db, monkeypatch):
    db = class_db
    game = live.create_game(db, "zones", {"mode": "zone", "n": "3"}, LiveRules(timer=20), HOST)
    at = join_as(game.code, "Ana")
    step(db, game.id)
    at.run()
    left = re.search(r"\*\*(\d+) s\*\* left to answer", texts(at))
    assert left and 10 <= int(left[1]) <= 20, texts(at)  # drawn by the watcher, under the prompt
    later = clock.now_utc() + timedelta(seconds=30)
    monkeypatch.setattr(clock, "now_utc", lambda: later)
    at.run()
    assert "No answer from you this time." in texts(at)


def test_a_phone_answers_on_the_map_and_the_answer_goes_to_its_progress(class_db):
    """A border question answered with clicks on the phone's map: the picks show in the form's
    list, "Send my answer" sends them, the server grades them; the learner kept their progress
    in the lobby, and the answer is in it as a review given "live"."""
    db = class_db
    game = live.create_game(db, "borders", {"mode": "neighbors", "n": "2"}, LiveRules(), HOST)
    at = join_as(game.code, "Ana")
    click(at, "Keep my progress")
    learner = at.session_state["progress_learner"].learner
    step(db, game.id)
    at.run()
    q = game.question(0)
    key = key_of(at, "pick").removesuffix("pick") + "map"
    data = maps.map_data(at, key)
    assert data["pick"] == "many" and set(data["choices"]) == set(q.choices)
    for usps in sorted(q.answer):
        assert maps.click(at, key, usps)
    assert set(at.multiselect(key=key_of(at, "pick")).value) == set(q.answer)
    click(at, "Send my answer")
    assert "Your answer is in" in texts(at)
    step(db, game.id)  # the reveal
    at.run()
    assert "Right!" in texts(at)
    with db.read() as s:
        sources = s.scalars(
            sa.select(LearnerReview.source).where(LearnerReview.learner_id == learner.id)
        ).all()
    assert sources and set(sources) == {"live"}


def test_a_class_student_in_a_live_game_keeps_a_progress(class_db):
    """In a game of a class assignment a player is also a class student, and, as in the class
    quiz, a class student always has a progress: joining makes one, and the answer is in it."""
    db = class_db
    made = cr.create_assignment(
        db, title="Zones", drill="zones", settings=QuizSettings(modes=("zone",), n=2)
    )
    game = live.create_game(db, "", {}, LiveRules(), HOST, made.assignment.id)
    at = join_as(game.code, "Ana")
    learner = at.session_state["progress_learner"].learner
    (student,) = cr.class_results(db, made.assignment.id)
    assert learner_of_student(db, student.student.id).id == learner.id
    step(db, game.id)
    at.run()
    q = game.question(0)
    answer_one(at, q.choices[0])
    with db.read() as s:
        assert s.scalars(
            sa.select(LearnerReview.source).where(LearnerReview.learner_id == learner.id)
        ).all() == ["live"]
