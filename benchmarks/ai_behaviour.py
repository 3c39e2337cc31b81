"""How the Border Attack AIs behave: lost discards, how plausible their wrong border guesses are,
and how often they announce the border list.

    PYTHONPATH=. python benchmarks/ai_behaviour.py [--games 200] [--guesses 1000] [--seed 0]

- Lost discards: medium plays medium for ``--games`` games; a discard is lost when a player
  earns one (a right guess, a won trick) with an empty hand while the deck still has cards.
- Plausible wrong border guesses: ``--guesses`` easy-AI border-set guesses (one easy bot per
  guess, a random named state with at least one border); a guess is plausible when every wrong
  state in it is within two borders of the right set (it borders a true border state, or
  borders a state that does). Also printed: the share whose wrong states are all within one
  border of the right set (neighbours of neighbours).
- Announcements: the share of the easy and medium AIs' commitments (in games against medium)
  that announce the border list rather than the state's name.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.border_attack import (  # noqa: E402
    BORDERS,
    BOTS,
    COMMIT,
    GUESS,
    BorderAttack,
    Commit,
    GuessBorders,
    GuessState,
)
from engine.cards import by_usps, deck  # noqa: E402


def distances_from(sources: frozenset[str]) -> dict[str, int]:
    """Border steps from the nearest state of ``sources`` to every reachable state."""
    cards = by_usps()
    dist = {code: 0 for code in sources}
    queue = deque(sources)
    while queue:
        code = queue.popleft()
        for other in cards[code].borders:
            if other not in dist:
                dist[other] = dist[code] + 1
                queue.append(other)
    return dist


def lost_discards(games: int, seed: int) -> tuple[int, int]:
    """Discards lost (earned with an empty hand while the deck had cards) over ``games`` medium
    games: for a right guess, and for a won trick."""
    lost_bonus = lost_win = 0
    for g in range(games):
        state = BorderAttack.new(seed=seed + g)
        bots = [BOTS["medium"](s, seed * 7919 + 2 * g + s) for s in (0, 1)]
        while not state.is_over:
            seat = state.current_player
            action = bots[seat].act(state.observation(seat))
            if state.phase == GUESS:
                card = state.committed
                right = (
                    action.usps == card.usps
                    if isinstance(action, GuessState)
                    else frozenset(action.borders) == card.borders
                )
                if right and not state.hands[state.leader] and state.deck:
                    lost_bonus += 1
            phase, deck_before = state.phase, len(state.deck)
            state.step(action)
            # The trick ended without a winner's discard although the deck had cards.
            if (
                phase in ("guess", "bonus_discard")
                and state.phase in ("lead", "over")
                and deck_before
                and not state.is_over
            ):
                lost_win += 1
    return lost_bonus, lost_win


def border_guesses(count: int, seed: int) -> tuple[float, float, int]:
    """Over ``count`` easy-AI border guesses: how many wrong guesses have all their wrong states
    within two borders of the right set, how many within one, and how many are wrong."""
    rng = random.Random(seed)
    named_pool = [c for c in deck() if c.borders]
    within2 = within1 = wrong = 0
    for i in range(count):
        bot = BOTS["easy"](1, seed * 1_000_003 + i)
        named = rng.choice(named_pool)
        obs = _guess_observation(named, rng)
        guess = bot.act(obs)
        assert isinstance(guess, GuessBorders)
        extra = frozenset(guess.borders) - named.borders
        if not extra:
            continue
        wrong += 1
        dist = distances_from(named.borders)
        far = max(dist.get(code, 99) for code in extra)
        within2 += far <= 2
        within1 += far <= 1
    return within2, within1, wrong


def _guess_observation(named, rng: random.Random):
    """The leader's observation right after the follower announced ``named``'s name."""
    others = [c for c in deck() if c != named]
    rng.shuffle(others)
    state = BorderAttack.from_hands([others[:5], [named, *others[5:9]]], seed=rng.randrange(2**31))
    lead = state.legal_actions()[0]
    state.apply(lead)
    state.apply(Commit(named, "name"))
    return state.observation(0)


def announcement_shares(games: int, seed: int) -> dict[str, tuple[float, int]]:
    """Per level (easy, medium): the share of its commitments that announce the borders."""
    out = {}
    for level in ("easy", "medium"):
        borders = commits = 0
        for g in range(games):
            state = BorderAttack.new(seed=seed + g)
            me = g % 2
            bots = {me: BOTS[level](me, seed + g), 1 - me: BOTS["medium"](1 - me, seed + g + 1)}
            while not state.is_over:
                seat = state.current_player
                action = bots[seat].act(state.observation(seat))
                if seat == me and state.phase == COMMIT:
                    commits += 1
                    borders += action.reveal == BORDERS
                state.step(action)
        out[level] = (borders / max(commits, 1), commits)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--guesses", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    bonus, win = lost_discards(args.games, args.seed)
    print(
        f"lost discards, medium vs medium: {(bonus + win) / args.games:.2f} per game "
        f"({bonus} for a right guess and {win} for a won trick in {args.games} games)"
    )
    two, one, wrong = border_guesses(args.guesses, args.seed)
    print(
        f"easy border guesses: {wrong} wrong of {args.guesses}; every wrong state within two "
        f"borders of the right set in {two} ({two / max(wrong, 1):.1%}), within one border "
        f"in {one} ({one / max(wrong, 1):.1%})"
    )
    for level, (share, commits) in announcement_shares(args.games, args.seed).items():
        print(f"{level} announces the border list in {share:.1%} of {commits} commitments")


if __name__ == "__main__":
    main()
