"""AppTest flows for the BorderCap Gin and GeoPower Toss pages: a whole game on each page with
scripted choices, illegal attempts and their explanations, links that replay a deal, bad link
parameters, the step-by-step mode and the hints. Helpers: ``tests/game_table.py``. The
scripts read the session to choose their moves; what they check, they read on the page."""

from __future__ import annotations

import re
from html import unescape

from streamlit.testing.v1 import AppTest

from engine.bordercap_gin import DISCARD, DRAW, BorderCapGin, Draw
from engine.bordercap_gin import odds as gin_odds
from engine.bordercap_gin.advice import discard_advice
from engine.cards import Category
from engine.geopower_toss import CALLS, DRAFT, PLAY, GeoPowerToss, Play, odds, winning_play
from engine.melds import best_split, no_win_reasons
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
)
from ui.games.bordercap_gin.groups import no_win_lines
from ui.games.bordercap_gin.log import by_name, describe
from ui.games.bordercap_gin.words import WORDS
from ui.games.session import GameSession
from ui.games.setup import Setup

GIN, TOSS = "pages/bordercap_gin.py", "pages/geopower_toss.py"
GK, TK = "bordercap_gin", "geopower_toss"


def warnings(app) -> str:
    return " ".join(w.value for w in app.warning)


def click(app, key: str) -> None:
    step(app.button(key=key).click())


# --- BorderCap Gin --------------------------------------------------------------------------


def gin_declare(app, discard) -> None:
    """Discard ``discard`` and declare the seven cards left: "After your discard" set to
    "Declare a win", then one click on the card."""
    tab = table(app, GK)
    step(app.segmented_control(key=tab.wkey("then")).set_value("declare"))
    click(app, tab.bkey(f"discard_{discard.usps}"))


def gin_move(app) -> None:
    """The human's scripted turn part: take the discard only when it wins, else draw; discard
    the card the hints rank last, declaring when the discard leaves a win."""
    tab = table(app, GK)
    obs = tab.state.observation(0)
    if obs.phase == DRAW:
        top = obs.just_discarded
        wins = top is not None and any(
            gin_odds.has_win([c for c in (*obs.hand, top) if c is not d]) for d in obs.hand
        )
        click(app, tab.bkey("take" if wins else "draw"))
    elif obs.phase == DISCARD:
        advice = discard_advice(obs)
        best = advice.best
        if best.usps in advice.wins:
            gin_declare(app, best)
        else:
            click(app, tab.bkey(f"discard_{best.usps}"))
    else:
        click(app, tab.bkey("end_turn"))


def test_gin_plays_three_players_to_the_end_screen_and_again(app):
    open_game(app, GIN, seed="18", players="3", levels="easy")
    assert (param(app, "players"), param(app, "levels")) == ("3", "easy,easy")
    for _ in range(300):
        if "Game over" in texts(app):
            break
        gin_move(app)
    text = texts(app)
    assert "Game over" in text and "rounds played; final scores: you" in text
    assert "Deal 18, 3 players, AI level easy, easy." in text
    # The script wins a round and loses one; somebody reaches 50 points.
    assert re.search(r"Round \d+: you won \d+ points with", text)
    assert re.search(r"Round \d+: AI \d won \d+ points with", text)
    assert re.search(
        r"reach(es)? \d+ points", " ".join(e.value for e in [*app.success, *app.error])
    )
    assert any(line.startswith("- You declare a win with") for line in log_lines(app))
    click(app, f"{GK}_again_{table(app, GK).serial}")
    assert "Game over" not in texts(app)
    assert param(app, "seed") != "18" and param(app, "players") == "3"


def _to_discard(app) -> None:
    """Play on until the human must discard."""
    for _ in range(5):
        tab = table(app, GK)
        phase = tab.state.observation(0).phase
        if phase == DISCARD:
            return
        click(app, tab.bkey("draw" if phase == DRAW else "end_turn"))
    raise AssertionError("the human never had to discard")


def test_a_wrong_gin_declaration_is_explained_and_the_game_goes_on(app):
    open_game(app, GIN, seed="5", levels="easy")
    _to_discard(app)
    hand = by_name(table(app, GK).state.observation(0).hand)
    discard = hand[0]
    reasons = no_win_lines(hand[1:])
    assert reasons  # deal 5: these seven are no win
    gin_declare(app, discard)
    note = warnings(app)
    assert "Not a win" in note and all(line in note for line in reasons)
    assert "make a 4-group" in note  # each 4-group of the hand, or why there is none
    # The turn stays open: the discard is on the pile, the hand is the seven.
    assert "**Your discard is down.** Declare your hand, or end your turn." in texts(app)
    assert f"- You discard **{discard.name}**." in log_lines(app)
    assert sorted(tiles(app)) == sorted(c.name for c in hand[1:])
    tab = table(app, GK)
    assert app.button(key=tab.bkey("end_turn")).label == "End my turn"
    click(app, tab.bkey("end_turn"))
    assert not app.warning and "**Your turn: take a card**" in texts(app)  # the AI played


def test_gin_face_down_discard_take_and_the_taken_card(app):
    open_game(app, GIN, seed="22", levels="easy")
    _to_discard(app)
    tab = table(app, GK)
    step(app.segmented_control(key=tab.wkey("face")).set_value("down"))
    card = by_name(tab.state.observation(0).hand)[0]
    assert app.button(key=tab.bkey(f"discard_{card.usps}")).label == "Discard face down"
    click(app, tab.bkey(f"discard_{card.usps}"))
    log = log_lines(app)
    said = f"- You discard **{card.name}** face down (1 face-down discard left this round)."
    assert said in log and "- AI draws from the deck." in log[log.index(said) :]
    # The AI discarded face up: take its card; that card may not go straight back.
    top = tab.state.observation(0).just_discarded
    assert top is not None and "you may take it" in texts(app)
    assert f"Take {top.name}" == app.button(key=tab.bkey("take")).label
    click(app, tab.bkey("take"))
    button = app.button(key=tab.bkey(f"discard_{top.usps}"))
    assert button.disabled and "may not discard it again until a later turn" in button.help
    assert "just taken" in texts(app)


def test_gin_take_is_disabled_with_the_reason_after_a_face_down_discard(app):
    # Play on until the medium AI has discarded face down (it guards cards you took).
    open_game(app, GIN, seed="31", levels="medium")
    for _ in range(80):
        if "then discarded face down" in texts(app) and "**Your turn: take a card**" in texts(app):
            break
        gin_move(app)
    else:
        raise AssertionError("the medium AI never discarded face down in deal 31")
    take = app.button(key=table(app, GK).bkey("take"))
    assert take.disabled and "face down: you must draw from the deck" in take.help


def test_a_gin_link_replays_the_deal_and_bad_parameters_give_notes(app):
    open_game(app, GIN, seed="77", players="3", levels="easy,medium")
    dealt = BorderCapGin.new(players=3, seed=77).observation(0).hand
    assert {c.name for c in dealt} <= set(tiles(app))  # the hand as dealt
    assert (param(app, "seed"), param(app, "levels")) == ("77", "easy,medium")
    shown = texts(app)
    app.run()
    assert texts(app) == shown
    other = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
    other.run()
    open_game(other, GIN, seed="77", players="3", levels="easy,medium")
    assert tiles(other) == tiles(app)

    open_game(app, GIN, seed="x7", players="9", levels="genius", teams="2")
    note = warnings(app)
    for fragment in ("seed=x7", "players=9", "genius", "teams=2"):
        assert fragment in note
    assert param(app, "players") == "2" and param(app, "seed").isdigit()


def test_gin_step_by_step_plays_one_ai_turn_per_click(app):
    open_game(app, GIN, seed="40", players="3", levels="easy")
    tab = table(app, GK)
    step(app.toggle(key=f"{GK}_follow_{tab.serial}").set_value(True))
    _to_discard(app)
    click(app, tab.bkey(f"discard_{by_name(tab.state.observation(0).hand)[0].usps}"))
    assert app.button(key=tab.bkey("continue")).label == "Continue: AI 1's next move"
    before = len(log_lines(app))
    click(app, tab.bkey("continue"))
    done = log_lines(app)[before:]  # a whole turn: the draw, the discard
    assert done[0] == "- AI 1 draws from the deck." or done[0].startswith("- AI 1 takes")
    assert done[1].startswith("- AI 1 discards")
    assert app.button(key=tab.bkey("continue")).label == "Continue: AI 2's next move"


def test_gin_hints_name_the_groups_and_the_best_discard(app):
    open_game(app, GIN, seed="5", levels="easy")
    tab = table(app, GK)
    step(app.toggle(key=f"{GK}_hints_{tab.serial}").set_value(True))
    _to_discard(app)
    hint = " ".join(i.value for i in app.info)
    assert "Your hand holds" in hint and "best to let go" in hint
    best = discard_advice(tab.state.observation(0)).best
    assert best.name in hint


# --- GeoPower Toss --------------------------------------------------------------------------


def toss_move(app) -> None:
    """The human's scripted choice: remove the category its hand is weakest in; pass in the
    call window; lead the surest card; follow with the cheapest card that wins, else the
    worst card."""
    tab = table(app, TK)
    obs = tab.state.observation(0)
    if obs.phase == CALLS:
        click(app, tab.bkey("pass"))
        return
    if obs.phase == DRAFT:
        strength = odds.draft_strength(obs)
        click(app, tab.bkey(f"remove_{min(strength, key=strength.get).value}"))
        return
    cat = obs.category
    legal = [a.card for a in obs.legal if isinstance(a, Play)]
    if not obs.trick:
        pick = max(legal, key=lambda c: (odds.hold_chance(obs, c, cat), -c.rank(cat)))
    else:
        zone = obs.trick[0][1].zone
        bar = winning_play(obs.trick, cat)[1].rank(cat)
        winners = [c for c in legal if c.zone == zone and c.rank(cat) < bar]
        pick = max(winners or legal, key=lambda c: c.rank(cat))
    click(app, tab.bkey(f"play_{pick.usps}"))


def test_toss_plays_four_players_in_two_teams_to_the_end_screen(app):
    open_game(app, TOSS, seed="6", players="4", teams="2", levels="easy")
    assert param(app, "teams") == "2" and param(app, "levels") == "easy,easy,easy"
    assert "Your partner: AI 2." in texts(app)
    for _ in range(120):
        if "Game over" in texts(app):
            break
        toss_move(app)
    text = texts(app)
    assert "rounds of 8 tricks; final scores: your team (you and AI 2)" in text
    assert any("Your team (you and AI 2) reaches" in s.value for s in app.success)
    click(app, f"{TK}_again_{table(app, TK).serial}")
    assert "Game over" not in texts(app) and "Your partner: AI 2." in texts(app)
    assert (param(app, "players"), param(app, "teams")) == ("4", "2")


def test_a_card_that_cannot_follow_the_zone_is_disabled_and_explained(app):
    # Deal 5, 4 players in 2 teams: after your draft choice AI 2 leads Texas (Central).
    reason = "You must follow the Central Zone: you hold a card in that Zone."  # the engine's
    open_game(app, TOSS, seed="5", players="4", teams="2", levels="easy")
    tab = table(app, TK)
    assert "Choose the round's GeoPower card." in texts(app)
    click(app, tab.bkey("remove_size"))
    assert "AI 2 leads **Texas** (Central)" in texts(app)
    assert f"**Your turn.** {reason} The other cards are dimmed." in texts(app)
    obs = tab.state.observation(0)
    off = [c for c in obs.hand if c.zone != "Central"]
    assert off
    for c in off:
        button = app.button(key=tab.bkey(f"play_{c.usps}"))
        assert button.disabled
        assert button.help == reason
    # Said above the hand, and on each card refused.
    assert unescape(texts(app)).count(reason) == 1 + len(off)
    # A click from an outdated view (or a crafted request) is refused by the engine with the
    # same reason, shown on the page; nothing changes.
    assert tab.act(Play(off[0])) == reason
    app.run()
    assert f"Not allowed: {reason}" in warnings(app)
    assert f"**Your turn.** {reason} The other cards are dimmed." in texts(app)
    central = next(c for c in obs.hand if c.zone == "Central")
    click(app, tab.bkey(f"play_{central.usps}"))
    assert not app.warning and f"You play **{central.name}**" in texts(app)


def test_the_geoplunge_call_is_offered_until_the_fifth_trick(app):
    open_game(app, TOSS, seed="30", players="2", levels="easy")
    tab = table(app, TK)
    if tab.state.observation(0).phase == DRAFT:
        toss_move(app)
    assert app.button(key=tab.bkey("call")).label == "Call GeoPlunge"
    click(app, tab.bkey("call"))
    click(app, tab.bkey("call_yes"))  # the confirmation (tests/test_app_geopower_calls.py)
    assert not buttons(app, tab.bkey("call"))
    assert "GeoPlunge called by you" in texts(app) and "you need 6 tricks" in texts(app)
    assert "GeoPlunge!" in texts(app)  # the score chip
    # A fresh game: the call closes when the first card of the 5th trick is played.
    open_game(app, TOSS, seed="32", players="2", levels="easy")
    tab = table(app, TK)
    for _ in range(30):
        obs = tab.state.observation(0)
        if obs.phase == PLAY and (len(obs.tricks) > 4 or (len(obs.tricks) == 4 and obs.trick)):
            break
        toss_move(app)
    assert not buttons(app, tab.bkey("call"))
    assert "Too late: the GeoPlunge call closed after the 4th trick's last chance." in texts(app)


def test_a_toss_link_replays_the_deal_and_bad_parameters_give_notes(app):
    open_game(app, TOSS, seed="123", players="6", teams="3", levels="easy,medium,easy")
    engine = GeoPowerToss.new(players=6, teams=3, seed=123)
    assert sorted(c.name for c in engine.observation(0).hand) == sorted(tiles(app))
    assert param(app, "levels") == "easy,medium,easy,easy,easy"
    assert "Your partner: AI 3." in texts(app)  # 3 teams of 2: seats 0 and 3
    html = " ".join(h.proto.body for h in app.get("html"))
    assert html.count("team 1") == 2 and html.count("team 3") == 2

    open_game(app, TOSS, seed="123", players="4", teams="5", levels="easy,hard,genius,x,y")
    note = warnings(app)
    assert "teams=5 does not fit 4 players" in note and "genius" in note
    assert "names 5 levels for 3 opponents" in note
    assert param(app, "teams") is None and "Your partner" not in texts(app)


def test_toss_hints_say_which_cards_follow_and_which_win(app):
    open_game(app, TOSS, seed="5", players="4", teams="2", levels="easy")
    tab = table(app, TK)
    step(app.toggle(key=f"{TK}_hints_{tab.serial}").set_value(True))
    assert "Remove **" in " ".join(i.value for i in app.info)
    click(app, tab.bkey(f"remove_{Category.SIZE.value}"))
    hint = " ".join(i.value for i in app.info)
    assert "Your partner AI 2 is winning this trick." in hint
    text = unescape(texts(app))
    assert "You must follow the Central Zone: you hold a card in that Zone." in text
    assert "too low (" in text


def test_toss_step_by_step_waits_for_continue(app):
    open_game(app, TOSS, seed="5", players="4", teams="2", levels="easy")
    tab = table(app, TK)
    step(app.toggle(key=f"{TK}_follow_{tab.serial}").set_value(True))
    click(app, tab.bkey(f"remove_{Category.SIZE.value}"))
    assert "**AI 1 removes a GeoPower card.**" in texts(app)
    assert app.button(key=tab.bkey("continue")).label == "Continue: AI 1's next move"
    click(app, tab.bkey("continue"))  # AI 1 removes the last card but one
    assert "AI 1 removes a" in texts(app) and "The GeoPower card is **" in texts(app)


# --- what the pages compute (no Streamlit) ---------------------------------------------------


def test_the_gin_log_never_names_a_card_the_ai_drew_or_hid():
    setup = Setup("bordercap_gin", 9, 2, None, ("medium",))
    session = GameSession.deal("t", setup, pause_after=WORDS.pause_after)
    session.play_ai()
    for _ in range(25):
        obs = session.state.observation(0)
        if session.state.is_over:
            break
        session.act(obs.legal[-1] if obs.phase == DRAW else obs.legal[0])
    seen = {c.name for s in session.history for c in (*s.after.hand, *s.after.pile)}
    ai = {c.name for c in (*session.state.hands[1], *session.state.downs[1])}
    hidden = ai - seen
    assert hidden  # the AI holds cards you never saw
    for i, done in enumerate(session.history):
        if done.seat == 1 and isinstance(done.action, Draw):
            assert describe(session, i) == ["AI draws from the deck."]
        for line in describe(session, i):
            assert not any(name in line for name in hidden), line


def test_the_gin_hints_agree_with_the_engine():
    state = BorderCapGin.new(players=2, seed=46)  # deal 46: your first seven cards win
    hand = state.observation(0).hand
    split = best_split(hand)
    assert split is not None and gin_odds.has_win(hand)
    assert no_win_reasons(hand) == []
    live = list(gin_odds.live_cards(state.observation(0)))
    seven = list(hand[:6]) + [next(c for c in live if not gin_odds.has_win([*hand[:6], c]))]
    assert no_win_reasons(seven)  # a hand that does not win is explained
    for out in gin_odds.outs(seven, live):
        assert any(gin_odds.has_win([x for x in (*seven, out) if x is not d]) for d in seven)


def test_the_trick_your_card_completes_is_told_after_your_move(app):
    open_game(app, TOSS, seed="32", players="2", levels="easy")
    tab = table(app, TK)
    for _ in range(20):
        obs = tab.state.observation(0)
        if obs.phase == PLAY and obs.trick:
            break
        toss_move(app)
    number = len(obs.tricks) + 1
    toss_move(app)  # you play the second card: the trick is over
    since = next(m.value for m in app.markdown if m.value.startswith("1. "))
    assert f"1. Trick {number} (" in since and ("**you win**" in since or "**AI wins**" in since)
