"""Drill quizzes: settings from URL parameters, generators, checkers, runs and their misses.

Facts named in a test are typed here from outside the code (classroom border counts, capital
lists, atlas figures). The sweeping checks recompute every answer from the raw columns of
``geodata`` (areas, dates, populations, the border table), not from the card ranks the
generators use.
"""

from __future__ import annotations

import csv
import io
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import geodata
from engine.core import IllegalAction
from engine.quiz import (
    CSV_COLUMNS,
    DEFAULT_N,
    MAX_N,
    MODE_GROUPS,
    MODES,
    RETRY_GAP,
    AnswerType,
    Outcome,
    Question,
    QuizRun,
    QuizSettings,
    build_questions,
    four_corners_partner,
    make_question,
    parse_settings,
)

STATES = geodata.states()
NEIGHBORS = geodata.neighbors()
ALL = tuple(sorted(STATES.index))
WEST = ("AK", "AZ", "CA", "CO", "HI", "ID", "MT", "NM", "NV", "OR", "UT", "WA", "WY")


# --- settings ------------------------------------------------------------------------------


def test_no_parameters_give_the_defaults_without_notes() -> None:
    settings, notes = parse_settings({}, default_seed=99)
    assert settings == QuizSettings(modes=MODES, n=DEFAULT_N, seed=99)
    assert notes == []
    assert settings.pool() == ALL  # deck order: by USPS code


def test_a_teacher_link_reads_as_written() -> None:
    params = {"mode": "neighbors", "region": "west", "n": "10", "seed": "7"}
    settings, notes = parse_settings(params, group="borders")
    assert notes == []
    assert settings == QuizSettings(modes=("neighbors",), region="West", n=10, seed=7)
    assert sorted(settings.pool()) == sorted(WEST)


def test_the_bad_parameters_of_the_issue_are_named_and_replaced_by_defaults() -> None:
    params = {"n": "-3", "seed": "abc", "region": "mars", "mode": "x"}
    settings, notes = parse_settings(params, group="borders", default_seed=5)
    assert settings == QuizSettings(modes=MODE_GROUPS["borders"], n=DEFAULT_N, seed=5)
    assert len(notes) == 4
    joined = "\n".join(notes)
    for fragment in ("n=-3", "seed=abc", "region=mars", "mode=x"):
        assert fragment in joined
    assert any("n=-3" in n and str(DEFAULT_N) in n for n in notes)
    assert any("seed=abc" in n and "seed 5" in n for n in notes)
    assert any("region=mars" in n and "all regions" in n for n in notes)
    assert any("mode=x" in n and "border quiz modes" in n for n in notes)


@pytest.mark.parametrize(
    ("params", "fragment", "expected"),
    [
        ({"n": "0"}, "n=0", {"n": DEFAULT_N}),
        ({"n": "ten"}, "n=ten", {"n": DEFAULT_N}),
        ({"n": "2.5"}, "n=2.5", {"n": DEFAULT_N}),
        ({"n": "500"}, "n=500", {"n": MAX_N}),
        ({"seed": "1e3"}, "seed=1e3", {"seed": 0}),
        ({"zone": "purple"}, "zone=purple", {"zone": None}),
        ({"states": "ZZ,Narnia"}, "states=ZZ,Narnia", {"states": ()}),
        ({"mode": "larger"}, "mode=larger", {"modes": MODE_GROUPS["borders"]}),
        ({"mode": "neighbors,bogus"}, "mode=bogus", {"modes": ("neighbors",)}),
    ],
)
def test_each_bad_parameter_gets_a_note(params, fragment, expected) -> None:
    settings, notes = parse_settings(params, group="borders")
    assert len(notes) == 1 and fragment in notes[0], notes
    for name, value in expected.items():
        assert getattr(settings, name) == value


def test_empty_parameters_are_missing_ones() -> None:
    assert parse_settings({"n": "", "seed": " ", "mode": ""}, default_seed=3) == (
        QuizSettings(seed=3),
        [],
    )


def test_list_values_use_the_last_one() -> None:
    settings, notes = parse_settings({"n": ["3", "12"], "seed": ["1"]})
    assert (settings.n, settings.seed, notes) == (12, 1, [])


@pytest.mark.parametrize(
    ("mode", "group", "modes"),
    [
        ("mix", None, MODES),
        ("mix", "capitals", MODE_GROUPS["capitals"]),
        ("borders", None, ("neighbors", "exact", "count")),
        ("Count,NEIGHBORS", "borders", ("neighbors", "count")),
        ("ranks,zone", None, (*MODE_GROUPS["ranks"], "zone")),
        ("zone", "zones", ("zone",)),
    ],
)
def test_mode_names_groups_and_lists(mode, group, modes) -> None:
    settings, notes = parse_settings({"mode": mode}, group=group)
    assert (settings.modes, notes) == (modes, [])


def test_a_page_gets_its_group_by_default() -> None:
    for group, modes in MODE_GROUPS.items():
        assert parse_settings({}, group=group)[0].modes == modes


@pytest.mark.parametrize("text", ["west", "West", "WEST", " west "])
def test_region_spelling(text: str) -> None:
    assert parse_settings({"region": text})[0].region == "West"


def test_north_east_is_the_northeast() -> None:
    assert parse_settings({"region": "north-east"})[0].region == "Northeast"


def test_zone_filter() -> None:
    settings, notes = parse_settings({"zone": "central"})
    assert notes == []
    assert set(settings.pool()) == set(STATES.index[STATES["zone"] == "Central"])
    assert "TN" in settings.pool() and "KY" not in settings.pool()


def test_states_list_takes_codes_and_names() -> None:
    settings, notes = parse_settings({"states": "co, Utah,N. Dakota,az,ut"})
    assert notes == []
    assert settings.states == ("AZ", "CO", "ND", "UT")
    assert settings.pool() == ("AZ", "CO", "ND", "UT")


def test_filters_combine() -> None:
    settings, _ = parse_settings({"region": "west", "zone": "mountain"})
    assert set(settings.pool()) == {"AZ", "CO", "ID", "MT", "NM", "UT", "WY"}


def test_a_filter_that_empties_the_selection_is_dropped_with_a_note() -> None:
    settings, notes = parse_settings({"region": "west", "zone": "eastern"})
    assert settings.region == "West" and settings.zone is None
    assert len(notes) == 1 and "zone=eastern" in notes[0]


def test_a_mode_impossible_in_the_selection_is_noted() -> None:
    settings, notes = parse_settings({"states": "AK,HI", "mode": "neighbors"})
    assert settings.pool() == ("AK", "HI")
    assert len(notes) == 1 and "mode=neighbors" in notes[0] and "all 50 states" in notes[0]
    for q in build_questions(settings):
        assert q.focus not in ("AK", "HI")


@pytest.mark.parametrize(
    "kwargs",
    [
        {"modes": ("bogus",)},
        {"modes": ()},
        {"modes": "neighbors"},
        {"n": 0},
        {"n": MAX_N + 1},
        {"region": "Mars"},
        {"zone": "Purple"},
        {"states": ("ZZ",)},
        {"region": "West", "zone": "Eastern"},
    ],
)
def test_invalid_settings_raise(kwargs) -> None:
    with pytest.raises(ValueError):
        QuizSettings(**kwargs)


def test_describe_pool() -> None:
    assert QuizSettings().describe_pool() == "all 50 states"
    assert QuizSettings(region="West").describe_pool() == "the West"
    assert QuizSettings(region="West", zone="Mountain").describe_pool() == (
        "the West in the Mountain Zone"
    )
    assert QuizSettings(states=("CO", "UT")).describe_pool() == "your 2 states"


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_links_round_trip(data) -> None:
    """A link built from settings reads back as the same settings, without notes."""
    settings_ = _draw_settings(data)
    group = next((g for g, m in MODE_GROUPS.items() if set(settings_.modes) <= set(m)), None)
    for page in {group, None}:
        parsed, notes = parse_settings(settings_.to_params(), group=page)
        assert parsed == settings_
        # The only possible notes say that a mode has no subject in a small selection.
        assert all(n.startswith("mode=") and "all 50 states" in n for n in notes), notes


def _draw_settings(data) -> QuizSettings:
    modes = tuple(data.draw(st.lists(st.sampled_from(MODES), min_size=1, unique=True)))
    region = data.draw(st.none() | st.sampled_from(geodata.REGIONS))
    pool = [u for u in ALL if region is None or STATES.loc[u, "region"] == region]
    zones = sorted({STATES.loc[u, "zone"] for u in pool})
    zone = data.draw(st.none() | st.sampled_from(zones))
    pool = [u for u in pool if zone is None or STATES.loc[u, "zone"] == zone]
    states = data.draw(st.none() | st.lists(st.sampled_from(pool), min_size=1, max_size=5))
    return QuizSettings(
        modes=modes,
        region=region,
        zone=zone,
        states=tuple(states or ()),
        n=data.draw(st.integers(1, MAX_N)),
        seed=data.draw(st.integers(-(10**9), 10**9)),
    )


# --- generation ----------------------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_same_settings_same_quiz(mode: str) -> None:
    settings_ = QuizSettings(modes=(mode,), n=20, seed=7)
    assert build_questions(settings_) == build_questions(settings_)
    assert build_questions(settings_) != build_questions(QuizSettings(modes=(mode,), n=20, seed=8))


def test_a_shorter_quiz_is_the_start_of_a_longer_one() -> None:
    long = build_questions(QuizSettings(n=30, seed=11))
    assert build_questions(QuizSettings(n=12, seed=11)) == long[:12]


def test_a_link_gives_the_same_questions() -> None:
    link = {"mode": "neighbors", "region": "west", "n": "10", "seed": "7"}
    first = build_questions(parse_settings(link, group="borders")[0])
    again = build_questions(parse_settings(dict(link), group="borders")[0])
    assert first == again and len(first) == 10


def test_mix_asks_every_mode_once_per_round() -> None:
    questions = build_questions(QuizSettings(n=len(MODES), seed=3))
    assert sorted(q.mode for q in questions) == sorted(MODES)


@pytest.mark.parametrize("mode", ["count", "letter", "capital", "zone"])
def test_no_state_repeats_before_all_were_asked(mode: str) -> None:
    questions = build_questions(QuizSettings(modes=(mode,), n=50, seed=1))
    assert sorted(q.focus for q in questions) == sorted(ALL)


@pytest.mark.parametrize("mode", ["neighbors", "exact", "count", "capital", "zone", "letter"])
def test_region_filter_selects_the_subjects(mode: str) -> None:
    settings_ = QuizSettings(modes=(mode,), region="West", n=11, seed=4)
    for q in build_questions(settings_):
        subject = q.focus or q.answer
        assert subject in WEST


def test_west_neighbours_quiz_still_expects_states_outside_the_west() -> None:
    q = make_question("neighbors", "CO", settings=QuizSettings(region="West"))
    assert {"KS", "NE", "OK"} <= q.answer


@pytest.mark.parametrize("mode", ["larger", "earlier", "populous", "weaker", "order", "shared"])
def test_companions_come_from_the_selection(mode: str) -> None:
    settings_ = QuizSettings(modes=(mode,), region="South", n=12, seed=2)
    south = set(settings_.pool())
    for q in build_questions(settings_):
        assert set(q.shown) <= south or mode == "shared"
        assert set(q.shown) & south


def test_a_one_state_list_borrows_companions_from_all_states() -> None:
    settings_ = QuizSettings(modes=("larger", "order"), states=("TX",), n=6, seed=1)
    for q in build_questions(settings_):
        assert "TX" in q.shown
        assert len(q.shown) == (2 if q.mode == "larger" else 4)


def test_explicit_list_filter() -> None:
    settings_ = QuizSettings(modes=("capital",), states=("CO", "UT", "AZ", "NM"), n=8, seed=0)
    foci = [q.focus for q in build_questions(settings_)]
    assert sorted(foci[:4]) == ["AZ", "CO", "NM", "UT"]
    assert sorted(foci[4:]) == ["AZ", "CO", "NM", "UT"]


def test_every_seed_gives_a_full_quiz() -> None:
    for seed in range(50):
        assert len(build_questions(QuizSettings(n=20, seed=seed))) == 20


# --- facts typed here ----------------------------------------------------------------------


def test_capitals_beginning_with_a() -> None:
    q = make_question("letter_states", "A")
    assert q.answer == {"NY", "MD", "GA", "ME", "TX"}
    for capital in ("Albany", "Annapolis", "Atlanta", "Augusta", "Austin"):
        assert capital in q.explanation
    assert q.check(["NY", "MD", "GA", "ME", "TX"]).correct


def test_capitals_beginning_with_s_in_the_west() -> None:
    west = QuizSettings(region="West")
    q = make_question("letter_states", "S", settings=west)
    # Sacramento, Salem, Salt Lake City, Santa Fe.
    assert q.answer == {"CA", "OR", "UT", "NM"}
    assert q.prompt == "Select every state of the West whose capital begins with S."
    result = q.check(["CA", "OR", "UT", "NM", "IL"])
    assert result.outcome is Outcome.WRONG and result.wrong == {"IL"}
    assert "Illinois is not one of the West" in result.message


# Classroom counts, the Four Corners included (Colorado: 7 with Arizona).
BORDER_COUNTS = {"TN": 8, "MO": 8, "KY": 7, "CO": 7, "ME": 1, "AK": 0, "HI": 0, "MI": 3}


@pytest.mark.parametrize(("usps", "count"), sorted(BORDER_COUNTS.items()))
def test_border_counts(usps: str, count: int) -> None:
    q = make_question("count", usps)
    assert q.answer == str(count)
    assert str(count) in q.choices and len(q.choices) == 4
    assert q.check(str(count)).correct
    assert q.check(count).correct
    assert q.check(str(count + 1)).outcome is Outcome.WRONG


def test_colorado_neighbours_and_the_four_corners() -> None:
    q = make_question("neighbors", "CO")
    assert q.answer == {"AZ", "KS", "NE", "NM", "OK", "UT", "WY"}
    assert "Arizona (corner to corner, at the Four Corners)" in q.explanation
    result = q.check(["KS", "NE", "NM", "OK", "UT", "WY", "TX"])
    assert result.outcome is Outcome.WRONG
    assert result.right == {"KS", "NE", "NM", "OK", "UT", "WY"}
    assert result.missed == {"AZ"}
    assert result.wrong == {"TX"}
    assert "Missed: Arizona" in result.message and "Wrong: Texas" in result.message
    assert "Four Corners" in result.message


def test_utah_names_new_mexico_at_the_four_corners() -> None:
    q = make_question("neighbors", "UT")
    assert q.answer == {"AZ", "CO", "ID", "NV", "NM", "WY"}
    assert "New Mexico (corner to corner, at the Four Corners)" in q.explanation


def test_four_corners_partners_are_the_point_borders_of_geodata() -> None:
    pairs = geodata.border_pairs()
    points = {frozenset((a, b)) for a, b in pairs.loc[pairs["kind"] == "point", ["a", "b"]].values}
    assert points == {frozenset({"AZ", "CO"}), frozenset({"NM", "UT"})}
    assert four_corners_partner() == {"AZ": "CO", "CO": "AZ", "NM": "UT", "UT": "NM"}


def test_neighbour_set_answers_by_name_too() -> None:
    q = make_question("neighbors", "RI")
    assert q.check("Connecticut, Massachusetts").correct
    assert q.check(["ct", "Massachusetts"]).correct
    assert q.check(["CT", "Narnia"]).outcome is Outcome.NOT_COUNTED


def test_the_border_attack_guess() -> None:
    q = make_question("exact", "ME")
    assert q.prompt == "Which state borders only one state, New Hampshire?"
    assert q.answer == "ME" and "ME" in q.choices and len(set(q.choices)) == 4
    assert q.shown == ("NH",) and q.focus is None  # the map must not give the answer away
    assert q.check("Maine").correct and q.check("me").correct
    wrong = q.check("VT")
    assert wrong.outcome is Outcome.WRONG and wrong.wrong == {"VT"} and wrong.missed == {"ME"}
    assert "Vermont borders" in wrong.message
    assert q.check("Carolina").outcome is Outcome.NOT_COUNTED


def test_rhode_island_borders_exactly_connecticut_and_massachusetts() -> None:
    q = make_question("exact", "RI")
    assert set(q.shown) == {"CT", "MA"}
    assert "Connecticut and Massachusetts" in q.prompt


def test_exact_guess_for_utah_mentions_the_four_corners() -> None:
    q = make_question("exact", "UT")
    assert "New Mexico only at the Four Corners" in q.explanation


def test_every_border_set_points_to_one_state() -> None:
    sets = [NEIGHBORS[u] for u in ALL if NEIGHBORS[u]]
    assert len(sets) == len(set(sets)) == 48


INITIALS = {"TX": "A", "MN": "S", "KY": "F", "NV": "C", "WV": "C", "IA": "D"}


@pytest.mark.parametrize(("usps", "letter"), sorted(INITIALS.items()))
def test_first_letter_of_the_capital(usps: str, letter: str) -> None:
    q = make_question("letter", usps)
    assert q.answer == letter and letter in q.choices and len(set(q.choices)) == 4
    assert q.check(letter.lower()).correct
    assert q.check(f"{letter}.").correct
    assert q.check("Saint").outcome is Outcome.NOT_COUNTED
    other = next(c for c in q.choices if c != letter)
    assert q.check(other).outcome is Outcome.WRONG


def test_typed_capital() -> None:
    q = make_question("capital", "TX")
    assert q.answer_type is AnswerType.TEXT and q.label(q.answer) == "Austin"
    assert q.check("Austin").correct
    assert q.check("  austin ").correct
    dallas = q.check("Dallas")
    assert dallas.outcome is Outcome.WRONG
    assert "not a state capital" in dallas.message and "Austin" in dallas.message
    assert q.check("Texas").outcome is Outcome.NOT_COUNTED
    assert q.check("").outcome is Outcome.NOT_COUNTED


def test_a_near_miss_is_right_and_shows_the_spelling() -> None:
    q = make_question("capital", "FL")
    result = q.check("Tallahasee")
    assert result.correct and "Tallahassee" in result.message


def test_saint_paul_variants() -> None:
    q = make_question("capital", "MN")
    for typed in ("Saint Paul", "st paul", "St. Paul", "saint-paul"):
        assert q.check(typed).correct, typed


def test_another_states_capital_is_wrong_and_explained() -> None:
    q = make_question("capital", "SC")
    result = q.check("Charleston")
    assert result.outcome is Outcome.WRONG
    assert result.message == (
        "Charleston is the capital of West Virginia. The capital of South Carolina is Columbia."
    )
    assert result.wrong == {"WV"} and result.missed == {"SC"}


def test_ambiguous_or_partial_capitals_are_not_counted() -> None:
    assert make_question("capital", "OH").check("Columbis").outcome is Outcome.NOT_COUNTED
    assert make_question("capital", "NV").check("Carson").outcome is Outcome.NOT_COUNTED
    assert make_question("capital", "NV").check("Carson City").correct
    assert make_question("capital", "UT").check("SLC").correct


def test_albuquerque_for_new_mexico() -> None:
    result = make_question("capital", "NM").check("Albequerque")
    assert result.outcome is Outcome.WRONG
    assert "not a state capital" in result.message and "Santa Fe" in result.message


def test_shared_letter_groups() -> None:
    for seed in range(30):
        q = make_question("shared", "TX", seed=seed)  # Austin: an A-group of three
        initials = {u: STATES.loc[u, "capital"][0] for u in q.choices}
        assert len(q.choices) == 5 and "TX" in q.answer and len(q.answer) == 3
        assert {initials[u] for u in q.answer} == {"A"}
        others = [initials[u] for u in q.choices if u not in q.answer]
        assert len(set(others)) == len(others) and "A" not in others
        assert q.prompt.startswith("Three of these states")


def test_shared_pairs_for_letters_with_two_capitals() -> None:
    q = make_question("shared", "NC")  # Raleigh and Richmond are the only R capitals
    assert q.answer == {"NC", "VA"}
    assert q.prompt.startswith("Two of these states")


def test_lone_initials_cannot_share() -> None:
    for usps in ("KY", "IN", "TN"):  # Frankfort, Indianapolis, Nashville
        with pytest.raises(ValueError):
            make_question("shared", usps)


def test_rank_comparisons_typed_from_an_atlas() -> None:
    assert make_question("larger", ("MT", "TX")).answer == "TX"
    assert make_question("larger", ("RI", "DE")).answer == "DE"
    assert make_question("earlier", ("IN", "OH")).answer == "OH"
    assert make_question("earlier", ("PA", "DE")).answer == "DE"
    assert make_question("populous", ("NY", "FL")).answer == "FL"
    assert make_question("populous", ("WY", "VT")).answer == "VT"
    # Alaska: statehood 49 → weakness 49; California: statehood 31 → weakness 31.
    weaker = make_question("weaker", ("CA", "AK"))
    assert weaker.answer == "AK"
    assert "weakness 49" in weaker.explanation and "weakness 31" in weaker.explanation


def test_no_comparison_without_a_right_answer() -> None:
    with pytest.raises(ValueError):
        make_question("earlier", ("ND", "SD"))  # admitted the same day
    with pytest.raises(ValueError):
        make_question("weaker", ("WY", "RI"))  # both have a worst rank of 50
    with pytest.raises(ValueError):
        make_question("larger", ("TX", "TX"))


def test_put_four_in_order() -> None:
    q = make_question("order", ("RI", "AK", "TX", "CA"), category="size")
    assert q.answer == ("AK", "TX", "CA", "RI")
    assert q.choices == ("RI", "AK", "TX", "CA")
    assert q.check(["AK", "TX", "CA", "RI"]).correct
    assert q.check("Alaska, Texas, California, Rhode Island").correct
    result = q.check(["AK", "CA", "TX", "RI"])
    assert result.outcome is Outcome.WRONG
    assert result.right == {"AK", "RI"} and result.wrong == {"CA", "TX"}
    assert q.check(["AK", "TX"]).outcome is Outcome.NOT_COUNTED
    assert make_question("order", ("HI", "NJ", "DE", "PA"), category="statehood").answer == (
        "DE",
        "PA",
        "NJ",
        "HI",
    )
    assert make_question("order", ("WY", "FL", "CA", "TX"), category="population").answer == (
        "CA",
        "TX",
        "FL",
        "WY",
    )


# A split state takes the zone of its capital (the rules' examples, plus one per other Zone).
CARD_ZONES = {
    "KY": "Eastern",
    "TN": "Central",
    "ID": "Mountain",
    "FL": "Eastern",
    "TX": "Central",
    "AK": "Alaska",
    "HI": "Hawaii",
    "OR": "Pacific",
}


@pytest.mark.parametrize(("usps", "zone"), sorted(CARD_ZONES.items()))
def test_zones(usps: str, zone: str) -> None:
    q = make_question("zone", usps)
    assert q.answer == zone
    assert q.check(zone).correct and q.check(zone.lower()).correct
    assert q.check(f"{zone} time").correct


def test_zone_explanation_names_the_capital_and_the_split() -> None:
    q = make_question("zone", "KY")
    assert "Frankfort" in q.explanation and "Central" in q.explanation
    assert q.check("Mount").outcome is Outcome.WRONG
    assert q.check("purple").outcome is Outcome.NOT_COUNTED


def test_make_question_refuses_impossible_subjects() -> None:
    with pytest.raises(ValueError):
        make_question("neighbors", "AK")
    with pytest.raises(ValueError):
        make_question("bogus", "CO")
    with pytest.raises(ValueError):
        make_question("capital", ("CO", "UT"))
    with pytest.raises(ValueError):
        make_question("letter_states", "F", settings=QuizSettings(region="West"))


# --- every answer agrees with geodata ------------------------------------------------------


def _better(usps_a: str, usps_b: str, mode: str) -> bool:
    a, b = STATES.loc[usps_a], STATES.loc[usps_b]
    if mode == "larger":
        return a["total_area_sq_mi"] > b["total_area_sq_mi"]
    if mode == "earlier":
        return a["admitted"] < b["admitted"]
    return a["population_2020"] > b["population_2020"]


def _weakness(usps: str) -> int:
    return int(STATES.loc[usps, ["size_rank", "statehood_rank", "population_rank"]].max())


def _right_response(q: Question) -> object:
    if q.answer_type is AnswerType.TEXT:
        return q.label(q.answer)
    return q.answer


def _check_against_geodata(q: Question, pool: tuple[str, ...]) -> None:
    capital = STATES["capital"]
    if q.mode == "neighbors":
        assert q.answer == NEIGHBORS[q.focus]
    elif q.mode == "count":
        assert int(q.answer) == len(NEIGHBORS[q.focus])
    elif q.mode == "exact":
        assert NEIGHBORS[q.answer] == frozenset(q.shown)
        assert q.answer in q.choices
    elif q.mode == "letter_states":
        letter = q.prompt.rstrip(".")[-1]
        assert q.answer == {u for u in pool if capital[u].startswith(letter)}
    elif q.mode == "letter":
        assert q.answer == capital[q.focus][0]
    elif q.mode == "capital":
        assert q.label(q.answer) == capital[q.focus]
    elif q.mode == "shared":
        initials = [capital[u][0] for u in q.choices]
        assert q.answer == {u for u in q.choices if initials.count(capital[u][0]) > 1}
    elif q.mode in ("larger", "earlier", "populous"):
        (other,) = set(q.choices) - {q.answer}
        assert _better(q.answer, other, q.mode)
    elif q.mode == "weaker":
        (other,) = set(q.choices) - {q.answer}
        assert _weakness(q.answer) > _weakness(other)
    elif q.mode == "order":
        mode = {"largest": "larger", "earliest": "earlier", "most": "populous"}[
            q.prompt.split(", ")[1].split()[0]
        ]
        assert all(_better(a, b, mode) for a, b in pairwise(q.answer))
        assert sorted(q.answer) == sorted(q.choices)
    elif q.mode == "zone":
        assert q.answer == STATES.loc[q.focus, "zone"]
    else:  # pragma: no cover
        raise AssertionError(q.mode)
    assert q.check(_right_response(q)).correct
    assert q.prompt and q.explanation and q.answer_text


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_every_answer_agrees_with_geodata(data) -> None:
    settings_ = _draw_settings(data)
    questions = build_questions(settings_)
    assert len(questions) == settings_.n
    assert {q.mode for q in questions} <= set(settings_.modes)
    for q in questions:
        _check_against_geodata(q, settings_.pool())


@pytest.mark.parametrize("mode", MODES)
def test_every_mode_on_every_state(mode: str) -> None:
    questions = build_questions(QuizSettings(modes=(mode,), n=MAX_N, seed=17))
    for q in questions:
        _check_against_geodata(q, ALL)


# --- runs ----------------------------------------------------------------------------------


def _wrong_response(q: Question) -> object:
    if q.answer_type is AnswerType.SET:
        return []
    if q.answer_type is AnswerType.ORDER:
        return tuple(reversed(q.answer))
    if q.answer_type is AnswerType.TEXT:
        return "Chicago"
    return next(c for c in q.choices if c != q.answer)


def test_a_missed_question_comes_back_after_a_few_others() -> None:
    run = QuizRun(QuizSettings(modes=("capital",), n=8, seed=3))
    first = run.current
    assert run.answer("Chicago").outcome is Outcome.WRONG
    asked = []
    for _ in range(RETRY_GAP):
        asked.append(run.current)
        run.answer(_right_response(run.current))
    assert first not in asked
    assert run.current == first and run.is_retry and run.number == 1
    assert run.last is not None and run.last.question == asked[-1] and run.last.result.correct
    assert run.answer(_right_response(first)).correct
    assert not run.is_retry


def test_a_question_returns_until_answered_right() -> None:
    run = QuizRun(QuizSettings(modes=("zone",), n=2, seed=0))
    target = run.current
    for _ in range(3):
        run.answer(_wrong_response(target))
        while run.current != target:
            run.answer(_right_response(run.current))
    run.answer(_right_response(target))
    assert run.is_done
    summary = run.summary()
    assert summary.score == 1 and summary.total == 2 and summary.retries == 3
    assert [m.question for m in summary.misses] == [target]
    assert summary.misses[0].cleared


def test_not_counted_answers_change_nothing() -> None:
    run = QuizRun(QuizSettings(modes=("capital",), n=3, seed=1))
    before = (run.current, list(run.queue), list(run.attempts))
    for typed in ("", "City", "Carson", "Texas", "qwertyuiop"):
        result = run.answer(typed)
        assert result.outcome is Outcome.NOT_COUNTED and result.message
    assert (run.current, run.queue, run.attempts) == before


def test_answering_a_finished_run_is_refused() -> None:
    run = QuizRun(QuizSettings(modes=("zone",), n=1, seed=0))
    run.answer(_right_response(run.current))
    assert run.is_done and run.current is None and run.number is None
    with pytest.raises(IllegalAction):
        run.answer("Eastern")


def test_summary_lists_misses_with_the_right_answers() -> None:
    run = QuizRun(QuizSettings(modes=("neighbors",), region="West", n=5, seed=7))
    script = [True, False, True, False, True]
    for right in script:
        q = run.current
        run.answer(_right_response(q) if right else _wrong_response(q))
    assert run.progress == 1.0 and not run.is_done and run.pending_retries == 2
    summary = run.summary()
    assert (summary.score, summary.total, summary.answered, summary.percent) == (3, 5, 5, 60)
    assert [m.number for m in summary.misses] == [2, 4]
    for miss in summary.misses:
        assert miss.right_answer == miss.question.answer_text
        assert miss.given == "none" and not miss.cleared


def test_practise_my_misses() -> None:
    settings_ = QuizSettings(modes=("letter",), n=6, seed=5)
    run = QuizRun(settings_)
    missed = []
    while not run.is_done:
        q = run.current
        if run.number in (2, 5) and not run.is_retry:
            missed.append(q)
            run.answer(_wrong_response(q))
        else:
            run.answer(_right_response(q))
    practice = run.misses_run()
    assert practice is not None and practice.practice
    assert sorted(practice.questions, key=lambda q: q.qid) == sorted(missed, key=lambda q: q.qid)
    assert practice.total == 2 and practice.score == 0
    again = run.misses_run()
    assert again is not None and again.questions == practice.questions


def test_no_misses_no_practice_run() -> None:
    run = QuizRun(QuizSettings(modes=("zone",), n=3, seed=0))
    while not run.is_done:
        run.answer(_right_response(run.current))
    assert run.misses_run() is None
    assert run.summary().percent == 100


def test_csv_download() -> None:
    run = QuizRun(QuizSettings(modes=("capital",), n=2, seed=2))
    first = run.current
    run.answer("Chicago", seconds=4.5)
    run.answer(_right_response(run.current), seconds=2.0)
    run.answer(_right_response(first), seconds=1.25)
    rows = list(csv.DictReader(io.StringIO(run.to_csv())))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert [(r["question"], r["attempt"], r["result"]) for r in rows] == [
        ("1", "1", "wrong"),
        ("2", "1", "right"),
        ("1", "2", "right"),
    ]
    assert rows[0]["your_answer"] == "Chicago"
    assert rows[0]["correct_answer"] == first.label(first.answer)
    assert rows[0]["seconds"] == "4.5"
    assert rows[0]["prompt"] == first.prompt


def test_set_rows_name_right_missed_and_wrong() -> None:
    run = QuizRun(QuizSettings(), [make_question("neighbors", "CO")])
    run.answer(["KS", "NE", "TX"])
    row = run.rows()[0]
    assert row["right"] == "Kansas; Nebraska"
    assert row["missed"] == "Arizona; New Mexico; Oklahoma; Utah; Wyoming"
    assert row["wrong"] == "Texas"


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), script=st.lists(st.booleans(), min_size=1, max_size=60))
def test_runs_end_and_account_for_every_answer(seed: int, script: list[bool]) -> None:
    """Any pattern of right and wrong answers ends once each question is finally right."""
    run = QuizRun(QuizSettings(n=8, seed=seed))
    moves = iter(script)
    steps = 0
    while not run.is_done:
        q = run.current
        right = next(moves, True)
        run.answer(_right_response(q) if right else _wrong_response(q))
        steps += 1
        assert steps <= 8 + len(script)
    rights = [a.number for a in run.attempts if a.result.correct]
    assert sorted(rights) == list(range(1, 9))
    assert len(run.attempts) == 8 + run.summary().retries
    assert run.score == sum(1 for a in run.attempts if a.attempt == 1 and a.result.correct)


def test_same_answers_same_run() -> None:
    def play() -> str:
        run = QuizRun(QuizSettings(n=10, seed=21))
        i = 0
        while not run.is_done:
            q = run.current
            run.answer(_wrong_response(q) if i % 3 == 0 else _right_response(q))
            i += 1
        return run.to_csv()

    assert play() == play()
