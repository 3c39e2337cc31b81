"""AppTest flows of the Live board (the teacher's screen): set up a game through the form, the
names arriving, Start, each question answered through the store by phones, the reveal's counts
and standings, to the end; a double Start from two tabs, the teacher link, a wrong key, a solo
mode refused in words. On SQLite and PostgreSQL."""

from __future__ import annotations

import tomllib
from datetime import timedelta
from pathlib import Path

from streamlit.testing.v1 import AppTest

from engine.live import LiveResponse, Phase, standings
from engine.quiz import build_questions
from store import classroom as cr
from store import clock, live
from tests.test_app_classroom import create, session
from tests.test_app_drills import click, open_page, texts

BOARD = "pages/live_board.py"
NAMES = ("Ana", "Ben", "Cy")


SHOW = "I have kept it: show the board to the class"


def start(app: AppTest, show: bool = True) -> AppTest:
    """ "Start a live game", then (``show``) past the private link to the board."""
    click(app, "Start a live game")
    return click(app, SHOW) if show else app


def setup(
    app: AppTest,
    n: int = 3,
    group: str = "zones",
    modes: list[str] | None = None,
    show: bool = True,
):
    """The teacher fills in the setup form, presses "Start a live game" and (``show``) shows
    the board to the class."""
    open_page(app, BOARD)
    app.radio(key="live_drill").set_value(group).run()
    if modes is not None:
        app.multiselect(key=f"live_modes_{group}").set_value(modes)
    app.number_input(key="live_n").set_value(n)
    return start(app, show)


def host_key(app: AppTest) -> str:
    return app.session_state["live_host_key"]


def game_of(db, app: AppTest) -> live.LiveGameInfo:
    return live.game_for_key(db, host_key(app))


def wrong_choice(q) -> str:
    return next(c for c in q.choices if c != q.answer)


def test_a_whole_game_on_the_board(app, class_db):
    db = class_db
    setup(app, show=False)
    game = game_of(db, app)
    assert game.phase is Phase.LOBBY and game.questions == 3
    assert any(f"live_board?key={host_key(app)}" in c.value for c in app.code)  # once, alone
    assert game.code not in texts(app)  # nothing on this screen is for the class
    click(app, SHOW)
    shown = texts(app)
    assert game.code in shown and "0 players joined" in shown
    assert any(f"live?code={game.code}" in c.value for c in app.code)
    assert host_key(app) not in shown + "".join(c.value for c in app.code)

    tokens = {name: f"token-{name}-{game.code}" for name in NAMES}
    for name in NAMES:
        live.join(db, game.code, name, tokens[name])
    app.run()
    shown = texts(app)
    assert "3 players joined" in shown and all(f"### {n}" in shown for n in NAMES)
    assert [b.label for b in app.button if b.label.startswith("Remove")] == [
        f"Remove {n}" for n in NAMES
    ]

    click(app, "Start")
    responses: list[LiveResponse] = []
    for i in range(3):
        game = game_of(db, app)
        assert (game.phase, game.index) == (Phase.QUESTION, i)
        q = game.question(i)
        shown = texts(app)
        assert f"Question {i + 1} of 3" in shown and "0 of 3 answered" in shown
        assert q.prompt in [h.value for h in app.header]
        live.answer(db, tokens["Ana"], i, q.answer)
        live.answer(db, tokens["Ben"], i, wrong_choice(q))
        app.run()
        assert "2 of 3 answered" in texts(app)
        click(app, "Reveal")
        shown = texts(app)
        assert f"The answer: {q.answer_text}" in shown
        assert "1 of 2 right, 50%" in shown
        assert f"{q.label(q.answer)} 1" in shown and f"{q.label(wrong_choice(q))} 1" in shown
        b = live.board(db, host_key(app))
        ids = {p.name: p.id for p in b.players}
        responses += [
            LiveResponse(ids["Ana"], i, True, None),
            LiveResponse(ids["Ben"], i, False, None),
        ]
        expected = standings(b.game.rules, {p.id: p.name for p in b.players}, responses, i)
        for row in expected.top():
            assert f"### {row.place}. {row.name} · {row.points:,} points" in shown
        assert f"### 1. Ana · {1000 * (i + 1):,} points" in shown
        for element in app.markdown:  # counts, never who picked what
            for name in NAMES:
                assert not (name in element.value and q.label(wrong_choice(q)) in element.value)
        click(app, "Finish" if i == 2 else "Next question")
    assert game_of(db, app).phase is Phase.ENDED
    shown = texts(app)
    assert "The game is over" in shown and "### 1. Ana · 3,000 points" in shown
    assert "### 2. Ben · 0 points" in shown
    assert not app.exception
    click(app, "New live game")
    assert "Start a live game" in [b.label for b in app.button]


def test_a_double_start_from_two_tabs_moves_once(app, class_db):
    db = class_db
    setup(app, n=2)
    key = host_key(app)
    live.join(db, game_of(db, app).code, "Ana", "token-ana")
    other = open_page(session(), BOARD, key=key)  # a second tab opened with the teacher link
    assert "key" not in other.query_params and other.session_state["live_host_key"] == key
    app.run()
    click(app, "Start")
    click(other, "Start")  # the same version, pressed again: nothing moves
    game = game_of(db, app)
    assert (game.phase, game.index) == (Phase.QUESTION, 0)
    assert "Question 1 of 2" in texts(other)


def test_the_teacher_link_reopens_the_board_and_a_wrong_key_is_refused(app, class_db):
    setup(app, n=2, group="borders")
    key = host_key(app)
    code = game_of(class_db, app).code
    again = open_page(session(), BOARD, key=key)
    assert "key" not in again.query_params
    assert code in texts(again) and "Start" in [b.label for b in again.button]
    assert not any(key in c.value for c in again.code)  # the link is shown once, where it was made
    wrong = open_page(session(), BOARD, key="not-a-key")
    assert "This host key runs no live game" in "\n".join(e.value for e in wrong.error)
    assert not wrong.exception
    click(wrong, "Set up a new live game")
    assert "Start a live game" in [b.label for b in wrong.button]


def test_a_solo_mode_is_refused_in_words(app, class_db):
    setup(app, group="locate", modes=["all50"], show=False)
    assert "live_host_key" not in app.session_state
    assert "cannot be played live" in "\n".join(e.value for e in app.error)
    assert not app.exception


def test_the_timer_moves_a_question_to_its_reveal_and_teams_show(app, class_db, monkeypatch):
    db = class_db
    open_page(app, BOARD)
    app.radio(key="live_drill").set_value("zones").run()
    app.number_input(key="live_n").set_value(2)
    app.radio(key="live_rule_timer").set_value(20)
    app.selectbox(key="live_rule_teams").set_value(2)
    app.checkbox(key="live_rule_all_in").check()
    start(app)
    game = game_of(db, app)
    assert game.rules.timer == 20 and game.rules.teams == 2 and game.rules.all_in
    for name in NAMES:
        live.join(db, game.code, name, f"t-{name}")
    app.run()
    assert "Played in 2 teams" in texts(app)
    click(app, "Start")
    assert "Time left: 20 s" in texts(app)
    later = game_of(db, app).deadline + timedelta(seconds=1)
    monkeypatch.setattr(clock, "now_utc", lambda: later)
    app.run()  # the watcher ticks: the time is up, the reveal comes by itself
    assert game_of(db, app).phase is Phase.REVEAL
    shown = texts(app)
    assert "The answer:" in shown and "## Teams" in shown and "All in" in shown
    assert not app.exception


def test_run_it_live_from_assign_carries_the_settings_to_the_board(app, class_db):
    """Assign's "Run it live on the board" opens the board's setup with the settings the
    practice link has (drill, kinds of question, region, number); Start makes a game of them."""
    db = class_db
    open_page(app, "pages/assign.py")
    app.radio(key="assign_drill").set_value("capitals").run()
    app.multiselect(key="assign_modes_capitals").set_value(["capital"])
    app.selectbox(key="assign_region").set_value("South")
    app.number_input(key="assign_n").set_value(4)
    click(app, "Make the link")
    click(app, "Run it live on the board")
    assert app.title[0].value == "Live board"
    assert app.radio(key="live_drill").value == "capitals"
    assert app.multiselect(key="live_modes_capitals").value == ["capital"]
    assert app.selectbox(key="live_region").value == "South"
    assert app.number_input(key="live_n").value == 4
    start(app, show=False)
    game = game_of(db, app)
    settings = game.settings()
    assert (game.drill, game.questions, settings.modes, settings.region) == (
        "capitals",
        4,
        ("capital",),
        "South",
    )
    assert game.assignment_id is None


def test_run_it_live_from_a_class_assignment(app, class_db):
    """From the class assignment's Results page: the board plays the assignment's own
    questions, and a phone's answer lands in the assignment's results."""
    db = class_db
    code, key = create(app, title="Zones, live", n=3)
    open_page(app, "pages/results.py", key=key)
    click(app, "Run it live on the board")
    assert app.title[0].value == "Live board"
    shown = texts(app)
    assert "Zones, live" in shown and "Kinds of question" not in shown
    start(app, show=False)
    game = game_of(db, app)
    assignment = cr.find_assignment(db, code)
    assert game.assignment_id == assignment.id and game.questions == 3
    assert [game.question(i).qid for i in range(3)] == [
        q.qid for q in build_questions(assignment.settings())
    ]
    live.join(db, game.code, "Ana", "token-ana")
    asked = live.advance(db, host_key(app), game_of(db, app).version)
    live.answer(db, "token-ana", 0, asked.question(0).answer)
    (ana,) = cr.class_results(db, assignment.id)
    assert ana.student.name == "Ana" and len(ana.answers) == 1


def test_a_press_during_the_boards_look_is_never_lost():
    """The board looks at the game every second (a fragment's run_every). With Streamlit's fast
    reruns a Reveal pressed while a look runs starts a second run beside it, and the look's run
    can reset the press's trigger before the new run calls ``_advance``: the board stays on the
    question. One run per session at a time keeps every press."""
    config = Path(__file__).resolve().parent.parent / ".streamlit" / "config.toml"
    assert tomllib.loads(config.read_text())["runner"]["fastReruns"] is False
