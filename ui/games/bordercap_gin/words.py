"""The words of the game (being split out of ``board.py``)."""

from ui.games.bordercap_gin.board import WORDS

__all__ = ["WORDS"]
