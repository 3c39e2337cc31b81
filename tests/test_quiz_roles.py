"""The drill maps' roles as pure functions (``ui.quiz.roles``): what the map shows while a
question is asked, after an answer, and for a whole run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine.quiz import MODES, SOLO_MODES, QuizRun, QuizSettings, build_questions, make_question
from tests.quiz_runs import issue_18_run
from ui.quiz.roles import (
    SUMMARY_WORDS,
    asking_roles,
    clickable,
    feedback_roles,
    pick_mode,
    question_states,
    summary_roles,
)

ROOT = Path(__file__).resolve().parent.parent


def test_the_roles_module_needs_no_streamlit() -> None:
    code = "import sys, ui.quiz.roles; sys.exit('streamlit' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0


@pytest.mark.parametrize("mode", [m for m in MODES if m not in SOLO_MODES])
def test_every_question_has_a_state_on_the_map_of_the_run(mode: str) -> None:
    for q in build_questions(QuizSettings(modes=(mode,), n=6, seed=4)):
        assert question_states(q), q.qid


def test_asking_never_reveals_the_answer() -> None:
    for q in build_questions(QuizSettings(n=50, seed=6)):
        roles, _ = asking_roles(q)
        assert not {"correct", "missed", "wrong"} & set(roles.values()), q.qid


def test_the_asked_state_is_no_choice_of_its_own_neighbours() -> None:
    q = make_question("neighbors", "CO")
    assert "CO" not in clickable(q) and pick_mode(q) == "many"
    roles, _ = asking_roles(q)
    assert roles["CO"] == "target"


def test_a_count_answer_shows_the_four_corners_neighbour() -> None:
    q = make_question("count", "CO")
    roles, _ = feedback_roles(q, q.check("7"))
    assert roles["CO"] == "correct" and roles["AZ"] == "corner" and roles["KS"] == "neighbor"


def test_the_map_of_a_run_gives_every_question_its_outcome() -> None:
    """Issue 18: the state of a question answered right after a corrected misspelling (Denver
    is the capital of … "Colorodo") was left off the summary map."""
    roles, notes = summary_roles(issue_18_run())
    assert roles == {"TX": "missed", "CO": "correct", "OH": "missed", "UT": "correct"}
    assert notes["CO"] == "Q2 right at the first try"
    assert notes["TX"] == "Q1 right on a later try"
    assert SUMMARY_WORDS["missed"] == "right on a later try"


def test_the_map_of_a_stopped_run_names_what_was_not_reached() -> None:
    questions = [make_question("zone", c) for c in ("OH", "TX", "UT")]
    run = QuizRun(QuizSettings(), questions)
    run.answer("Central")  # Ohio: wrong, to come back
    run.answer("Central")  # Texas: right
    roles, notes = summary_roles(run)
    assert roles == {"OH": "wrong", "TX": "correct"}
    assert notes["OH"] == "Q1 never answered right" and notes["UT"] == "Q3 not reached"


def test_a_state_of_several_questions_shows_the_worst_outcome() -> None:
    questions = [make_question("capital", "CO"), make_question("zone", "CO")]
    run = QuizRun(QuizSettings(), questions)
    run.answer("Denver")
    run.answer("Central")  # wrong: Colorado's capital is in the Mountain zone
    run.answer("Mountain")
    roles, notes = summary_roles(run)
    assert roles == {"CO": "missed"}
    assert notes["CO"] == "Q1 right at the first try, Q2 right on a later try"


def test_a_list_of_names_maps_the_states_named_and_missed() -> None:
    q = make_question("all50", "ALL", settings=QuizSettings(modes=("all50",), region="Northeast"))
    run = QuizRun(QuizSettings(), [q])
    run.answer(["NY", "PA"])
    roles, _ = summary_roles(run)
    assert roles["NY"] == roles["PA"] == "correct"
    assert {c for c, r in roles.items() if r == "wrong"} == set(q.answer) - {"NY", "PA"}
