"""The learner's progress, pure: items of every mode, the rating rule, FSRS scheduling at
fixed UTC times, what to practise, mastery, weeks and streaks."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from fsrs import Rating

from engine.cards import by_usps
from engine.progress.mastery import (
    class_figures,
    counts,
    kind_totals,
    mastery,
    most_due,
    state_figures,
    streak,
    weekly_totals,
)
from engine.progress.practice import practice_questions, practice_settings
from engine.progress.rating import rating
from engine.progress.reviews import reviews_of
from engine.progress.schedule import (
    Band,
    ItemState,
    band,
    next_state,
    replay,
    retrievability,
    states_after,
    week_end,
    week_of,
)
from engine.progress.select import practice_items
from engine.quiz import MODES, QuizRun, QuizSettings, ValueKind, make_question
from engine.quiz.items import Item, Kind, all_items, items_of
from engine.quiz.modes import mode as mode_row

T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)  # a Monday
DAY = timedelta(days=1)


def item(key: str) -> Item:
    return Item.parse(key)


def right_answer(q):
    """What a student who knows types, clicks or picks."""
    if q.value_kind is ValueKind.CAPITAL:
        return by_usps()[q.answer].capital
    return list(q.answer) if isinstance(q.answer, frozenset) else q.answer


# --- items ----------------------------------------------------------------------------------


SUBJECTS = {"letter_states": "S", "all50": "ALL", "larger": ("CA", "TX"), "earlier": ("CA", "TX"),
            "populous": ("CA", "TX"), "weaker": ("CA", "TX"), "order": ("CA", "TX", "CO", "RI"),
            "shared": "SD"}  # fmt: skip


@pytest.mark.parametrize("mode", MODES)
def test_every_mode_maps_its_questions_onto_items_of_its_kind(mode):
    q = make_question(mode, SUBJECTS.get(mode, "CO"), seed=3)
    right = items_of(q, q.check(right_answer(q)))
    assert right and all(ok for _, ok in right)
    assert mode_row(mode).items  # the row says what its questions are evidence about
    kinds = {i.kind for i, _ in right}
    assert len(kinds) == 1


def test_a_rank_comparison_is_an_item_per_state_compared():
    q = make_question("larger", ("CA", "TX"))
    wrong = q.check("CA")  # Alaska is not in it: Texas is smaller than California? no: CA < TX
    assert {i.key for i, _ in items_of(q, wrong)} == {"size:CA", "size:TX"}
    order = make_question("order", ("CA", "TX", "CO", "RI"), category="population")
    result = order.check(["CA", "TX", "RI", "CO"])
    assert dict((i.key, ok) for i, ok in items_of(order, result)) == {
        "population:CA": True, "population:TX": True, "population:CO": False,
        "population:RI": False,
    }  # fmt: skip


def test_a_set_answer_rates_each_state_picked_or_missed():
    q = make_question("letter_states", "S")  # Sacramento, Salem, Salt Lake City, Santa Fe, …
    result = q.check(["CA", "OR", "TX"])  # Austin does not begin with S
    outcome = dict((i.state, ok) for i, ok in items_of(q, result))
    assert outcome["CA"] and outcome["OR"] and not outcome["TX"] and not outcome["UT"]
    assert {i.kind for i, _ in items_of(q, result)} == {Kind.LETTER}


def test_an_item_is_a_kind_about_a_real_state():
    assert len(all_items()) == 450
    assert Item.parse("capital:CO").describe() == "Colorado: capital"
    with pytest.raises(ValueError):
        Item(Kind.ZONE, "XX")


# --- the rating rule ------------------------------------------------------------------------


def test_the_rating_rule():
    assert rating(False, mode="zone") is Rating.Again
    assert rating(True, mode="zone", attempt=2) is Rating.Hard
    assert rating(True, mode="capital", corrected=True, seconds=1) is Rating.Hard
    assert rating(True, mode="zone", seconds=3) is Rating.Easy
    assert rating(True, mode="zone", seconds=9) is Rating.Good
    assert rating(True, mode="zone") is Rating.Good  # no time: never quick
    assert rating(True, mode="all50", seconds=1) is Rating.Good  # a list is never quick
    assert rating(True, mode="letter_states", seconds=2, whole_right=False) is Rating.Good


def test_a_misspelled_capital_counts_right_and_rates_hard():
    q = make_question("capital", "CA")
    run = QuizRun(QuizSettings(modes=("capital",), n=1), [q])
    run.answer("Sacremento", seconds=2.0)
    (review,) = reviews_of(run.attempts[-1], T0)
    assert run.attempts[-1].result.correct and run.attempts[-1].result.corrected
    assert review.rating is Rating.Hard and review.item == item("capital:CA")


def test_a_retry_then_right_is_again_then_hard():
    q = make_question("zone", "CO")
    run = QuizRun(QuizSettings(modes=("zone",), n=1), [q])
    run.answer("Central", seconds=2)
    run.answer("Mountain", seconds=2)
    ratings = [reviews_of(a, T0)[0].rating for a in run.attempts]
    assert ratings == [Rating.Again, Rating.Hard]


# --- scheduling at fixed times --------------------------------------------------------------


def test_scheduling_is_a_pure_function_of_history_and_time():
    history = [(Rating.Good, T0), (Rating.Good, T0 + 2 * DAY), (Rating.Again, T0 + 9 * DAY)]
    first = replay(history)
    assert first == replay(list(reversed(history)))  # taken in time order, whatever the order
    assert first.reviews == 3 and first.lapses == 1 and first.last_rating is Rating.Again
    assert first.due == T0 + 10 * DAY  # a lapse: tomorrow
    good = next_state(None, Rating.Good, T0)
    assert good.due == T0 + 2 * DAY and good.stability == pytest.approx(2.3065)
    assert next_state(None, Rating.Easy, T0).due == T0 + 8 * DAY
    assert next_state(None, Rating.Again, T0).due == T0 + DAY
    assert ItemState.from_dict(first.to_dict()) == first  # JSON round trip
    with pytest.raises(ValueError):
        next_state(None, Rating.Good, datetime(2025, 3, 3))  # naive: refused


def test_an_item_answered_today_counts_as_a_day_old():
    wrong = next_state(None, Rating.Again, T0)
    right = next_state(None, Rating.Good, T0)
    assert retrievability(wrong, T0 + timedelta(minutes=5)) == pytest.approx(0.766, abs=1e-3)
    assert retrievability(right, T0 + timedelta(minutes=5)) == pytest.approx(0.947, abs=1e-3)
    assert band(retrievability(wrong, T0)) is Band.WEAK
    assert band(retrievability(right, T0)) is Band.KNOWN
    assert band(retrievability(right, T0 + 4 * DAY)) is Band.FADING
    assert band(retrievability(right, T0 + 60 * DAY)) is Band.WEAK
    assert retrievability(None, T0) == 0 and band(None) is Band.NEW


def test_weeks_begin_on_monday_utc():
    assert week_of(T0) == date(2025, 3, 3)
    assert week_of(datetime(2025, 3, 9, 23, 59, tzinfo=UTC)) == date(2025, 3, 3)
    assert week_end(date(2025, 3, 3)) == datetime(2025, 3, 10, tzinfo=UTC)


# --- what to practise -----------------------------------------------------------------------


def _states(*rows: tuple[str, Rating, datetime]) -> dict[Item, ItemState]:
    return {item(k): next_state(None, r, at) for k, r, at in rows}


def test_practice_takes_what_is_due_only_and_else_the_weakest_then_new_ones():
    states = _states(
        ("zone:CO", Rating.Good, T0 - 10 * DAY),  # due long ago
        ("zone:UT", Rating.Good, T0 - 3 * DAY),  # due a day ago
        ("capital:CA", Rating.Again, T0),  # wrong today: due tomorrow, the weakest
        ("capital:TX", Rating.Easy, T0),  # known: not asked
    )
    until = T0 + timedelta(hours=12)
    assert [i.key for i in practice_items(states, T0, until, 6, seed=1)] == ["zone:CO", "zone:UT"]
    assert [i.key for i in practice_items(states, T0, until, 1, seed=1)] == ["zone:CO"]
    not_due = {k: s for k, s in states.items() if k.kind is not Kind.ZONE}
    chosen = practice_items(not_due, T0, until, 6, seed=1)
    assert chosen[0] == item("capital:CA") and item("capital:TX") not in chosen
    assert len(chosen) == 6 and all(i not in states for i in chosen[1:])
    assert {i.kind for i in chosen[1:]} <= {Kind.CAPITAL, Kind.LETTER}  # met kinds first
    assert chosen == practice_items(not_due, T0, until, 6, seed=1)
    assert chosen[1:] != practice_items(not_due, T0, until, 6, seed=2)[1:]


def test_a_practice_quiz_is_seeded_and_runs_on_the_drill_machinery():
    items = practice_items({}, T0, T0, 10, seed=5)
    questions = practice_questions(items, seed=5)
    assert [q.qid for q in questions] == [q.qid for q in practice_questions(items, seed=5)]
    run = QuizRun(practice_settings(questions, 5), questions)
    for q, it in zip(questions, items, strict=True):
        assert it in {i for i, _ in items_of(q, q.check(right_answer(q)))}
    assert run.total == 10
    alaska = practice_questions([item("borders:AK")], seed=1)[0]
    assert alaska.mode == "count"  # no border to select or to list


# --- mastery, weeks, streaks, a class -------------------------------------------------------


def test_mastery_counts_items_never_met_as_zero():
    states = _states(("zone:CO", Rating.Easy, T0), ("capital:CO", Rating.Good, T0))
    assert mastery(states, T0, [Kind.ZONE]) == pytest.approx(
        retrievability(states[item("zone:CO")], T0) / 50
    )
    figures = state_figures(states, T0, [Kind.CAPITAL, Kind.LETTER])
    assert set(figures) == {"CO"} and figures["CO"] == pytest.approx(0.947 / 2, abs=1e-3)
    c = counts(states, T0, T0 + 3 * DAY)
    assert (c.learned, c.due, c.new, c.met) == (2, 1, 448, 2)


def test_weekly_totals_follow_each_items_state_at_each_week_end():
    histories = {item("zone:CO"): [(Rating.Good, T0), (Rating.Good, T0 + 9 * DAY)]}
    weeks = [date(2025, 2, 24), date(2025, 3, 3), date(2025, 3, 10)]
    totals = weekly_totals(histories, weeks)
    states = states_after(histories[item("zone:CO")])
    assert totals[weeks[0], Kind.ZONE] == 0
    assert totals[weeks[1], Kind.ZONE] == pytest.approx(
        retrievability(states[0], week_end(weeks[1]))
    )
    assert totals[weeks[2], Kind.ZONE] == pytest.approx(
        kind_totals({item("zone:CO"): states[1]}, week_end(weeks[2]))[Kind.ZONE]
    )


def test_a_streak_ends_today_or_yesterday():
    today = date(2025, 3, 5)
    assert streak([date(2025, 3, 3), date(2025, 3, 4), today], today) == 3
    assert streak([date(2025, 3, 3), date(2025, 3, 4)], today) == 2  # not yet today
    assert streak([date(2025, 3, 2)], today) == 0
    assert streak([], today) == 0


def test_a_class_knows_a_state_as_the_mean_of_its_learners():
    ana = _states(("zone:CO", Rating.Good, T0))
    ben = _states(("zone:UT", Rating.Good, T0 - 10 * DAY))
    figures = class_figures([ana, ben], T0, [Kind.ZONE])
    assert figures["CO"] == pytest.approx(0.947 / 2, abs=1e-3)
    assert most_due([ana, ben, ben], T0, 5) == [(item("zone:UT"), 2)]
