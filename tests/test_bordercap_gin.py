"""BorderCap Gin: one scenario per rule sentence (rules README and rule sheet), the decisions of
the module docstring, melds, observations, sampling and the bots."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import melds
from engine.bordercap_gin import (
    BOTS,
    DRAW_ACTION,
    END_TURN,
    MAX_TURNS,
    MAX_VOID_ROUNDS,
    BorderCapGin,
    Declare,
    Discard,
    Draw,
    EasyBot,
    EndTurn,
    MediumBot,
    Take,
    declaration,
    odds,
)
from engine.cards import Card, card, deck
from engine.core import GAME_OVER, Event, IllegalAction, Refusal
from engine.knowledge import Knowledge
from ui.games.bordercap_gin.groups import reason_text
from ui.games.bordercap_gin.words import WORDS
from ui.games.events import told

# TN borders KY, MO and AR, and MO borders KY, TN and AR (two such cards: the bonus);
# NH borders ME and VT.
BONUS_WIN = ["TN", "KY", "MO", "AR", "ME", "NH", "VT"]
# TN borders GA, VA and MO, no other card of them borders the three others: no bonus.
PLAIN_WIN = ["TN", "GA", "VA", "MO", "ME", "NH", "VT"]
# Columbia, Columbus, Carson City, Cheyenne (C); Austin, Albany, Augusta (A).
LETTER_WIN = ["SC", "OH", "NV", "WY", "TX", "NY", "ME"]
# No meld among these: used as filler hands.
JUNK = [["AK", "HI", "FL", "WA", "RI", "DE", "ND"], ["CA", "IN", "NJ", "MI", "LA", "MS", "CT"]]


def c(usps: str) -> Card:
    return card(usps)


def said(event: Event) -> str:
    """An event of the engine's log as its sentence (ui/games/bordercap_gin/events.py)."""
    return told(event, "bordercap_gin")


def cards(codes: list[str]) -> list[Card]:
    return [card(u) for u in codes]


def codes(cs) -> list[str]:
    return sorted(x.usps for x in cs)


def walk(obj, found: list) -> list:
    """Every Card object inside an observation (tuples and dataclasses, recursively), except
    the winning hands of past rounds (``results``), which were shown to all and reshuffled."""
    if isinstance(obj, Card):
        found.append(obj)
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            if f.name != "results":
                walk(getattr(obj, f.name), found)
    elif isinstance(obj, tuple | list):
        for x in obj:
            walk(x, found)
    return found


def random_play(state: BorderCapGin, steps: int, seed: int) -> list:
    rng = random.Random(seed)
    done = []
    for _ in range(steps):
        if state.is_over:
            break
        action = rng.choice(state.legal_actions())
        state.apply(action)
        done.append(action)
    return done


# ----------------------------------------------------------------- set-up and the deal


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_gives_seven_each_and_eight_to_the_dealers_left(players):
    state = BorderCapGin.new(players=players, seed=11)
    opener = (state.dealer + 1) % players
    sizes = [len(h) for h in state.hands]
    assert sizes == [8 if seat == opener else 7 for seat in range(players)]
    assert len(state.deck) == 50 - 7 * players - 1
    assert state.log == [
        Event("round_dealt", round=1, dealer_seat=state.dealer, opener_seat=opener)
    ]
    assert codes(state.all_cards()) == codes(deck())


def test_opener_opens_by_discarding_one_card_face_up():
    state = BorderCapGin.new(players=3, seed=5)
    opener = (state.dealer + 1) % 3
    assert state.current_player == opener
    legal = state.legal_actions()
    assert legal and all(type(a) is Discard and not a.face_down for a in legal)
    assert state.check(DRAW_ACTION) is not None  # no draw before the opening discard
    first = legal[0]
    state.apply(first)
    assert state.pile == [first.card]
    assert state.observation((opener + 1) % 3).just_discarded == first.card


def test_first_dealer_is_drawn_from_the_seed():
    dealers = {BorderCapGin.new(players=4, seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert BorderCapGin.new(players=4, seed=9).dealer == BorderCapGin.new(players=4, seed=9).dealer


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"players": 1}, "2 to 4"),
        ({"players": 5}, "2 to 4"),
        ({"players": "2"}, "whole number"),
        ({"players": True}, "whole number"),
        ({"players": 4, "teams": 2}, "no teams"),
        ({"players": 2, "target": 100}, "target score must be one of"),
        ({"players": 2, "goal": 100}, "Unknown option"),
    ],
)
def test_invalid_setups_are_refused(kwargs, words):
    with pytest.raises(ValueError, match=words):
        BorderCapGin.new(seed=1, **kwargs)


def test_seed_none_picks_a_seed_and_keeps_it():
    state = BorderCapGin.new(players=2)
    assert isinstance(state.seed, int)
    assert BorderCapGin.new(players=2, seed=state.seed) == BorderCapGin.new(
        players=2, seed=state.seed
    )


# ----------------------------------------------------------------- turns


def test_turns_go_clockwise_in_seat_order():
    state = BorderCapGin.new(players=4, seed=3)
    seats = []
    for _ in range(9):
        seats.append(state.current_player)
        if state.phase == "draw":
            state.apply(DRAW_ACTION)
        state.apply(state.legal_actions()[0])  # a discard
        state.apply(state.legal_actions()[-1])  # end turn
    start = seats[0]
    assert seats == [(start + k) % 4 for k in range(9)]


def test_a_turn_is_take_or_draw_then_discard():
    state = BorderCapGin.from_hands([BONUS_WIN[:6] + ["TX"], JUNK[0]], pile=["CA"], to_act=1)
    assert state.legal_actions() == [Take(c("CA")), Draw()]
    assert state.check(Discard(c("AK"))) == Refusal("take_first")
    state.apply(Draw())
    assert len(state.hands[1]) == 8
    assert state.check(Draw()) is not None and state.check(Take(c("CA"))) is not None
    state.apply(Discard(c("AK")))
    assert state.phase == "declare" and state.legal_actions() == [END_TURN]
    state.apply(END_TURN)
    assert state.current_player == 0 and state.phase == "draw"


def test_draw_takes_the_top_card_of_the_deck():
    state = BorderCapGin.from_hands([JUNK[0], JUNK[1]], pile=["TX"], deck_top=["UT", "OK"])
    state.apply(Draw())
    assert state.hands[0][-1] == c("UT")
    assert state.deck[-1] == c("OK")


def test_a_drawn_card_is_seen_only_by_its_drawer():
    state = BorderCapGin.from_hands([JUNK[0], JUNK[1]], pile=["TX"], deck_top=["UT"])
    assert c("UT") not in walk(state.observation(0), [])
    state.apply(Draw())
    assert c("UT") in state.observation(0).hand
    assert c("UT") not in walk(state.observation(1), [])


def test_take_picks_up_the_card_just_discarded():
    state = BorderCapGin.from_hands([JUNK[0], JUNK[1]], pile=["GA", "TX"])
    state.apply(Take(c("TX")))
    assert c("TX") in state.hands[0] and state.pile == [c("GA")]
    assert state.check(Take(c("GA"))) is not None


def test_only_the_next_player_may_take_the_card_just_discarded():
    hands = [JUNK[0], JUNK[1], ["OR", "ID", "MT", "KS", "VA", "WI", "IL"]]
    state = BorderCapGin.from_hands(hands, pile=["TX"], to_act=1)
    assert Take(c("TX")) in state.legal_actions()
    state.apply(Draw())  # seat 1 leaves Texas
    state.apply(Discard(c("CA")))
    state.apply(END_TURN)
    # seat 2 may take California, just discarded, but not Texas, discarded before
    assert state.legal_actions() == [Take(c("CA")), Draw()]
    assert state.check(Take(c("TX"))) == Refusal("not_the_discard", card="TX", top="CA")


def test_card_taken_from_the_pile_cannot_be_discarded_in_the_same_turn():
    state = BorderCapGin.from_hands([JUNK[0], JUNK[1]], pile=["TX"])
    state.apply(Take(c("TX")))
    assert Discard(c("TX")) not in state.legal_actions()
    reason = state.check(Discard(c("TX")))
    assert reason == Refusal("taken_this_turn", card="TX")
    assert "took Texas from the discard pile this turn" in WORDS.refusal(reason)
    with pytest.raises(IllegalAction):
        state.apply(Discard(c("TX")))
    assert state.check(Discard(c("TX"), face_down=True)) == reason  # not face down either


def test_card_taken_from_the_pile_may_be_discarded_on_a_later_turn():
    state = BorderCapGin.from_hands([JUNK[0], JUNK[1]], pile=["TX"])
    state.apply(Take(c("TX")))
    state.apply(Discard(c("AK")))
    state.apply(END_TURN)
    state.apply(Draw())
    state.apply(Discard(c("CA")))
    state.apply(END_TURN)
    state.apply(Draw())
    assert Discard(c("TX")) in state.legal_actions()


# ----------------------------------------------------------------- face-down discards


def test_two_players_may_discard_face_down_twice_per_round():
    state = BorderCapGin.from_hands([JUNK[0], JUNK[1]], pile=["TX"])
    for turn in range(3):
        state.apply(Draw())
        hand = state.hands[state.to_act]
        if turn < 2:
            assert Discard(hand[0], face_down=True) in state.legal_actions()
            state.apply(Discard(hand[0], face_down=True))
        else:
            assert not any(a.face_down for a in state.legal_actions())
            down = Discard(hand[0], face_down=True)
            assert state.check(down) == Refusal("no_face_down_left")
            state.apply(Discard(hand[0]))
        state.apply(END_TURN)
        state.apply(Draw())
        state.apply(Discard(state.hands[1][0]))
        state.apply(END_TURN)
    assert state.down_left == [0, 2]
    assert state.observation(1).face_down_left == (0, 2)


def test_after_a_face_down_discard_the_opponent_must_draw_from_the_deck():
    state = BorderCapGin.from_hands([JUNK[0], JUNK[1]], pile=["TX"])
    state.apply(Draw())
    state.apply(Discard(c("AK"), face_down=True))
    state.apply(END_TURN)
    assert state.legal_actions() == [Draw()]
    assert state.check(Take(c("TX"))) == Refusal("last_discard_face_down")


def test_a_face_down_card_can_never_be_taken():
    state = BorderCapGin.from_hands([JUNK[0], JUNK[1]], pile=["TX"])
    state.apply(Draw())
    state.apply(Discard(c("AK"), face_down=True))
    state.apply(END_TURN)
    assert c("AK") not in state.pile and c("AK") in state.face_down
    assert state.check(Take(c("AK"))) is not None
    state.apply(Draw())
    state.apply(Discard(c("CA")))
    state.apply(END_TURN)
    assert state.check(Take(c("AK"))) is not None


@pytest.mark.parametrize("players", [3, 4])
def test_face_down_discards_are_only_for_two_players(players):
    state = BorderCapGin.new(players=players, seed=2)
    hand = state.hands[state.current_player]
    assert state.check(Discard(hand[0], face_down=True)) == Refusal("opening_face_up")
    state.apply(state.legal_actions()[0])  # the opening discard
    state.apply(END_TURN)
    state.apply(DRAW_ACTION)
    assert state.turn == 2 and not any(a.face_down for a in state.legal_actions())
    hand = state.hands[state.current_player]
    assert state.check(Discard(hand[0], face_down=True)) == Refusal("face_down_two_players")


def test_face_down_discards_are_renewed_each_round():
    state = BorderCapGin.from_hands(
        [PLAIN_WIN[:6] + ["TX"], JUNK[1]], pile=["AK", "VT"], face_down_left=[0, 1]
    )
    state.apply(Take(c("VT")))
    state.apply(Discard(c("TX")))
    state.apply(state.legal_actions()[0])  # declare
    assert state.down_left == [2, 2]


def test_gin_opening_discard_is_face_up():
    state = BorderCapGin.new(players=2, seed=4)
    opener = state.current_player
    assert state.turn == 1 and state.down_left[opener] == 2
    legal = state.legal_actions()
    assert len(legal) == 8 and not any(a.face_down for a in legal)
    down = Discard(state.hands[opener][0], face_down=True)
    reason = state.check(down)
    assert reason == Refusal("opening_face_up")
    assert WORDS.refusal(reason) == (
        "The opening discard is always face up: discard one of your 8 cards face up."
    )
    before = state.clone()
    with pytest.raises(IllegalAction) as err:
        state.apply(down)
    assert err.value.refusal == reason and state == before
    # The bots open face up too, even with a card they would hide later in the round.
    for level, bot_cls in BOTS.items():
        for seed in range(30):
            game = BorderCapGin.new(players=2, seed=seed)
            bot = bot_cls(game.current_player, seed)
            action = bot.act(game.observation(game.current_player))
            assert not action.face_down, (level, seed)
    # After the opening, face-down discards are offered again.
    state.apply(legal[0])
    state.apply(END_TURN)
    state.apply(DRAW_ACTION)
    assert any(a.face_down for a in state.legal_actions())


# ----------------------------------------------------------------- melds


def test_one_card_bordering_the_three_others_makes_a_four_group():
    assert melds.is_four_group(cards(["TN", "GA", "VA", "MO"]))


def test_four_capitals_with_one_first_letter_make_a_four_group():
    assert melds.is_four_group(cards(["SC", "OH", "NV", "WY"]))


def test_one_card_bordering_both_others_makes_a_three_group():
    assert melds.is_three_group(cards(["ME", "NH", "VT"]))


def test_three_capitals_with_one_first_letter_make_a_three_group():
    assert melds.is_three_group(cards(["TX", "NY", "ME"]))


def test_a_group_may_not_mix_borders_and_capitals():
    # Tennessee borders Georgia and Virginia; Nashville shares no letter with the others, and
    # Atlanta and Austin share A but Tennessee does not border Texas.
    assert not melds.is_four_group(cards(["TN", "GA", "VA", "TX"]))


def test_four_corners_count_as_borders():
    assert melds.is_three_group(cards(["CO", "AZ", "OK"]))  # Colorado touches Arizona


def test_water_neighbours_do_not_count():
    assert not melds.is_three_group(cards(["MN", "MI", "ND"]))  # Minnesota-Michigan by water


def test_the_two_groups_share_no_card():
    reason = melds.split_problem(cards(["TN", "KY", "MO", "AR"]), cards(["TN", "GA", "AL"]))
    assert reason == melds.Why("in_both_groups", cards=("TN",))
    assert reason_text(reason) == "Tennessee cannot be in both groups."


def test_group_problem_names_each_missing_border_and_the_letters():
    reason = reason_text(melds.group_problem(cards(["ME", "NH", "OH"])))
    assert "Maine does not border Ohio" in reason
    assert "Ohio borders neither Maine nor New Hampshire" in reason
    assert "start with A, C, and C" in reason


def test_winning_splits_lists_every_split():
    splits = melds.winning_splits(cards(BONUS_WIN))
    assert [(codes(f), codes(t)) for f, t in splits] == [
        (["AR", "KY", "MO", "TN"], ["ME", "NH", "VT"])
    ]
    assert melds.winning_splits(cards(JUNK[0])) == []


def test_meld_tables_agree_with_the_readable_checks():
    rel = melds.truth()
    rng = random.Random(1)
    for _ in range(400):
        for size in (3, 4):
            group = rng.sample(list(deck()), size)
            readable = melds.is_four_group(group) if size == 4 else melds.is_three_group(group)
            assert rel.is_group(melds.mask_of(group)) == readable
            if size == 4:
                assert rel.has_bonus(melds.mask_of(group)) == melds.has_bonus(group)


# ----------------------------------------------------------------- declaring


def _win_by_taking(top: str, win: list[str], discard: str = "TX", **kw) -> BorderCapGin:
    """A 2-player state where seat 0 takes ``top`` and discards ``discard`` to hold ``win``."""
    hand = [u for u in win if u != top] + [discard]
    state = BorderCapGin.from_hands([hand, JUNK[1]], pile=["AK", top], **kw)
    state.apply(Take(c(top)))
    state.apply(Discard(c(discard)))
    return state


def test_a_win_is_declared_at_the_end_of_the_own_turn_after_the_discard():
    hand = [u for u in BONUS_WIN if u != "VT"] + ["TX"]
    state = BorderCapGin.from_hands([hand, JUNK[1]], pile=["VT"])
    early = declaration(["TN", "KY", "MO", "AR"], ["ME", "NH", "VT"])
    assert state.check(early) == Refusal("declare_after_discard")
    state.apply(Take(c("VT")))
    assert state.log[-1] == Event("takes_discard", seat=0, card="VT")
    assert said(state.log[-1]) == "Player 1 takes Vermont from the discard pile."
    assert state.check(early) == Refusal("declare_after_discard")
    state.apply(Discard(c("TX")))
    assert state.log[-1] == Event("discards", seat=0, card="TX")
    assert said(state.log[-1]) == "Player 1 discards Texas."
    win = declaration(["AR", "KY", "MO", "TN"], ["ME", "NH", "VT"])
    assert state.legal_actions() == [win, END_TURN]


def test_a_valid_declaration_wins_the_round():
    state = _win_by_taking("VT", PLAIN_WIN)
    state.apply(state.legal_actions()[0])
    assert state.scores == [20, 0]
    assert state.round_index == 1 and len(state.hands[0]) in (7, 8)
    assert state.results[-1].winner == 0
    assert state.log[-2] == Event(
        "wins_round",
        seat=0,
        round=1,
        four_cards=("GA", "MO", "TN", "VA"),
        three_cards=("ME", "NH", "VT"),
        points=20,
        bonus=0,
    )
    assert said(state.log[-2]) == (
        "Player 1 wins round 1: Georgia, Missouri, Tennessee, Virginia (Tennessee borders the "
        "three others) and Maine, New Hampshire, Vermont (New Hampshire borders both others); "
        "20 points."
    )
    assert state.log[-1] == Event("round_dealt", round=2, dealer_seat=1, opener_seat=0)
    assert said(state.log[-1]) == "Round 2: Player 2 deals; Player 1 gets 8 cards and opens."


def test_check_accepts_the_groups_in_any_order():
    state = _win_by_taking("VT", PLAIN_WIN)
    shuffled = declaration(["MO", "VA", "TN", "GA"], ["VT", "ME", "NH"])
    assert state.check(shuffled) is None
    state.apply(shuffled)
    assert state.scores == [20, 0]


def test_a_wrong_declaration_is_refused_with_the_reason_and_costs_nothing():
    hand = ["TN", "KY", "MO", "AR", "ME", "NH", "OH"]
    state = BorderCapGin.from_hands([hand, JUNK[1]], phase="declare")
    assert state.legal_actions() == [END_TURN]
    before = state.clone()
    reason = state.check(Declare())
    assert reason == Refusal("not_a_win", cards=("AR", "KY", "ME", "MO", "NH", "OH", "TN"))
    said = WORDS.refusal(reason)
    assert said.startswith(
        "Not a win: these seven cards do not split into a 4-group and a 3-group."
    )
    # Group by group: each 4-group of the hand, and why the three cards left are no 3-group.
    assert (
        "Arkansas, Kentucky, Missouri, and Tennessee make a 4-group (Missouri and Tennessee each "
        "border the three others), but the three left, Maine, New Hampshire, and Ohio, are no "
        "3-group" in said
    )
    assert "Maine does not border Ohio" in said and "start with A, C, and C" in said
    assert "Kentucky, Missouri, Ohio, and Tennessee make a 4-group" in said
    # Naming a split changes nothing: the hand is judged.
    assert state.check(declaration(["TN", "KY", "MO", "AR"], ["ME", "NH", "OH"])) == reason
    assert BorderCapGin.why_not(state.observation(0), Declare()) == reason  # as the page asks
    with pytest.raises(IllegalAction) as err:
        state.apply(Declare())
    assert err.value.refusal == reason
    assert state == before
    state.apply(END_TURN)  # the game goes on
    assert state.current_player == 1


def test_a_hand_without_a_four_group_is_explained():
    hand = ["TN", "KY", "MO", "WA", "ME", "NH", "VT"]
    state = BorderCapGin.from_hands([hand, JUNK[1]], phase="declare")
    reason = WORDS.refusal(state.check(Declare()))
    assert reason.endswith(
        "No four of these cards make a 4-group: no card borders three others (Tennessee, with "
        "the most, borders only Kentucky and Missouri), and no two capitals share a first letter."
    )


def test_a_declaration_must_use_cards_in_hand():
    state = BorderCapGin.from_hands([BONUS_WIN, JUNK[1]], phase="declare")
    reason = state.check(declaration(["TN", "KY", "MO", "IL"], ["ME", "NH", "VT"]))
    assert reason == Refusal("declared_not_in_hand", cards=("IL",))
    assert WORDS.refusal(reason) == "Illinois is not in your hand."
    two = state.check(declaration(["TN", "KY", "MO", "IL"], ["ME", "NH", "OH"]))
    assert WORDS.refusal(two) == "Illinois and Ohio are not in your hand."


def test_the_opener_may_declare_after_its_opening_discard():
    state = BorderCapGin.from_hands([BONUS_WIN + ["TX"], JUNK[1]], phase="discard", turn=1, pile=())
    state.apply(Discard(c("TX")))
    assert isinstance(state.legal_actions()[0], Declare)


# ----------------------------------------------------------------- scoring


def test_a_round_win_scores_twenty():
    state = _win_by_taking("VT", PLAIN_WIN)
    state.apply(state.legal_actions()[0])
    assert state.scores == [20, 0]


def test_bonus_for_two_cards_each_bordering_all_three_others():
    state = _win_by_taking("VT", BONUS_WIN)
    state.apply(state.legal_actions()[0])
    assert state.scores == [30, 0]
    assert state.log[-2].values["points"] == 20 and state.log[-2].values["bonus"] == 10
    assert said(state.log[-2]).endswith(
        "(Missouri and Tennessee each border the three others) and Maine, New Hampshire, "
        "Vermont (New Hampshire borders both others); 20 points + 10 bonus."
    )


def test_bonus_for_four_capitals_with_one_first_letter():
    state = _win_by_taking("WY", LETTER_WIN, discard="KS")
    state.apply(state.legal_actions()[0])
    assert state.scores == [30, 0]
    assert "Nevada, Ohio, South Carolina, Wyoming (the capitals all start with C)" in said(
        state.log[-2]
    )


def test_only_the_rounds_winner_scores():
    state = _win_by_taking("VT", PLAIN_WIN, scores=[10, 30])
    state.apply(state.legal_actions()[0])
    assert state.scores == [30, 30]


def test_the_first_player_to_fifty_wins_the_game():
    state = _win_by_taking("VT", PLAIN_WIN, scores=[30, 40])
    state.apply(state.legal_actions()[0])
    assert state.is_over and state.winner == 0 and state.scores == [50, 40]
    assert state.current_player is None and state.legal_actions() == []
    assert state.check(END_TURN) == GAME_OVER
    assert state.value(0) == 1.0 and state.value(1) == 0.0
    assert state.log[-1] == Event("wins_game", seat=0, points=50)
    assert said(state.log[-1]) == "Player 1 wins the game with 50 points."


def test_gin_declared_hand_scores_its_best_split():
    # The example: MA-ME-NH-VT + CT-NY-RI scores 20, CT-MA-NY-RI + ME-NH-VT scores 30.
    hand = ["NH", "ME", "VT", "MA", "CT", "RI", "NY"]
    points = sorted(melds.split_points(four) for four, _ in melds.winning_splits(cards(hand)))
    assert points == [20, 30]
    four, three = melds.best_split(cards(hand))
    assert codes(four) == ["CT", "MA", "NY", "RI"] and codes(three) == ["ME", "NH", "VT"]
    other = ["CA", "IN", "NJ", "MI", "LA", "MS", "AK"]
    state = BorderCapGin.from_hands([hand, other], phase="declare")
    assert state.legal_actions() == [declaration(four, three), END_TURN]
    # Naming the 20-point split still scores the hand's best split.
    state.apply(declaration(["MA", "ME", "NH", "VT"], ["CT", "NY", "RI"]))
    assert state.scores == [30, 0]
    result = state.results[-1]
    assert codes(result.four) == ["CT", "MA", "NY", "RI"] and result.points == 30
    assert state.log[-2].values["four_cards"] == ("CT", "MA", "NY", "RI")
    assert "Connecticut, Massachusetts, New York, Rhode Island" in said(state.log[-2])
    # Declare() names no split at all; a hand with ten splits scores its best one too.
    hand = ["UT", "CO", "NM", "AZ", "WY", "ID", "NV"]
    assert len(melds.winning_splits(cards(hand))) == 10
    state = BorderCapGin.from_hands([hand, JUNK[1]], phase="declare")
    state.apply(Declare())
    assert state.scores == [30, 0]


# ----------------------------------------------------------------- deck, void rounds, deal


def test_empty_deck_turns_the_pile_except_its_top_card_into_a_new_deck():
    hands = [JUNK[0], JUNK[1]]
    placed = {u for h in hands for u in h} | {"UT"}
    pile = [x.usps for x in deck() if x.usps not in placed]
    state = BorderCapGin.from_hands(hands, pile=pile, deck_top=["UT"], seed=8)
    top = state.pile[-1]
    state.apply(Draw())
    assert state.pile == [top]
    assert len(state.deck) == len(pile) - 1
    assert codes(state.deck) == codes(cards(pile[:-1]))
    assert codes(state.all_cards()) == codes(deck())
    assert state.log[-2:] == [Event("draws", seat=0), Event("deck_turned_over", count=34)]
    assert said(state.log[-1]) == (
        "The deck is empty: the discard pile except its top card is shuffled into a new deck "
        "of 34 cards."
    )
    again = BorderCapGin.from_hands(hands, pile=pile, deck_top=["UT"], seed=8)
    again.apply(Draw())
    assert again.deck == state.deck  # shuffled from the state's generator


def test_face_down_cards_go_into_the_new_deck():
    hands = [JUNK[0], JUNK[1]]
    placed = {u for h in hands for u in h} | {"UT", "OK", "KS"}
    pile = [x.usps for x in deck() if x.usps not in placed]
    state = BorderCapGin.from_hands(
        hands, pile=pile, deck_top=["UT"], face_down=[("OK", 0), ("KS", 1)]
    )
    state.apply(Draw())
    assert state.face_down == []
    assert {"OK", "KS"} <= set(codes(state.deck))
    assert len(state.deck) == len(pile) - 1 + 2


def test_the_top_card_may_still_be_taken_after_the_pile_is_turned_over():
    hands = [JUNK[0], JUNK[1]]
    placed = {u for h in hands for u in h} | {"UT"}
    pile = [x.usps for x in deck() if x.usps not in placed]
    state = BorderCapGin.from_hands(hands, pile=pile, deck_top=["UT"])
    state.apply(Draw())
    state.apply(Discard(c("AK")))
    state.apply(END_TURN)
    assert state.legal_actions()[0] == Take(c("AK"))


def test_a_round_without_winner_after_200_turns_is_void_and_redealt():
    state = BorderCapGin.from_hands([JUNK[0], JUNK[1]], pile=["TX"], turn=MAX_TURNS - 1, to_act=1)
    dealer = state.dealer
    state.apply(Draw())
    state.apply(Discard(state.hands[1][0]))
    state.apply(END_TURN)  # turn 199 ends: play goes on
    assert state.round_index == 0 and state.turn == MAX_TURNS
    state.apply(Draw())
    state.apply(Discard(state.hands[0][0]))
    state.apply(END_TURN)  # turn 200 ends without a winner
    assert state.round_index == 1 and state.voids == 1
    assert state.scores == [0, 0] and state.results[-1].winner is None
    assert state.dealer == (dealer + 1) % 2
    assert state.turn == 1 and len(state.hands[(state.dealer + 1) % 2]) == 8
    assert state.log[-2] == Event("void_round", round=1, turns=MAX_TURNS)
    assert said(state.log[-2]) == "Round 1 is void: no winner after 200 turns, no score."


def test_the_200th_turn_may_still_win():
    state = _win_by_taking("VT", PLAIN_WIN, turn=MAX_TURNS)
    assert isinstance(state.legal_actions()[0], Declare)
    state.apply(state.legal_actions()[0])
    assert state.scores == [20, 0] and state.voids == 0


@pytest.mark.parametrize(("scores", "winner"), [([20, 0], 0), ([0, 30], 1), ([20, 20], None)])
def test_the_last_void_round_ends_the_game_on_the_scores(scores, winner):
    state = BorderCapGin.from_hands(
        [JUNK[0], JUNK[1]],
        phase="declare",
        turn=MAX_TURNS,
        scores=scores,
        void_rounds=MAX_VOID_ROUNDS - 1,
    )
    state.apply(END_TURN)
    assert state.is_over and state.winner == winner and state.scores == scores
    assert state.log[-2] == Event("void_round", round=1, turns=MAX_TURNS)
    if winner is None:
        assert state.log[-1] == Event("void_draw", void_rounds=MAX_VOID_ROUNDS)
        assert said(state.log[-1]) == (
            "2 void rounds end the game: the top scores are equal, a draw."
        )
    else:
        top = scores[winner]
        assert state.log[-1] == Event(
            "void_win", void_rounds=MAX_VOID_ROUNDS, seat=winner, score=top
        )
        assert said(state.log[-1]) == (
            f"2 void rounds end the game: Player {winner + 1} wins with the higher score ({top})."
        )


def test_the_deal_passes_to_the_left_each_round():
    hands = [JUNK[0], BONUS_WIN + ["TX"], JUNK[1]]
    state = BorderCapGin.from_hands(hands, phase="discard", turn=1, to_act=1, pile=())
    assert state.dealer == 0  # seat 1 opens: it sits on the dealer's left
    state.apply(Discard(c("TX")))
    state.apply(state.legal_actions()[0])
    assert state.round_index == 1 and state.dealer == 1
    assert state.current_player == 2 and len(state.hands[2]) == 8


def test_each_round_is_shuffled_anew():
    state = _win_by_taking("VT", PLAIN_WIN)
    state.apply(state.legal_actions()[0])
    assert codes(state.all_cards()) == codes(deck())
    assert not state.pile and not state.face_down
    assert state.down_left == [2, 2] and state.known == [(), ()]


# ----------------------------------------------------------------- interface


def test_check_refuses_garbage_with_a_reason():
    state = BorderCapGin.new(players=2, seed=1)
    for junk in (None, "draw", 42, object(), Take("TX"), Discard("TX"), Declare(("TX",), ())):
        reason = state.check(junk)
        assert isinstance(reason, Refusal) and "{" not in WORDS.refusal(reason)
    assert state.check(Discard("TX")) == Refusal("not_a_card", given="'TX'")
    outside = next(x for x in deck() if x not in state.hands[state.to_act])
    assert state.check(Discard(outside)) == Refusal("not_in_hand", card=outside.usps)
    assert WORDS.refusal(state.check(Discard(outside))) == f"{outside.name} is not in your hand."


def test_observation_shows_what_the_seat_may_know():
    state = BorderCapGin.from_hands(
        [JUNK[0], JUNK[1]], pile=["GA", "TX"], took=[[], ["SC"]], scores=[20, 0]
    )
    state.apply(Draw())
    state.apply(Discard(c("AK"), face_down=True))
    obs = state.observation(1)
    assert obs.hand == tuple(state.hands[1])
    assert obs.pile == (c("GA"), c("TX"))
    assert obs.took == ((), (c("SC"),))
    assert obs.face_down_count == 1 and obs.own_face_down == ()
    assert obs.face_down_left == (1, 2)
    assert obs.hand_sizes == (7, 7) and obs.deck_size == len(state.deck)
    assert obs.scores == (20, 0) and obs.dealer == state.dealer and obs.turn == 2
    assert state.observation(0).own_face_down == (c("AK"),)


def test_cards_taken_from_the_pile_are_known_until_discarded():
    state = BorderCapGin.from_hands([JUNK[0], JUNK[1]], pile=["TX"])
    state.apply(Take(c("TX")))
    assert state.observation(1).took[0] == (c("TX"),)
    state.apply(Discard(c("AK")))
    state.apply(END_TURN)
    state.apply(Draw())
    state.apply(Discard(c("CA")))
    state.apply(END_TURN)
    state.apply(Draw())
    state.apply(Discard(c("TX")))
    assert state.observation(1).took[0] == ()


def test_a_face_down_discard_makes_known_cards_uncertain():
    state = BorderCapGin.from_hands([JUNK[0], JUNK[1]], pile=["TX"])
    state.apply(Take(c("TX")))
    state.apply(Discard(c("AK"), face_down=True))
    obs = state.observation(1)
    assert obs.took[0] == ()
    bit = melds.BIT["TX"]
    assert obs.where_unseen[0] & bit and obs.where_unseen[3] & bit


def test_the_log_never_names_a_hidden_card():
    state = BorderCapGin.from_hands([JUNK[0], JUNK[1]], pile=["TX"], deck_top=["UT"])
    state.apply(Draw())
    state.apply(Discard(c("AK"), face_down=True))
    assert state.log[-2:] == [Event("draws", seat=0), Event("discards_face_down", seat=0, left=1)]
    assert not any({"UT", "AK"} & set(map(str, event.values.values())) for event in state.log)
    text = " ".join(said(event) for event in state.log)
    assert "Utah" not in text and "Alaska" not in text
    assert text.endswith(
        "Player 1 draws from the deck. Player 1 discards a card face down (1 face-down discard "
        "left this round)."
    )
    assert said(Event("discards_face_down", seat=1, left=0)) == (
        "Player 2 discards a card face down (0 face-down discards left this round)."
    )


def test_from_observation_keeps_what_the_seat_has_seen():
    state = BorderCapGin.from_hands([JUNK[0], JUNK[1]], pile=["GA", "TX"], took=[[], ["SC"]])
    rng = random.Random(4)
    for _ in range(20):
        world = BorderCapGin.from_observation(state.observation(0), rng)
        assert world.log == [Event("sampled_deal", seat=0)]
        assert said(world.log[0]) == "(A deal sampled from Player 1's view.)"
        assert world.observation(0) == state.observation(0)
        assert c("SC") in world.hands[1]
        assert codes(world.all_cards()) == codes(deck())


def test_from_observation_respects_cards_turned_into_the_deck():
    hands = [JUNK[0], JUNK[1]]
    placed = {u for h in hands for u in h} | {"UT"}
    pile = [x.usps for x in deck() if x.usps not in placed]
    state = BorderCapGin.from_hands(hands, pile=pile, deck_top=["UT"], to_act=1)
    state.apply(Draw())  # seat 1 draws the last card: the pile becomes the deck
    state.apply(Discard(c("CA")))
    state.apply(END_TURN)
    rng = random.Random(1)
    for _ in range(20):
        world = BorderCapGin.from_observation(state.observation(0), rng)
        # seat 1 drew nothing since: its hand is its old hand, which seat 0 cannot name, but
        # none of the 34 recycled cards can be in it
        recycled = set(pile[:-1])
        assert not recycled & set(codes(world.hands[1]))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 500), players=st.integers(2, 4))
def test_sampled_states_agree_with_the_observation(seed, steps, players):
    state = BorderCapGin.new(players=players, seed=seed)
    random_play(state, steps, seed)
    rng = random.Random(seed)
    for seat in range(players):
        obs = state.observation(seat)
        # the truth is one of the states the observation allows
        for place in range(players):
            for x in state.hands[place]:
                if place != seat and x not in state.known[place]:
                    assert obs.where_unseen[place] & melds.BIT[x.usps]
        for x in state.deck:
            assert obs.where_unseen[players] & melds.BIT[x.usps]
        world = BorderCapGin.from_observation(obs, rng)
        assert world.observation(seat) == obs
        assert codes(world.all_cards()) == codes(deck())
        for place in range(players):
            for x in world.hands[place]:
                if place != seat and x not in world.known[place]:
                    assert obs.where_unseen[place] & melds.BIT[x.usps]


def test_value_follows_the_scores_during_the_game():
    state = BorderCapGin.from_hands([JUNK[0], JUNK[1]], pile=["TX"], scores=[30, 10])
    assert state.value(0) > 0.5 > state.value(1)


# ----------------------------------------------------------------- bots


def _complete(seat: int, cls=MediumBot):
    return cls(seat, 1, knowledge=Knowledge.complete())


def test_bot_declares_the_win_it_sees_and_prefers_the_bonus():
    state = BorderCapGin.from_hands(
        [["UT", "CO", "NM", "AZ", "WY", "ID", "NV"], JUNK[1]], phase="declare"
    )
    action = _complete(0).act(state.observation(0))
    assert isinstance(action, Declare) and melds.has_bonus(action.four)


def test_bot_does_not_see_a_meld_it_does_not_remember():
    full = Knowledge.complete()
    borders = dict(full.borders)
    borders["NH"] = borders["NH"] - {"VT"}
    borders["VT"] = borders["VT"] - {"NH"}
    capitals = full.capitals - {"ME", "NH", "VT"}
    partial = Knowledge(borders, capitals)
    state = BorderCapGin.from_hands([PLAIN_WIN, JUNK[1]], phase="declare")
    assert isinstance(state.legal_actions()[0], Declare)
    assert EasyBot(0, 1, knowledge=partial).act(state.observation(0)) == EndTurn()
    assert isinstance(EasyBot(0, 1, knowledge=full).act(state.observation(0)), Declare)


def test_bot_takes_the_card_that_completes_its_win_and_keeps_the_win():
    hand = [u for u in BONUS_WIN if u != "VT"] + ["HI"]
    state = BorderCapGin.from_hands([hand, JUNK[1]], pile=["AK", "VT"])
    for cls in (EasyBot, MediumBot):
        s = state.clone()
        bot = _complete(0, cls)
        s.apply(bot.act(s.observation(0)))
        assert s.hands[0][-1] == c("VT")
        s.apply(bot.act(s.observation(0)))
        assert s.pile[-1] == c("HI")
        assert isinstance(bot.act(s.observation(0)), Declare)


def test_medium_bot_discards_face_down_what_the_opponent_collects():
    # Seat 1 took Kansas; seat 0 would throw away Oklahoma, which borders Kansas.
    hand = ["ME", "NH", "VT", "MA", "CT", "RI", "OK", "HI"]
    state = BorderCapGin.from_hands(
        [hand, ["KS"] + JUNK[1][:6]], phase="discard", took=[[], ["KS"]], pile=["AK"]
    )
    action = _complete(0).act(state.observation(0))
    assert action.card in (c("OK"), c("HI"))
    if action.card == c("OK"):
        assert action.face_down


@pytest.mark.parametrize("players", [2, 4])
def test_bots_play_whole_games_with_legal_moves(players):
    state = BorderCapGin.new(players=players, seed=8)
    bots = [(EasyBot if s % 2 else MediumBot)(s, s) for s in range(players)]
    n = 0
    while not state.is_over:
        seat = state.current_player
        action = bots[seat].act(state.observation(seat))
        assert state.check(action) is None
        state.apply(action)
        n += 1
    assert n <= BorderCapGin.max_actions and state.winner is not None


def test_observation_sets_every_field():
    state = BorderCapGin.new(players=2, seed=6)
    obs = state.observation(0)
    assert set(vars(obs)) == {f.name for f in dataclasses.fields(obs)}
    with pytest.raises(dataclasses.FrozenInstanceError):
        obs.turn = 5


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"hands": [JUNK[0], JUNK[0]]}, "twice"),
        ({"hands": [JUNK[0][:6], JUNK[1]]}, "must hold 7 cards"),
        ({"hands": [JUNK[0], JUNK[1]], "phase": "discard"}, "must hold 8 cards"),
        ({"hands": [JUNK[0], JUNK[1]], "to_act": 2}, "to_act"),
        ({"hands": [JUNK[0], JUNK[1]], "turn": MAX_TURNS + 1}, "turn"),
        ({"hands": [JUNK[0], JUNK[1]], "phase": "bidding"}, "phase"),
    ],
)
def test_from_hands_refuses_impossible_positions(kwargs, words):
    with pytest.raises(ValueError, match=words):
        BorderCapGin.from_hands(**kwargs)


def test_simulate_counts_the_face_down_openings_and_finds_none():
    from engine.simulate import EVENTS, format_report, simulate

    game, opening_down = EVENTS["face_down_openings"]
    state = BorderCapGin.new(players=2, seed=4)
    card = state.hands[state.current_player][0]
    assert game == "bordercap_gin" and opening_down(state, Discard(card, face_down=True))
    assert not opening_down(state, Discard(card))
    result = simulate("bordercap_gin", 20, ["medium", "medium"], seed=3)
    assert result["events"] == {"face_down_openings": 0}
    assert "face down openings: 0" in format_report(result)
    assert simulate("reverse_war", 2)["events"] == {}


# ----------------------------------------------------------------- odds (the hints and the bots)


def test_live_cards_are_the_cards_that_may_still_come():
    state = BorderCapGin.from_hands([JUNK[0], JUNK[1]], pile=["GA", "TX"], took=[[], ["SC"]])
    state.apply(Draw())
    state.apply(Discard(c("AK"), face_down=True))
    obs = state.observation(0)
    live = set(codes(odds.live_cards(obs)))
    out = set(codes(obs.hand)) | {"GA", "TX", "AK", "SC"}  # hand, pile, own face-down, taken
    assert live == {x.usps for x in deck()} - out
    assert odds.live_mask(obs) == melds.mask_of(odds.live_cards(obs))


def test_has_win_and_outs_by_the_true_map():
    assert odds.has_win(cards(BONUS_WIN)) and odds.has_win(cards(LETTER_WIN))
    assert not odds.has_win(cards(JUNK[0])) and not odds.has_win(cards(BONUS_WIN[:6]))
    # Tennessee, Kentucky, Missouri, Arkansas and Maine, New Hampshire, with Texas: Vermont or
    # Massachusetts (New Hampshire borders Maine and either) completes the win, Alaska does not.
    hand = cards([*BONUS_WIN[:6], "TX"])
    assert set(codes(odds.outs(hand, cards(["VT", "AK", "MA"])))) == {"VT", "MA"}
    assert odds.outs(cards(JUNK[0]), cards(["VT", "TX"])) == []


# ----------------------------------------------------------------- linked cards (the hints)


def test_two_cards_are_linked_by_a_border_or_a_capital_letter():
    assert melds.linked(c("AZ"), c("CO"))  # Four Corners
    assert melds.linked(c("OR"), c("IL"))  # Salem, Springfield
    assert not melds.linked(c("MN"), c("MI"))  # only water between them; Saint Paul, Lansing
    assert not melds.linked(c("TX"), c("TX"))
    links = melds.links_in(cards(["TN", "KY", "SC", "OH", "HI"]))
    assert codes(links["TN"]) == ["KY"] and codes(links["SC"]) == ["OH"]
    assert links["HI"] == []


def test_stars_letter_sets_and_border_pairs_of_a_hand():
    hand = cards(["TN", "KY", "MO", "AR", "SC", "OH", "NV", "WY"])
    stars = [(hub.usps, [o.usps for o in around]) for hub, around in melds.stars(hand)]
    assert stars == [  # the largest first, then by name; the others in the hand's order
        ("KY", ["TN", "MO", "OH"]),
        ("MO", ["TN", "KY", "AR"]),
        ("TN", ["KY", "MO", "AR"]),
        ("AR", ["TN", "MO"]),
    ]
    sets = [(k, [o.usps for o in v]) for k, v in melds.letter_sets(hand)]
    assert sets == [("C", ["SC", "OH", "NV", "WY"])]  # Columbia, Columbus, Carson City, Cheyenne
    pairs = [(a.usps, b.usps) for a, b in melds.border_pairs(hand)]
    assert pairs == [
        ("TN", "KY"),
        ("TN", "MO"),
        ("TN", "AR"),
        ("KY", "MO"),
        ("KY", "OH"),
        ("MO", "AR"),
    ]


def test_best_groups_is_the_win_or_the_largest_cover():
    assert melds.best_groups(cards(BONUS_WIN)) == melds.best_split(cards(BONUS_WIN))
    groups = melds.best_groups(cards(["TN", "KY", "MO", "AR", "ME", "NH", "HI"]))
    assert [len(g) for g in groups] == [4]
    assert melds.best_groups(cards(JUNK[0])) == ()


def test_the_discard_advice_ranks_a_win_first():
    from engine.bordercap_gin.advice import discard_advice

    state = BorderCapGin.from_hands([[*BONUS_WIN, "HI"], JUNK[1]], phase="discard", pile=["AK"])
    advice = discard_advice(state.observation(0))
    assert advice.best == c("HI") and "HI" in advice.wins and advice.outs["HI"] == 0
    assert set(advice.outs) == set(BONUS_WIN) | {"HI"}


def test_the_take_advice_says_what_the_discard_would_do():
    from engine.bordercap_gin.advice import take_advice

    state = BorderCapGin.from_hands([[*BONUS_WIN[:6], "HI"], JUNK[1]], pile=["AK", "VT"])
    advice = take_advice(state.observation(0))
    assert advice.card == c("VT") and advice.discard == c("HI") and advice.win is not None
    state = BorderCapGin.from_hands([JUNK[0], JUNK[1]], pile=["TX", "GA"])
    advice = take_advice(state.observation(0))
    assert advice.win is None and not advice.group and codes(advice.borders) == ["FL"]
    state.apply(Draw())
    assert take_advice(state.observation(0)) is None  # not the draw any more


def test_a_face_down_discard_helps_against_a_card_the_other_took():
    from engine.bordercap_gin.advice import face_down_helps

    hand = ["ME", "NH", "VT", "MA", "CT", "RI", "OK", "HI"]
    state = BorderCapGin.from_hands(
        [hand, ["KS"] + JUNK[1][:6]], phase="discard", took=[[], ["KS"]], pile=["AK"]
    )
    obs = state.observation(0)
    assert face_down_helps(obs, c("OK")) == [c("KS")] and face_down_helps(obs, c("HI")) == []
    opening = BorderCapGin.new(players=2, seed=1)
    obs = opening.observation(opening.current_player)
    assert all(face_down_helps(obs, x) == [] for x in obs.hand)  # the opening is face up


def test_the_opener_the_opening_and_the_face_down_allowance_are_named_once():
    from engine.bordercap_gin.rounds import face_down_discards, opener
    from engine.bordercap_gin.turns import is_opening

    state = BorderCapGin.new(players=3, seed=4)
    assert state.current_player == opener(state.dealer, 3) and is_opening(state)
    assert is_opening(state.observation(0))
    state.apply(state.legal_actions()[0])
    assert not is_opening(state)
    assert (face_down_discards(2), face_down_discards(3), face_down_discards(4)) == (2, 0, 0)
