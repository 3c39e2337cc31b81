"""Typed-answer matching: real misspellings and variants, checked against names typed here.

The expected states and capitals below are typed by hand (not read from ``geodata``), so a
matcher that reads "Kansas" as Arkansas, or a capital table that is wrong, fails here.
"""

from __future__ import annotations

import unicodedata

import pytest

from engine.answers import (
    MAX_ANSWER_CHARS,
    Match,
    MatchStatus,
    capital_matcher,
    edit_budget,
    match_capital,
    match_state,
    normalize,
    spanish_names,
    state_matcher,
)
from engine.cards import by_usps, deck

S = MatchStatus

# (typed, expected USPS code, expected status)
STATE_READINGS = [
    ("Colorado", "CO", S.EXACT),
    ("  colorado ", "CO", S.EXACT),
    ("COLORADO", "CO", S.EXACT),
    ("co", "CO", S.VARIANT),
    ("CO", "CO", S.VARIANT),
    ("Hawai'i", "HI", S.EXACT),
    ("Hawai\u2018i", "HI", S.EXACT),
    ("Hawai\u02bbi", "HI", S.EXACT),
    ("new-york", "NY", S.EXACT),
    ("N. Dakota", "ND", S.VARIANT),
    ("N Dakota", "ND", S.VARIANT),
    ("No. Dakota", "ND", S.VARIANT),
    ("So. Dakota", "SD", S.VARIANT),
    ("N Carolina", "NC", S.VARIANT),
    ("S. Carolina", "SC", S.VARIANT),
    ("N.C.", "NC", S.VARIANT),
    ("N.Y.", "NY", S.VARIANT),
    ("W. Va.", "WV", S.VARIANT),
    ("W Virginia", "WV", S.VARIANT),
    ("Calif.", "CA", S.VARIANT),
    ("Mass.", "MA", S.VARIANT),
    ("Miss.", "MS", S.VARIANT),
    ("Tenn", "TN", S.VARIANT),
    ("Penn.", "PA", S.VARIANT),
    ("Missisippi", "MS", S.CLOSE),
    ("Mississipi", "MS", S.CLOSE),
    ("Conneticut", "CT", S.CLOSE),
    ("Connecticutt", "CT", S.CLOSE),
    ("Massachusets", "MA", S.CLOSE),
    ("Massachussets", "MA", S.CLOSE),
    ("Pensylvania", "PA", S.CLOSE),
    ("Tennesee", "TN", S.CLOSE),
    ("Tenessee", "TN", S.CLOSE),
    ("Louisianna", "LA", S.CLOSE),
    ("Illinios", "IL", S.CLOSE),
    ("Arizonia", "AZ", S.CLOSE),
    ("Wisconson", "WI", S.CLOSE),
    ("Virgina", "VA", S.CLOSE),
    ("Kansa", "KS", S.CLOSE),
    ("Arkansaw", "AR", S.CLOSE),
    ("new yrok", "NY", S.CLOSE),
    ("Rhode Isalnd", "RI", S.CLOSE),
    ("Main", "ME", S.CLOSE),
    ("Kansas", "KS", S.EXACT),
    ("Arkansas", "AR", S.EXACT),
    ("Virginia", "VA", S.EXACT),
    ("West Virginia", "WV", S.EXACT),
]


@pytest.mark.parametrize(("typed", "usps", "status"), STATE_READINGS)
def test_state_readings(typed: str, usps: str, status: MatchStatus) -> None:
    match = match_state(typed)
    assert (match.usps, match.status) == (usps, status), match
    assert match.accepted and match.counted


def test_near_miss_shows_the_right_spelling() -> None:
    match = match_state("Missisippi")
    assert match.name == "Mississippi"
    assert "Mississippi" in match.message


def test_variant_shows_the_official_name() -> None:
    assert match_state("N. Dakota").message == "Read as North Dakota."
    assert match_capital("st paul").message == "Read as Saint Paul."


@pytest.mark.parametrize(
    ("typed", "candidates"),
    [
        ("Carolina", ("North Carolina", "South Carolina")),
        ("carolina", ("North Carolina", "South Carolina")),
        ("Dakota", ("North Dakota", "South Dakota")),
        ("North", ("North Carolina", "North Dakota")),
        ("South", ("South Carolina", "South Dakota")),
        ("New", ("New Hampshire", "New Jersey", "New Mexico", "New York")),
    ],
)
def test_ambiguous_state_names_are_not_counted(typed: str, candidates: tuple[str, ...]) -> None:
    match = match_state(typed)
    assert match.status is S.AMBIGUOUS
    assert match.candidates == candidates
    assert not match.counted and match.usps is None
    for name in candidates:
        assert name in match.message


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("York", "New York"),
        ("Jersey", "New Jersey"),
        ("Hampshire", "New Hampshire"),
        ("Mexico", "New Mexico"),
        ("Island", "Rhode Island"),
        ("West", "West Virginia"),
    ],
)
def test_part_of_one_state_name_asks_for_the_whole_name(typed: str, meant: str) -> None:
    match = match_state(typed)
    assert match.status is S.INCOMPLETE
    assert match.candidates == (meant,)
    assert not match.counted
    assert f"did you mean {meant}?" in match.message


@pytest.mark.parametrize(
    "typed", ["DC", "D.C.", "Washington, D.C.", "District of Columbia", "Puerto Rico"]
)
def test_not_a_state_is_a_counted_wrong_answer(typed: str) -> None:
    match = match_state(typed)
    assert match.status is S.NON_ANSWER
    assert match.counted and not match.accepted
    assert "not a state" in match.message


def test_a_capital_typed_for_a_state_is_a_slip() -> None:
    match = match_state("Denver")
    assert match.status is S.OTHER_KIND
    assert not match.counted
    assert "Colorado" in match.message


@pytest.mark.parametrize("typed", ["Narnia", "xyz", "Canada", "Ohi", "12"])
def test_unknown_states(typed: str) -> None:
    match = match_state(typed)
    assert match.status is S.UNKNOWN
    assert not match.counted
    assert typed in match.message


@pytest.mark.parametrize("typed", ["", "   ", "...", "'"])
def test_empty_answers(typed: str) -> None:
    assert match_state(typed).status is S.EMPTY
    assert match_capital(typed).status is S.EMPTY
    assert not match_state(typed).counted


CAPITAL_READINGS = [
    ("Saint Paul", "MN", S.EXACT),
    ("saint paul", "MN", S.EXACT),
    ("st paul", "MN", S.VARIANT),
    ("St. Paul", "MN", S.VARIANT),
    ("StPaul", "MN", S.VARIANT),
    ("Jefferson city", "MO", S.EXACT),
    ("jefferson   CITY", "MO", S.EXACT),
    ("SLC", "UT", S.VARIANT),
    ("OKC", "OK", S.VARIANT),
    ("Charleston", "WV", S.EXACT),
    ("Pheonix", "AZ", S.CLOSE),
    ("Sacremento", "CA", S.CLOSE),
    ("Tallahasee", "FL", S.CLOSE),
    ("Montpellier", "VT", S.CLOSE),
    ("Cheyanne", "WY", S.CLOSE),
    ("Des Moins", "IA", S.CLOSE),
    ("Harrisburgh", "PA", S.CLOSE),
    ("Albeny", "NY", S.CLOSE),
    ("Honalulu", "HI", S.CLOSE),
    ("Sante Fe", "NM", S.CLOSE),
    ("Columbus", "OH", S.EXACT),
    ("Columbia", "SC", S.EXACT),
    ("Denver", "CO", S.EXACT),
    ("Dover", "DE", S.EXACT),
]


@pytest.mark.parametrize(("typed", "usps", "status"), CAPITAL_READINGS)
def test_capital_readings(typed: str, usps: str, status: MatchStatus) -> None:
    match = match_capital(typed)
    assert (match.usps, match.status) == (usps, status), match
    assert match.accepted


def test_albuquerque_is_not_a_capital() -> None:
    match = match_capital("Albequerque")
    assert match.status is S.NON_ANSWER
    assert match.name == "Albuquerque"
    assert match.counted and not match.accepted
    assert "not a state capital" in match.message
    assert "New Mexico" in match.message


@pytest.mark.parametrize(
    "typed", ["Las Vegas", "Portland", "St. Louis", "New York City", "Kansas City", "Chicago"]
)
def test_big_cities_that_are_not_capitals(typed: str) -> None:
    match = match_capital(typed)
    assert match.status is S.NON_ANSWER
    assert "not a state capital" in match.message


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("Carson", "Carson City"),
        ("Salt Lake", "Salt Lake City"),
        ("Rock", "Little Rock"),
        ("Santa", "Santa Fe"),
        ("Baton", "Baton Rouge"),
        ("Moines", "Des Moines"),
    ],
)
def test_part_of_a_capital_asks_for_the_whole_name(typed: str, meant: str) -> None:
    match = match_capital(typed)
    assert match.status is S.INCOMPLETE
    assert match.candidates == (meant,)
    assert not match.counted


def test_city_alone_is_ambiguous() -> None:
    match = match_capital("City")
    assert match.status is S.AMBIGUOUS
    assert match.candidates == ("Carson City", "Jefferson City", "Oklahoma City", "Salt Lake City")


@pytest.mark.parametrize(("typed", "pair"), [("Columbis", ("Columbia", "Columbus")),
                                              ("Dever", ("Denver", "Dover"))])  # fmt: skip
def test_a_near_miss_of_two_capitals_is_ambiguous(typed: str, pair: tuple[str, str]) -> None:
    match = match_capital(typed)
    assert match.status is S.AMBIGUOUS
    assert match.candidates == pair
    assert not match.counted


@pytest.mark.parametrize("typed", ["Oklahoma", "Kansas", "New York", "Texas"])
def test_a_state_typed_for_a_capital_is_a_slip(typed: str) -> None:
    match = match_capital(typed)
    assert match.status is S.OTHER_KIND
    assert not match.counted
    assert "is a state" in match.message


@pytest.mark.parametrize("typed", ["Gotham", "Paris", "Springfeld Ohio"])
def test_unknown_capitals(typed: str) -> None:
    assert match_capital(typed).status is S.UNKNOWN


# Typed from an atlas, independently of geodata/states.csv.
CAPITALS = {
    "AL": "Montgomery", "AK": "Juneau", "AZ": "Phoenix", "AR": "Little Rock",
    "CA": "Sacramento", "CO": "Denver", "CT": "Hartford", "DE": "Dover",
    "FL": "Tallahassee", "GA": "Atlanta", "HI": "Honolulu", "ID": "Boise",
    "IL": "Springfield", "IN": "Indianapolis", "IA": "Des Moines", "KS": "Topeka",
    "KY": "Frankfort", "LA": "Baton Rouge", "ME": "Augusta", "MD": "Annapolis",
    "MA": "Boston", "MI": "Lansing", "MN": "Saint Paul", "MS": "Jackson",
    "MO": "Jefferson City", "MT": "Helena", "NE": "Lincoln", "NV": "Carson City",
    "NH": "Concord", "NJ": "Trenton", "NM": "Santa Fe", "NY": "Albany",
    "NC": "Raleigh", "ND": "Bismarck", "OH": "Columbus", "OK": "Oklahoma City",
    "OR": "Salem", "PA": "Harrisburg", "RI": "Providence", "SC": "Columbia",
    "SD": "Pierre", "TN": "Nashville", "TX": "Austin", "UT": "Salt Lake City",
    "VT": "Montpelier", "VA": "Richmond", "WA": "Olympia", "WV": "Charleston",
    "WI": "Madison", "WY": "Cheyenne",
}  # fmt: skip


@pytest.mark.parametrize(("usps", "capital"), sorted(CAPITALS.items()))
def test_every_capital_reads_exactly(usps: str, capital: str) -> None:
    for typed in (capital, capital.lower(), capital.upper(), f"  {capital}  "):
        match = match_capital(typed)
        assert (match.usps, match.status, match.name) == (usps, S.EXACT, capital)


@pytest.mark.parametrize("card", deck(), ids=lambda c: c.usps)
def test_every_state_reads_by_name_and_code(card) -> None:
    assert match_state(card.name) == Match(card.name, S.EXACT, card.usps, card.name)
    assert match_state(card.name.lower()).usps == card.usps
    assert match_state(card.usps.lower()).usps == card.usps
    assert match_state(card.usps).status is S.VARIANT


def _deletions(text: str) -> set[str]:
    return {text[:i] + text[i + 1 :] for i in range(len(text)) if text[i].isalpha()}


def _swaps(text: str) -> set[str]:
    return {
        text[:i] + text[i + 1] + text[i] + text[i + 2 :]
        for i in range(len(text) - 1)
        if text[i].isalpha() and text[i + 1].isalpha() and text[i] != text[i + 1]
    }


@pytest.mark.parametrize("card", deck(), ids=lambda c: c.usps)
def test_one_slip_of_the_keyboard_never_names_another_state(card) -> None:
    """A dropped or swapped letter reads as the state, or asks which one; never another."""
    for typo in _deletions(card.name) | _swaps(card.name):
        match = match_state(typo)
        assert match.usps in (None, card.usps), (typo, match)
        if len(card.name) >= 6 and match.status is not S.EXACT:
            assert match.accepted or card.name in match.candidates, (typo, match)


@pytest.mark.parametrize("card", deck(), ids=lambda c: c.usps)
def test_one_slip_never_names_another_capital(card) -> None:
    for typo in _deletions(card.capital) | _swaps(card.capital):
        match = match_capital(typo)
        assert match.usps in (None, card.usps), (typo, match)
        if len(card.capital) >= 6:
            assert match.accepted or card.capital in match.candidates, (typo, match)


def test_normalize() -> None:
    assert normalize("St. Paul") == "saint paul"
    assert normalize("Ste. Genevieve") == "sainte genevieve"
    assert normalize("N. Dakota") == "north dakota"
    assert normalize("  Jefferson   City ") == "jefferson city"
    assert normalize("Hawai'i") == "hawaii"
    assert normalize("São Paulo") == "sao paulo"
    assert normalize("N") == "n"  # a lone letter is not expanded


@pytest.mark.parametrize(
    ("length", "budget"), [(1, 0), (3, 0), (4, 1), (5, 1), (6, 2), (9, 2), (10, 3), (20, 3)]
)
def test_edit_budget(length: int, budget: int) -> None:
    assert edit_budget(length) == budget


def test_matchers_build_without_clashes() -> None:
    # Building raises if one spelling would name two different things.
    assert state_matcher() is state_matcher()
    assert capital_matcher() is capital_matcher()


# A capital followed by its state, as on an envelope (the "SACRAMENTO, CA").
@pytest.mark.parametrize(
    ("typed", "usps"),
    [
        ("SACRAMENTO, CA", "CA"),
        ("Sacramento California", "CA"),
        ("Boise, Idaho", "ID"),
        ("Salem, Ore.", "OR"),
        ("Oklahoma City, OK", "OK"),
        ("Carson City NV", "NV"),
        ("Jefferson City, Missouri", "MO"),
        ("Salt Lake City Utah", "UT"),
        ("Charleston, W. Va.", "WV"),
    ],
)
def test_a_trailing_state_after_a_capital_is_accepted_silently(typed: str, usps: str) -> None:
    match = match_capital(typed)
    assert match.status is S.EXACT and match.usps == usps
    assert match.message == ""


def test_a_trailing_state_after_a_misspelt_capital_keeps_the_spelling_note() -> None:
    match = match_capital("Sacremento, CA")
    assert match.status is S.CLOSE and match.usps == "CA"
    assert match.message == "Read as Sacramento: check the spelling."


def test_a_wrong_trailing_state_is_named_and_the_capital_still_read() -> None:
    match = match_capital("Charleston, SC")  # Charleston is West Virginia's capital
    assert match.accepted and match.usps == "WV"
    assert match.message == "Charleston is the capital of West Virginia, not of South Carolina."


@pytest.mark.parametrize(
    ("typed", "status"),
    [("Dallas, TX", S.NON_ANSWER), ("Portland, ME", S.NON_ANSWER), ("Gotham, NY", S.UNKNOWN)],
)
def test_a_city_that_is_no_capital_stays_wrong_with_its_state(typed: str, status) -> None:
    assert match_capital(typed).status is status


FOUR_MB = "x" * 4_000_000


@pytest.fixture
def fuzzy_queries(monkeypatch) -> list[int]:
    """The length of every text the fuzzy matcher is asked about (issue 18: a 4 MB answer cost
    20 s of CPU there)."""
    import engine.answers

    lengths: list[int] = []
    extract = engine.answers.extract

    def spy(query, *args, **kwargs):
        lengths.append(len(query))
        assert len(query) <= MAX_ANSWER_CHARS, "the fuzzy matcher got an over-long text"
        return extract(query, *args, **kwargs)

    monkeypatch.setattr(engine.answers, "extract", spy)
    return lengths


@pytest.mark.parametrize(
    "typed",
    [FOUR_MB, "Boise, " + FOUR_MB, FOUR_MB + ", Idaho", "Sacramentoo " * 20],
    ids=["4 MB", "capital then 4 MB", "4 MB then a state", "241 characters"],
)
def test_an_over_long_answer_is_refused_before_any_matching(typed: str, fuzzy_queries) -> None:
    for match in (match_state(typed), match_capital(typed)):
        assert match.status is S.TOO_LONG and not match.counted
        assert f"at most {MAX_ANSWER_CHARS} characters" in match.message
        assert len(match.text) <= MAX_ANSWER_CHARS
    assert fuzzy_queries == []


def test_the_longest_real_answers_fit_the_limit(fuzzy_queries) -> None:
    longest = max([c.name for c in deck()] + [c.capital for c in deck()], key=len)
    typed = f"{longest}, {longest}"
    assert len(typed) < MAX_ANSWER_CHARS // 4
    assert match_capital("Jefferson City, Missouri").usps == "MO"
    typed = "Sacramento".ljust(MAX_ANSWER_CHARS)  # spaces up to the limit are still read
    assert match_capital(typed).usps == "CA"
    assert all(n <= MAX_ANSWER_CHARS for n in fuzzy_queries)


@pytest.mark.parametrize(("usps", "spanish"), sorted(spanish_names().items()))
def test_every_spanish_name_reads_as_its_state_with_the_same_forgiveness(usps, spanish) -> None:
    """Nueva York, Carolina del Norte, Misisipi …: accepted as the state in any case, with or
    without accents, and one slip of the keyboard reads as the state or asks which one, never
    another; the English name stays what the answer shows."""
    plain = "".join(
        ch for ch in unicodedata.normalize("NFD", spanish) if not unicodedata.combining(ch)
    )
    for typed in (spanish, spanish.lower(), spanish.upper(), plain):
        match = match_state(typed)
        assert (match.status, match.usps) == (S.VARIANT, usps), typed
        assert match.name == by_usps()[usps].name
    for typo in _deletions(spanish) | _swaps(spanish):
        match = match_state(typo)
        assert match.usps in (None, usps), (typo, match)
