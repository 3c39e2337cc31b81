"""engine.dealing.deal, the one dealer of the unseen cards: every card placed once, each place
filled to its size, every constraint kept, a deal found whenever one exists, and the same
generator state dealing the same cards."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dealing import deal


@st.composite
def dealable(draw: st.DrawFn) -> tuple[list[int], list[int], dict[int, set[int]]]:
    """Places with sizes, and per card the places allowed: a true deal first, then more places
    allowed at random (so a deal always exists, often only a few)."""
    sizes = draw(st.lists(st.integers(0, 6), min_size=1, max_size=6))
    cards = list(range(sum(sizes)))
    truth = [place for place, size in enumerate(sizes) for _ in range(size)]
    allowed = {
        card: {truth[card]} | draw(st.sets(st.integers(0, len(sizes) - 1), max_size=3))
        for card in cards
    }
    return sizes, cards, allowed


@settings(max_examples=300, deadline=None)
@given(case=dealable(), seed=st.integers(0, 2**32 - 1))
def test_every_card_goes_once_to_an_allowed_place_of_the_right_size(case, seed) -> None:
    sizes, cards, allowed = case
    piles = deal(cards, sizes, random.Random(seed), lambda card: allowed[card])
    assert [len(p) for p in piles] == sizes
    assert sorted(c for p in piles for c in p) == cards
    assert all(place in allowed[c] for place, pile in enumerate(piles) for c in pile)
    again = deal(cards, sizes, random.Random(seed), lambda card: allowed[card])
    assert again == piles


def test_without_constraints_the_deal_is_a_shuffle_cut_in_order() -> None:
    cards = list(range(12))
    shuffled = cards.copy()
    random.Random(7).shuffle(shuffled)
    assert deal(cards, [5, 0, 7], random.Random(7)) == [shuffled[:5], [], shuffled[5:]]
    # constraints that every card meets are no constraints
    assert deal(cards, [5, 0, 7], random.Random(7), lambda c: (0, 2)) == [
        shuffled[:5],
        [],
        shuffled[5:],
    ]


def test_a_card_that_fits_one_place_only_is_always_there() -> None:
    # the last card of a Zone and a hand that lacks it: it must be in the other place
    for seed in range(50):
        piles = deal(
            ["east", "a", "b", "c"],
            [2, 2],
            random.Random(seed),
            lambda c: (1,) if c == "east" else (0, 1),
        )
        assert "east" in piles[1]


def test_an_impossible_deal_is_refused() -> None:
    with pytest.raises(ValueError, match="No deal"):
        deal(["a", "b"], [1, 1], random.Random(0), lambda c: (0,))
    with pytest.raises(ValueError, match="cannot fill"):
        deal(["a", "b"], [1], random.Random(0))
