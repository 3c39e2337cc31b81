"""Reverse Geography War's log in words: the sentence of each event its engine logs
(:mod:`ui.games.events`; the events and their values are listed in
:mod:`engine.reverse_war.state`). The game's page builds its own lines from each flip's
``Battle`` (:mod:`.words`); these are the engine's log as notebooks and
:func:`ui.games.events.told` read it.

A seat is named as the engine named it ("Player 1"). Three sentences are functions of the
event's raw values: the deal (its seed is shown as the number it is, without digit grouping),
a war (named by its number of levels) and a flip's win (each deciding card with its weakness
and the categories of its worst rank, and a GeoPlunge's hand-over: the cards in the order
handed over, not in the order of their names)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import by_usps
from engine.reverse_war import worst_categories
from messages import N_, _, join, ngettext, number, ordinal, pgettext
from ui.games.wording import Wording, card_name, player


def _category(value: str) -> str:
    """A category as the middle of a sentence says it: "population"."""
    return {
        "size": pgettext("a card's worst category, in a sentence", "size"),
        "statehood": pgettext("a card's worst category, in a sentence", "statehood"),
        "population": pgettext("a card's worst category, in a sentence", "population"),
    }[value]


def _weakness(code: str) -> str:
    """A card with its weakness and where it is worst: "Wyoming (50th in population)"."""
    card = by_usps()[code]
    categories = "/".join(_category(c.value) for c in worst_categories(card))
    return _("{card} ({rank} in {categories})").format(
        card=card_name(code), rank=ordinal(card.weakness), categories=categories
    )


def _dealt(count: int, seed: int) -> str:
    return _("Dealt {count} cards to each player (seed {seed}).").format(
        count=number(count), seed=seed
    )


def _war(turn: int, first_card: str, second_card: str, rank: int, levels: int) -> str:
    if levels == 1:
        text = _("Turn {turn}: {first_card} and {second_card} tie at {rank} — a Geography War!")
    elif levels == 2:
        text = _(
            "Turn {turn}: {first_card} and {second_card} tie at {rank} — a Double Geography War!"
        )
    else:
        text = ngettext(
            "Turn {turn}: {first_card} and {second_card} tie at {rank} — a Geography War of "
            "{levels} level!",
            "Turn {turn}: {first_card} and {second_card} tie at {rank} — a Geography War of "
            "{levels} levels!",
            levels,
        )
    return text.format(
        turn=number(turn),
        first_card=card_name(first_card),
        second_card=card_name(second_card),
        rank=ordinal(rank),
        levels=number(levels),
    )


def _wins_flip(
    turn: int,
    seat: int,
    count: int,
    winner_card: str,
    loser_card: str,
    geoplunge: bool,
    handed_cards: Sequence[str],
) -> str:
    line = _("Turn {turn}: {seat} wins {count} cards — {winner} is weaker than {loser}.").format(
        turn=number(turn),
        seat=player(seat),
        count=number(count),
        winner=_weakness(winner_card),
        loser=_weakness(loser_card),
    )
    if not geoplunge:
        return line
    if handed_cards:
        plunge = _("GeoPlunge! {seat} hands over {cards}.").format(
            seat=player(1 - seat), cards=join(card_name(code) for code in handed_cards)
        )
    else:
        plunge = _("GeoPlunge! {seat} hands over nothing (no cards left).").format(
            seat=player(1 - seat)
        )
    return f"{line} {plunge}"


EVENTS: dict[str, Wording] = {
    "dealt": _dealt,
    "war": _war,
    "wins_flip": _wins_flip,
    "war_draw": N_("Turn {turn}: both players run out of cards in the Geography War — a draw."),
    "war_out": N_(
        "Turn {turn}: {loser_seat} has no card left to turn in the Geography War and loses; "
        "{seat} takes the {count} cards on the table."
    ),
    "wins_game": N_("{seat} wins the game."),
    "holds_all": N_("{seat} holds all the cards and wins the game."),
    "stopped_win": N_(
        "Stopped after {turns} turns: {first_count} cards to {second_count}, {seat} wins."
    ),
    "stopped_draw": N_(
        "Stopped after {turns} turns: {first_count} cards to {second_count}, a draw."
    ),
}
