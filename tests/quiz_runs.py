"""Runs played to a known end, shared by the engine's and the page's tests."""

from __future__ import annotations

from engine.quiz import Outcome, QuizRun, QuizSettings, make_question


def issue_18_run() -> QuizRun:
    """A run with re-asks and a corrected misspelling (issue 18): Q1 (the capital of Texas) is
    right at its third asking, Q2 (Denver is the capital of …) right at once although misspelt
    ("Colorodo", read as Colorado), Q3 (Ohio's time zone) right at its second asking, Q4 (Utah's
    neighbours) right at once."""
    questions = [
        make_question("capital", "TX"),
        make_question("capital_of", "CO"),
        make_question("zone", "OH"),
        make_question("neighbors", "UT"),
    ]
    run = QuizRun(QuizSettings(), questions)
    script = [
        (1, "Dallas", Outcome.WRONG),
        (2, "Colorodo", Outcome.RIGHT),
        (3, "Central", Outcome.WRONG),
        (4, sorted(questions[3].answer), Outcome.RIGHT),
        (1, "Houston", Outcome.WRONG),
        (3, "Eastern", Outcome.RIGHT),
        (1, "Austin", Outcome.RIGHT),
    ]
    for number, response, outcome in script:
        assert run.number == number
        assert run.answer(response).outcome is outcome
    assert run.is_done
    return run
