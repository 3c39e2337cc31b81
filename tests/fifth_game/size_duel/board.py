"""Size Duel's board: the hand as card buttons."""

from __future__ import annotations

from ui.games.protocol import GameBoard
from ui.games.session import GameSession
from ui.games.widgets import card_buttons, continue_button

from .words import WORDS


class SizeDuelBoard(GameBoard):
    words = WORDS

    def body(self, session: GameSession, waiting: bool) -> None:
        obs = session.state.observation(session.me)
        if waiting:
            continue_button(session)
            return
        card_buttons(
            session,
            sorted(obs.hand, key=lambda c: c.usps),
            label="Play",
            action=lambda card: next(a for a in obs.legal if a.card == card),
            name="play",
        )


BOARD = SizeDuelBoard()
