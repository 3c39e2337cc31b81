"""Issue 28, item 7: "Name all the states" is scored and worded as the states named of all it
asks ("10 of 50 states named (20%)"), never as one question right or wrong, and never said to
come back: in the engine's summary, the feedback, the summary's words, the run's CSV. Walked
over a region (the 9 states of the Northeast), all 50, and a quiz mixing it with other modes."""

from __future__ import annotations

import csv
import io

import pytest

from engine.quiz import QuizRun, parse_settings
from engine.quiz.facts import by_name
from tests.test_app_classroom import session
from tests.test_app_drills import click, open_page, right_answer, texts, view_of
from ui.quiz.text import summary_lines

LOCATE = "pages/locate_quiz.py"
CASES = {  # URL parameters → states to name
    "northeast": ({"mode": "all50", "region": "northeast", "seed": "1"}, 9),
    "all 50": ({"mode": "all50", "seed": "1"}, 50),
    "mixed": ({"mode": "identify,all50", "region": "northeast", "n": "4", "seed": "3"}, 9),
}


def _run(params: dict[str, str]) -> QuizRun:
    settings, notes = parse_settings(params, group="locate", default_seed=0)
    assert not notes
    return QuizRun(settings)


def _play(run: QuizRun, named: int) -> None:
    """The other questions right, then ``named`` states of the list named."""
    while (q := run.current) is not None:
        if q.retry:
            run.answer(right_answer(q))
        else:
            run.answer(tuple(by_name(q.answer)[:named]))


@pytest.mark.parametrize("case", CASES)
def test_a_list_of_names_scores_the_states_named_of_all(case):
    params, size = CASES[case]
    for named in (1, size // 2, size):
        run = _run(params)
        others = run.total - 1
        _play(run, named)
        s = run.summary()
        assert (s.named, s.to_name) == (named, size)
        assert s.named_percent == round(100 * named / size)
        assert (s.score, s.total, s.answered) == (others, others, others)  # the list apart
        assert run.is_done  # asked once: it does not come back
        rows = list(csv.DictReader(io.StringIO(run.to_csv())))
        assert [(r["score"], r["out_of"]) for r in rows if r["mode"] == "all50"] == [
            (str(named), str(size))
        ]
        assert all((r["score"], r["out_of"]) == ("1", "1") for r in rows if r["mode"] != "all50")
        words = " ".join(summary_lines(s, 60.0))
        assert f"**{named} of {size} states named** ({s.named_percent}%)" in words
        assert ("right at the first try" in words) == bool(others)
        assert "of 1 right" not in words


@pytest.mark.parametrize("case", CASES)
def test_the_drill_page_words_a_list_as_states_named_and_never_says_it_comes_back(case):
    params, size = CASES[case]
    app = open_page(session(), LOCATE, **params)
    while (q := view_of(app, "locate").run.current) is not None and q.retry:
        view = view_of(app, "locate")
        app.text_input(key=view.widget_key("text")).input(right_answer(q))
        click(app, "Check")
        click(app, "Next question")
    for state in by_name(q.answer)[: size // 3]:
        app.text_input(key=view_of(app, "locate").widget_key("name")).input(q.label(state))
        click(app, "Add")
    click(app, "I'm done: check my list")
    pct = round(100 * (size // 3) / size)
    assert app.error[0].value.startswith(f"{size // 3} of {size} states named ({pct}%).")
    assert "comes back" not in texts(app)
    click(app, "See my results")
    shown = texts(app).replace("\\", "")
    assert f"**{size // 3} of {size} states named** ({pct}%)" in shown
    assert "of 1 right" not in shown and "comes back" not in shown


@pytest.mark.parametrize("case", CASES)
def test_class_results_and_gradebooks_count_the_states_named(class_db, case):
    """A class assignment with a list of names: the roster's score, and every gradebook's
    points, count the states named of all, beside the questions right at the first try."""
    from store import classroom as cr
    from store.gradebook import GRADEBOOKS
    from store.report import roster
    from ui.classroom.student import answer_record
    from ui.quiz.text import score_words

    params, size = CASES[case]
    settings, _ = parse_settings(params, group="locate", default_seed=0)
    made = cr.create_assignment(class_db, title="Names", drill="locate", settings=settings)
    assignment = made.assignment
    student, _ = cr.join(class_db, assignment.code, "Ana")
    run = QuizRun(cr.find_assignment(class_db, assignment.code).settings())
    records = []
    named = size // 3
    while (q := run.current) is not None:
        response = right_answer(q) if q.retry else tuple(by_name(q.answer)[:named])
        run.answer(response)
        records.append(answer_record(run, response, len(records) + 1))
    cr.record_answers(class_db, student.id, records)
    results = cr.class_results(class_db, assignment.id)
    line = roster(assignment, results, records[-1].answered_at)[0]
    others = run.total - 1
    assert (line.score, line.scored, line.named, line.to_name) == (others, others, named, size)
    pct = round(100 * named / size)
    words = score_words(line.score, line.scored, line.named, line.to_name)
    assert words == (f"{others} of {others} · " if others else "") + (
        f"{named} of {size} states named ({pct}%)"
    )
    for book in GRADEBOOKS.values():
        cells = [str(c) for row in book.rows(assignment, results) for c in row]
        assert str(others + named) in cells, book.id  # the student's points
    plain = GRADEBOOKS["plain"].rows(assignment, results)[1]
    assert plain[1:4] == [
        others + named,
        others + size,
        round(100 * (others + named) / (others + size)),
    ]
