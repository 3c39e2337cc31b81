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
from messages import _, collation_key, join, ngettext, number
from ui.games.bordercap_gin.groups import group_reason
from ui.games.session import GameSession, Step
from ui.games.wording import card_name


def names(cards: Iterable[Card], conjunction: str = "and") -> str:
    """ "Ohio, Texas, and Utah" (in the order given; ``conjunction="or"``: "Ohio or Utah"), as
    the reader's language lists."""
    return join([card_name(c.usps) for c in cards], conjunction)


def by_name(cards: Iterable[Card]) -> list[Card]:
    """The cards in alphabetical order, as a hand is shown."""
    return sorted(cards, key=lambda c: collation_key(card_name(c.usps)))


def win_text(four: Sequence[Card], three: Sequence[Card]) -> str:
    """A winning split in words, with the reason each group is one."""
    return _("**{four_cards}** ({four_reason}) and **{three_cards}** ({three_reason})").format(
        four_cards=names(four),
        four_reason=group_reason(four),
        three_cards=names(three),
        three_reason=group_reason(three),
    )


def void_text(round_index: int) -> str:
    """ "Round 2 is void: no winner after 200 turns." """
    return _("Round {round} is void: no winner after {turns} turns.").format(
        round=number(round_index + 1), turns=number(MAX_TURNS)
    )


def describe(session: GameSession, index: int) -> list[str]:
    """Readable lines for step ``index``, from this screen's seat (a card drawn by another
    seat or discarded face down by it is never named)."""
    step = session.history[index]
    action, seat = step.action, step.seat
    before: GinObservation = session.before(index)
    after: GinObservation = step.after
    lines: list[str] = []
    kind = type(action)
    mine = seat == session.me
    player = session.seat_name(seat)
    if kind is Draw:
        new = [c for c in after.hand if c not in before.hand] if mine else []
        if new:
            lines.append(
                _("You draw **{card}** from the deck.").format(card=card_name(new[0].usps))
            )
        elif mine:
            lines.append(_("You draw from the deck."))
        else:
            lines.append(_("{player} draws from the deck.").format(player=player))
    elif kind is Take:
        text = (
            _("You take **{card}** from the pile.")
            if mine
            else _("{player} takes **{card}** from the pile.")
        )
        lines.append(text.format(player=player, card=card_name(action.card.usps)))
    elif kind is Discard:
        left = after.face_down_left[seat] if seat is not None else 0
        if action.face_down and mine:
            text = ngettext(
                "You discard **{card}** face down ({left} face-down discard left this round).",
                "You discard **{card}** face down ({left} face-down discards left this round).",
                left,
            )
        elif action.face_down:
            text = ngettext(
                "{player} discards a card face down ({left} face-down discard left this round).",
                "{player} discards a card face down ({left} face-down discards left this round).",
                left,
            )
        else:
            text = _("You discard **{card}**.") if mine else _("{player} discards **{card}**.")
        lines.append(
            text.format(player=player, card=card_name(action.card.usps), left=number(left))
        )
    elif kind is Declare:
        lines.append(declared(session, seat, after))
    if after.round_index == before.round_index and after.deck_size > before.deck_size - (
        kind is Draw
    ):
        lines.append(
            ngettext(
                "The deck ran out: the discard pile except its top card was shuffled into a new "
                "deck of {count} card.",
                "The deck ran out: the discard pile except its top card was shuffled into a new "
                "deck of {count} cards.",
                after.deck_size,
            ).format(count=number(after.deck_size))
        )
    for result in after.results[len(before.results) :]:
        if result.winner is None:
            lines.append(void_text(result.round_index))
    if after.round_index > before.round_index and not after.is_over:
        lines.append(round_start(session, after))
    if after.is_over and not before.is_over:
        lines.append(result_text(session, after))
    return lines


def declared(session: GameSession, seat: int | None, after: GinObservation) -> str:
    """A declaration: the split that scored (the round's result), and how many points."""
    result = after.results[-1]
    if result.points > ROUND_POINTS:
        if seat == session.me:
            text = ngettext(
                "You declare a win with {split}: {points} point (with the bonus).",
                "You declare a win with {split}: {points} points (with the bonus).",
                result.points,
            )
        else:
            text = ngettext(
                "{player} declares a win with {split}: {points} point (with the bonus).",
                "{player} declares a win with {split}: {points} points (with the bonus).",
                result.points,
            )
    elif seat == session.me:
        text = ngettext(
            "You declare a win with {split}: {points} point.",
            "You declare a win with {split}: {points} points.",
            result.points,
        )
    else:
        text = ngettext(
            "{player} declares a win with {split}: {points} point.",
            "{player} declares a win with {split}: {points} points.",
            result.points,
        )
    return text.format(
        player=session.seat_name(seat),
        split=win_text(result.four, result.three),
        points=number(result.points),
    )


def round_start(session: GameSession, obs: GinObservation) -> str:
    """ "Round 2: AI 1 deals; you get 8 cards and open." """
    first = opener(obs.dealer, obs.players)
    if obs.dealer == session.me:
        text = _("Round {round}: You deal; {opener} gets 8 cards and opens.")
    elif first == session.me:
        text = _("Round {round}: {dealer} deals; you get 8 cards and open.")
    else:
        text = _("Round {round}: {dealer} deals; {opener} gets 8 cards and opens.")
    return text.format(
        round=number(obs.round_index + 1),
        dealer=session.seat_name(obs.dealer),
        opener=session.seat_name(first),
    )


def result_text(session: GameSession, obs: GinObservation) -> str:
    """How the game ended, in one sentence."""
    top = max(obs.scores)
    if obs.void_rounds >= MAX_VOID_ROUNDS and top < session.state.target:
        if obs.winner is None:
            return _("Two void rounds end the game, and the top scores are equal: **a draw**.")
        if obs.winner == session.me:
            text = _("Two void rounds end the game: you win with the higher score ({score}).")
        else:
            text = _("Two void rounds end the game: {player} wins with the higher score ({score}).")
        return text.format(player=session.seat_name(obs.winner), score=number(top))
    points = obs.scores[obs.winner]
    if obs.winner == session.me:
        text = ngettext(
            "You reach {points} point: **you win the game!**",
            "You reach {points} points: **you win the game!**",
            points,
        )
    else:
        text = ngettext(
            "{player} reaches {points} point and **wins the game.**",
            "{player} reaches {points} points and **wins the game.**",
            points,
        )
    return text.format(player=session.seat_name(obs.winner), points=number(points))


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
