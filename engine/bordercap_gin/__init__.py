"""BorderCap Gin, collecting a 4-group and a 3-group of bordering states or same-letter capitals
(rules: :mod:`.state`; the melds themselves: :mod:`engine.melds`).

The game in parts: :mod:`.actions` (the moves), :mod:`.observation` (what a seat may know),
:mod:`.odds` (what a player can work out from it: the live cards, the outs, the best split),
:mod:`.advice` (the hints' numbers, from the odds), :mod:`.bots` (easy and medium),
:mod:`.stats` (what a simulation counts) and :mod:`.state` (the rules), made of
:mod:`.fields`, :mod:`.rounds` and :mod:`.turns`.
"""

from engine.bordercap_gin.actions import (
    DRAW_ACTION,
    END_TURN,
    Declare,
    Discard,
    Draw,
    EndTurn,
    Take,
    declaration,
)
from engine.bordercap_gin.bots import BOTS, EasyBot, MediumBot
from engine.bordercap_gin.observation import (
    DECLARE,
    DISCARD,
    DRAW,
    OVER,
    GinObservation,
    RoundResult,
)
from engine.bordercap_gin.state import (
    BONUS_POINTS,
    FACE_DOWN_PER_ROUND,
    HAND_SIZE,
    MAX_ROUNDS,
    MAX_TURNS,
    MAX_VOID_ROUNDS,
    ROUND_POINTS,
    TARGET,
    TARGETS,
    BorderCapGin,
)

__all__ = [
    "BONUS_POINTS",
    "BOTS",
    "DECLARE",
    "DISCARD",
    "DRAW",
    "DRAW_ACTION",
    "END_TURN",
    "FACE_DOWN_PER_ROUND",
    "HAND_SIZE",
    "MAX_ROUNDS",
    "MAX_TURNS",
    "MAX_VOID_ROUNDS",
    "OVER",
    "ROUND_POINTS",
    "TARGET",
    "TARGETS",
    "BorderCapGin",
    "Declare",
    "Discard",
    "Draw",
    "EasyBot",
    "EndTurn",
    "GinObservation",
    "MediumBot",
    "RoundResult",
    "Take",
    "declaration",
]
