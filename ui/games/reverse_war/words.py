"""The words of the game (being split out of ``board.py``)."""

from ui.games.reverse_war.board import WORDS

__all__ = ["WORDS"]
