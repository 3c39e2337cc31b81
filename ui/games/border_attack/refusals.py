"""Border Attack's refusals in words: the sentence of each code its engine refuses a move
with (:mod:`ui.games.refusals`), and of each code a guess typed from memory is refused with
(:mod:`engine.border_attack.guessing`)."""

from __future__ import annotations

from collections.abc import Sequence

from messages import N_, join, ngettext, number
from ui.games.wording import Wording, card_name


def _type_the_borders(card: str, count: int) -> str:
    return ngettext(
        "Type {card}'s {count} border state, separated by commas.",
        "Type {card}'s {count} border states, separated by commas.",
        count,
    ).format(card=card_name(card), count=number(count))


def _not_as_many_as_announced(card: str, count: int, cards: Sequence[str]) -> str:
    """A border guess of the wrong size: the states it named, in the order typed."""
    if cards:
        text = ngettext(
            "{card} has {count} border state: you named {named} ({cards}). Name exactly {count}.",
            "{card} has {count} border states: you named {named} ({cards}). Name exactly {count}.",
            count,
        )
    else:
        text = ngettext(
            "{card} has {count} border state: you named 0. Name exactly {count}.",
            "{card} has {count} border states: you named 0. Name exactly {count}.",
            count,
        )
    return text.format(
        card=card_name(card),
        count=number(count),
        named=number(len(cards)),
        cards=join(card_name(c) for c in cards),
    )


def _not_read(message: str) -> str:
    """A name the drills' reader does not take, in that reader's own words."""
    return message


REFUSALS: dict[str, Wording] = {
    "lead_expected": N_("The leader must name a category and lead a card."),
    "not_a_category": N_("The category must be size, statehood or population."),
    "not_in_leaders_hand": N_("{card} is not in the leader's hand."),
    "commit_expected": N_("The follower must commit to a card and announce its name or borders."),
    "not_a_reveal": N_("The follower announces either the state's name or its border states."),
    "not_in_followers_hand": N_("{card} is not in the follower's hand."),
    "guess_the_state": N_("The borders were announced: guess the state."),
    "state_guess_expected": N_("The leader must guess the follower's state."),
    "not_a_usps_code": N_("{given} is not a state's USPS code."),
    "guess_the_borders": N_("The name was announced: guess its border states."),
    "borders_guess_expected": N_("The leader must guess the follower's border states."),
    "borders_not_a_set": N_("A border guess is a set of USPS codes."),
    "state_named_twice": N_("A border guess names each state once."),
    "discard_expected": N_("Now a card must be discarded."),
    "not_in_discarders_hand": N_("{card} is not in the discarding player's hand."),
    # a guess typed from memory (engine.border_attack.guessing)
    "answer_too_long": N_("That answer is too long: an answer has at most {limit} characters."),
    "not_read": _not_read,
    "not_a_state": N_("“{item}” is not a state."),
    "one_state_only": N_("Guess one state: the card is a single state."),
    "type_the_borders": _type_the_borders,
    "announced_state_guessed": N_("{card} is the announced state: name its border states, not it."),
    "type_none": N_("{card} has no border states: type “none”."),
    "not_as_many_as_announced": _not_as_many_as_announced,
}
