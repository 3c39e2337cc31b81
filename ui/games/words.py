"""A game's words and decisions, without Streamlit: what one game tells every host that draws
it (the Streamlit page skeleton ``ui.games.page``, the notebook's ``widgets.game``).

A game's package ``ui/games/<game_id>/`` holds two halves: ``words.py``, pure Python that reads
the engine's observations (title, rules, status, hints, log lines, the end screen, which moves
to offer and how), with a :class:`GameWords` named ``WORDS``; and ``board.py``, the Streamlit
drawing (a :class:`ui.games.protocol.GameBoard` named ``BOARD`` whose ``words`` is ``WORDS``).
A rule a hint needs is asked of the engine, never restated here.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core import Refusal
from messages import _
from ui.games.refusals import worded
from ui.games.session import GameSession, Step, engine_lines, every_action, observation_of
from ui.games.setup import TARGET, Choice, Setup, with_target


@dataclass(frozen=True)
class Hints:
    """What a good player would consider before this seat's move, as the page shows it with
    "Hints" on: the lines of the hint box (Markdown), a caption per card (USPS code → text)
    and the cards to outline."""

    lines: Sequence[str] = ()
    captions: dict[str, str] = field(default_factory=dict)
    outline: Sequence[str] = ()


Chips = Sequence[tuple[str, str]]  #: the status bar: (label, value) per chip


@dataclass(frozen=True)
class Status:
    """The status bar of a page: its chips and the one to mark (whose turn it is)."""

    chips: Chips
    hot: int | None = None

    @classmethod
    def of_turn(cls, session: GameSession, chips: Chips, *, mine: bool, doing: str = "") -> Status:
        """``chips`` and a last chip that says whose turn it is ("Game over", "Your turn:
        take a card", "AI 2's turn"), marked while it is this seat's (``mine``)."""
        if session.state.is_over:
            turn = _("Game over")
        elif mine:
            turn = _("Your turn: {doing}").format(doing=doing) if doing else _("Your turn")
        else:
            turn = _("{player}'s turn").format(
                player=session.seat_name(session.state.current_player)
            )
        return cls([*chips, (turn, "")], hot=len(chips) if mine else None)


def result_kind(won: bool, drawn: bool = False) -> str:
    """How the end screen colours a result: "success" when this seat (or its team) won,
    "info" for a draw, "error" for a loss."""
    return "success" if won else ("info" if drawn else "error")


@dataclass(frozen=True)
class Ending:
    """The end screen: the result in one sentence (``kind``: "success", "error" or "info"),
    the summary lines, and the set-up "Play again" deals (``None``: a fresh deal of the same
    set-up)."""

    headline: str
    kind: str = "info"
    summary: Sequence[str] = field(default_factory=tuple)
    again: Setup | None = None


@dataclass(frozen=True)
class MapMove:
    """A move this seat makes on the map (a Border Attack guess): what the map shows (its
    ``roles`` and options, :class:`ui.map_data.MapOptions`) and the button for the picks so
    far: its label and the action it plays (``None``: the button is off)."""

    map: dict[str, Any]
    label: str
    action: Any | None


class GameWords:
    """One game's words. Override what the game has; the defaults fit a game whose steps keep
    the seat's observation and whose log is the engine's lines."""

    game_id: str = ""  #: the engine's id of the game, its page's URL path
    title: str = ""
    choices: tuple[Choice, ...] = ()  #: the page's own URL parameters
    #: the line under the title: the object of the game (marked with ``N_``, translated when
    #: shown; ``{target}`` where a game with a target says it)
    intro_text: str = ""
    rules_text: str = ""  #: the rules in the project's own words (Markdown; as ``intro_text``)
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
        """:attr:`intro_text` in the reader's language, saying the game's target."""
        return self._targeted(session, _(self.intro_text))

    def rules(self, session: GameSession) -> str:
        """:attr:`rules_text` in the reader's language, saying the game's target."""
        return self._targeted(session, _(self.rules_text))

    def _targeted(self, session: GameSession, text: str) -> str:
        return with_target(text, session.state.target) if TARGET in self.choices else text

    def refusal(self, refusal: Refusal) -> str:
        """Why the engine refuses a move, in the reader's language."""
        return worded(refusal, self.game_id)

    def hints(self, session: GameSession) -> Hints:
        """The hints before this seat's move now (none by default)."""
        return Hints()

    @staticmethod
    def move_label(action: Any) -> str:
        """One of the engine's legal actions as its button names it where the moves are
        offered as a list (the notebook's game widget), in the reader's language: "Lead
        Kentucky (Size)", "Draw from the deck"."""
        raise NotImplementedError

    def map_move(self, session: GameSession) -> MapMove | None:
        """This seat's move when it is made on the map (``session.picks`` are the states
        picked so far); ``None`` when its moves are the engine's legal actions as buttons."""
        return None

    def status(self, session: GameSession, waiting: bool) -> Status | None:
        """The status bar (``None``: the game draws it in its board)."""
        return None

    def ending(self, session: GameSession) -> Ending:
        """The end screen's headline and summary, computed from the session's steps."""
        raise NotImplementedError


def words_of(game_id: str) -> GameWords:
    """The words of ``game_id``: ``ui.games.<game_id>.words.WORDS``."""
    return importlib.import_module(f"ui.games.{game_id}.words").WORDS
