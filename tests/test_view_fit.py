"""The states a question's map is fitted to hold everything the question is about (issue 28,
item 2): in every selection (each region, each time zone, a short list, none) and every mode,
for every question a quiz deals, the view holds the asked state, the states the question
names, every state that can be an answer and every state offered in a list of choices. The
pixels are checked in the browser (``test_browser_map_fit.py``)."""

from __future__ import annotations

import pytest

import geodata
from engine.cards import ZONES
from engine.quiz import (
    MAX_N,
    MODES,
    SOLO_MODES,
    Question,
    QuizSettings,
    ValueKind,
    build_questions,
    context_states,
    make_question,
    must_show,
    view_states,
)
from engine.quiz.facts import all_states

SELECTIONS = [
    {},
    *({"region": r} for r in geodata.REGIONS),
    *({"zone": z} for z in ZONES),
    {"states": ("RI", "NJ")},
    {"region": "West", "zone": "Mountain"},
]
SEEDS = (0, 1, 2)


def dealt(selection: dict, mode: str) -> list[tuple[QuizSettings, Question]]:
    """Every question of ``mode`` a quiz of ``selection`` deals in the longest quiz, for a few
    seeds (a solo mode deals one)."""
    out = []
    for seed in SEEDS:
        n = 1 if mode in SOLO_MODES else MAX_N
        settings = QuizSettings(modes=(mode,), n=n, seed=seed, **selection)
        out += [(settings, q) for q in build_questions(settings)]
    return out


def about(q: Question) -> set[str]:
    """What the question is about, read from its parts: the asked and named states, a state
    answer (one, a set, an order) and the states offered, unless they are the whole map."""
    states = set(q.shown) | ({q.focus} if q.focus else set())
    if q.value_kind in (ValueKind.STATE, ValueKind.CAPITAL):
        states |= {q.answer} if isinstance(q.answer, str) else set(q.answer)
        if len(set(q.choices) | {q.focus}) < 50:
            states |= set(q.choices)
    return states


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("selection", SELECTIONS, ids=lambda s: "-".join(map(str, s.values())))
def test_the_view_holds_what_the_question_is_about(selection: dict, mode: str) -> None:
    cut = []
    for settings, q in dealt(selection, mode):
        view = view_states(settings, q)
        if view is None:  # the whole map
            assert not settings.filtered
            continue
        assert set(context_states(settings) or ()) <= set(view)
        if missing := about(q) - set(view):
            cut.append(f"{q.qid}: {sorted(missing)}")
    assert not cut, f"the view leaves out states of {len(cut)} questions: {cut[:5]}"


def test_pennsylvania_in_the_northeast_opens_with_its_southern_and_western_neighbours() -> None:
    settings = QuizSettings(modes=("neighbors",), region="Northeast")
    q = make_question("neighbors", "PA", settings=settings)
    view = set(view_states(settings, q) or ())
    assert {"PA", "NY", "NJ", "DE", "MD", "WV", "OH"} <= view
    assert set(settings.pool()) <= view
    assert "CA" not in view  # still the Northeast, not the whole map


def test_a_list_of_every_state_does_not_widen_the_view() -> None:
    """ "Find Maine" in the Northeast may be answered anywhere, but opens on the Northeast."""
    settings = QuizSettings(modes=("locate",), region="Northeast")
    q = make_question("locate", "ME", settings=settings)
    assert len(q.choices) == 50
    assert view_states(settings, q) == tuple(sorted(context_states(settings) or ()))


@pytest.mark.parametrize("mode", ["capital_of", "locate", "all50"])
def test_the_view_never_points_at_the_answer(mode: str) -> None:
    """A question whose answer is not in a list of states offered opens on the quiz's
    context, the same for every question: the view tells nothing."""
    for region in geodata.REGIONS:
        views = {view_states(s, q) for s, q in dealt({"region": region}, mode)}
        assert views == {view_states(QuizSettings(modes=(mode,), region=region))}


def test_an_unfiltered_quiz_opens_on_the_whole_map() -> None:
    settings = QuizSettings(modes=("neighbors",))
    assert view_states(settings, make_question("neighbors", "PA")) is None


def test_the_insets_of_a_selection_are_in_its_view() -> None:
    """The West opens with Alaska and Hawaii, whatever the question (only Alaska's capital
    would otherwise widen it)."""
    settings = QuizSettings(modes=("capital_of",), region="West")
    assert {"AK", "HI"} <= set(view_states(settings) or ())
    assert "AK" not in (view_states(QuizSettings(region="Midwest")) or ())


def test_must_show_names_only_states() -> None:
    for mode in MODES:
        for _, q in dealt({"region": "South"}, mode)[:10]:
            assert must_show(q) <= set(all_states())
