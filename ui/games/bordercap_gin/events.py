"""BorderCap Gin's log in words: the sentence of each event its engine logs
(:mod:`ui.games.events`; the events and their values are listed in
:mod:`engine.bordercap_gin.state`). The game's page builds its own lines from the steps
(:mod:`.log`); these are the engine's log as notebooks and :func:`ui.games.events.told` read it.

A seat is named as the engine named it ("Player 1"). Two sentences are functions of the
event's raw values: a face-down discard ("discard" or "discards" by the number ``left``) and a
round's win, whose groups are listed with the reason each is a group
(:func:`.groups.group_reason`)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import by_usps
from messages import N_, _, ngettext, number
from ui.games.bordercap_gin.groups import group_reason
from ui.games.wording import Wording, card_name, player


def _group(codes: Sequence[str]) -> str:
    return ", ".join(card_name(code) for code in codes)


def _reason(codes: Sequence[str]) -> str:
    return group_reason([by_usps()[code] for code in codes])


def _wins_round(
    seat: int,
    round: int,  # the event's value name (it shadows the builtin here only)
    four_cards: Sequence[str],
    three_cards: Sequence[str],
    points: int,
    bonus: int,
) -> str:
    if bonus:
        text = _(
            "{seat} wins round {round}: {four_cards} ({four_reason}) and {three_cards} "
            "({three_reason}); {points} points + {bonus} bonus."
        )
    else:
        text = _(
            "{seat} wins round {round}: {four_cards} ({four_reason}) and {three_cards} "
            "({three_reason}); {points} points."
        )
    return text.format(
        seat=player(seat),
        round=number(round),
        four_cards=_group(four_cards),
        four_reason=_reason(four_cards),
        three_cards=_group(three_cards),
        three_reason=_reason(three_cards),
        points=number(points),
        bonus=number(bonus),
    )


def _discards_face_down(seat: int, left: int) -> str:
    return ngettext(
        "{seat} discards a card face down ({left} face-down discard left this round).",
        "{seat} discards a card face down ({left} face-down discards left this round).",
        left,
    ).format(seat=player(seat), left=number(left))


EVENTS: dict[str, Wording] = {
    "round_dealt": N_("Round {round}: {dealer_seat} deals; {opener_seat} gets 8 cards and opens."),
    "draws": N_("{seat} draws from the deck."),
    "takes_discard": N_("{seat} takes {card} from the discard pile."),
    "discards": N_("{seat} discards {card}."),
    "discards_face_down": _discards_face_down,
    "deck_turned_over": N_(
        "The deck is empty: the discard pile except its top card is shuffled into a new deck "
        "of {count} cards."
    ),
    "wins_round": _wins_round,
    "wins_game": N_("{seat} wins the game with {points} points."),
    "void_round": N_("Round {round} is void: no winner after {turns} turns, no score."),
    "void_draw": N_("{void_rounds} void rounds end the game: the top scores are equal, a draw."),
    "void_win": N_(
        "{void_rounds} void rounds end the game: {seat} wins with the higher score ({score})."
    ),
    "sampled_deal": N_("(A deal sampled from {seat}'s view.)"),
}
