"""BorderCap Gin's refusals in words: the sentence of each code its engine refuses a move with
(:mod:`ui.games.refusals`).

Two sentences are functions of the refusal's raw values: the declared cards the hand lacks
(``cards``: "is" or "are" by their number) and a hand that is no win (``cards``: the seven
cards of the hand, explained group by group by :func:`.groups.no_win_lines`)."""

from __future__ import annotations

from engine.cards import by_usps
from messages import N_, _, ngettext
from ui.games.bordercap_gin.groups import no_win_lines
from ui.games.wording import Wording, card_name, card_names


def _not_the_discard(card: str, top: str) -> str:
    return _("{card} is not the card just discarded ({top}).").format(
        card=card_name(card), top=card_name(top)
    )


def _declared_not_in_hand(cards: tuple[str, ...]) -> str:
    return ngettext(
        "{cards} is not in your hand.", "{cards} are not in your hand.", len(cards)
    ).format(cards=card_names(cards))


def _not_a_win(cards: tuple[str, ...]) -> str:
    hand = [by_usps()[code] for code in cards]
    head = _("Not a win: these seven cards do not split into a 4-group and a 3-group.")
    return " ".join([head, *no_win_lines(hand)])


REFUSALS: dict[str, Wording] = {
    "not_a_move": N_("That is not a move of BorderCap Gin."),
    "declare_after_discard": N_(
        "You may declare only at the end of your own turn, after your discard."
    ),
    "discard_before_ending": N_("You end your turn by discarding first."),
    "already_took": N_("You have already taken a card this turn: discard one."),
    "pile_empty": N_("The discard pile is empty: draw from the deck."),
    "last_discard_face_down": N_(
        "The last card was discarded face down: you must draw from the deck."
    ),
    "not_a_card": N_("{given} is not a GeoPlunge card."),
    "not_the_discard": _not_the_discard,
    "take_first": N_("Take a card first: from the deck or the discard pile."),
    "already_discarded": N_(
        "You have already discarded this turn: declare a win or end your turn."
    ),
    "not_in_hand": N_("{card} is not in your hand."),
    "taken_this_turn": N_(
        "You took {card} from the discard pile this turn; you may not discard it again until "
        "a later turn."
    ),
    "opening_face_up": N_(
        "The opening discard is always face up: discard one of your 8 cards face up."
    ),
    "face_down_two_players": N_("Face-down discards are only for two players."),
    "no_face_down_left": N_("You have used both face-down discards of this round."),
    "face_down_not_bool": N_("face_down must be True or False."),
    "declaration_groups": N_("A declaration names a 4-group and a 3-group of cards."),
    "declaration_not_cards": N_("A declaration names cards of the GeoPlunge deck."),
    "declared_not_in_hand": _declared_not_in_hand,
    "not_a_win": _not_a_win,
}
