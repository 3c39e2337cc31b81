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
from engine.answers import MAX_ANSWER_CHARS, TOO_LONG
from engine.core import IllegalAction
from engine.quiz import (
    CSV_COLUMNS,
    DEFAULT_MODES,
    DEFAULT_N,
    MAX_N,
    MODE_GROUPS,
    MODES,
    RETRY_GAP,
    SOLO_MODES,
    AnswerType,
    Outcome,
    Question,
    QuizRun,
    QuizSettings,
    Standing,
    ValueKind,
    build_questions,
    default_modes,
    echo,
    four_corners_partner,
    make_question,
    parse_settings,
    repeat_free_count,
)
from engine.quiz import modes as modes_table
from tests.quiz_runs import issue_18_run
from ui.quiz.wording import notes_of, say


def read_link(params, **options):
    """:func:`engine.quiz.parse_settings` with its notes in words (English)."""
    settings, notes = parse_settings(params, **options)
    return settings, notes_of(notes)


STATES = geodata.states()
NEIGHBORS = geodata.neighbors()
ALL = tuple(sorted(STATES.index))
WEST = ("AK", "AZ", "CA", "CO", "HI", "ID", "MT", "NM", "NV", "OR", "UT", "WA", "WY")


# --- settings ------------------------------------------------------------------------------


def test_no_parameters_give_the_defaults_without_notes() -> None:
    settings, notes = read_link({}, default_seed=99)
    assert settings == QuizSettings(modes=DEFAULT_MODES, n=DEFAULT_N, seed=99)
    assert set(MODES) - set(DEFAULT_MODES) == set(SOLO_MODES) == {"all50"}
    assert notes == []
    assert settings.pool() == ALL  # deck order: by USPS code


def test_a_teacher_link_reads_as_written() -> None:
    params = {"mode": "neighbors", "region": "west", "n": "10", "seed": "7"}
    settings, notes = read_link(params, group="borders")
    assert notes == []
    assert settings == QuizSettings(modes=("neighbors",), region="West", n=10, seed=7)
    assert sorted(settings.pool()) == sorted(WEST)


def test_the_bad_parameters_of_the_issue_are_named_and_replaced_by_defaults() -> None:
    params = {"n": "-3", "seed": "abc", "region": "mars", "mode": "x"}
    settings, notes = read_link(params, group="borders", default_seed=5)
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
    settings, notes = read_link(params, group="borders")
    assert len(notes) == 1 and fragment in notes[0], notes
    for name, value in expected.items():
        assert getattr(settings, name) == value


def test_empty_parameters_are_missing_ones() -> None:
    assert read_link({"n": "", "seed": " ", "mode": ""}, default_seed=3) == (
        QuizSettings(seed=3),
        [],
    )


def test_list_values_use_the_last_one() -> None:
    settings, notes = read_link({"n": ["3", "12"], "seed": ["1"]})
    assert (settings.n, settings.seed, notes) == (12, 1, [])


@pytest.mark.parametrize(
    ("mode", "group", "modes"),
    [
        ("mix", None, DEFAULT_MODES),
        ("mix", "locate", ("locate", "identify", "from_capital")),
        ("locate", "locate", ("locate",)),  # a mode named like its group means the mode
        ("all50", "locate", ("all50",)),
        ("mix", "capitals", MODE_GROUPS["capitals"]),
        ("borders", None, ("neighbors", "exact", "count")),
        ("Count,NEIGHBORS", "borders", ("neighbors", "count")),
        ("ranks,zone", None, (*MODE_GROUPS["ranks"], "zone")),
        ("zone", "zones", ("zone",)),
    ],
)
def test_mode_names_groups_and_lists(mode, group, modes) -> None:
    settings, notes = read_link({"mode": mode}, group=group)
    assert (settings.modes, notes) == (modes, [])


def test_a_page_gets_its_group_by_default() -> None:
    for group, modes in MODE_GROUPS.items():
        expected = tuple(m for m in modes if m not in SOLO_MODES)
        assert read_link({}, group=group)[0].modes == expected == default_modes(group)
    assert default_modes("locate") == ("locate", "identify", "from_capital")


def test_the_locate_group_round_trips_through_a_link() -> None:
    settings = QuizSettings(modes=MODE_GROUPS["locate"], n=5, seed=1)
    assert settings.to_params()["mode"] == "locate,identify,from_capital,all50"
    assert read_link(settings.to_params(), group="locate") == (settings, [])


@pytest.mark.parametrize("text", ["west", "West", "WEST", " west "])
def test_region_spelling(text: str) -> None:
    assert read_link({"region": text})[0].region == "West"


def test_north_east_is_the_northeast() -> None:
    assert read_link({"region": "north-east"})[0].region == "Northeast"


def test_zone_filter() -> None:
    settings, notes = read_link({"zone": "central"})
    assert notes == []
    assert set(settings.pool()) == set(STATES.index[STATES["zone"] == "Central"])
    assert "TN" in settings.pool() and "KY" not in settings.pool()


def test_states_list_takes_codes_and_names() -> None:
    settings, notes = read_link({"states": "co, Utah,N. Dakota,az,ut"})
    assert notes == []
    assert settings.states == ("AZ", "CO", "ND", "UT")
    assert settings.pool() == ("AZ", "CO", "ND", "UT")


def test_filters_combine() -> None:
    settings, _ = read_link({"region": "west", "zone": "mountain"})
    assert set(settings.pool()) == {"AZ", "CO", "ID", "MT", "NM", "UT", "WY"}


def test_a_filter_that_empties_the_selection_is_dropped_with_a_note() -> None:
    settings, notes = read_link({"region": "west", "zone": "eastern"})
    assert settings.region == "West" and settings.zone is None
    assert len(notes) == 1 and "zone=eastern" in notes[0]


def test_a_mode_impossible_in_the_selection_is_noted() -> None:
    settings, notes = read_link({"states": "AK,HI", "mode": "neighbors"})
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
    assert QuizSettings(region="West").describe_pool() == "the West Census region"
    assert QuizSettings(region="West", zone="Mountain").describe_pool() == (
        "the West Census region in the Mountain time zone"
    )
    assert QuizSettings(states=("CO", "UT")).describe_pool() == "your 2 states"


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_links_round_trip(data) -> None:
    """A link built from settings reads back as the same settings, without notes."""
    settings_ = _draw_settings(data)
    group = next((g for g, m in MODE_GROUPS.items() if set(settings_.modes) <= set(m)), None)
    for page in {group, None}:
        parsed, notes = read_link(settings_.to_params(), group=page)
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


def test_every_mode_has_one_generator_in_its_groups_module() -> None:
    """The modes table is the one list of modes: each row's generator is registered by the
    module named after its group, and a second registration is refused."""
    for row in modes_table.MODE_TABLE:
        made = modes_table.generator(row.name)
        assert made.make.__module__ == f"engine.quiz.{row.group}", row.name
        with pytest.raises(ValueError, match="already has a generator"):
            modes_table.generates(row.name)(made.make)
    assert [m.name for m in modes_table.MODE_TABLE] == list(MODES)
    assert {m.group for m in modes_table.MODE_TABLE} == set(MODE_GROUPS)


def test_a_question_takes_its_answer_type_from_the_modes_table() -> None:
    for q in build_questions(QuizSettings(modes=MODES, n=50, seed=8)):
        row = modes_table.mode(q.mode)
        assert (q.answer_type, q.value_kind) == (row.answer_type, row.value_kind)
        assert q.qid.startswith(f"{q.mode}:")


@pytest.mark.parametrize("mode", MODES)
def test_same_settings_same_quiz(mode: str) -> None:
    settings_ = QuizSettings(modes=(mode,), n=20, seed=7)
    assert build_questions(settings_) == build_questions(settings_)
    other = build_questions(QuizSettings(modes=(mode,), n=20, seed=8))
    if mode in SOLO_MODES:  # one question, the same whatever the seed
        assert build_questions(settings_) == other and len(other) == 1
    else:
        assert build_questions(settings_) != other


def test_a_shorter_quiz_is_the_start_of_a_longer_one() -> None:
    long = build_questions(QuizSettings(n=30, seed=11))
    assert build_questions(QuizSettings(n=12, seed=11)) == long[:12]


def test_a_link_gives_the_same_questions() -> None:
    link = {"mode": "neighbors", "region": "west", "n": "10", "seed": "7"}
    first = build_questions(read_link(link, group="borders")[0])
    again = build_questions(read_link(dict(link), group="borders")[0])
    assert first == again and len(first) == 10


def test_mix_asks_every_mode_once_per_round() -> None:
    questions = build_questions(QuizSettings(n=len(DEFAULT_MODES), seed=3))
    assert sorted(q.mode for q in questions) == sorted(DEFAULT_MODES)


def test_a_solo_mode_is_asked_once_after_the_others() -> None:
    questions = build_questions(QuizSettings(modes=("locate", "all50"), n=6, seed=3))
    assert [q.mode for q in questions] == ["locate"] * 5 + ["all50"]
    assert len(build_questions(QuizSettings(modes=("all50",), n=10, seed=3))) == 1


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
    assert q.prompt == "Select every state of the West Census region whose capital begins with S."
    result = q.check(["CA", "OR", "UT", "NM", "IL"])
    assert result.outcome is Outcome.WRONG and result.wrong == {"IL"}
    assert "Illinois is not in the West Census region" in result.message


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
        assert "three" in q.prompt.lower()
        assert all(STATES.loc[u, "name"] in q.prompt for u in q.choices)


def test_shared_pairs_for_letters_with_two_capitals() -> None:
    q = make_question("shared", "NC")  # Raleigh and Richmond are the only R capitals
    assert q.answer == {"NC", "VA"}
    assert "two" in q.prompt.lower()


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
    # Alaska: statehood 49 → worst rank 49th; California: statehood 31 → worst rank 31st.
    weaker = make_question("weaker", ("CA", "AK"))
    assert weaker.answer == "AK"
    assert "worst rank is 49th" in weaker.explanation
    assert "worst rank is 31st" in weaker.explanation


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
    elif q.mode == "locate":
        assert STATES.loc[q.answer, "name"] in q.prompt and len(q.choices) == 50
    elif q.mode == "identify":
        assert q.answer == q.focus and q.answer in q.choices
    elif q.mode in ("from_capital", "capital_of"):
        assert capital[q.answer] in q.prompt and q.focus is None
        assert all(capital[c] not in q.prompt for c in q.choices if c != q.answer)
    elif q.mode == "all50":
        assert q.answer == set(pool)
    else:  # pragma: no cover
        raise AssertionError(q.mode)
    assert q.check(_right_response(q)).correct
    assert q.prompt and q.explanation and q.answer_text


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_every_answer_agrees_with_geodata(data) -> None:
    settings_ = _draw_settings(data)
    questions = build_questions(settings_)
    # "Name all the states" alone is one question, whatever n says.
    assert len(questions) == (1 if settings_.modes == ("all50",) else settings_.n)
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
        return [next(c for c in q.choices if c not in q.answer)]
    if q.answer_type is AnswerType.ORDER:
        return tuple(reversed(q.answer))
    if q.answer_type is AnswerType.TEXT and q.value_kind is ValueKind.STATE:
        return "Ohio" if q.answer != "OH" else "Utah"
    if q.answer_type is AnswerType.TEXT:
        return "Chicago"
    if q.answer_type is AnswerType.NAMES:
        return sorted(q.answer)[:1]
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
    assert summary.score == 1 and summary.total == 2
    assert summary.right_later == 1 and summary.never_right == 0  # one question, asked 4 times
    assert [m.question for m in summary.misses] == [target]
    assert summary.misses[0].cleared


def test_the_summary_counts_questions_not_re_asks() -> None:
    run = issue_18_run()
    assert "check the spelling" in run.attempts[1].result.message  # the corrected misspelling
    summary = run.summary()
    assert len(run.attempts) == 7  # three re-asks
    assert (summary.score, summary.right_later, summary.never_right) == (2, 2, 0)
    assert (summary.total, summary.answered, summary.unreached) == (4, 4, 0)
    assert [run.standing(n) for n in range(1, 5)] == [
        Standing.LATER,
        Standing.FIRST_TRY,
        Standing.LATER,
        Standing.FIRST_TRY,
    ]


def test_a_stopped_run_tells_never_right_from_not_reached() -> None:
    run = QuizRun(QuizSettings(modes=("zone",), n=5, seed=2))
    first = run.current
    run.answer(_wrong_response(first))  # Q1 wrong, waiting to come back
    run.answer(_right_response(run.current))  # Q2 right
    summary = run.summary()
    assert (summary.score, summary.right_later, summary.never_right) == (1, 0, 1)
    assert summary.unreached == 3
    assert [run.standing(n) for n in range(1, 6)] == [
        Standing.NEVER,
        Standing.FIRST_TRY,
        *[Standing.NOT_REACHED] * 3,
    ]


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
        assert miss.given and miss.given != miss.right_answer and not miss.cleared


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
    summary = run.summary()
    assert summary.score + summary.right_later == 8 and summary.never_right == 0
    assert sum(1 for a in run.attempts if a.attempt == 1) == 8  # each question once at first
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


# --- the Locate quiz and the reverse capital question (facts typed here) --------------------

# Capitals typed from an almanac's list, independently of geodata/states.csv.
TYPED_CAPITALS = {
    "SD": "Pierre",
    "ND": "Bismarck",
    "WY": "Cheyenne",
    "VT": "Montpelier",
    "KY": "Frankfort",
    "NV": "Carson City",
    "MN": "Saint Paul",
    "HI": "Honolulu",
}


@pytest.mark.parametrize(("usps", "capital"), sorted(TYPED_CAPITALS.items()))
def test_which_state_has_this_capital(usps: str, capital: str) -> None:
    q = make_question("from_capital", usps, seed=2)
    assert q.prompt == f"Which state's capital is {capital}?"
    assert q.answer_type is AnswerType.TEXT and q.value_kind is ValueKind.STATE
    assert q.answer == usps and usps in q.choices and len(set(q.choices)) == 4
    assert q.check(STATES.loc[usps, "name"].lower()).correct  # typed
    assert q.check(usps).correct  # chosen (the choice's value)
    other = next(c for c in q.choices if c != usps)
    wrong = q.check(other)
    assert wrong.outcome is Outcome.WRONG and wrong.missed == {usps} and wrong.wrong == {other}
    assert f"The capital of {STATES.loc[other, 'name']} is" in wrong.message


@pytest.mark.parametrize(("usps", "capital"), sorted(TYPED_CAPITALS.items()))
def test_capital_of_is_the_reverse_of_capital(usps: str, capital: str) -> None:
    q = make_question("capital_of", usps)
    assert q.prompt == f"{capital} is the capital of …"
    assert q.answer_type is AnswerType.TEXT and q.choices == () and q.focus is None
    assert make_question("capital", usps).label(usps) == capital


def test_typed_states_are_read_forgivingly() -> None:
    q = make_question("capital_of", "SD")  # Pierre
    assert q.check("South Dakota").correct
    assert q.check("S. Dakota").correct
    assert q.check("south dakoat").correct  # a near miss: right, the spelling shown
    assert "South Dakota" in q.check("south dakoat").message
    assert q.check("Dakota").outcome is Outcome.NOT_COUNTED  # North or South?
    assert q.check("North Dakota").outcome is Outcome.WRONG


def test_typing_the_capital_itself_is_not_counted_and_gives_nothing_away() -> None:
    q = make_question("from_capital", "SD")
    result = q.check("Pierre")
    assert result.outcome is Outcome.NOT_COUNTED
    assert "South Dakota" not in result.message and "Pierre" in result.message


def test_find_a_state_on_the_map() -> None:
    q = make_question("locate", "WY")
    assert q.prompt == "Find Wyoming on the map."
    assert q.answer_type is AnswerType.ONE and q.map_answer
    assert len(q.choices) == 50 and q.focus is None and q.shown == ()
    assert q.check("WY").correct
    wrong = q.check("CO")
    assert wrong.outcome is Outcome.WRONG and wrong.wrong == {"CO"} and wrong.missed == {"WY"}
    # Wyoming borders Colorado, Idaho, Montana, Nebraska, South Dakota and Utah.
    assert (
        "Wyoming borders 6 states" in q.explanation and "in the West Census region" in q.explanation
    )


def test_which_state_is_highlighted() -> None:
    q = make_question("identify", "TN", seed=4)
    assert q.prompt == "Which state is highlighted on the map?"
    assert q.focus == "TN" and not q.map_answer and "TN" in q.choices and len(q.choices) == 4
    assert q.check("Tennesee").correct  # typed with a slip
    assert q.check("TN").correct  # chosen
    assert q.check("Kentucky").outcome is Outcome.WRONG
    assert q.check("Nashville").outcome is Outcome.NOT_COUNTED
    assert "Tennessee borders 8 states" in q.explanation


@pytest.mark.parametrize("mode", ["identify", "from_capital"])
def test_choices_come_from_the_filter_when_it_has_enough_states(mode: str) -> None:
    for q in build_questions(QuizSettings(modes=(mode,), region="Northeast", n=9, seed=3)):
        assert set(q.choices) <= set(NORTHEAST)
    # Two states are not enough for four choices: the other two come from all 50.
    for q in build_questions(QuizSettings(modes=(mode,), states=("CO", "UT"), n=2, seed=3)):
        assert len(q.choices) == 4 and q.answer in ("CO", "UT")


# The 9 states of the Census Northeast.
NORTHEAST = ("CT", "ME", "MA", "NH", "NJ", "NY", "PA", "RI", "VT")


def test_the_border_guess_draws_its_wrong_choices_from_the_filter() -> None:
    for q in build_questions(QuizSettings(modes=("exact",), region="Northeast", n=9, seed=1)):
        assert set(q.choices) <= set(NORTHEAST)


def test_the_letter_choices_come_from_the_filter() -> None:
    west_letters = {STATES.loc[u, "capital"][0] for u in WEST}
    for q in build_questions(QuizSettings(modes=("letter",), region="West", n=13, seed=1)):
        assert set(q.choices) <= west_letters


def test_a_region_of_9_states_repeats_after_9_questions() -> None:
    settings_ = QuizSettings(modes=("capital",), region="Northeast", n=10, seed=5)
    assert repeat_free_count(settings_) == 9
    foci = [q.focus for q in build_questions(settings_)]
    assert len(set(foci[:9])) == 9 and foci[9] in foci[:9]
    assert repeat_free_count(QuizSettings(modes=("capital",), n=10)) == MAX_N
    two_modes = QuizSettings(modes=("capital", "zone"), region="Northeast", seed=5)
    assert repeat_free_count(two_modes) >= 9


def test_name_all_the_states_of_the_west() -> None:
    q = make_question("all50", "ALL", settings=QuizSettings(region="West"))
    assert q.prompt == "Name the 13 states of the West Census region."
    assert q.answer == set(WEST) and q.answer_type is AnswerType.NAMES and not q.retry
    taken = q.take_name([], "wyomin")
    assert taken.usps == "WY" and "check the spelling" in taken.message
    for text, said in (
        ("Wyoming", "You already named Wyoming."),
        ("Texas", "Texas is not in the West Census region."),
        ("CO", "postal code"),
        ("Cheyenne", "a state capital, not a state"),
        ("Carolina", "North Carolina or South Carolina"),
        ("DC", "not a state"),
        ("", "Type the name of a state."),
    ):
        refused = q.take_name(["WY"], text)
        assert refused.usps is None and said in refused.message, text
    partial = q.check(["WY", "CO", "UT"])
    assert partial.outcome is Outcome.WRONG and partial.right == {"WY", "CO", "UT"}
    assert partial.missed == set(WEST) - {"WY", "CO", "UT"}
    assert partial.message.startswith("3 of 13 states named (23%). Missed: Alaska, Arizona")
    assert q.check(list(WEST)).correct
    assert q.check([]).outcome is Outcome.NOT_COUNTED


def test_name_all_50_states() -> None:
    q = make_question("all50", "ALL")
    assert q.prompt == "Name all 50 states." and len(q.answer) == 50
    assert q.take_name([], "Texas").usps == "TX"


def test_a_typed_list_is_not_asked_again_and_its_misses_can_be_practised() -> None:
    run = QuizRun(QuizSettings(modes=("all50",), region="Northeast"))
    assert run.total == 1
    run.answer(["NY", "PA"])
    assert run.is_done and run.score == 0
    (miss,) = run.summary().misses
    assert miss.given == "2 states named"
    assert run.misses_run().questions == run.questions


def test_check_with_nothing_picked_asks_for_an_answer_first() -> None:
    q = make_question("neighbors", "CO")
    result = q.check([])
    assert result.outcome is Outcome.NOT_COUNTED and "first" in result.message
    run = QuizRun(QuizSettings(), [q])
    run.answer(())
    assert run.answered == 0 and run.current is q


def test_the_asked_state_is_never_offered_as_its_own_neighbour() -> None:
    for q in build_questions(QuizSettings(modes=("neighbors",), n=48, seed=2)):
        assert q.focus not in q.choices and len(q.choices) == 49


def test_the_shared_letter_question_names_its_states_and_varies_its_wording() -> None:
    prompts = set()
    for seed in range(12):
        q = make_question("shared", "NC", seed=seed)
        assert all(STATES.loc[u, "name"] in q.prompt for u in q.choices)
        prompts.add(q.prompt.replace(_names_in(q), "…"))
    assert len(prompts) >= 3
    run = QuizRun(QuizSettings(), [q])
    run.answer(sorted(q.answer))
    assert all(STATES.loc[u, "name"] in run.rows()[0]["prompt"] for u in q.choices)


def _names_in(q: Question) -> str:
    names = sorted(STATES.loc[u, "name"] for u in q.choices)
    return ", ".join(names[:-1]) + " and " + names[-1]


def test_a_long_bad_value_is_cut_short_when_quoted() -> None:
    long = "x" * 300
    for name in ("n", "seed", "region", "zone", "mode", "states"):
        (note,) = read_link({name: long}, group="borders")[1]
        assert f"{name}={'x' * 40}…" in note and "x" * 41 not in note, note
    assert echo("short") == "short" and echo("y" * 41) == "y" * 40 + "…"


def test_admission_dates_read_month_day_year() -> None:
    q = make_question("earlier", ("ME", "MO"))  # Maine: March 15, 1820; Missouri: Aug 10, 1821
    assert "joined March 15, 1820" in q.explanation
    assert "joined August 10, 1821" in q.explanation


def test_plain_words_outside_the_games() -> None:
    zone = make_question("zone", "OH")
    assert zone.prompt == "Which time zone is Ohio's capital in?"
    assert "Columbus" in zone.explanation
    weaker = make_question("weaker", ("ME", "GA"))
    for q in (zone, weaker):
        text = q.prompt + q.explanation
        assert "card" not in text.lower() and "Zone" not in text


def test_a_run_stopped_early_counts_the_rest_as_not_reached() -> None:
    run = QuizRun(QuizSettings(modes=("zone",), n=10, seed=1))
    for _ in range(2):
        run.answer(run.current.answer)
    summary = run.summary()
    assert (summary.score, summary.answered, summary.unreached) == (2, 2, 8)
    assert not summary.complete


@pytest.mark.parametrize("mode", ["capital", "capital_of", "identify", "count", "zone", "letter"])
def test_a_4_mb_answer_is_refused_with_a_message_and_not_counted(mode: str) -> None:
    """Issue 18: a 4 MB typed answer cost 20 s of CPU in the fuzzy matcher (and a 4 MB
    number raised). Any answer longer than MAX_ANSWER_CHARS is refused at once, not counted."""
    q = make_question(mode, "CO")
    run = QuizRun(QuizSettings(), [q])
    result = run.answer("7" * 4_000_000)
    assert result.outcome is Outcome.NOT_COUNTED
    assert result.message == say(TOO_LONG) and str(MAX_ANSWER_CHARS) in result.message
    assert run.answered == 0 and run.current is q


def test_a_4_mb_name_in_a_list_of_names_is_refused() -> None:
    q = make_question("all50", "ALL")
    taken = q.take_name([], "Texas" * 800_000)
    assert taken.usps is None and taken.message == say(TOO_LONG)
    assert q.check(["Texas" * 800_000]).outcome is Outcome.NOT_COUNTED
