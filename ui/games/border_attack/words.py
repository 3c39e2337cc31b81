"""The words of the game (being split out of ``board.py``)."""

from ui.games.border_attack.board import WORDS

__all__ = ["WORDS"]
