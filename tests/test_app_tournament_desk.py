"""The tournament desk (issue 32), the teacher's page, run by AppTest through the app's
router: setting up once per press, the teacher link shown once and taken out of the address,
teams added a line at a time with each refused line saying why, the step the tournament is
ready for at every stage, a stale press refused in words, the awards."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa
from streamlit.testing.v1 import AppTest

import store.db
from store import tournament as tm
from store.models import Tournament
from tests.pdf_tools import pages_text
from ui.tournament import desk as desk_module

ROOT = Path(__file__).resolve().parent.parent
DESK = "pages/tournament_desk.py"


@pytest.fixture
def desk_db(tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path / 'desk.sqlite3'}"
    monkeypatch.setenv("GEOPLUNGE_DATABASE_URL", url)
    yield store.db.database(url)
    store.db.forget(url)


def desk(key: str | None = None) -> AppTest:
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
    at.run()
    at.switch_page(DESK)
    if key:
        at.query_params["key"] = key
    at.run()
    assert not at.exception
    return at


def press(at: AppTest, label: str) -> None:
    (found,) = [b for b in at.button if b.label == label]
    found.click().run()
    assert not at.exception


def labels(at: AppTest) -> set[str]:
    return {b.label for b in at.button}


def text(at: AppTest) -> str:
    parts = [*at.title, *at.subheader, *at.markdown, *at.error, *at.success, *at.code]
    return "\n".join(str(p.value) for p in parts)


def created(at: AppTest, name: str = "Spring cup", divisions: str = "Grade 5") -> str:
    """Fill the setup form and press Create (twice: one tournament); the teacher key."""
    at.text_input(key="desk_name").input(name)
    at.text_area(key="desk_divisions").input(divisions)
    at.number_input(key="desk_all_rounds").set_value(1)
    at.number_input(key="desk_call_rounds").set_value(1)
    press(at, "Create the tournament")
    return at.session_state["desk_host_key"]


def test_create_shows_the_teacher_link_once_and_the_link_opens_the_desk_again(desk_db):
    at = desk()
    key = created(at)
    assert f"tournament_desk?key={key}" in text(at)
    press(at, "Go to the desk")
    assert key not in text(at) and "Spring cup" in text(at)
    assert "Before the first round" in text(at)
    with desk_db.read() as session:
        assert session.scalar(sa.select(sa.func.count()).select_from(Tournament)) == 1
    again = desk(key)
    assert "key" not in again.query_params
    assert key not in text(again) and "Start round 1" in labels(again)


def test_a_set_up_refused_says_why_and_makes_nothing(desk_db):
    at = desk()
    at.text_area(key="desk_divisions").input("Owls\nowls")
    at.text_input(key="desk_name").input("Cup")
    press(at, "Create the tournament")
    assert "Two divisions have the same name" in text(at)
    at.number_input(key="desk_all_rounds").set_value(0)
    at.number_input(key="desk_call_rounds").set_value(0)
    at.text_area(key="desk_divisions").input("A")
    press(at, "Create the tournament")
    assert "A tournament has 1 to 12 rounds." in text(at)
    with desk_db.read() as session:
        assert session.scalar(sa.select(sa.func.count()).select_from(Tournament)) == 0


def test_teams_are_added_a_line_at_a_time_and_each_refused_line_says_why(desk_db):
    at = desk()
    created(at)
    press(at, "Go to the desk")
    box = next(t for t in at.text_area if t.key.startswith("desk_add_"))
    lines = {
        "Owls": None,
        "Foxes": None,
        "owls ": "already called",
        "Bad*name": "cannot contain any of these characters",
        "x" * 41: "at most 40 characters",
        "a\u202eb": "override",
    }
    box.input("\n".join(lines)).run()
    press(at, "Add the teams")
    said = "\n".join(e.value for e in at.error)
    for line, why in lines.items():
        if why is not None:
            assert why in said, line
    kept = at.text_area(key=box.key).value.split("\n")
    assert kept == [line for line, why in lines.items() if why]
    t = tm.for_key(desk_db, at.session_state["desk_host_key"])
    assert [x.name for x in tm.teams(desk_db, t.id)] == ["Owls", "Foxes"]


def test_at_every_stage_the_desk_offers_the_step_it_is_ready_for(desk_db):
    at = desk()
    key = created(at)
    press(at, "Go to the desk")
    t = tm.for_key(desk_db, key)
    for name in ("Owls", "Foxes", "Bears", "Eagles"):
        tm.add_team(desk_db, key, tm.divisions(desk_db, t.id)[0][0], name)
    at.run()
    walk = [
        ("Before the first round", "Start round 1"),
        ("Round 1 of 2 · “All” round", "Pause"),
        ("Round 1 of 2 · “All” round", "Resume"),
        ("Round 1 of 2 · “All” round", "End the round now"),
        ("Round 1 of 2 · “All” round", "Start round 2"),
        ("Round 2 of 2 · “Call” round", "End the round now"),
        ("Round 2 of 2 · “Call” round", "Go on to the finals"),
    ]
    for where, step in walk:
        assert where in text(at), (where, text(at))
        press(at, step)
    stage = tm.for_key(desk_db, key).stage
    assert stage in (tm.PLAYOFF, tm.CHAMPIONSHIP)
    while stage != tm.ENDED:
        if tm.for_key(desk_db, key).clock != tm.DONE:
            press(at, "End the round now")
        step = "End the tournament" if stage == tm.CHAMPIONSHIP else "Go on to the finals"
        press(at, step)
        stage = tm.for_key(desk_db, key).stage
    assert "The tournament has ended" in text(at)
    assert not {"Start round 1", "Pause", "Go on to the finals"} & labels(at)


def test_a_press_from_a_stale_desk_is_refused_in_words_and_moves_nothing(desk_db):
    first = desk()
    key = created(first)
    press(first, "Go to the desk")
    t = tm.for_key(desk_db, key)
    for name in ("Owls", "Foxes"):
        tm.add_team(desk_db, key, tm.divisions(desk_db, t.id)[0][0], name)
    second = desk(key)
    press(first, "Start round 1")
    press(second, "Start round 1")  # drawn before the first tab started it
    assert "The tournament moved on since this page was drawn" in text(second)
    assert tm.for_key(desk_db, key).round == 1


def test_awards_are_given_and_taken_back(desk_db):
    at = desk()
    key = created(at)
    press(at, "Go to the desk")
    t = tm.for_key(desk_db, key)
    teams = [
        tm.add_team(desk_db, key, tm.divisions(desk_db, t.id)[0][0], name)
        for name in ("Owls", "Foxes", "Bears")
    ]
    at.run()
    teamwork = at.multiselect(key="desk_award_teamwork")
    teamwork.set_value([teams[0].id, teams[2].id]).run()
    given = [(teams[0].id, "teamwork"), (teams[2].id, "teamwork")]
    assert sorted(tm.awards(desk_db, t.id)) == sorted(given)
    at.multiselect(key="desk_award_teamwork").set_value([teams[2].id]).run()
    at.multiselect(key="desk_award_sportsmanship").set_value([teams[1].id]).run()
    given = [(teams[2].id, "teamwork"), (teams[1].id, "sportsmanship")]
    assert sorted(tm.awards(desk_db, t.id)) == sorted(given)


def test_the_cards_and_certificates_print_every_team_with_its_code_place_and_awards(desk_db):
    at = desk()
    key = created(at, divisions="Grade 5\nGrade 6")
    press(at, "Go to the desk")
    t = tm.for_key(desk_db, key)
    divisions = [i for i, _ in tm.divisions(desk_db, t.id)]
    teams = [tm.add_team(desk_db, key, divisions[i % 2], f"Team {i}") for i in range(6)]
    tm.give_award(desk_db, key, teams[1].id, "teamwork")
    while tm.for_key(desk_db, key).stage != tm.ENDED:
        info = tm.for_key(desk_db, key)
        if info.clock != tm.DONE:
            tm.end_round(desk_db, key, info.version)
        elif info.stage == tm.SWISS and info.round < len(info.rounds):
            tm.start_round(desk_db, key, info.version)
        else:
            tm.start_final(desk_db, key, info.version)
    at.run()
    cards = at.get("download_button")
    assert {c.proto.label for c in cards} >= {"Download the team cards (PDF)",
                                              "Download the certificates (PDF)"}  # fmt: skip
    board = tm.board(desk_db, t.id)
    printed = desk_module._certificates(board)
    assert sorted(c.team for c in printed) == sorted(x.name for x in teams)
    for division_id, _ in board.divisions:
        first = board.champion(division_id)
        mine = {c.team: c for c in printed}
        assert "champion" in mine[board.team(first).name].awards
        assert mine[board.team(first).name].place == 1
    assert "teamwork" in mine["Team 1"].awards
    pdf = desk_module.team_cards_pdf(
        t.name, desk_module._cards(board, None), lang="en", paper=desk_module.Paper.LETTER
    )
    text = "\n".join(pages_text(pdf))
    for team in teams:
        assert team.code in text and team.name in text
