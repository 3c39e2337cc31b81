"""The readers of URL query parameters (``engine.params``) that a drill's settings and a game's
set-up share: never raising, a note for each bad value in the caller's words."""

import pytest

from engine.params import last, number, one_of, split, whole
from engine.quiz import parse_settings
from ui.quiz.wording import say


def test_the_last_value_counts_stripped_and_empty_is_missing():
    params = {"a": [" 1 ", "2 "], "b": "  ", "c": [], "d": None, "e": 7, "f": [None]}
    assert [last(params, k) for k in "abcdefg"] == ["2", None, None, None, "7", None, None]


@pytest.mark.parametrize(
    ("text", "signed", "value"),
    [
        ("12", False, 12),
        ("+12", False, None),
        ("+12", True, 12),
        ("-0", True, 0),
        ("--5", True, None),
        ("+-5", True, None),
        ("1_000", True, None),
        ("٣", True, None),
        ("1e3", True, None),
        ("", True, None),
        ("-", True, None),
    ],
)
def test_a_whole_number_has_ascii_digits_and_one_sign_at_most(text, signed, value):
    assert whole(text, signed=signed) == value


def test_a_whole_number_has_so_many_digits_at_most():
    assert whole("1" * 12, digits=12) == int("1" * 12) and whole("1" * 13, digits=12) is None


def test_a_number_notes_a_bad_value_and_uses_the_default():
    notes: list[str] = []
    odd = {"ok": lambda v: v % 2 == 1, "note": lambda t: f"x={t} is not odd", "default": 1}
    assert number({"x": "3"}, "x", notes, **odd) == 3
    assert number({}, "x", notes, **odd) == 1
    assert number({"x": "4"}, "x", notes, **odd) == 1
    assert number({"x": "four"}, "x", notes, **odd) == 1
    assert notes == ["x=4 is not odd", "x=four is not odd"]


def test_one_of_named_values_by_their_key():
    notes: list[str] = []
    values = {"west": "West"}
    assert one_of({"r": " WEST "}, "r", notes, values, note=str) == "West"
    assert one_of({}, "r", notes, values, note=str) is None
    assert one_of({"r": "East"}, "r", notes, values, note=lambda t: f"r={t}?") is None
    assert notes == ["r=East?"]


def test_a_list_splits_at_each_separator_and_drops_empty_items():
    assert split(" CO, ,UT,") == ["CO", "UT"]
    assert split("neighbors+count  zone", ",+ ") == ["neighbors", "count", "zone"]


@pytest.mark.parametrize("name", ["n", "seed"])
def test_a_quiz_link_with_two_signs_is_noted_not_raised(name):
    settings, notes = parse_settings({name: "--5"}, default_seed=3)
    assert (settings.n, settings.seed) == (10, 3) and say(notes[0]).startswith(f"{name}=--5 is not")
