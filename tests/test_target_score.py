"""The shorter game: BorderCap Gin and GeoPower Toss played to 30 points instead of 50.

Border Attack (first to empty a hand) and Reverse Geography War (all 50 cards) have no target
score, so ``target`` is an option of the two scoring games only.
"""

import random

import pytest

from engine.bots import make_bot
from engine.games import GAMES, new_game

#: the games played to a target score (read from the registry: a new game's state says it)
SCORING_GAMES = tuple(g for g in GAMES if getattr(new_game(g, seed=0), "target", None))


def _play_out(game_id: str, seed: int, **options):
    """A medium-vs-medium game from deal ``seed``; returns the final state and the scores
    before each round's result (the running scores the game saw)."""
    state = new_game(game_id, seed=seed, **options)
    bots = [make_bot(game_id, "medium", seat, seed + seat) for seat in range(state.players)]
    seen = [tuple(state.scores)]
    for _ in range(state.max_actions):
        if state.is_over:
            break
        seat = state.current_player
        state.apply(bots[seat].act(state.observation(seat)))
        if tuple(state.scores) != seen[-1]:
            seen.append(tuple(state.scores))
    assert state.is_over
    return state, seen


@pytest.mark.parametrize("game_id", SCORING_GAMES)
@pytest.mark.parametrize("seed", [3, 11])
def test_a_game_to_30_ends_when_a_player_reaches_30(game_id, seed):
    state, seen = _play_out(game_id, seed, target=30)
    assert state.target == 30
    assert not getattr(state, "capped", False)
    # Nobody had 30 before the last scoring round, and the winner has at least 30 now.
    assert all(max(scores) < 30 for scores in seen[:-1])
    assert state.winner is not None
    assert state.scores[state.winner] >= 30
    assert state.scores[state.winner] == max(state.scores)


@pytest.mark.parametrize("game_id", SCORING_GAMES)
def test_a_game_to_50_goes_on_past_30(game_id):
    # The default is unchanged: a game to 50 does not stop when a player reaches 30.
    for seed in range(10):
        state, seen = _play_out(game_id, seed)
        assert state.target == 50
        assert max(state.scores) >= 50
        if any(30 <= max(scores) < 50 for scores in seen[:-1]):
            return
    pytest.fail("no deal in 10 where a game to 50 passed through 30 to 49 points")


@pytest.mark.parametrize("game_id", SCORING_GAMES)
@pytest.mark.parametrize("bad", [40, 0, "30", 30.0 + 0.5, True, None])
def test_target_score_must_be_30_or_50(game_id, bad):
    with pytest.raises(ValueError, match="target score must be one of"):
        new_game(game_id, seed=1, target=bad)


@pytest.mark.parametrize("game_id", SCORING_GAMES)
def test_target_score_is_kept_by_clone(game_id):
    state = new_game(game_id, seed=5, target=30)
    assert state.clone().target == 30
    assert new_game(game_id, seed=5).target == 50


@pytest.mark.parametrize("game_id", SCORING_GAMES)
def test_the_target_is_in_every_observation_and_in_every_sampled_state(game_id):
    """The hard AI plays on sampled states: they must end the game where the real one does."""
    for target in (30, 50):
        state = new_game(game_id, seed=2, target=target)
        obs = state.observation(1)
        assert obs.target == target
        assert state.__class__.from_observation(obs, random.Random(0)).target == target


@pytest.mark.parametrize("game_id", ["border_attack", "reverse_war"])
def test_games_without_a_score_take_no_target(game_id):
    with pytest.raises(ValueError):
        new_game(game_id, seed=1, target=30)
