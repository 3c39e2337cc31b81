"""The set-up from the URL (``ui.games.setup``), the session's rules for a move
(``ui.games.session``), and AppTest flows of the Border Attack and Reverse Geography War pages.
BorderCap Gin and GeoPower Toss get their own files, built on ``tests/game_table.py``."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

import ui.games.border_attack.words as ba
import ui.games.reverse_war.practice as practice
import ui.games.reverse_war.words as rw
from engine.border_attack import (
    BONUS_DISCARD,
    BORDERS,
    COMMIT,
    GUESS,
    LEAD,
    NAME,
    WIN_DISCARD,
    BorderAttack,
    GuessState,
    Lead,
)
from engine.bots import make_bot
from engine.cards import Category, card, deck
from engine.games import GAMES, game_class
from engine.reverse_war import ReverseWar
from engine.reverse_war.practice import Outcome, outcome
from tests import maps
from tests.game_table import (
    ROOT,
    buttons,
    log_lines,
    open_game,
    param,
    step,
    table,
    texts,
    tiles,
    type_guess,
)
from ui.games.protocol import board_of
from ui.games.session import GameSession
from ui.games.setup import MAX_SEED, Setup, parse_setup
from ui.games.words import words_of

BORDER_ATTACK = "pages/border_attack.py"
WAR = "pages/reverse_war.py"
BA, RW = "border_attack", "reverse_war"


# --- the set-up from the URL ----------------------------------------------------------------


def test_a_full_link_is_read_as_it_is():
    setup, notes = parse_setup(
        "border_attack",
        {"seed": "42", "levels": "medium", "dealer": "ai"},
        choices=[ba.DEALER],
        default_seed=1,
    )
    assert notes == []
    assert (setup.seed, setup.levels, setup.option("dealer")) == (42, ("medium",), "ai")
    assert setup.params() == {"seed": "42", "levels": "medium", "dealer": "ai"}


def test_bad_values_are_named_in_notes_and_defaulted():
    setup, notes = parse_setup(
        "border_attack",
        {"seed": "-3", "levels": "genius,easy", "dealer": "me", "players": "4"},
        choices=[ba.DEALER],
        default_seed=5,
    )
    assert setup.seed == 5 and setup.levels == ("easy",) and setup.option("dealer") is None
    joined = " ".join(notes)
    for fragment in (
        "seed=-3",
        "a new deal was made: deal 5",
        "genius",
        "names 2 levels for 1 opponent",
        "dealer=me",
        "players=4",
    ):
        assert fragment in joined


def test_the_war_takes_no_levels_and_says_so():
    setup, notes = parse_setup("reverse_war", {"levels": "hard"}, choices=[rw.MODE], default_seed=1)
    assert setup.levels == () and setup.option("mode") == "play"
    assert "no decisions" in notes[0]


@settings(max_examples=40, deadline=None)
@given(
    st.dictionaries(st.sampled_from(["seed", "players", "teams", "levels", "dealer"]), st.text())
)
def test_no_url_can_break_the_set_up(params):
    setup, notes = parse_setup("border_attack", params, choices=[ba.DEALER], default_seed=1)
    assert 0 <= setup.seed <= MAX_SEED and len(setup.levels) == 1
    again, more = parse_setup("border_attack", setup.params(), choices=[ba.DEALER], default_seed=2)
    assert again == setup and more == []


# --- the session's rules for a move ---------------------------------------------------------


def _human_leads(seed: int) -> GameSession:
    setup = Setup("border_attack", seed, 2, None, ("easy",), (("dealer", "you"),))
    return GameSession.deal("t", setup, [ba.DEALER])


def test_a_stale_click_is_ignored_with_a_message():
    session = _human_leads(3)
    lead = session.state.legal_actions()[0]
    assert session.act(lead, version=session.version + 1) is not None
    assert "moved on" in session.message and session.version == 0
    assert session.act(lead, version=session.version) is None
    assert session.message == "" and session.history[0].action == lead
    assert session.state.phase == GUESS


def test_an_engine_refusal_is_kept_as_the_message_and_changes_nothing():
    session = _human_leads(8)
    card0 = session.state.observation(0).hand[0]
    reason = session.act(Lead(card0, None))
    assert reason == "The category must be size, statehood or population." == session.message
    assert session.act(GuessState("TX")) == "The leader must name a category and lead a card."
    assert session.version == 0 and session.state.phase == LEAD


def test_trick_views_follow_the_engine():
    session = GameSession.deal("t", Setup("border_attack", 5, 2, None, ("medium",)))
    session.bots[0] = make_bot("border_attack", "easy", 0, seed=1)
    session.play_ai()
    assert session.state.is_over
    views = ba.tricks(session)
    assert len(views) == session.state.trick
    for view in views:
        assert view.played and view.winner in (0, 1) and view.guess_right is not None
        assert view.led.beats(view.follow, view.category) == (view.winner == view.leader)
    assert ba.describe(session, len(session.history) - 1)[-1].startswith(("You", "AI"))


# --- Border Attack --------------------------------------------------------------------------


def _choose(app, key: str, value) -> None:
    step(app.segmented_control(key=key).set_value(value))


def human_move(app, n: int) -> None:
    """One scripted decision of the human, through the page's widgets (``n`` varies it)."""
    tab = table(app, BA)
    obs = tab.state.observation(0)
    if obs.phase == LEAD:
        category = list(Category)[n % 3]
        best = min(obs.hand, key=lambda c: c.rank(category))
        _choose(app, tab.wkey("category"), category)
        step(app.button(key=tab.bkey(f"lead_{best.usps}")).click())
    elif obs.phase == COMMIT:
        winners = [c for c in obs.hand if c.beats(obs.led, obs.category)]
        answer = winners[0] if winners else obs.hand[-1]
        _choose(app, tab.wkey("reveal"), NAME if n % 2 else BORDERS)
        step(app.button(key=tab.bkey(f"commit_{answer.usps}")).click())
    elif obs.phase == GUESS:
        ann = obs.announcement
        if ann.usps is None:
            secret = tab.state.committed  # the test peeks to script a wrong guess now and then
            wrong = [c for c in deck() if c != secret]
            pick = wrong[n % len(wrong)] if n % 3 == 0 else secret
            type_guess(app, pick.name, BA)  # typed from memory: the default
        elif ann.count:
            borders = sorted(card(ann.usps).borders)
            if n % 3 == 0:  # one wrong state in place of a right one
                borders[0] = next(c.usps for c in deck() if c.usps not in card(ann.usps).borders)
            type_guess(app, ", ".join(card(b).name for b in borders), BA)
        else:
            step(app.button(key=tab.bkey("guess")).click())
    elif obs.phase in (BONUS_DISCARD, WIN_DISCARD):
        step(app.button(key=tab.bkey(f"discard_{obs.hand[0].usps}")).click())
    else:
        raise AssertionError(f"the human has nothing to do in phase {obs.phase}")


def test_border_attack_plays_to_the_end_screen_and_again(app):
    open_game(app, BORDER_ATTACK, seed="11", levels="easy", dealer="you")
    assert param(app, "seed") == "11" and param(app, "dealer") == "you"
    for n in range(200):
        if "Game over" in texts(app):
            break
        human_move(app, n)
    text = texts(app)
    assert "Game over" in text and "Tricks won: you" in text
    assert any("win" in m.value for m in [*app.success, *app.error])
    # The script guesses wrong now and then: the summary counts both.
    right, of = map(int, re.search(r"Right guesses: you (\d+) of (\d+)", text).groups())
    assert 0 < right < of
    step(app.button(key=f"{BA}_again_{table(app, BA).serial}").click())
    assert "Game over" not in texts(app) and "You lead trick 1." not in texts(app)
    seed = param(app, "seed")
    assert seed != "11" and param(app, "dealer") == "ai"  # the deal passes to the AI
    assert f"Deal {seed} · [link to this game]" in texts(app)


def test_leading_without_a_category_is_explained(app):
    open_game(app, BORDER_ATTACK, seed="11", levels="easy", dealer="you")
    tab = table(app, BA)
    assert all(b.disabled for b in buttons(app, f"{BA}_lead_"))
    assert "The lead buttons are off until you choose a category" in texts(app)
    # A click from an outdated view is still refused by the engine, with its reason.
    first = tab.state.observation(0).hand[0]
    tab.act(Lead(first, None))
    app.run()
    assert "Not allowed: The category must be size, statehood or population." in texts(app)
    assert "You lead trick 1." in texts(app)


def test_a_link_replays_the_deal_and_reruns_change_nothing(app):
    open_game(app, BORDER_ATTACK, seed="2024", levels="medium")
    shown, hand = texts(app), tiles(app)
    assert len(hand) == 5
    app.run()
    app.run()
    assert texts(app) == shown and tiles(app) == hand
    assert param(app, "levels") == "medium"
    other = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
    other.run()
    open_game(other, BORDER_ATTACK, seed="2024", levels="medium")
    assert tiles(other) == hand


def test_bad_link_parameters_give_visible_notes(app):
    open_game(app, BORDER_ATTACK, seed="banana", levels="genius", dealer="me")
    notes = " ".join(w.value for w in app.warning)
    assert "seed=banana" in notes and "genius" in notes and "dealer=me" in notes
    assert param(app, "levels") == "easy" and param(app, "seed").isdigit()


def test_the_ai_card_stays_hidden_until_the_state_guess_is_made(app):
    # Deal 15: the AI answers the first lead with Hawaii and announces its (empty) border list.
    open_game(app, BORDER_ATTACK, seed="15", levels="easy", dealer="you")
    tab = table(app, BA)
    _choose(app, tab.wkey("category"), Category.SIZE)
    step(app.button(key=tab.bkey(f"lead_{tab.state.observation(0).hand[0].usps}")).click())
    tab = table(app, BA)
    assert tab.state.phase == GUESS and tab.state.announcement.usps is None
    assert tab.state.committed.name == "Hawaii"
    shown = texts(app).replace(ba.RULES.strip(), "")
    assert "Hawaii" not in shown and "no border states at all" in shown
    type_guess(app, "Alaska", BA)
    shown = texts(app)
    assert "You guess **Alaska** — wrong. Not quite: it was Hawaii;" in shown
    assert "played face up by AI" in shown


def test_a_map_click_picks_and_unpicks_a_border_state(app):
    for seed in range(1, 40):
        open_game(app, BORDER_ATTACK, seed=str(seed), levels="easy", dealer="you")
        tab = table(app, BA)
        _choose(app, tab.wkey("category"), Category.SIZE)
        step(app.button(key=tab.bkey(f"lead_{tab.state.observation(0).hand[0].usps}")).click())
        tab = table(app, BA)
        if tab.state.announcement.usps is not None and tab.state.announcement.count:
            break
    named = card(tab.state.announcement.usps)
    n = len(named.borders)
    other = sorted(named.borders)[0]
    key = tab.bkey("guess_map")
    assert not maps.click(app, key, named.usps)  # the AI's own state is not a border state
    for expected in ([other], []):
        assert maps.click(app, key, other)
        assert maps.map_data(app, key)["selected"] == expected
        said = f"{len(expected)} of {n} picked on the map."  # typing is the other way
        assert (said in texts(app)) == bool(expected)


def test_follow_step_by_step_waits_for_continue_and_hints_show(app):
    open_game(app, BORDER_ATTACK, seed="11", levels="easy", dealer="ai")
    tab = table(app, BA)
    step(app.toggle(key=f"{BA}_follow_{tab.serial}").set_value(True))
    step(app.toggle(key=f"{BA}_hints_{tab.serial}").set_value(True))
    continued = 0
    for n in range(12):
        tab = table(app, BA)
        continues = buttons(app, tab.bkey("continue"))
        if continues:
            assert continues[0].label == "Continue: AI's next move"
            assert not buttons(app, f"{BA}_lead_") and not buttons(app, f"{BA}_commit_")
            before = log_lines(app)
            step(continues[0].click())
            assert len(log_lines(app)) > len(before)  # the AI's move, in the log
            continued += 1
        else:
            assert any("Hint" in i.value for i in app.info)
            human_move(app, n)
    assert continued > 2


# --- Reverse Geography War ------------------------------------------------------------------


def test_war_flips_then_plays_to_the_end(app):
    open_game(app, WAR, seed="7")
    tab = table(app, RW)
    step(app.button(key=tab.bkey("flip")).click())
    assert "Last flip (flip 1)" in texts(app) and "Flip <b>1</b>" in texts(app)
    step(app.button(key=tab.bkey("ten")).click())
    assert "Last flip (flip 11)" in texts(app) and "Flip <b>11</b>" in texts(app)
    step(app.button(key=tab.bkey("end")).click())
    text = texts(app)
    assert "flips" in text and "GeoPlunges: you" in text
    assert any("50 cards" in m.value for m in [*app.success, *app.error, *app.info])
    assert sum("<img class='gp-piles'" in h.proto.body for h in app.get("html")) == 1
    assert not buttons(app, tab.bkey("flip"))


def _turned(app) -> tuple[str, str]:
    """The two cards the practice mode shows turned, before the prediction."""
    first, second = tiles(app)[:2]
    return first, second


def test_war_practice_scores_each_prediction(app):
    open_game(app, WAR, seed="12", mode="practice")
    right = 0
    for flip in range(1, 5):
        tab = table(app, RW)
        a, b = _turned(app)
        _choose(app, tab.wkey("said"), practice.YOU)
        _choose(app, tab.wkey("plunge"), "no")
        step(app.button(key=tab.bkey("resolve")).click())
        assert f"Flip {flip}: your **{a}** (" in texts(app) and f"the AI's **{b}** (" in texts(app)
        feedback = " ".join(m.value for m in (*app.success, *app.warning))
        right += feedback.startswith("Right:")
    assert f"Predictions <b>winner {right}/4" in texts(app)


def test_war_outcomes_name_wars_and_geoplunges():
    plunge = ReverseWar.from_piles(["ME", "TX"], ["GA", "CA"])
    plunge.apply(rw.FLIP)
    assert outcome(plunge.last_battle) == Outcome(winner=0, geoplunge=True)
    assert "GeoPlunge" in rw.headline(plunge.last_battle)
    first = deck()[0]
    twin = next(c for c in deck() if c != first and c.weakness == first.weakness)
    rest = [c.usps for c in deck() if c not in (first, twin)]
    war = ReverseWar.from_piles([first.usps, *rest[:5]], [twin.usps, *rest[5:10]])
    war.apply(rw.FLIP)
    assert outcome(war.last_battle) == Outcome(winner=None, geoplunge=False)
    assert "Geography War" in rw.headline(war.last_battle)
    assert any("Geography War" in line for line in rw.describe_battle(None, war.last_battle))


def test_war_bad_mode_gives_a_note_and_a_link_replays_the_deal(app):
    open_game(app, WAR, seed="99", mode="blitz")
    assert any("mode=blitz" in w.value for w in app.warning)
    assert param(app, "mode") == "play"
    step(app.button(key=table(app, RW).bkey("flip")).click())
    flipped = tiles(app)[:2]
    open_game(app, WAR, seed="99", mode="practice")
    assert param(app, "mode") == "practice"
    assert list(_turned(app)) == flipped  # the same deal turns the same first two cards


@pytest.mark.parametrize("path", [BORDER_ATTACK, WAR])
def test_game_pages_are_in_the_menu(path):
    from ui.nav import MENU

    assert any(e.path == path and e.section == "Games" for e in MENU)


def test_the_new_game_form_deals_with_the_chosen_level_and_number(app):
    open_game(app, BORDER_ATTACK, seed="11", levels="easy")
    next(s for s in app.selectbox if s.label == "AI level").set_value("hard")
    next(n for n in app.number_input if n.label == "Deal number").set_value(4321)
    step(next(b for b in app.button if b.label == "Play this deal number").click())
    assert (param(app, "seed"), param(app, "levels")) == ("4321", "hard")
    assert "AI (hard) <b>" in texts(app) and "Deal 4321 · [link to this game]" in texts(app)
    hand = BorderAttack.new(seed=4321).observation(0).hand
    assert {c.name for c in hand} <= set(tiles(app))


# --- the package's shape ---------------------------------------------------------------------


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_page_is_the_skeleton_around_its_game_module(game_id):
    board = board_of(game_id)  # ui/games/<game_id>/board.py, its BOARD
    game = board.words
    assert (
        game is words_of(game_id)
        and game.game_id == game_id
        and game.title == game_class(game_id).title
    )
    source = (ROOT / "pages" / f"{game_id}.py").read_text()
    calls = [line for line in source.splitlines() if line and line[0].isalpha()]
    assert calls[-2:] == ["page_setup()", f'game_page("{game_id}")']


def test_the_set_up_the_session_and_the_autoplay_need_no_streamlit():
    modules = [
        "ui.games.setup",
        "ui.games.session",
        "ui.games.words",
        "ui.games.markup",
        *(f"ui.games.{game_id}.words" for game_id in GAMES),
        "ui.games.shared.session",
        "ui.games.shared.autoplay",
    ]
    code = f"import sys\nfor m in {modules!r}: __import__(m)\nprint('streamlit' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.stdout.strip() == "False", done.stderr
