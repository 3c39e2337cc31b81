"""The board protocol: what one game draws inside the page skeleton (``ui.games.page``).

A game's ``ui/games/<game_id>/board.py`` defines a :class:`GameBoard` named ``BOARD``, whose
``words`` are the game's pure half (``ui/games/<game_id>/words.py``, :mod:`ui.games.words`).
The skeleton draws the title and intro, the set-up notes, the seating's top (a shared table's
lobby and notes), the switches, the status bar, then the game (:meth:`GameBoard.body`) or its
end (:meth:`GameBoard.after_ending`), the log, the rules and the seating's bottom ("New game"
and "Play with others", or "This table"). The board draws only its own game: its cards, its
move widgets, its maps, from the session's steps.

A **seating** is how this screen sits at the game: alone against the AI (``ui.games.solo``)
or at a shared table (``ui.games.shared.lobby``); the URL decides which.
"""

from __future__ import annotations

import importlib
from typing import Protocol

from ui.games.session import GameSession
from ui.games.widgets import preference_toggles
from ui.games.words import Ending, GameWords


class GameBoard:
    """One game's drawing. Override what the game draws; ``words`` is its pure half."""

    words: GameWords

    def switches(self, session: GameSession) -> None:
        """The player's switches under the title: "Hints" and "Follow the AI step by step"."""
        preference_toggles(session)

    def after_status(self, session: GameSession) -> None:
        """What stands under the status bar, the game on or over (the teams …)."""

    def body(self, session: GameSession, waiting: bool) -> None:
        """The game in progress: the table, the hand, this seat's move widgets (or, while
        ``waiting`` for another seat, what it waits for)."""
        raise NotImplementedError

    def after_ending(self, session: GameSession) -> None:
        """What the end screen shows after its buttons (the last trick …)."""


def board_of(game_id: str) -> GameBoard:
    """The board of ``game_id``: ``ui.games.<game_id>.board.BOARD``."""
    return importlib.import_module(f"ui.games.{game_id}.board").BOARD


class Seating(Protocol):
    """How this screen sits at the game: what surrounds the game on its page."""

    def top(self, session: GameSession) -> None:
        """After the title and notes: a shared table's lobby (the page stops there), its line
        and notes, and the watcher that follows the other seats."""

    def end(self, session: GameSession, ending: Ending) -> None:
        """The buttons of the end screen ("Play again", "Rematch" …)."""

    def bottom(self, session: GameSession, game: GameWords) -> None:
        """The page's last panels ("New game", "Play with others", "This table")."""
