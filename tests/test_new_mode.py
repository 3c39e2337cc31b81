"""A drill mode declares itself once: a row of the modes table and its generator, and nothing
else. A mode made here, "Which state has this postal code?", registered for the length of a
test (``engine.quiz.modes.registered``), goes through every reader of the table with no other
edit: a link's settings, the deal, checking, a run and its CSV, progress items, the rating and
a practice quiz, the maps' roles and view, the quiz's words and a worksheet, and a drill page.
A row that lacks a field, or holds a value of the wrong kind, is refused."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from fsrs import Rating

from engine.cards import by_usps
from engine.quiz import (
    DEFAULT_MODES,
    MODE_GROUPS,
    MODE_TITLES,
    MODES,
    AnswerType,
    Outcome,
    QuizRun,
    QuizSettings,
    ValueKind,
    build_questions,
    default_modes,
    make_question,
    parse_settings,
    question_states,
    view_states,
)
from engine.quiz.context import Context
from engine.quiz.facts import by_name
from engine.quiz.items import Item, Kind, items_of, practice_modes
from engine.quiz.kinds import ItemRule, Of
from engine.quiz.modes import (
    MapRule,
    Mode,
    Shown,
    check,
    generates,
    generator,
    mode,
    registered,
    require_generators,
)
from engine.quiz.question import Attempt, Question
from engine.words import Sentence
from ui.quiz.wording import SENTENCES, say

NAME = "postal"


def _row(**changes: object) -> Mode:
    fields = {
        "solo": False,
        "items": ItemRule(Kind.LOCATION, Of.ANSWER),
        "quick": 5,
        "map": MapRule(Shown.NAMED, borders_after=False, capital_notes=True),
    }
    fields.update(changes)
    name = str(fields.pop("name", NAME))
    group = str(fields.pop("group", "locate"))
    return Mode(
        name,
        group,
        "Which state has this postal code?",
        AnswerType.ONE,
        ValueKind.STATE,
        **fields,
    )


def _postal(usps: str, ctx: Context) -> Question:
    assert isinstance(usps, str)
    return mode(NAME).question(
        usps,
        Sentence("ask_postal", text=usps),
        usps,
        choices=tuple(by_name([usps, *ctx.companions(3, [usps])])),
        explains=(Sentence("postal_is", text=usps, state=usps),),
    )


#: the new mode's sentences, as its row's module would add them to the drills' wording
POSTAL_SENTENCES = {
    "ask_postal": "Which state has the postal code {text}?",
    "postal_is": "{text} is {state}.",
}


@pytest.fixture
def postal(monkeypatch) -> Iterator[Mode]:
    for code, sentence in POSTAL_SENTENCES.items():
        monkeypatch.setitem(SENTENCES, code, sentence)
    with registered(_row()) as row:
        generates(NAME)(_postal)
        yield row


def test_a_link_names_the_new_mode_and_its_group_takes_it(postal):
    settings, notes = parse_settings({"mode": NAME, "n": "4", "seed": "3"}, group="locate")
    assert notes == [] and settings.modes == (NAME,)
    assert parse_settings(settings.to_params(), group="locate") == (settings, [])
    assert MODE_GROUPS["locate"][-1] == NAME and MODE_TITLES[NAME] == postal.title
    assert NAME in MODES and NAME in DEFAULT_MODES and NAME in default_modes("locate")
    mix, notes = parse_settings({"mode": "mix"}, group="locate")
    assert NAME in mix.modes and notes == []
    assert NAME in QuizSettings().modes


def test_the_new_mode_deals_and_checks_questions(postal):
    settings = QuizSettings(modes=(NAME, "locate"), n=6, seed=2, region="West")
    questions = build_questions(settings)
    assert {q.mode for q in questions} == {NAME, "locate"}
    q = make_question(NAME, "CO", seed=1)
    assert q.prompt == "Which state has the postal code CO?" and q.qid == "postal:CO"
    assert q.check("Colorado").correct and q.check("CO").correct
    wrong = q.check(next(c for c in q.choices if c != "CO"))
    assert wrong.outcome is Outcome.WRONG and wrong.missed == {"CO"}


def test_a_run_of_the_new_mode_scores_and_exports(postal):
    settings = QuizSettings(modes=(NAME,), n=3, seed=4)
    run = QuizRun(settings, build_questions(settings))
    while not run.is_done:
        assert run.current is not None
        run.answer(run.current.answer, seconds=2.0)
    assert run.summary().score == 3
    assert run.to_csv().count(f",{NAME},") == 3


def test_progress_reads_the_rows_items_and_quick_time(postal):
    from engine.progress.practice import practice_questions
    from engine.progress.reviews import reviews_of

    q = make_question(NAME, "UT", seed=1)
    right = q.check("UT")
    assert items_of(q, right) == [(Item(Kind.LOCATION, "UT"), True)]
    at = datetime(2026, 1, 5, tzinfo=UTC)
    quick = reviews_of(Attempt(1, 1, q, right, seconds=5.0), at)
    slow = reviews_of(Attempt(1, 1, q, right, seconds=5.5), at)
    assert [r.rating for r in quick + slow] == [Rating.Easy, Rating.Good]
    assert NAME in practice_modes(Kind.LOCATION)
    utah = [Item(Kind.LOCATION, "UT")]
    assert NAME in {p.mode for seed in range(12) for p in practice_questions(utah, seed)}


def test_the_maps_and_words_read_the_row(postal):
    from ui.quiz import roles
    from ui.quiz.text import describe
    from worksheets.layout import worksheet
    from worksheets.paper import Form

    settings = QuizSettings(modes=(NAME,), n=2, seed=1, region="Midwest")
    q = build_questions(settings)[0]
    assert roles.pick_mode(q) == "one" and question_states(q) == (q.answer,)
    assert set(view_states(settings, q) or ()) >= set(q.choices)
    result = q.check(q.answer)
    roles_after, notes = roles.feedback_roles(q, result)
    assert roles_after[q.answer] == "correct"
    assert notes[q.answer].startswith("Capital: ")  # the row's map asks for capital notes
    run = QuizRun(settings, [q])
    run.answer(q.answer)
    assert roles.summary_roles(run)[0] == {q.answer: "correct"}
    assert postal.title in describe(settings, None)
    sheet = worksheet([q], title="", drill="Locate quiz", selection="the Midwest")
    assert sheet.questions[0].form is Form.TICK_ONE
    assert sheet.questions[0].answer == by_usps()[q.answer].name


def test_a_drill_page_asks_the_new_mode(postal, app):
    from ui.nav import DRILL_MENU

    app.switch_page(DRILL_MENU["locate"].path)
    for name, value in {"mode": NAME, "n": "2", "seed": "5"}.items():
        app.query_params[name] = value
    app.run()
    assert not app.exception
    shown = " ".join(m.value for m in app.markdown)
    assert "Which state has the postal code" in shown
    assert not any("is not a mode" in w.value for w in app.warning)


def test_the_mode_is_gone_after_its_test():
    assert NAME not in MODES and NAME not in MODE_TITLES
    settings, notes = parse_settings({"mode": NAME}, group="locate")
    assert settings.modes == default_modes("locate") and say(notes[0]).startswith(f"mode={NAME} ")


# --- a row is whole and of its kinds -----------------------------------------------------------


def test_a_row_without_a_field_fails_where_it_is_written():
    with pytest.raises(TypeError, match="quick"):
        Mode(
            NAME,
            "locate",
            "Title",
            AnswerType.ONE,
            ValueKind.STATE,
            solo=False,
            items=ItemRule(Kind.LOCATION, Of.ANSWER),
            map=MapRule(Shown.NAMED, False, False),
        )
    with pytest.raises(TypeError):
        MapRule(Shown.NAMED, False)
    with pytest.raises(ValueError, match="kind"):
        ItemRule(None, Of.ANSWER)


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"quick": "5"}, "quick"),
        ({"quick": 0}, "quick"),
        ({"quick": True}, "quick"),
        ({"solo": None}, "solo"),
        ({"items": Kind.LOCATION}, "items"),
        ({"map": None}, "map"),
        ({"group": "nowhere"}, "unknown group"),
        ({"name": "locate"}, "taken"),
        ({"name": "borders"}, "taken"),
        ({"name": "mix"}, "taken"),
        ({"name": "Postal"}, "lower case"),
        ({"name": "a_name_longer_than_twenty"}, "at most 20"),
    ],
)
def test_a_row_of_the_wrong_kind_is_refused(changes, words):
    row = _row(**changes)
    with pytest.raises(ValueError, match=words):
        check(row)
    with pytest.raises(ValueError, match=words), registered(row):
        pass  # pragma: no cover
    assert NAME not in MODES


def test_a_mode_without_a_generator_fails_the_import_check():
    require_generators()
    with registered(_row()), pytest.raises(LookupError, match=NAME):
        require_generators()
    with registered(_row()), pytest.raises(LookupError, match="no generator"):
        generator(NAME)
