"""Generic checks every game must pass, in the spirit of OpenSpiel's random-simulation tests.

For every game and every legal set-up (player count, teams), Hypothesis picks a deal and a
stream of random legal choices. At every step of the game we check that:

- all 50 GeoPlunge cards are accounted for exactly once (``all_cards()``);
- ``legal_actions()`` is non-empty until the game is over, empty (and no player) after, and
  each seat's observation lists exactly the actions it may take now.

At every one of the first 60 steps, and at one step in eight after that (random games of
GeoPower Toss for 6 reach 2,000 steps), we also check that:

- ``clone()`` equals the original and is independent of it;
- illegal actions (garbage objects, another game's actions, an action of a wrong phase or of
  another moment, a card not in the hand) are refused with a reason and change nothing, and
  the game's words say each reason in a sentence (:mod:`ui.games.refusals`);
- ``from_observation`` gives a state that the observing seat cannot tell from the real one,
  and ``why_not`` answers from the observation what ``check`` says (at one checked step in
  five);

And for the whole game:

- every legal action is of one of the game's declared ``actions`` classes;
- every event of its log is worded in every language (:mod:`ui.games.events`);
- the game ends within ``max_actions``; scores stay in range; ``value`` is in [0, 1];
- the same (options, seed, actions) replays to an equal state.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cards import Card, deck
from engine.core import NOT_YOUR_TURN, Event, GameState, IllegalAction, Refusal, SearchEffort
from engine.games import GAMES, game_class, new_game, player_settings
from messages import LANGUAGES, speaking
from ui.games.events import told
from ui.games.words import words_of

SETUPS = [(g, p, t) for g in GAMES for p, t in player_settings(g)]
IDS = [f"{g}-{p}p" + (f"-{t}teams" if t else "") for g, p, t in SETUPS]
DECK = set(deck())


def _score_bound(game_id: str) -> int:
    """The largest score a seat can hold, from each game's rules.

    Border Attack counts cards got rid of (25); Reverse Geography War the cards held (50);
    BorderCap Gin is first to 50 with at most 30 points a round; GeoPower Toss is first to 50
    with at most 25 a round, but ties at 50 or more play on, so allow a few more rounds.
    """
    return {"border_attack": 25, "reverse_war": 50, "bordercap_gin": 79}.get(game_id, 50 + 25 * 8)


def _garbage() -> list[Any]:
    return [None, 0, -1, 3.5, "lead", "", (), [], {}, {"card": "TX"}, object(), deck()[0], True]


def _foreign_actions(game_id: str) -> list[Any]:
    """A few legal actions of the other games (which no game may accept)."""
    found = []
    for other, cls in GAMES.items():
        if other == game_id:
            continue
        state = cls.new(players=cls.min_players, seed=1)
        found += state.legal_actions()[:3]
    return found


def _card_fields(action: Any) -> list[str]:
    if not dataclasses.is_dataclass(action):
        return []
    return [f.name for f in dataclasses.fields(action) if isinstance(getattr(action, f.name), Card)]


def _hand_of(state: GameState, seat: int) -> set[Card] | None:
    hand = getattr(state.observation(seat), "hand", None)
    return None if hand is None else set(hand)


_GAME_OF = {cls: game_id for game_id, cls in GAMES.items()}


def _assert_worded(state: GameState, reason: Any, action: Any) -> None:
    """``reason`` is a refusal that the game's words say in a whole sentence in every
    language, every value filled in."""
    assert isinstance(reason, Refusal), f"{action!r} was not refused"
    for lang in LANGUAGES:
        with speaking(lang):
            said = words_of(_GAME_OF[type(state)]).refusal(reason)
        assert said.strip(), f"{reason!r} says nothing in {lang}"
        unfilled = [name for name in reason.values if f"{{{name}}}" in said]
        assert not unfilled, f"{reason!r} reads {said!r} in {lang}"


def _assert_refused(state: GameState, action: Any) -> None:
    """``action`` is refused with a reason and leaves the state exactly as it was."""
    before = state.clone()
    reason = state.check(action)
    _assert_worded(state, reason, action)
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.refusal == reason
    assert state == before


def _assert_checked(state: GameState, action: Any) -> None:
    """Any action: refused with a reason and no change, or (when ``check`` allows it) it works."""
    before = state.clone()
    reason = state.check(action)
    if reason is None:
        trial = state.clone()
        trial.apply(action)
    else:
        _assert_worded(state, reason, action)
        with pytest.raises(IllegalAction):
            state.apply(action)
        assert state == before


def _check_cards_and_legal(state: GameState, players: int) -> list[Any]:
    """The checks made at every step: the 50 cards, and who may do what."""
    cards = state.all_cards()
    assert len(cards) == 50 and set(cards) == DECK, "cards lost or duplicated"
    legal = state.legal_actions()
    assert legal, "no legal action although the game is not over"
    seat = state.current_player
    assert seat is None or 0 <= seat < players
    for s in range(players):
        # with no seat to act, everyone acts at once (Reverse Geography War's flip)
        mine = seat is None or s == seat
        assert tuple(state.observation(s).legal) == (tuple(legal) if mine else ())
    return legal


def _check_step(
    state: GameState,
    legal: list[Any],
    players: int,
    rng: random.Random,
    seen: list[Any],
    foreign: list[Any],
) -> None:
    """The costlier checks, made at many steps: clones, and refusing illegal actions."""
    seat = state.current_player
    assert all(str(a) for a in legal)
    assert len(set(map(repr, legal))) == len(legal), "an action is listed twice"
    assert state.legal_actions() == legal, "legal_actions() is not stable"

    copy = state.clone()
    assert copy == state
    copy.step(rng.choice(legal))
    assert state.legal_actions() == legal and state == state.clone()

    for item in _garbage() + foreign:
        if item not in legal:
            _assert_refused(state, item)
    legal_types = {type(a) for a in legal}
    for item in rng.sample(seen, min(4, len(seen))):
        if item in legal:
            continue
        if type(item) not in legal_types:
            _assert_refused(state, item)
        else:
            _assert_checked(state, item)
    hand = _hand_of(state, seat) if seat is not None else None
    if hand is not None:
        action = rng.choice(legal)
        for name in _card_fields(action):
            outside = [c for c in deck() if c not in hand]
            wrong = dataclasses.replace(action, **{name: rng.choice(outside)})
            if wrong not in legal:
                _assert_refused(state, wrong)
    for s in range(players):
        value = state.value(s)
        assert 0.0 <= value <= 1.0


def _check_sample(state: GameState, cls: type[GameState], players: int, rng: random.Random) -> None:
    """A state sampled from a seat's observation looks the same to that seat."""
    seat = state.current_player if state.current_player is not None else rng.randrange(players)
    obs = state.observation(seat)
    sample = cls.from_observation(obs, random.Random(rng.random()))
    assert sample.observation(seat) == obs
    assert sorted(c.usps for c in sample.all_cards()) == sorted(c.usps for c in deck())
    if seat == state.current_player:
        assert sample.legal_actions() == state.legal_actions()


def _check_why_not(
    state: GameState, cls: type[GameState], players: int, rng: random.Random, foreign: list[Any]
) -> None:
    """``why_not`` answers from an observation with ``check``'s own sentence: for the seat to
    act, for its legal actions (``None``) and for refused ones; any other seat is told it is not
    its turn."""
    seat = state.current_player
    mine = rng.randrange(players) if seat is None else seat
    obs = state.observation(mine)
    legal = state.legal_actions()
    tried = rng.sample(legal, min(3, len(legal))) + rng.sample(_garbage() + foreign, 4)
    hand = _hand_of(state, mine)
    if hand is not None and legal:
        action = rng.choice(legal)
        for name in _card_fields(action):
            outside = [c for c in deck() if c not in hand]
            tried.append(dataclasses.replace(action, **{name: rng.choice(outside)}))
    for action in tried:
        assert cls.why_not(obs, action) == state.check(action), action
    if seat is not None:
        other = (seat + 1) % players
        assert cls.why_not(state.observation(other), legal[0]) == NOT_YOUR_TURN


def _play(
    game_id: str, players: int, teams: int | None, seed: int, choices: int, checks: bool
) -> tuple[GameState, list[Any]]:
    cls = game_class(game_id)
    state = new_game(game_id, players=players, teams=teams, seed=seed)
    rng = random.Random(choices)
    foreign = _foreign_actions(game_id) if checks else []
    seen: list[Any] = []
    actions: list[Any] = []
    while not state.is_over:
        legal = _check_cards_and_legal(state, players)
        # every step of a short game; in long ones the first 60 steps, then one in eight
        if checks and (len(actions) < 60 or rng.random() < 0.125):
            _check_step(state, legal, players, rng, seen, foreign)
            if rng.random() < 0.2:
                _check_sample(state, cls, players, rng)
                _check_why_not(state, cls, players, rng, foreign)
        assert all(type(a) in cls.actions for a in legal), "an action class is not declared"
        seen += legal[:3]
        action = rng.choice(legal)
        if rng.random() < 0.5:
            state.apply(action)
        else:
            state.step(action)
        actions.append(action)
        assert len(actions) <= cls.max_actions, "the game ran past max_actions"
    return state, actions


def _check_over(state: GameState, cls: type[GameState], game_id: str, players: int) -> None:
    assert state.legal_actions() == []
    assert state.current_player is None
    for s in range(players):
        assert tuple(state.observation(s).legal) == ()
    _assert_refused(state, deck()[0])
    cards = state.all_cards()
    assert len(cards) == 50 and set(cards) == DECK
    scores = state.scores
    assert len(scores) == players
    assert all(isinstance(x, int) and 0 <= x <= _score_bound(game_id) for x in scores)
    units = {state.team_of(s) for s in range(players)}
    assert state.winner is None or state.winner in units
    for s in range(players):
        expected = 0.5 if state.winner is None else float(state.team_of(s) == state.winner)
        assert state.value(s) == expected


@pytest.mark.parametrize(("game_id", "players", "teams"), SETUPS, ids=IDS)
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), choices=st.integers(0, 2**32 - 1))
def test_random_game_keeps_every_invariant(
    game_id: str, players: int, teams: int | None, seed: int, choices: int
) -> None:
    cls = game_class(game_id)
    state, actions = _play(game_id, players, teams, seed, choices, checks=True)
    _check_over(state, cls, game_id, players)
    replayed = new_game(game_id, players=players, teams=teams, seed=seed).replay(actions)
    assert replayed == state
    _assert_told(game_id, state.log)


def _assert_told(game_id: str, log: list[Any]) -> None:
    """Every event of a game's log is worded in every language, every value filled in."""
    assert log, "nothing logged"
    for event in log:
        assert isinstance(event, Event), f"{event!r} is not an event"
        for lang in LANGUAGES:
            with speaking(lang):
                said = told(event, game_id)
            unfilled = [name for name in event.values if f"{{{name}}}" in said]
            assert said.strip() and not unfilled, f"{event!r} reads {said!r} in {lang}"


@pytest.mark.parametrize(("game_id", "players", "teams"), SETUPS, ids=IDS)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), choices=st.integers(0, 2**32 - 1))
def test_random_games_end_within_bounds_and_replay(
    game_id: str, players: int, teams: int | None, seed: int, choices: int
) -> None:
    cls = game_class(game_id)
    state, actions = _play(game_id, players, teams, seed, choices, checks=False)
    _check_over(state, cls, game_id, players)
    again, again_actions = _play(game_id, players, teams, seed, choices, checks=False)
    assert again == state and again_actions == actions
    assert new_game(game_id, players=players, teams=teams, seed=seed).replay(actions) == state


@pytest.mark.parametrize("game_id", list(GAMES))
def test_same_seed_same_deal_and_seed_is_kept(game_id: str) -> None:
    cls = game_class(game_id)
    players = cls.min_players
    assert new_game(game_id, players=players, seed=42) == new_game(game_id, players, seed=42)
    assert new_game(game_id, players=players, seed=42) != new_game(game_id, players, seed=43)
    state = new_game(game_id, players=players)
    assert isinstance(state.seed, int)
    assert new_game(game_id, players=players, seed=state.seed) == state


@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_game_declares_its_interface(game_id: str) -> None:
    """What the registry, the move codec and the search bot read from a game's class: its
    actions (frozen dataclasses, every legal action one of them: checked in every random game),
    its bots (easy and medium when someone decides, none for a game of pure chance: each plays
    a legal move), its search effort, the bound on its length (respected by every random game)."""
    cls = game_class(game_id)
    assert cls.game_id == game_id
    assert isinstance(cls.title, str) and cls.title
    assert 2 <= cls.min_players <= cls.max_players <= 6
    assert isinstance(cls.max_actions, int) and cls.max_actions > 0
    assert cls.actions and len({a.__name__ for a in cls.actions}) == len(cls.actions)
    for action_class in cls.actions:
        assert dataclasses.is_dataclass(action_class)
        assert action_class.__dataclass_params__.frozen  # type: ignore[attr-defined]
    effort = cls.search
    assert isinstance(effort, SearchEffort) and effort.iterations >= 1 and effort.steps >= 1
    assert effort.rollout_limit is None or effort.rollout_limit >= 1
    state = new_game(game_id, players=cls.min_players, seed=3)
    seat = state.current_player
    assert set(cls.bots) == (set() if seat is None else {"easy", "medium"})
    for bot_class in cls.bots.values():
        assert state.check(bot_class(seat, 1).act(state.observation(seat))) is None


@pytest.mark.parametrize("game_id", list(GAMES))
def test_invalid_setups_raise_value_error(game_id: str) -> None:
    cls = game_class(game_id)
    bad: list[dict[str, Any]] = [
        {"players": cls.min_players - 1},
        {"players": cls.max_players + 1},
        {"players": 0},
        {"players": cls.min_players, "no_such_option": 1},
        {"players": 2, "teams": 2},
        {"players": cls.max_players, "teams": 1},
        {"players": cls.max_players, "teams": cls.max_players + 1},
    ]
    for kwargs in bad:
        with pytest.raises(ValueError) as info:
            new_game(game_id, seed=0, **kwargs)
        assert str(info.value), f"no message for {kwargs}"


def test_unknown_game_is_refused_clearly() -> None:
    with pytest.raises(ValueError, match="unknown game 'chess'.*border_attack"):
        new_game("chess")
    with pytest.raises(ValueError, match="unknown game"):
        game_class(None)  # type: ignore[arg-type]


def test_player_settings_follow_the_rules() -> None:
    """Player counts and teams from the rules README, as the games accept them."""
    assert player_settings("border_attack") == [(2, None)]
    assert player_settings("reverse_war") == [(2, None)]
    assert player_settings("bordercap_gin") == [(2, None), (3, None), (4, None)]
    toss = player_settings("geopower_toss")
    assert [s for s in toss if s[1] is None] == [(p, None) for p in range(2, 7)]
    assert sorted(s for s in toss if s[1] is not None) == [(4, 2), (6, 2), (6, 3)]
