"""The words of the game (being split out of ``board.py``)."""

from ui.games.geopower_toss.board import WORDS

__all__ = ["WORDS"]
