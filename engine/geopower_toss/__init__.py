"""GeoPower Toss, a trick-taking game for 2 to 6 players, alone or in teams (rules: :mod:`.state`).

The game in parts: :mod:`.actions` (the moves), :mod:`.observation` (what a seat may know, and
the round's records), :mod:`.odds` (what a player can work out from it: unseen cards, who may
hold them, the chance a card holds), :mod:`.bots` (easy and medium), :mod:`.stats` (what a
simulation counts) and :mod:`.state` (the rules), made of :mod:`.table` (the fields),
:mod:`.draft`, :mod:`.calls`, :mod:`.tricks` (following the Zone, the trick's winner) and
:mod:`.scoring`.
"""

from engine.core import TARGETS
from engine.geopower_toss.actions import (
    CALL,
    CATEGORIES,
    PASS,
    REMOVE,
    Call,
    Pass,
    Play,
    Remove,
    play_action,
)
from engine.geopower_toss.bots import BOTS, EasyBot, MediumBot
from engine.geopower_toss.draft import GEOPOWER_DECK, HAND_SIZE
from engine.geopower_toss.observation import (
    CALL_TRICKS,
    CALLS,
    DRAFT,
    OVER,
    PLAY,
    TRICKS_BEFORE_CALL_CLOSES,
    GeoPowerObservation,
    PublicView,
    RoundResult,
    Trick,
    winning_play,
)
from engine.geopower_toss.scoring import (
    CALL_BONUS,
    MAX_ROUNDS,
    MOST_TRICKS,
    TARGET,
    TIED_FOR_MOST,
)
from engine.geopower_toss.state import GeoPowerToss

__all__ = [
    "BOTS",
    "CALL",
    "CALLS",
    "CALL_BONUS",
    "CALL_TRICKS",
    "CATEGORIES",
    "DRAFT",
    "GEOPOWER_DECK",
    "HAND_SIZE",
    "MAX_ROUNDS",
    "MOST_TRICKS",
    "OVER",
    "PASS",
    "PLAY",
    "REMOVE",
    "TARGET",
    "TARGETS",
    "TIED_FOR_MOST",
    "TRICKS_BEFORE_CALL_CLOSES",
    "Call",
    "EasyBot",
    "GeoPowerObservation",
    "GeoPowerToss",
    "MediumBot",
    "Pass",
    "Play",
    "PublicView",
    "Remove",
    "RoundResult",
    "Trick",
    "play_action",
    "winning_play",
]
