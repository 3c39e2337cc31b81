"""Border Attack, two players racing to get rid of their 25 cards (rules: :mod:`.state`).

The game in parts: :mod:`.actions` (the moves), :mod:`.observation` (what a seat may know),
:mod:`.odds` (what a player can work out from it: unseen cards, win chances, the guesses an
announcement allows), :mod:`.bots` (easy and medium), :mod:`.trick` (who wins a trick, whether
a guess is right), :mod:`.guessing` (a guess typed from memory) and :mod:`.state` (the rules).
"""

from engine.border_attack.actions import (
    BORDERS,
    CATEGORIES,
    NAME,
    REVEALS,
    Commit,
    Discard,
    GuessBorders,
    GuessState,
    Lead,
)
from engine.border_attack.bots import BOTS, EasyBot, MediumBot
from engine.border_attack.guessing import TypedGuess, guess_size_fits, read_guess
from engine.border_attack.observation import (
    BONUS_DISCARD,
    COMMIT,
    GUESS,
    LEAD,
    OVER,
    WIN_DISCARD,
    Announcement,
    BorderAttackObservation,
    PlayedTrick,
)
from engine.border_attack.state import HAND_SIZE, BorderAttack
from engine.border_attack.trick import guess_is_right, guessed_card, trick_winner

__all__ = [
    "BONUS_DISCARD",
    "BORDERS",
    "BOTS",
    "CATEGORIES",
    "COMMIT",
    "GUESS",
    "HAND_SIZE",
    "LEAD",
    "NAME",
    "OVER",
    "REVEALS",
    "WIN_DISCARD",
    "Announcement",
    "BorderAttack",
    "BorderAttackObservation",
    "Commit",
    "Discard",
    "EasyBot",
    "GuessBorders",
    "GuessState",
    "TypedGuess",
    "guess_size_fits",
    "read_guess",
    "Lead",
    "MediumBot",
    "PlayedTrick",
    "guess_is_right",
    "guessed_card",
    "trick_winner",
]
