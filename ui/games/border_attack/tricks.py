"""Border Attack's tricks as this seat knows them, rebuilt from its recorded steps.

The engine clears a trick when it ends, so the page rebuilds every trick from the steps
(:func:`tricks`), always from this seat's own observation: the other seat's face-down card is
known only once it is played (or guessed right). Whether the guess was right and who won are
the engine's to say: the observation after each step holds them while the trick is on, and its
``last_trick`` (:class:`engine.border_attack.PlayedTrick`) keeps them once the card is played.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.border_attack import (
    BONUS_DISCARD,
    COMMIT,
    GUESS,
    WIN_DISCARD,
    Announcement,
    BorderAttackObservation,
    Commit,
    Discard,
    GuessBorders,
    GuessState,
    Lead,
)
from engine.cards import Card, Category
from ui.games.session import GameSession


@dataclass
class TrickView:
    """One trick as the human knows it.

    ``follow`` is the follower's card once the human may know it: its own card from the
    commitment on, the AI's only once played. ``winner`` is set once the card is played.
    """

    number: int
    leader: int
    category: Category
    led: Card
    reveal: str | None = None
    announcement: Announcement | None = None
    follow: Card | None = None
    played: bool = False
    guess: GuessState | GuessBorders | None = None
    guess_right: bool | None = None
    bonus_discard: Card | None = None
    winner: int | None = None
    win_discard: Card | None = None

    @property
    def follower(self) -> int:
        return 1 - self.leader


def _card_played(trick: TrickView, after: BorderAttackObservation) -> None:
    """Once the engine has played the follower's card, the trick's record says the card, the
    guess and whether it was right, and the winner."""
    done = after.last_trick
    if done is None or done.number != trick.number:
        return
    trick.follow = done.follow
    trick.played = True
    trick.guess = done.guess
    trick.guess_right = done.guess_right
    trick.winner = done.winner


def tricks(session: GameSession, upto: int | None = None) -> list[TrickView]:
    """Every trick played so far, rebuilt from the history (the last one may be unfinished);
    with ``upto``, as they stood after the first ``upto`` steps."""
    out: list[TrickView] = []
    for i, step in enumerate(session.history[:upto]):
        action, after = step.action, step.after
        if isinstance(action, Lead):
            out.append(TrickView(after.trick, step.seat, Category(action.category), action.card))
            continue
        if not out:
            continue
        trick = out[-1]
        if isinstance(action, Commit):
            trick.reveal = action.reveal
            trick.announcement = after.announcement
            if step.seat == session.me:
                trick.follow = action.card
        elif isinstance(action, GuessState | GuessBorders):
            trick.guess = after.guess or action
            trick.guess_right = after.guess_right
            _card_played(trick, after)
        elif isinstance(action, Discard):
            if session.before(i).phase == BONUS_DISCARD:
                trick.bonus_discard = action.card
                _card_played(trick, after)
            else:
                trick.win_discard = action.card
    return out


def on_and_last(
    obs: BorderAttackObservation, played: list[TrickView]
) -> tuple[TrickView | None, TrickView | None]:
    """The trick on the table (``None`` between tricks) and the last finished one."""
    in_progress = obs.phase in (COMMIT, GUESS, BONUS_DISCARD, WIN_DISCARD)
    current = played[-1] if played and in_progress else None
    if played and not in_progress:
        return current, played[-1]
    return current, played[-2] if len(played) > 1 else None
