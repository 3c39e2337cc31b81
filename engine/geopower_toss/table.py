"""What a game of GeoPower Toss keeps: the fields of
:class:`~engine.geopower_toss.state.GeoPowerToss`, declared once for the parts of its rules
(:mod:`.draft`, :mod:`.calls`, :mod:`.tricks`, :mod:`.scoring`), each a class over
:class:`Table` that the state combines.

What the observation shows is kept in tuples (replaced, never mutated), so a view and a clone
share them; only the hands and the stock are lists. A change to anything the public view shows
sets ``_view`` to ``None``.
"""

from __future__ import annotations

import random

from engine.cards import Card, Category
from engine.core import GameState
from engine.geopower_toss.observation import PublicView, RoundResult, Trick


class Table(GameState):
    """The fields of a game of GeoPower Toss (see :mod:`engine.geopower_toss.state`).

    Per-seat tuples are indexed by seat, ``team_scores`` and ``unit_tricks`` by unit (a team
    in a team game, else a seat); ``team[seat]`` is the seat's unit.
    """

    seed: int | None
    players: int
    teams: int | None
    units: int
    team: tuple[int, ...]
    team_scores: tuple[int, ...]
    round_no: int
    dealer: int
    hands: list[list[Card]]
    stock: list[Card]
    power_deck: tuple[Category, ...]
    dealt_power: tuple[Category, ...]
    face_up: tuple[Category, ...]
    removed: tuple[tuple[int, Category], ...]
    category: Category | None
    phase: str
    turn: int
    leader: int
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    unit_tricks: tuple[int, ...]
    voids: tuple[frozenset[str], ...]
    calls: tuple[tuple[int, int], ...]
    results: tuple[RoundResult, ...]
    capped: bool
    target: int  # the score that ends the game (TARGET, or 30 for a shorter game)
    _winner: int | None
    _view: PublicView | None  # cache of public_view(); None after any change it shows
    _rng: random.Random
    _rng_shared: bool  # True when a clone shares ``_rng``: copy it before drawing
