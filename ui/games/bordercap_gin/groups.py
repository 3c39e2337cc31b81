"""BorderCap Gin's groups in words: why cards are a group, why they are not, why a hand is no
win. :mod:`engine.melds` gives each reason as a code and its values (:class:`engine.melds.Why`);
here each code has its sentence (``GROUPS``, worded as :mod:`ui.games.wording` says), and
:func:`reason_text` words a reason in the reader's language. The hints, the log, the rounds,
the engine's log (:mod:`.events`) and the refusal of a hand that is no win (:mod:`.refusals`)
all say a group's reason with :func:`group_reason`.

A reason that lists cards, or is made of other reasons (a group that is no group, card by
card; a hand that is no win, group by group), is a function of the raw values: it lists the
cards in the order the engine gives them (a group's order, which for a hand's reasons is the
order of the names), with their capitals and first letters in the same order, and words its
parts with :func:`reason_text`."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card, by_usps
from engine.melds import Why, describe_group, no_win_reasons
from messages import N_, _, join, ngettext, number
from ui.games.wording import Wording, card_name, say


def _names(codes: Sequence[str], conjunction: str = "and") -> str:
    """The cards' names as a list in the reader's language, in the order given."""
    return join([card_name(code) for code in codes], conjunction)


def _each_border(text: str) -> Wording:
    """The sentence ``text`` (marked) about ``cards``: the hubs of a group, in its order."""
    return lambda cards: _(text).format(cards=_names(cards))


def _borders_none_of(card: str, cards: Sequence[str]) -> str:
    return _("{card} borders none of {cards}").format(card=card_name(card), cards=_names(cards))


def _does_not_border(card: str, cards: Sequence[str]) -> str:
    return _("{card} does not border {cards}").format(
        card=card_name(card), cards=_names(cards, "or")
    )


def _in_both_groups(cards: Sequence[str]) -> str:
    return _("{cards} cannot be in both groups.").format(cards=_names(cards))


def _no_hub(text: str, cards: Sequence[str], gaps: Sequence[Why]) -> str:
    group = [by_usps()[code] for code in cards]
    return text.format(
        gaps="; ".join(reason_text(gap) for gap in gaps),
        capitals=", ".join(c.capital for c in group),
        letters=join(c.capital_initial for c in group),
    )


def _none_borders_both(cards: Sequence[str], gaps: Sequence[Why]) -> str:
    text = _(
        "no card borders both others ({gaps}), and their capitals ({capitals}) start with {letters}"
    )
    return _no_hub(text, cards, gaps)


def _none_borders_all_three(cards: Sequence[str], gaps: Sequence[Why]) -> str:
    text = _(
        "no card borders all three others ({gaps}), and their capitals ({capitals}) start with "
        "{letters}"
    )
    return _no_hub(text, cards, gaps)


def _four_not_a_group(cards: Sequence[str], problem: Why) -> str:
    return _("The 4-group {cards} is not a group: {problem}.").format(
        cards=_names(cards), problem=reason_text(problem)
    )


def _three_not_a_group(cards: Sequence[str], problem: Why) -> str:
    return _("The 3-group {cards} is not a group: {problem}.").format(
        cards=_names(cards), problem=reason_text(problem)
    )


def _neither_a_group(
    four_cards: Sequence[str], four_problem: Why, three_cards: Sequence[str], three_problem: Why
) -> str:
    return _(
        "The 4-group {four_cards} is not a group: {four_problem}; and the 3-group "
        "{three_cards} is not a group: {three_problem}."
    ).format(
        four_cards=_names(four_cards),
        four_problem=reason_text(four_problem),
        three_cards=_names(three_cards),
        three_problem=reason_text(three_problem),
    )


def _no_three_left(
    four_cards: Sequence[str], reason: Why, three_cards: Sequence[str], problem: Why
) -> str:
    return _(
        "{four_cards} make a 4-group ({reason}), but the three left, {three_cards}, are no "
        "3-group: {problem}."
    ).format(
        four_cards=_names(four_cards),
        reason=reason_text(reason),
        three_cards=_names(three_cards),
        problem=reason_text(problem),
    )


def _more_fours(count: int) -> str:
    return ngettext(
        "The {count} other 4-group of this hand leaves three cards that are no 3-group either.",
        "The {count} other 4-groups of this hand leave three cards that are no 3-group either.",
        count,
    ).format(count=number(count))


def _no_four_group(
    hub_card: str | None, bordered_cards: Sequence[str], letter_cards: Sequence[str]
) -> str:
    if hub_card is not None and letter_cards:
        text = _(
            "No four of these cards make a 4-group: no card borders three others ({card}, with "
            "the most, borders only {cards}), and no four capitals share a first letter (at "
            "most {count}: {capitals})."
        )
    elif hub_card is not None:
        text = _(
            "No four of these cards make a 4-group: no card borders three others ({card}, with "
            "the most, borders only {cards}), and no two capitals share a first letter."
        )
    elif letter_cards:
        text = _(
            "No four of these cards make a 4-group: no two of these states border each other, "
            "and no four capitals share a first letter (at most {count}: {capitals})."
        )
    else:
        text = _(
            "No four of these cards make a 4-group: no two of these states border each other, "
            "and no two capitals share a first letter."
        )
    return text.format(
        card=card_name(hub_card),
        cards=_names(bordered_cards),
        count=number(len(letter_cards)),
        capitals=join(by_usps()[code].capital for code in letter_cards),
    )


GROUPS: dict[str, Wording] = {
    # why a group is one
    "borders_both": N_("{card} borders both others"),
    "borders_three": N_("{card} borders the three others"),
    "each_border_both": _each_border(N_("{cards} each border both others")),
    "each_border_three": _each_border(N_("{cards} each border the three others")),
    "same_letter": N_("the capitals all start with {letter}"),
    # why cards are no group
    "group_size": N_("a group has 3 or 4 cards, not {count}"),
    "card_twice": N_("a card appears twice in the group"),
    "none_borders_both": _none_borders_both,
    "none_borders_all_three": _none_borders_all_three,
    "borders_neither": N_("{card} borders neither {first_card} nor {second_card}"),
    "borders_none_of": _borders_none_of,
    "does_not_border": _does_not_border,
    # why two groups are no winning split
    "first_group_size": N_("The first group must have 4 cards, not {count}."),
    "second_group_size": N_("The second group must have 3 cards, not {count}."),
    "in_both_groups": _in_both_groups,
    "four_not_a_group": _four_not_a_group,
    "three_not_a_group": _three_not_a_group,
    "neither_a_group": _neither_a_group,
    # why seven cards are no win
    "hand_size": N_("A declared hand has 7 different cards, not {count}."),
    "no_three_left": _no_three_left,
    "more_fours": _more_fours,
    "no_four_group": _no_four_group,
}


def reason_text(why: Why) -> str:
    """``why`` in the reader's language."""
    return say(why, GROUPS)


def group_reason(cards: Sequence[Card]) -> str:
    """Why ``cards`` (a valid 3- or 4-group) are a group: "Tennessee borders the three
    others", "the capitals all start with B"."""
    return reason_text(describe_group(cards))


def no_win_lines(hand: Sequence[Card]) -> list[str]:
    """Why seven cards are no win, one sentence per 4-group they hold (or why they hold none);
    empty when they win (:func:`engine.melds.no_win_reasons`)."""
    return [reason_text(why) for why in no_win_reasons(hand)]
