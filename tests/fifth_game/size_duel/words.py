"""Size Duel's words: title, rules, status and the end screen, from the seat's observation."""

from __future__ import annotations

from ui.games.session import GameSession
from ui.games.words import Ending, GameWords, Status, result_kind


class SizeDuelWords(GameWords):
    game_id = "size_duel"
    title = "Size Duel"
    intro_text = "Play the larger state: the larger takes the trick."
    rules_text = "Five cards each; the larger state by area takes each trick."

    @staticmethod
    def move_label(action) -> str:
        return f"Play {action.card.name}"

    def status(self, session: GameSession, waiting: bool) -> Status:
        obs = session.state.observation(session.me)
        chips = [("Tricks", f"you {obs.scores[session.me]} · {obs.scores[1 - session.me]}")]
        return Status.of_turn(session, chips, mine=session.humans_turn and not waiting)

    def ending(self, session: GameSession) -> Ending:
        won = session.state.winner == session.me
        return Ending("You won." if won else "You lost.", result_kind(won))


WORDS = SizeDuelWords()
