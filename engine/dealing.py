"""Dealing the cards a seat cannot see, consistently with what it has seen.

A search bot turns an observation back into a full state (``from_observation``): the cards the
seat knows stay where it saw them, and the others (the *unseen* cards) are dealt at random to
the places it cannot look into (the other hands, the deck, a stock, a face-down stack). The
observation fixes how many cards each place holds, and may rule a place out for a card: a
player who did not follow a Zone holds no card of it; a card turned into a new deck cannot be in
a hand whose player has not drawn since. :func:`deal` is the one dealer of every game.

- Every card goes to exactly one place the constraints allow, and each place gets exactly its
  number of cards; a deal is found whenever one exists (else ``ValueError``).
- Randomness comes only from the generator passed in: the same generator state deals the same
  cards. Without constraints the deal is a shuffle cut into the places in order (every split
  equally likely); with constraints the cards are placed most constrained first, each into a
  place drawn in proportion to the room it has left, and a dead end is repaired by moving
  placed cards along an augmenting path.
- The cards of a place come in the order they were placed: random without constraints, a
  caller that needs a random order with constraints (a deck to draw from) shuffles it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from typing import TypeVar

T = TypeVar("T")


def deal(
    cards: Sequence[T],
    sizes: Sequence[int],
    rng: random.Random,
    allowed: Callable[[T], Collection[int]] | None = None,
) -> list[list[T]]:
    """Deal ``cards`` at random into ``len(sizes)`` places of ``sizes[i]`` cards each.

    ``allowed(card)`` lists the places that may hold ``card`` (default: every place). The cards
    are shuffled with ``rng`` first, so their order in ``cards`` matters only for determinism.
    """
    if sum(sizes) != len(cards):
        raise ValueError(f"{len(cards)} cards cannot fill places of {sum(sizes)} cards.")
    order = list(cards)
    rng.shuffle(order)
    places = range(len(sizes))
    options = None if allowed is None else [list(allowed(card)) for card in order]
    used = {i for i in places if sizes[i]}
    if options is None or all(used <= set(o) for o in options):
        out, start = [], 0
        for size in sizes:
            out.append(order[start : start + size])
            start += size
        return out
    piles = _place(options, sizes, rng)
    return [[order[k] for k in pile] for pile in piles]


def _place(options: list[list[int]], sizes: Sequence[int], rng: random.Random) -> list[list[int]]:
    """Card ``k`` (an index) into one of ``options[k]``: most constrained cards first, each into
    a place with room drawn in proportion to that room; stuck cards by augmenting paths."""
    piles: list[list[int]] = [[] for _ in sizes]
    stuck = []
    for k in sorted(range(len(options)), key=lambda k: len(options[k])):
        room = [i for i in options[k] if len(piles[i]) < sizes[i]]
        if not room:
            stuck.append(k)
            continue
        weights = [sizes[i] - len(piles[i]) for i in room]
        piles[rng.choices(room, weights)[0]].append(k)
    for k in stuck:
        if not _augment(k, options, piles, sizes, set()):
            raise ValueError("No deal of the unseen cards fits the observation.")
    return piles


def _augment(
    k: int,
    options: list[list[int]],
    piles: list[list[int]],
    sizes: Sequence[int],
    visited: set[int],
) -> bool:
    """Place card ``k``, moving placed cards along an augmenting path if needed (each place
    visited once per path)."""
    for i in options[k]:
        if i in visited:
            continue
        visited.add(i)
        if len(piles[i]) < sizes[i]:
            piles[i].append(k)
            return True
        for j in list(piles[i]):
            piles[i].remove(j)
            if _augment(j, options, piles, sizes, visited):
                piles[i].append(k)
                return True
            piles[i].append(j)
    return False
