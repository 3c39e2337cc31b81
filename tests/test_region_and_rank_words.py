"""Words that read the right way round (issue 28, item 9): a region is named to the user as a
Census region ("Delaware is in the South" said nothing of whose South), and the rank quiz's
``weaker`` mode asks about the weaker worst rank, not a "lower" one ("lower (nearer 50th)" read
backwards). Walked over every state, every region and every pair the mode can compare."""

from __future__ import annotations

import itertools

import pytest

from engine.cards import by_usps
from engine.quiz import GROUP_INTROS, MODE_TITLES, QuizSettings, make_question
from engine.quiz.facts import facts
from geodata import REGIONS


def test_every_state_is_placed_in_its_census_region() -> None:
    for usps in by_usps():
        q = make_question("locate", usps)
        assert f"is in the {facts()[usps].region} Census region." in q.explanation, q.explanation


@pytest.mark.parametrize("region", REGIONS)
def test_every_region_is_named_as_a_census_region(region: str) -> None:
    settings = QuizSettings(region=region)
    assert settings.describe_pool() == f"the {region} Census region"
    q = make_question("all50", "ALL", settings=settings)
    assert q.prompt.endswith(f"of the {region} Census region.")


def test_the_weaker_worst_rank_is_worded_as_weaker_and_higher() -> None:
    """Every pair the mode compares: the prompt asks for the weaker worst rank (the higher
    number), the answer has it, and no word calls it lower."""
    assert "lower" not in MODE_TITLES["weaker"] and "lowest" not in GROUP_INTROS["ranks"]
    asked = 0
    for a, b in itertools.combinations(sorted(by_usps()), 2):
        if by_usps()[a].weakness == by_usps()[b].weakness:
            continue
        q = make_question("weaker", (a, b))
        other = b if q.answer == a else a
        assert by_usps()[q.answer].weakness > by_usps()[other].weakness
        assert "weaker (the higher number, nearer 50th)" in q.prompt
        assert "lower" not in q.prompt + q.explanation
        assert q.explanation.endswith("worst rank is weaker (nearer 50th).")
        asked += 1
    assert asked > 1000
