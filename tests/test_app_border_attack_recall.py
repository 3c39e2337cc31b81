"""Border Attack's guess by recall (issue 28, item 10): by default the leader types its guess
from memory (or clicks it on the map), as the rules sheet plays it; "Guess from a list
(easier)" brings back the menu that always holds the right answer among its options."""

from __future__ import annotations

import pytest

import ui.games.border_attack.board as ba
from engine.border_attack import GUESS
from engine.cards import Category
from tests.game_table import open_game, step, table, texts, type_guess

PAGE = "pages/border_attack.py"
KEY = "border_attack"
CALIFORNIA = 1  # deal 1: the AI answers the first lead naming California (AZ, NV, OR)
WISCONSIN = 5  # deal 5: the AI lists Illinois, Iowa, Michigan and Minnesota


def _lead_first_card(app, seed: int, *, easier: bool = False):
    open_game(app, PAGE, seed=str(seed), levels="easy", dealer="you")
    tab = table(app, KEY)
    if easier:
        step(app.toggle(key=ba.list_guess_key(tab)).set_value(True))
    step(app.segmented_control(key=tab.wkey("category")).set_value(Category.SIZE))
    step(app.button(key=tab.bkey(f"lead_{tab.state.observation(0).hand[0].usps}")).click())
    assert "answers face down and announces" in texts(app)
    return table(app, KEY)


def _menus(app) -> list:
    """The guess's menus on the page."""
    return [m for m in [*app.selectbox, *app.multiselect] if "guess" in (m.key or "")]


def _boxes(app) -> list:
    """The guess's text boxes on the page."""
    return [t for t in app.text_input if "typed_guess" in (t.key or "")]


@pytest.mark.parametrize(
    ("seed", "label"), [(CALIFORNIA, "Its border states"), (WISCONSIN, "The state")]
)
def test_the_guess_is_typed_by_default_with_no_menu(app, seed, label):
    tab = _lead_first_card(app, seed)
    assert [t.label for t in _boxes(app)] == [label]
    assert not _menus(app)
    assert app.toggle(key=ba.list_guess_key(tab)).value is False


def test_a_typed_border_list_is_judged_and_a_misspelling_said(app):
    _lead_first_card(app, CALIFORNIA)
    type_guess(app, "oregon, Nevda and AZ")
    assert "**Right guess!** Discard one card of your choice." in [m.value for m in app.success]
    assert "“Nevda” read as Nevada." in [c.value for c in app.caption]


def test_a_typed_state_is_judged(app):
    _lead_first_card(app, WISCONSIN)
    type_guess(app, "wisconsin")
    assert "**Right guess!** Discard one card of your choice." in [m.value for m in app.success]


def test_a_typed_text_that_names_no_guess_is_refused_in_words_and_the_guess_stays(app):
    tab = _lead_first_card(app, CALIFORNIA)
    for text, said in [
        ("Arizona, Nevada", "California has 3 border states: you named 2 (Arizona and Nevada)."),
        ("Arizona, Nevada, Oregn, Narnia", "“Narnia” is not a state name I know."),
    ]:
        type_guess(app, text)
        assert any(said in w.value for w in app.warning), [w.value for w in app.warning]
        assert tab.state.phase == GUESS and tab.state.guess_right is None
    type_guess(app, "Arizona, Nevada, Utah")
    assert "Not quite: California borders Oregon, not Utah." in texts(app)


def test_the_easier_level_guesses_from_a_list_holding_the_right_answer(app):
    tab = _lead_first_card(app, CALIFORNIA, easier=True)
    assert not _boxes(app) and len(_menus(app)) == 1
    menu = app.multiselect(key=tab.wkey("guess_borders"))
    assert {"Arizona", "Nevada", "Oregon"} <= set(menu.options)  # the right set is offered
    step(menu.set_value(["AZ", "NV", "OR"]))
    step(app.button(key=tab.bkey("guess")).click())
    assert "**Right guess!** Discard one card of your choice." in [m.value for m in app.success]


def test_the_easier_level_stays_on_for_the_next_guess_and_game(app):
    tab = _lead_first_card(app, WISCONSIN, easier=True)
    assert not _boxes(app) and len(_menus(app)) == 1
    step(app.selectbox(key=tab.wkey("guess_state")).set_value("WI"))
    step(app.button(key=tab.bkey("guess")).click())
    assert "**Right guess!** Discard one card of your choice." in [m.value for m in app.success]
    assert app.toggle(key=ba.list_guess_key(table(app, KEY))).value is True
