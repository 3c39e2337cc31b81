"""BorderCap Gin's log in words, from this screen's seat, and what the recorded steps tell.

Everything is read from the own observation of the screen's seat (``session.me``;
``GinObservation``), kept with every step by the session (at a shared table too, where
``session.state`` is that seat's observation only): the lines of a step (:func:`describe`; a
card another seat drew or discarded face down is never named), how a round began and the game
ended, the card this seat just drew (:func:`drawn_card`) and who discarded each card of the
pile (:func:`pile_discarders`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.bordercap_gin import (
    MAX_TURNS,
    MAX_VOID_ROUNDS,
    ROUND_POINTS,
    Declare,
    Discard,
    Draw,
    GinObservation,
    Take,
)
from engine.bordercap_gin.rounds import opener
from engine.cards import Card
from engine.melds import describe_group
from ui.games.session import GameSession, Step


def names(cards: Iterable[Card], last: str = "and") -> str:
    """ "Ohio, Texas and Utah" (in the order given)."""
    words = [c.name for c in cards]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def by_name(cards: Iterable[Card]) -> list[Card]:
    """The cards in alphabetical order, as a hand is shown."""
    return sorted(cards, key=lambda c: c.name)


def win_text(four: Sequence[Card], three: Sequence[Card]) -> str:
    """A winning split in words, with the reason each group is one."""
    return (
        f"**{names(four)}** ({describe_group(four)}) and **{names(three)}** "
        f"({describe_group(three)})"
    )


def void_text(round_index: int) -> str:
    """ "Round 2 is void: no winner after 200 turns." """
    return f"Round {round_index + 1} is void: no winner after {MAX_TURNS} turns."


def describe(session: GameSession, index: int) -> list[str]:
    """Readable lines for step ``index``, from this screen's seat (a card drawn by another
    seat or discarded face down by it is never named)."""
    step = session.history[index]
    action, seat = step.action, step.seat
    before: GinObservation = session.before(index)
    after: GinObservation = step.after
    lines: list[str] = []
    kind = type(action)
    if kind is Draw:
        new = [c for c in after.hand if c not in before.hand] if seat == session.me else []
        if new:
            lines.append(f"You draw **{new[0].name}** from the deck.")
        else:
            lines.append(session.who(seat, "draw", "draws") + " from the deck.")
    elif kind is Take:
        lines.append(session.who(seat, "take", "takes") + f" **{action.card.name}** from the pile.")
    elif kind is Discard:
        left = after.face_down_left[seat] if seat is not None else 0
        if action.face_down:
            what = f"**{action.card.name}**" if seat == session.me else "a card"
            lines.append(
                session.who(seat, "discard", "discards")
                + f" {what} face down ({left} face-down discard{'s' if left != 1 else ''} left "
                "this round)."
            )
        else:
            lines.append(session.who(seat, "discard", "discards") + f" **{action.card.name}**.")
    elif kind is Declare:
        result = after.results[-1] if after.results else None
        points = f"{result.points} points" if result is not None else "the round"
        four, three = (result.four, result.three) if result is not None else (action.four, ())
        lines.append(
            session.who(seat, "declare", "declares")
            + f" a win with {win_text(four, three)}: {points}"
            + (" (with the bonus)." if result is not None and result.points > ROUND_POINTS else ".")
        )
    if after.round_index == before.round_index and after.deck_size > before.deck_size - (
        kind is Draw
    ):
        lines.append(
            "The deck ran out: the discard pile except its top card was shuffled into a new "
            f"deck of {after.deck_size} cards."
        )
    for result in after.results[len(before.results) :]:
        if result.winner is None:
            lines.append(void_text(result.round_index))
    if after.round_index > before.round_index and not after.is_over:
        lines.append(round_start(session, after))
    if after.is_over and not before.is_over:
        lines.append(result_text(session, after))
    return lines


def round_start(session: GameSession, obs: GinObservation) -> str:
    """ "Round 2: AI 1 deals; you get 8 cards and open." """
    first = opener(obs.dealer, obs.players)
    dealer = session.who(obs.dealer, "deal", "deals")
    gets = session.who(first, "get", "gets").replace("You", "you", 1)
    opens = "open" if first == session.me else "opens"
    return f"Round {obs.round_index + 1}: {dealer}; {gets} 8 cards and {opens}."


def result_text(session: GameSession, obs: GinObservation) -> str:
    """How the game ended, in one sentence."""
    top = max(obs.scores)
    if obs.void_rounds >= MAX_VOID_ROUNDS and top < session.state.target:
        if obs.winner is None:
            return "Two void rounds end the game, and the top scores are equal: **a draw**."
        lead = "you win" if obs.winner == session.me else f"{session.seat_name(obs.winner)} wins"
        return f"Two void rounds end the game: {lead} with the higher score ({top})."
    if obs.winner == session.me:
        return f"You reach {obs.scores[session.me]} points: **you win the game!**"
    return (
        f"{session.seat_name(obs.winner)} reaches {obs.scores[obs.winner]} points and "
        "**wins the game.**"
    )


def drawn_card(session: GameSession) -> Card | None:
    """The card this screen's seat drew from the deck this turn (still in hand), if any."""
    if not session.history:
        return None
    step = session.history[-1]
    if step.seat != session.me or not isinstance(step.action, Draw):
        return None
    before = session.before(len(session.history) - 1)
    new = [c for c in step.after.hand if c not in before.hand]
    return new[0] if new else None


def last_discard(session: GameSession) -> Step | None:
    """The latest discard of the current round (face up or face down), if any."""
    for step in reversed(session.history):
        if step.after.round_index != session.state.round_index:
            break
        if isinstance(step.action, Discard):
            return step
    return None


def pile_discarders(session: GameSession) -> list[int]:
    """Who discarded each card of the face-up pile (bottom first): the seat of the latest
    face-up discard of that card in the current round (a card may come round again after the
    deck is turned over; the pile holds only its latest discard)."""
    now: GinObservation = session.latest()
    by: dict[str, int] = {}
    for step in reversed(session.history):
        if step.after.round_index != now.round_index:
            break
        action = step.action
        if isinstance(action, Discard) and not action.face_down:
            by.setdefault(action.card.usps, step.seat)
    return [by[c.usps] for c in now.pile]
