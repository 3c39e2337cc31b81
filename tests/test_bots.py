"""The bots: levels, determinism, the search bot's contract, and that bots see only their seat.

The key test here swaps the opponents' hidden cards for other cards consistent with the bot's
observation and checks that the bot's move does not change, for every game with decisions and
every level: a bot's move is a function of its observation and its seed alone.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from engine.bots import LEVELS, RandomBot, SearchBot, make_bot
from engine.cards import Card
from engine.core import GameState
from engine.games import GAMES, game_class, has_decisions, new_game

DECIDING = [g for g in GAMES if has_decisions(g)]
# Few determinizations keep the hard bot cheap in tests; the contract is the same.
FAST_HARD: dict[str, Any] = {"iterations": 2, "time_budget": None}


def _bot(game_id: str, level: str, seat: int, seed: int) -> Any:
    return make_bot(game_id, level, seat, seed, **(FAST_HARD if level == "hard" else {}))


def _positions(game_id: str, seed: int, count: int, players: int = 2) -> list[GameState]:
    """Some positions of a game (played by medium bots) where the seat to act has a choice."""
    state = new_game(game_id, players=players, seed=seed)
    bots = [make_bot(game_id, "medium", s, seed + s) for s in range(players)]
    rng = random.Random(seed)
    found: list[GameState] = []
    while not state.is_over and len(found) < count:
        seat = state.current_player
        obs = state.observation(seat)
        if len(obs.legal) > 1 and rng.random() < 0.3:
            found.append(state.clone())
        state.step(bots[seat].act(obs))
    return found


def _hidden_differs(a: GameState, b: GameState, seat: int) -> bool:
    """True when some opponent's hand differs between two states (as sets of cards)."""
    hands_a = getattr(a, "hands", None)
    hands_b = getattr(b, "hands", None)
    if hands_a is None or hands_b is None:
        return a.all_cards() != b.all_cards()
    return any(set(hands_a[s]) != set(hands_b[s]) for s in range(len(hands_a)) if s != seat)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game_id", DECIDING)
def test_move_unchanged_when_opponents_hidden_cards_are_swapped(game_id: str, level: str) -> None:
    """Replace every card the bot cannot see by other cards consistent with its observation
    (``from_observation``): the observation is the same, and so is the bot's move."""
    cls = game_class(game_id)
    swapped = 0
    for n, state in enumerate(_positions(game_id, seed=31, count=6)):
        seat = state.current_player
        obs = state.observation(seat)
        for k in range(3):
            other = cls.from_observation(obs, random.Random(1000 * n + k))
            swapped += _hidden_differs(state, other, seat)
            other_obs = other.observation(seat)
            assert other_obs == obs
            first = _bot(game_id, level, seat, seed=5).act(obs)
            again = _bot(game_id, level, seat, seed=5).act(other_obs)
            assert first == again
            assert first in obs.legal or other.check(first) is None
    assert swapped, "no sample changed the hidden cards: the test proves nothing"


def _cards_in(value: Any, found: set[Card], depth: int = 0) -> set[Card]:
    """Every card named anywhere in an observation (hand, table, piles, known cards …)."""
    if isinstance(value, Card):
        found.add(value)
    elif depth < 6 and isinstance(value, tuple | frozenset | list):
        for item in value:
            _cards_in(item, found, depth + 1)
    elif depth < 6 and dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            _cards_in(getattr(value, f.name), found, depth + 1)
    return found


def _swap_hidden(state: GameState, seat: int, rng: random.Random) -> tuple[GameState, int]:
    """A copy of ``state`` with hidden cards exchanged between the opponents' hands and the
    undealt cards (``deck``/``stock``). Only cards the observation of ``seat`` never names
    move, and only exchanges that leave that observation unchanged are kept (so e.g. a Zone an
    opponent has shown it lacks stays lacking). Returns the copy and the exchanges made."""
    alt = state.clone()
    obs = state.observation(seat)
    seen = _cards_in(obs, set())
    hands = alt.hands  # type: ignore[attr-defined]
    places = [hands[s] for s in range(len(hands)) if s != seat]
    places += [
        pool for name in ("deck", "stock") if isinstance(pool := getattr(alt, name, None), list)
    ]
    spots = [(p, i) for p in places for i, c in enumerate(p) if c not in seen]
    swaps = 0
    for _ in range(60):
        if len(spots) < 2:
            break
        (pa, i), (pb, j) = rng.sample(spots, 2)
        if pa is pb:
            continue
        pa[i], pb[j] = pb[j], pa[i]
        if alt.observation(seat) == obs:
            swaps += 1
        else:
            pa[i], pb[j] = pb[j], pa[i]
    return alt, swaps


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game_id", DECIDING)
def test_move_unchanged_when_hidden_cards_are_exchanged_in_the_state(
    game_id: str, level: str
) -> None:
    """The same proof without the game's own sampler: exchange hidden cards in a copy of the
    real state (opponents' hands, undealt cards); the seat's observation and move stay."""
    swaps = 0
    rng = random.Random(3)
    for state in _positions(game_id, seed=41, count=6):
        seat = state.current_player
        obs = state.observation(seat)
        alt, n = _swap_hidden(state, seat, rng)
        swaps += n
        assert alt.observation(seat) == obs
        first = _bot(game_id, level, seat, seed=9).act(obs)
        assert _bot(game_id, level, seat, seed=9).act(alt.observation(seat)) == first
    assert swaps, "no hidden card could be exchanged: the test proves nothing"


def _mutable_inside(value: Any, depth: int = 0) -> str | None:
    """The first mutable container or game state found inside an observation field."""
    if isinstance(value, GameState):
        return "a game state"
    if isinstance(value, list | dict | set | bytearray):
        return type(value).__name__
    if depth < 3 and isinstance(value, tuple | frozenset):
        for item in value:
            found = _mutable_inside(item, depth + 1)
            if found:
                return found
    return None


@pytest.mark.parametrize("game_id", list(GAMES))
def test_observation_is_frozen_and_holds_no_internals(game_id: str) -> None:
    """A bot gets a frozen dataclass: no reference to the state or its mutable lists."""
    state = new_game(game_id, players=game_class(game_id).min_players, seed=4)
    obs = state.observation(0)
    assert dataclasses.is_dataclass(obs)
    with pytest.raises(dataclasses.FrozenInstanceError):
        obs.legal = ()  # type: ignore[misc]
    for f in dataclasses.fields(obs):
        assert _mutable_inside(getattr(obs, f.name)) is None, f"{f.name} is mutable"


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game_id", DECIDING)
def test_bots_pick_legal_actions_and_repeat_with_the_same_seed(game_id: str, level: str) -> None:
    for state in _positions(game_id, seed=8, count=4):
        seat = state.current_player
        obs = state.observation(seat)
        move = _bot(game_id, level, seat, seed=3).act(obs)
        assert move in obs.legal or state.check(move) is None
        assert _bot(game_id, level, seat, seed=3).act(obs) == move


def test_random_bot_is_uniform_over_legal() -> None:
    game_id = DECIDING[0]
    state = _positions(game_id, seed=2, count=1)[0]
    obs = state.observation(state.current_player)
    bot = RandomBot(state.current_player, seed=1)
    counts: dict[Any, int] = {}
    draws = 300 * len(obs.legal)
    for _ in range(draws):
        move = bot.act(obs)
        counts[move] = counts.get(move, 0) + 1
    assert set(counts) == set(obs.legal)
    assert min(counts.values()) > 0.5 * draws / len(obs.legal)


def test_make_bot_levels_and_errors() -> None:
    assert LEVELS == ("random", "easy", "medium", "hard")
    for game_id in DECIDING:
        assert isinstance(make_bot(game_id, "random", 0, 1), RandomBot)
        assert isinstance(make_bot(game_id, "hard", 1, 1), SearchBot)
        for level in ("easy", "medium"):
            assert type(make_bot(game_id, level, 0, 1)) is game_class(game_id).bots[level]
    with pytest.raises(ValueError, match="unknown bot level 'expert'"):
        make_bot(DECIDING[0], "expert", 0, 1)
    with pytest.raises(ValueError, match="unknown game"):
        make_bot("chess", "easy", 0, 1)


def test_reverse_war_has_no_bots() -> None:
    """Nobody decides anything in Reverse Geography War: make_bot refuses it clearly."""
    assert not has_decisions("reverse_war")
    for level in LEVELS:
        with pytest.raises(ValueError, match="no decisions"):
            make_bot("reverse_war", level, 0, 1)


@pytest.mark.parametrize("game_id", DECIDING)
def test_search_bot_is_deterministic_for_a_seed_and_iteration_cap(game_id: str) -> None:
    positions = _positions(game_id, seed=13, count=4)
    for state in positions:
        seat = state.current_player
        obs = state.observation(seat)
        moves = {
            SearchBot(seat, 21, game_id, iterations=3, time_budget=None).act(obs) for _ in range(2)
        }
        assert len(moves) == 1
        assert moves.pop() in obs.legal


@pytest.mark.parametrize("game_id", DECIDING)
def test_search_bot_does_not_search_a_forced_move(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    cls = game_class(game_id)

    def refuse(*args: object, **kwargs: object) -> GameState:
        raise AssertionError("searched a forced move")

    state = new_game(game_id, seed=6)
    bots = [make_bot(game_id, "medium", s, s) for s in range(2)]
    forced = None
    while not state.is_over:
        seat = state.current_player
        obs = state.observation(seat)
        if len(obs.legal) == 1:
            forced = obs
            break
        state.step(bots[seat].act(obs))
    if forced is None:
        pytest.skip("no forced move in this game")
    bot = SearchBot(state.current_player, 1, game_id, time_budget=None)
    monkeypatch.setattr(cls, "from_observation", classmethod(refuse))
    assert bot.act(forced) == forced.legal[0]


@pytest.mark.parametrize("game_id", DECIDING)
def test_search_bot_samples_only_through_from_observation(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The search sees hidden cards only as ``from_observation`` deals them."""
    cls = game_class(game_id)
    calls: list[Any] = []
    real = cls.from_observation.__func__  # type: ignore[attr-defined]

    def spy(klass: type[GameState], obs: Any, rng: random.Random) -> GameState:
        calls.append(obs)
        return real(klass, obs, rng)

    monkeypatch.setattr(cls, "from_observation", classmethod(spy))
    state = _positions(game_id, seed=17, count=1)[0]
    seat = state.current_player
    obs = state.observation(seat)
    SearchBot(seat, 2, game_id, iterations=3, steps=10**9, time_budget=None).act(obs)
    assert len(calls) == 3 and all(c is obs for c in calls)


def test_search_bot_time_budget_stops_after_one_deal() -> None:
    game_id = DECIDING[0]
    state = _positions(game_id, seed=23, count=1)[0]
    seat = state.current_player
    obs = state.observation(seat)
    bot = SearchBot(seat, 2, game_id, iterations=1000, time_budget=0.0)
    assert bot.act(obs) in obs.legal


@pytest.mark.parametrize("game_id", DECIDING)
def test_full_games_between_all_levels_end(game_id: str) -> None:
    """Every level can play a whole game against every other one."""
    for levels in (("hard", "random"), ("easy", "medium")):
        state = new_game(game_id, seed=9)
        bots = [_bot(game_id, levels[s], s, s) for s in range(2)]
        n = 0
        while not state.is_over:
            seat = state.current_player
            obs = state.observation(seat)
            move = bots[seat].act(obs)
            state.apply(move)
            n += 1
            assert n <= game_class(game_id).max_actions
        assert all(isinstance(c, Card) for c in state.all_cards())


@pytest.mark.parametrize("game_id", DECIDING)
def test_search_bot_stops_dealing_at_its_step_budget(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a budget of one rollout action it still deals ``MIN_DEALS`` times, no more."""
    from engine import bots

    cls = game_class(game_id)
    calls: list[Any] = []
    real = cls.from_observation.__func__  # type: ignore[attr-defined]

    def spy(klass: type[GameState], obs: Any, rng: random.Random) -> GameState:
        calls.append(obs)
        return real(klass, obs, rng)

    monkeypatch.setattr(cls, "from_observation", classmethod(spy))
    state = _positions(game_id, seed=17, count=1)[0]
    seat = state.current_player
    SearchBot(seat, 2, game_id, iterations=50, steps=1, time_budget=None).act(
        state.observation(seat)
    )
    assert len(calls) == bots.MIN_DEALS


def test_search_keeps_the_policy_choice_unless_the_evidence_is_clear() -> None:
    bot = SearchBot(0, 1, DECIDING[0], time_budget=None)
    # action 1 is better on average but noisy; action 2 is better on every deal
    noisy = [[0.5, 0.5, 0.5, 0.5], [1.0, 0.0, 1.0, 0.5], [0.5, 0.5, 0.5, 0.5]]
    assert bot._choose(noisy, preferred=0) == 0
    clear = [[0.0, 0.0, 0.0, 0.0], [1.0, 0.0, 1.0, 0.5], [1.0, 1.0, 1.0, 1.0]]
    assert bot._choose(clear, preferred=0) == 2
    assert bot._choose([[0.0], [1.0]], preferred=0) == 0  # one deal is never evidence
