"""The 50-card deck built from geodata."""

from dataclasses import FrozenInstanceError

import pytest

from engine.cards import Category, card, deck, find


def test_deck_has_50_distinct_cards():
    cards = deck()
    assert len(cards) == 50
    assert len({c.usps for c in cards}) == 50


def test_cards_are_immutable():
    with pytest.raises(FrozenInstanceError):
        card("CO").capital = "Boulder"


def test_no_two_cards_tie_in_a_category():
    for category in Category:
        assert sorted(c.rank(category) for c in deck()) == list(range(1, 51))


def test_colorado_card():
    co = card("CO")
    assert (co.name, co.capital, co.zone, co.capital_initial) == (
        "Colorado",
        "Denver",
        "Mountain",
        "D",
    )
    assert co.ranks == (8, 38, 21)
    assert co.borders == {"AZ", "KS", "NE", "NM", "OK", "UT", "WY"}


def test_best_and_worst_cards_of_each_category():
    assert card("AK").size_rank == 1 and card("RI").size_rank == 50
    assert card("DE").statehood_rank == 1 and card("HI").statehood_rank == 50
    assert card("CA").population_rank == 1 and card("WY").population_rank == 50


def test_weakness_is_the_worst_rank():
    assert card("WY").weakness == 50
    assert card("AK").weakness == 49


def test_maine_geoplunges_georgia():
    assert card("ME").geoplunges(card("GA"))
    assert not card("GA").geoplunges(card("ME"))


def test_beats_compares_one_category():
    assert card("TX").beats(card("CA"), Category.SIZE)
    assert card("CA").beats(card("TX"), "population")


def test_find_accepts_codes_and_names_in_any_case():
    assert find("co") == card("CO")
    assert find("  new   york ") == card("NY")
    assert find("XX") is None
