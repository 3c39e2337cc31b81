"""AppTest of the Reverse Geography War page in words: practice mode does not give the
weakness of the two cards away before the prediction (unless hints are on), and the winner of
each flip, of several flips played at once and the piles chart are said in sentences."""

from __future__ import annotations

import base64
from html import unescape

import ui.games.reverse_war.practice as practice
import ui.games.reverse_war.words as rw
from engine.cards import deck
from engine.reverse_war import ReverseWar
from engine.reverse_war.practice import turning
from tests.game_table import open_game, step, table, texts

WAR, RW = "pages/reverse_war.py", "reverse_war"


def _html(app) -> str:
    return unescape(" ".join(h.proto.body for h in app.get("html")))


def _predict(app, said: str = practice.YOU, plunge: str = "no") -> None:
    tab = table(app, RW)
    step(app.segmented_control(key=tab.wkey("said")).set_value(said))
    step(app.segmented_control(key=tab.wkey("plunge")).set_value(plunge))
    step(app.button(key=tab.bkey("resolve")).click())


def _weaknesses(a, b) -> list[str]:
    return [f"weakness {rw.weakness_text(a)}", f"weakness {rw.weakness_text(b)}"]


def test_practice_hides_the_weakness_until_the_prediction(app):
    open_game(app, WAR, seed="12", mode="practice")
    for _ in range(3):
        tab = table(app, RW)
        assert not tab.hints
        a, b = turning(tab.state)
        shown = _html(app) + texts(app)
        assert a.name in shown and b.name in shown  # the cards are turned: ranks on them
        for words in _weaknesses(a, b):
            assert words not in shown
        assert "Hint: compare the worst ranks" not in shown
        _predict(app)
        # After the prediction the flip is resolved and its weaknesses are told.
        battle = table(app, RW).state.last_battle
        assert battle.up[0] == (a, b)
        shown = _html(app) + texts(app)
        for words in _weaknesses(a, b):
            assert words in shown
        feedback = " ".join(m.value for m in (*app.success, *app.warning))
        assert f"{a.name} {rw.ordinal(a.weakness)}" in feedback or battle.wars


def test_practice_with_hints_shows_the_weakness_before_the_prediction(app):
    open_game(app, WAR, seed="12", mode="practice")
    tab = table(app, RW)
    step(app.toggle(key=f"{RW}_hints_{tab.serial}").set_value(True))
    tab = table(app, RW)
    assert tab.hints
    a, b = turning(tab.state)
    shown = _html(app) + texts(app)
    for words in _weaknesses(a, b):
        assert words in shown
    assert "Hint: compare the worst ranks" in shown


def test_each_flip_winner_is_said_in_a_sentence(app):
    open_game(app, WAR, seed="7")
    for _ in range(5):
        tab = table(app, RW)
        step(app.button(key=tab.bkey("flip")).click())
        battle = table(app, RW).state.last_battle
        sentence = rw.winner_sentence(battle)
        assert f"**{sentence}**" in [m.value for m in app.markdown]
        who = "you win" if battle.winner == 0 else "the AI wins"
        assert sentence.startswith(f"Flip {battle.turn}: {who}")
        winner = battle.deciding[battle.winner]
        assert f"{winner.name} ({rw.ordinal(winner.weakness)}) is weaker than" in sentence


def test_ten_flips_are_summed_up_and_the_chart_is_said_in_words(app):
    open_game(app, WAR, seed="7")
    tab = table(app, RW)
    step(app.button(key=tab.bkey("ten")).click())
    tab = table(app, RW)
    found = rw.battles(tab)
    assert len(found) == 10
    mine = sum(b.winner == 0 for b in found)
    theirs = sum(b.winner == 1 for b in found)
    text = texts(app)
    assert f"In flips 1 to 10 you won {mine} and the AI won {theirs}" in text
    you, ai = tab.state.scores
    assert f"After flip {tab.state.turn} you hold {you} cards and the AI {ai}." in text
    chart = next(h.proto.body for h in app.get("html") if "<img class='gp-piles'" in h.proto.body)
    assert f"alt='After flip {tab.state.turn} you hold {you} cards" in chart
    svg = base64.b64decode(chart.split("base64,")[1].split("'")[0]).decode()
    assert svg.startswith("<svg xmlns=") and svg.count("<polyline") == 2
    step(app.button(key=tab.bkey("flip")).click())
    assert "In flips" not in texts(app)  # one flip: its own sentence is enough


def test_winner_sentences_name_wars_geoplunges_and_the_end():
    plunge = ReverseWar.from_piles(["ME", "TX"], ["GA", "CA"])
    plunge.apply(rw.FLIP)
    sentence = rw.winner_sentence(plunge.last_battle)
    assert sentence.startswith("Flip 1: you win with a GeoPlunge and take")
    first = deck()[0]
    twin = next(c for c in deck() if c != first and c.weakness == first.weakness)
    rest = [c.usps for c in deck() if c not in (first, twin)]
    war = ReverseWar.from_piles([first.usps, *rest[:5]], [twin.usps, *rest[5:10]])
    war.apply(rw.FLIP)
    assert "after a Geography War" in rw.winner_sentence(war.last_battle)
    short = ReverseWar.from_piles([first.usps, *rest[:5]], [twin.usps])
    short.apply(rw.FLIP)
    assert short.is_over
    assert "no card left to turn" in rw.winner_sentence(short.last_battle)


def test_the_prediction_feedback_says_the_ais_card_with_its_capitals(app):
    # Issue 18, item 6: "you said the ai's card".
    open_game(app, WAR, seed="12", mode="practice")
    _predict(app, said=practice.AI)
    feedback = " ".join(m.value for m in (*app.success, *app.warning))
    assert "you said the AI's card;" in feedback
