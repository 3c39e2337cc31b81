"""Border Attack's log in words: the sentence of each event its engine logs
(:mod:`ui.games.events`). The game's page tells its own story of each step
(:mod:`ui.games.border_attack.log`); these are the engine's events as a notebook reads them."""

from __future__ import annotations

from messages import N_, ngettext
from ui.games.wording import Wording, card_name, card_names, player


def _announces_name(seat: int, card: str, count: int) -> str:
    return ngettext(
        "{seat} announces {card}, with {count} border state.",
        "{seat} announces {card}, with {count} border states.",
        count,
    ).format(seat=player(seat), card=card_name(card), count=count)


def _announces_borders(seat: int, cards: tuple[str, ...]) -> str:
    return ngettext(
        "{seat} announces {count} border state: {cards}.",
        "{seat} announces {count} border states: {cards}.",
        len(cards),
    ).format(seat=player(seat), count=len(cards), cards=card_names(cards))


EVENTS: dict[str, Wording] = {
    "deals": N_("{seat} deals and will lead the first trick."),
    "dealt": N_("5 cards to each player ({left} left in the deck)."),
    "leads": N_("{seat} names {category} and leads {card} ({rank})."),
    "announces_name": _announces_name,
    "announces_borders": _announces_borders,
    "guesses_state_right": N_("{seat} guesses {card} — right."),
    "guesses_state_wrong": N_("{seat} guesses {card} — wrong."),
    "guesses_borders_right": N_("{seat} guesses borders: {cards} — right."),
    "guesses_borders_wrong": N_("{seat} guesses borders: {cards} — wrong."),
    "discards_for_guess": N_("{seat} discards {card} for the right guess."),
    "discards_for_trick": N_("{seat} discards {card} for winning the trick."),
    "plays": N_(
        "{seat} plays {card} ({rank}): {best_card} is better in {category}; {winner_seat} wins "
        "the trick."
    ),
    "wins_with_last_trick": N_(
        "Both hands and the deck are empty: {seat} won the last trick and wins the game."
    ),
    "wins_out_of_cards": N_("{seat} has no card left and the deck is empty: {seat} wins the game."),
}
