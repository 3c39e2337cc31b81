"""AppTest flows for the BorderCap Gin rule corrections of issue 9: the opening discard is face
up, a declared hand scores its best split in one click (with or without hints), a hand that
does not win is explained group by group, and the discard pile names who discarded each card.

Each flow opens the page, then sets the table on a chosen position (``BorderCapGin.from_hands``)
so that the cards under test are in the human's hand."""

from __future__ import annotations

from engine.bordercap_gin import END_TURN, BorderCapGin, Discard, Draw
from engine.cards import card
from tests.game_table import log_lines, open_game, step, table, texts, tiles

GIN, GK = "pages/bordercap_gin.py", "bordercap_gin"
# The example: CT-MA-NY-RI + ME-NH-VT scores 30, MA-ME-NH-VT + CT-NY-RI only 20.
NEW_ENGLAND = ["NH", "ME", "VT", "MA", "CT", "RI", "NY"]
OTHER = ["CA", "IN", "NJ", "MI", "LA", "MS", "AK"]  # the AI's hand: no meld
NO_WIN = ["TN", "KY", "MO", "AR", "ME", "NH", "OH"]  # a 4-group, and three cards that are none


def click(app, key: str) -> None:
    step(app.button(key=key).click())


def set_position(app, hints: bool, **kwargs):
    """Open the Gin page (2 players, easy AI) and put the table on ``from_hands(**kwargs)``."""
    open_game(app, GIN, seed="3", levels="easy")
    tab = table(app, GK)
    tab.state = BorderCapGin.from_hands(**kwargs)
    tab.history = []
    tab.initial = tab.snapshot()
    tab.seen = 0
    tab.hints = hints
    app.session_state[f"{GK}_hints_{tab.serial}"] = hints
    app.run()
    assert not app.exception, app.exception
    return tab


def warnings(app) -> str:
    return " ".join(w.value for w in app.warning)


def keys(app) -> set[str]:
    return {b.key for b in app.button}


class Scripted:
    """An AI that plays the given actions in order (for the pile-label flow)."""

    def __init__(self, actions) -> None:
        self.actions = list(actions)

    def act(self, obs):
        return self.actions.pop(0)


def test_gin_opening_discard_is_face_up_on_the_page(app):
    tab = set_position(app, False, hands=[[*NO_WIN, "TX"], OTHER], phase="discard", turn=1, pile=())
    assert "discard one of your 8 cards face up" in texts(app)
    assert not [s for s in app.segmented_control if s.key == tab.wkey("face")]
    assert all(b.label == "Discard" for b in app.button if b.key.startswith(f"{GK}_discard_"))
    # Later in the round the choice is back.
    tab = set_position(app, False, hands=[[*NO_WIN, "TX"], OTHER], phase="discard", turn=3)
    assert app.segmented_control(key=tab.wkey("face")).value == "up"


def test_gin_one_click_declares_the_best_split_with_hints(app):
    tab = set_position(app, True, hands=[[*NEW_ENGLAND, "TX"], OTHER], phase="discard", turn=5)
    button = app.button(key=tab.bkey("discard_and_declare"))
    assert button.label == "Discard Texas and declare"
    assert "Connecticut, Massachusetts, New York, and Rhode Island" in texts(app)
    assert "30 points" in texts(app)
    click(app, tab.bkey("discard_and_declare"))
    shown = texts(app)
    assert "You <b>30 pts</b>" in shown and "AI (easy) <b>0 pts</b>" in shown
    assert "You win round 1" in shown and "30 points (20 + the 10 bonus)" in shown
    assert "You declare a win with **Connecticut, Massachusetts, New York, and Rhode Island**" in (
        shown
    )


def test_gin_declaring_without_hints_is_one_click_on_the_card_let_go(app):
    tab = set_position(app, False, hands=[[*NEW_ENGLAND, "TX"], OTHER], phase="discard", turn=5)
    assert tab.bkey("discard_and_declare") not in keys(app)  # hints off: no answer given
    then = app.segmented_control(key=tab.wkey("then"))
    assert then.value == "end"
    step(then.set_value("declare"))
    assert app.button(key=tab.bkey("discard_TX")).label == "Discard and declare"
    click(app, tab.bkey("discard_TX"))
    shown = texts(app)
    assert "You win round 1" in shown and "30 points (20 + the 10 bonus)" in shown
    assert (
        "You declare a win with **Connecticut, Massachusetts, New York, and Rhode Island** ("
        in shown
        and "and **Maine, New Hampshire, and Vermont** (" in shown
    )


def test_gin_a_wrong_declaration_explains_group_by_group_why_no_split_works(app):
    tab = set_position(app, False, hands=[[*NO_WIN, "TX"], OTHER], phase="discard", turn=5)
    # The same controls as for a winning hand: the page gives nothing away.
    then = app.segmented_control(key=tab.wkey("then"))
    assert then.options == ["End my turn", "Declare a win"]
    step(then.set_value("declare"))
    click(app, tab.bkey("discard_TX"))
    assert "**Your discard is down.** Declare your hand, or end your turn." in texts(app)
    assert "- You discard **Texas**." in log_lines(app) and "win round" not in texts(app)
    note = warnings(app)
    assert "**Not a win** — these seven cards do not split into a 4-group and a 3-group" in note
    assert (
        "- Arkansas, Kentucky, Missouri, and Tennessee make a 4-group (Missouri and Tennessee "
        "each border the three others), but the three left, Maine, New Hampshire, and Ohio, "
        "are no 3-group: no card borders both others" in note
    )
    assert "- Kentucky, Missouri, Ohio, and Tennessee make a 4-group" in note
    assert "costs you nothing" in note
    # The Declare button next to the hand only checks: the same answer, the turn still open.
    click(app, tab.bkey("declare"))
    assert "**Your discard is down.**" in texts(app) and "Not a win" in warnings(app)
    click(app, tab.bkey("end_turn"))
    assert not app.warning and "win round" not in texts(app)


def test_gin_declare_button_next_to_the_hand_without_hints(app):
    tab = set_position(app, False, hands=[NEW_ENGLAND, OTHER], phase="declare", turn=5)
    assert app.button(key=tab.bkey("declare")).label == "Declare"
    assert "You hold a win" not in texts(app)  # hints off: the player has to spot it
    click(app, tab.bkey("declare"))
    shown = texts(app)
    assert "You win round 1" in shown and "You <b>30 pts</b>" in shown


def test_gin_pile_labels_who_discarded_each_card(app):
    # You discard Delaware; the AI draws and discards Texas; you take Texas: the pile's top is
    # your Delaware again, out of reach, and it must say you discarded it.
    tab = set_position(
        app,
        False,
        hands=[["DE", "TN", "KY", "MO", "ME", "NH", "OH", "WA"], OTHER],
        phase="discard",
        turn=3,
        pile=(),
        deck_top=["TX", "UT"],
    )
    tab.bots[1] = Scripted([Draw(), Discard(card("TX")), END_TURN])
    click(app, tab.bkey("discard_DE"))
    assert "**Your turn: take a card**" in texts(app) and tiles(app)[0] == "Texas"
    shown = texts(app)
    assert "just discarded by AI — you may take it" in shown
    assert "Discard pile (2 cards), below the top: Delaware (you)." in shown
    click(app, tab.bkey("take"))
    assert "- You take **Texas** from the pile." in log_lines(app)
    assert tiles(app)[0] == "Delaware"
    shown = texts(app)
    assert "discarded by you · out of reach now" in shown
    assert "discarded by AI" not in shown
