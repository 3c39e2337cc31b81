"""The page protocol: what one game tells the page skeleton (``ui.games.page.game_page``).

A game's module ``ui/games/<game_id>.py`` defines a subclass of :class:`GamePage` and an
instance of it named ``PAGE``; the skeleton finds it by the game's id. The skeleton draws the
title and intro, the set-up notes, the seating's top (a shared table's lobby and notes), the
switches, the status bar, then the game (:meth:`GamePage.body`) or its end
(:meth:`GamePage.ending`, :meth:`GamePage.after_ending`), the log, the rules and the seating's
bottom ("New game" and "Play with others", or "This table"). The game module draws only its
own board: its cards, its move widgets, its maps, from the session's steps.

A **seating** is how this screen sits at the game: alone against the AI (``ui.games.solo``)
or at a shared table (``ui.games.shared.lobby``); the URL decides which.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ui.games.session import GameSession, Step, engine_lines, every_action, observation_of
from ui.games.setup import TARGET, Choice, with_target
from ui.games.widgets import Ending, Status, preference_toggles


@dataclass(frozen=True)
class Hints:
    """What a good player would consider before this seat's move, as the page shows it with
    "Hints" on: the lines of the hint box (Markdown), a caption per card (USPS code → text)
    and the cards to outline. Pure words, so the notebook's game widget shows the same."""

    lines: Sequence[str] = ()
    captions: dict[str, str] = field(default_factory=dict)
    outline: Sequence[str] = ()


class GamePage:
    """One game's part of its page. Override what the game has; the defaults fit a game
    whose steps keep the seat's observation and whose log is the engine's lines."""

    game_id: str = ""  #: the engine's id of the game, its page's URL path
    title: str = ""
    choices: tuple[Choice, ...] = ()  #: the page's own URL parameters
    intro_text: str = ""  #: the line under the title: the object of the game
    rules_text: str = ""  #: the rules in the project's own words (Markdown)
    #: the log lines of step ``index``, from this screen's seat: ``describe(session, index)``
    describe: Callable[[GameSession, int], list[str]] = staticmethod(engine_lines)
    #: the log panel starts with "Since your last move" while the game is on (the pages that
    #: show it inside their board leave it out)
    since_in_log: bool = False

    @staticmethod
    def snapshot_of(state: Any, seat: int) -> Any:
        """What a step keeps of the game: the seat's observation."""
        return observation_of(state, seat)

    @staticmethod
    def pause_after(step: Step) -> bool:
        """Whether a "Continue" click (step by step) stops after the bot's ``step``."""
        return every_action(step)

    def intro(self, session: GameSession) -> str:
        """:attr:`intro_text`, saying the game's target when it has one."""
        return self._targeted(session, self.intro_text)

    def rules(self, session: GameSession) -> str:
        """:attr:`rules_text`, saying the game's target when it has one."""
        return self._targeted(session, self.rules_text)

    def _targeted(self, session: GameSession, text: str) -> str:
        return with_target(text, session.state.target) if TARGET in self.choices else text

    def hints(self, session: GameSession) -> Hints:
        """The hints before this seat's move now (none by default)."""
        return Hints()

    def switches(self, session: GameSession) -> None:
        """The player's switches under the title: "Hints" and "Follow the AI step by step"."""
        preference_toggles(session)

    def status(self, session: GameSession, waiting: bool) -> Status | None:
        """The status bar (``None``: the game draws it in its board)."""
        return None

    def after_status(self, session: GameSession) -> None:
        """What stands under the status bar, the game on or over (the teams …)."""

    def body(self, session: GameSession, waiting: bool) -> None:
        """The game in progress: the table, the hand, this seat's move widgets (or, while
        ``waiting`` for another seat, what it waits for)."""
        raise NotImplementedError

    def ending(self, session: GameSession) -> Ending:
        """The end screen's headline and summary, computed from the session's steps."""
        raise NotImplementedError

    def after_ending(self, session: GameSession) -> None:
        """What the end screen shows after its buttons (the last trick …)."""


class Seating(Protocol):
    """How this screen sits at the game: what surrounds the game on its page."""

    def top(self, session: GameSession) -> None:
        """After the title and notes: a shared table's lobby (the page stops there), its line
        and notes, and the watcher that follows the other seats."""

    def end(self, session: GameSession, ending: Ending) -> None:
        """The buttons of the end screen ("Play again", "Rematch" …)."""

    def bottom(self, session: GameSession, game: GamePage) -> None:
        """The page's last panels ("New game", "Play with others", "This table")."""
