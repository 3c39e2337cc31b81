"""AppTest of the shorter game (``target=30``) on the BorderCap Gin and GeoPower Toss pages: the
link parameter, a bad value's note, the New game panel's "Play to" option, and the intro and
rules text saying the chosen target."""

from __future__ import annotations

import pytest

from tests.game_table import open_game, param, step, texts

PAGES = {
    "bordercap_gin": "pages/bordercap_gin.py",
    "geopower_toss": "pages/geopower_toss.py",
}


def captions(app) -> str:
    return " ".join(c.value for c in app.caption)


def rules(app) -> str:
    found = [e for e in app.expander if e.label == "How to play"]
    assert len(found) == 1
    return " ".join(m.value for m in found[0].markdown)


@pytest.mark.parametrize("key", PAGES)
def test_a_target_30_link_plays_to_30_points(app, key):
    open_game(app, PAGES[key], seed="8", target="30")
    assert param(app, "target") == "30"
    assert "The first to 30 points wins." in captions(app)
    text = rules(app)
    assert "**30 points**" in text and "50 points" not in text
    assert "target=30) — the same link deals the same cards." in texts(app)  # New game's link


@pytest.mark.parametrize("key", PAGES)
def test_without_target_the_game_is_to_50(app, key):
    open_game(app, PAGES[key], seed="8")
    assert param(app, "target") == "50"
    assert "The first to 50 points wins." in captions(app)
    assert "**50 points**" in rules(app)


@pytest.mark.parametrize("key", PAGES)
@pytest.mark.parametrize("bad", ["40", "thirty", "-30"])
def test_a_bad_target_is_named_and_50_is_played(app, key, bad):
    open_game(app, PAGES[key], seed="8", target=bad)
    assert not app.exception
    notes = " ".join(w.value for w in app.warning)
    assert f"target={bad} is not one of 50, 30; 50 was used." in notes
    assert param(app, "target") == "50" and "The first to 50 points wins." in captions(app)


@pytest.mark.parametrize("key", PAGES)
def test_the_new_game_panel_offers_first_to_30(app, key):
    open_game(app, PAGES[key], seed="8")
    # The New game panel's box, not the one of "Play with others" (its key is the host's).
    box = next(
        s
        for s in app.selectbox
        if s.label == "Play to" and not (s.key or "").startswith(f"{key}_host_")
    )
    assert box.options == ["First to 50 points", "First to 30 points (a shorter game)"]
    assert box.value == "50"
    box.set_value("30")
    new_deal = next(b for b in app.button if b.label == "New deal")
    step(new_deal.click())
    assert param(app, "target") == "30"
    assert "The first to 30 points wins." in captions(app)
    assert "30 points" in texts(app)
