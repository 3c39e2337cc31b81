"""Border Attack's log in words, from this seat's point of view: every step's lines
(:func:`describe`; the other seat's face-down card is never named before it is played), the
lines of one trick, why a wrong guess is wrong, what the other seat is about to do and how the
game ended."""

from __future__ import annotations

from engine.border_attack import (
    BONUS_DISCARD,
    COMMIT,
    GUESS,
    LEAD,
    NAME,
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
from messages import N_, _, ngettext, number, ordinal, pgettext
from ui.games.border_attack.names import card_of, names, names_and, names_or
from ui.games.border_attack.tricks import TrickView, tricks
from ui.games.session import GameSession, sentence
from ui.games.wording import card_name, category_label


def announcement_text(ann: Announcement) -> str:
    """ "Ohio, with 5 border states" or "4 border states: Arkansas, …"."""
    count = number(ann.count)
    if ann.usps is not None:
        return ngettext(
            "**{card}**, with {count} border state",
            "**{card}**, with {count} border states",
            ann.count,
        ).format(card=card_name(ann.usps), count=count)
    if not ann.count:
        return _("**no border states at all**")
    return ngettext(
        "**{count} border state**: {cards}", "**{count} border states**: {cards}", ann.count
    ).format(count=count, cards=names(ann.borders or ()))


def guess_text(guess: GuessState | GuessBorders) -> str:
    if isinstance(guess, GuessState):
        return f"**{card_name(guess.usps)}**"
    borders = frozenset(guess.borders)
    if borders:
        return _("the border states {cards}").format(cards=names(borders))
    return pgettext("a border guess: the state borders none", "no border states")


def guess_detail(guess: GuessState | GuessBorders, card: Card) -> str:
    """Why a wrong guess is wrong, in one sentence built from the card's facts: "Not quite:
    Nevada borders Idaho, not Montana." (a border guess) or "Not quite: it was Idaho; Montana
    does not border Nevada." (a state guess)."""
    if isinstance(guess, GuessState):
        picked = card_of(guess.usps)
        if not card.borders and not picked.borders:
            return _("Not quite: it was {card}; it borders no state, just like {picked}.").format(
                card=card_name(card.usps), picked=card_name(picked.usps)
            )
        values = {"card": card_name(card.usps), "picked": card_name(picked.usps)}
        if picked.usps in card.borders:
            text = _("Not quite: it was {card}; {picked} is one of the listed states.")
        elif apart := card.borders - picked.borders:
            text = _("Not quite: it was {card}; {picked} does not border {states}.")
            values["states"] = names_or(apart)
        else:
            n = len(picked.borders)
            text = ngettext(
                "Not quite: it was {card}; {picked} has {count} border state.",
                "Not quite: it was {card}; {picked} has {count} border states.",
                n,
            )
            values["count"] = number(n)
        return text.format(**values)
    picked_codes = frozenset(guess.borders)
    missed, extra = card.borders - picked_codes, picked_codes - card.borders
    if not card.borders:
        return _("Not quite: {card} borders no state, not {extra}.").format(
            card=card_name(card.usps), extra=names_or(extra)
        )
    if missed and extra:
        return _("Not quite: {card} borders {missed}, not {extra}.").format(
            card=card_name(card.usps), missed=names_and(missed), extra=names_or(extra)
        )
    if missed:
        return _("Not quite: {card} also borders {missed}.").format(
            card=card_name(card.usps), missed=names_and(missed)
        )
    return ngettext(
        "Not quite: {extra} does not border {card}.",
        "Not quite: {extra} do not border {card}.",
        len(extra),
    ).format(extra=names_and(extra), card=card_name(card.usps))


def wrong_guess_detail(trick: TrickView) -> str | None:
    """:func:`guess_detail` of the trick's guess once it is known to be wrong and the card is
    known (``None`` otherwise)."""
    if trick.guess_right is False and trick.guess is not None and trick.follow is not None:
        return guess_detail(trick.guess, trick.follow)
    return None


def play_line(session: GameSession, trick: TrickView) -> str:
    """The follower's card turned up and who won."""
    card, led, cat = trick.follow, trick.led, trick.category
    assert card is not None and trick.winner is not None
    best = led if trick.winner == trick.leader else card
    mine, won = trick.follower == session.me, trick.winner == session.me
    if mine and won:
        text = _(
            "You play **{card}** ({rank} in {category}, against {led_rank}): {best} is better — "
            "you win the trick."
        )
    elif mine:
        text = _(
            "You play **{card}** ({rank} in {category}, against {led_rank}): {best} is better — "
            "{winner} wins the trick."
        )
    elif won:
        text = _(
            "{player} plays **{card}** ({rank} in {category}, against {led_rank}): {best} is "
            "better — you win the trick."
        )
    else:
        text = _(
            "{player} plays **{card}** ({rank} in {category}, against {led_rank}): {best} is "
            "better — {winner} wins the trick."
        )
    return text.format(
        player=session.seat_name(trick.follower),
        winner=session.seat_name(1 - session.me),
        card=card_name(card.usps),
        rank=ordinal(card.rank(cat)),
        category=category_label(cat),
        led_rank=ordinal(led.rank(cat)),
        best=card_name(best.usps),
    )


def _lead_line(session: GameSession, seat: int | None, action: Lead) -> str:
    cat = Category(action.category)
    if seat == session.me:
        text = _("You lead **{card}**, category {category} — {card} is {rank}.")
    else:
        text = _("{player} leads **{card}**, category {category} — {card} is {rank}.")
    return text.format(
        player=session.seat_name(seat),
        card=card_name(action.card.usps),
        category=category_label(cat),
        rank=ordinal(action.card.rank(cat)),
    )


def _commit_line(session: GameSession, seat: int | None, action: Commit, ann: Announcement) -> str:
    if seat != session.me:
        text = _("{player} picks a card face down and announces {announcement}.")
    elif action.reveal == NAME:
        text = _("You answer with **{card}** face down and announce its name: {announcement}.")
    else:
        text = _(
            "You answer with **{card}** face down and announce its border states: {announcement}."
        )
    return text.format(
        player=session.seat_name(seat),
        card=card_name(action.card.usps),
        announcement=announcement_text(ann),
    )


def _guess_line(session: GameSession, seat: int | None, trick: TrickView, guess: object) -> str:
    assert isinstance(guess, GuessState | GuessBorders)
    if seat == session.me:
        text = (
            _("You guess {guess} — right.")
            if trick.guess_right
            else _("You guess {guess} — wrong.")
        )
    elif trick.guess_right:
        text = _("{player} guesses {guess} — right.")
    else:
        text = _("{player} guesses {guess} — wrong.")
    line = text.format(player=session.seat_name(seat), guess=guess_text(guess))
    if (detail := wrong_guess_detail(trick)) is not None:
        line += f" {detail}"
    return line


def _discard_line(session: GameSession, seat: int | None, action: Discard, bonus: bool) -> str:
    if seat == session.me:
        text = (
            _("You discard {card} for the right guess.")
            if bonus
            else _("You discard {card} for winning the trick.")
        )
    elif bonus:
        text = _("{player} discards {card} for the right guess.")
    else:
        text = _("{player} discards {card} for winning the trick.")
    return text.format(player=session.seat_name(seat), card=card_name(action.card.usps))


def describe(session: GameSession, index: int) -> list[str]:
    """Readable lines for step ``index`` from the human's point of view (the AI's face-down
    card is never named before it is played)."""
    step = session.history[index]
    action, after = step.action, step.after
    before = session.before(index)
    seat = step.seat
    lines: list[str] = []
    trick = _trick_at(session, index)
    if isinstance(action, Lead):
        lines.append(_lead_line(session, seat, action))
    elif isinstance(action, Commit):
        lines.append(_commit_line(session, seat, action, after.announcement))
    elif isinstance(action, GuessState | GuessBorders) and trick is not None:
        lines.append(_guess_line(session, seat, trick, trick.guess or action))
        if after.phase not in (GUESS, BONUS_DISCARD) and trick.played:
            lines.append(play_line(session, trick))
    elif isinstance(action, Discard):
        bonus = before.phase == BONUS_DISCARD
        lines.append(_discard_line(session, seat, action, bonus))
        if bonus and trick is not None and trick.played:
            lines.append(play_line(session, trick))
    if after.deck_count < before.deck_count and index > 0:
        lines.append(
            _("Both hands get 5 new cards ({left} left in the deck).").format(
                left=number(after.deck_count)
            )
        )
    if after.winner is not None and before.winner is None:
        lines.append(result_line(session, after))
    return lines


def _trick_at(session: GameSession, index: int) -> TrickView | None:
    """The trick that step ``index`` belongs to, as known right after that step."""
    found = tricks(session, index + 1)
    return found[-1] if found else None


def trick_lines(session: GameSession, trick: TrickView) -> list[str]:
    """The steps of one trick, in words."""
    first = next(
        i
        for i, s in enumerate(session.history)
        if isinstance(s.action, Lead) and s.after.trick == trick.number
    )
    lines: list[str] = []
    for i in range(first, len(session.history)):
        if i > first and isinstance(session.history[i].action, Lead):
            break
        lines += describe(session, i)
    return lines


def end_sentence(session: GameSession, obs: BorderAttackObservation) -> str:
    """How the game ended, in one sentence: who ran out first, or, when both ran out in the
    same trick, who won that last trick."""
    winner = obs.winner
    ai = session.seat_name(1 - session.me)
    it = session.pronoun(1 - session.me)
    if not any(obs.hand_counts):
        if winner == session.me:
            return _("You both ran out of cards; you won the last trick, so you win.")
        return _("You both ran out of cards; {ai} won the last trick, so {it} wins.").format(
            ai=ai, it=it
        )
    if winner == session.me:
        left = obs.hand_counts[1 - session.me]
        text = ngettext(
            "You have no cards left and the deck is empty, so you win ({ai} still holds {left} "
            "card).",
            "You have no cards left and the deck is empty, so you win ({ai} still holds {left} "
            "cards).",
            left,
        )
    else:
        left = obs.hand_counts[session.me]
        text = ngettext(
            "{ai} has no cards left and the deck is empty, so {it} wins (you still hold {left} "
            "card).",
            "{ai} has no cards left and the deck is empty, so {it} wins (you still hold {left} "
            "cards).",
            left,
        )
    return text.format(ai=ai, it=it, left=number(left))


def result_line(session: GameSession, obs: BorderAttackObservation) -> str:
    """The log's last line: :func:`end_sentence`."""
    return end_sentence(session, obs)


PENDING: dict[str, str] = {
    LEAD: N_("{who} will now choose a category and lead a card."),
    COMMIT: N_("{who} will now choose an answer card, face down, and announce it."),
    GUESS: N_("{who} will now make one guess at your card."),
    BONUS_DISCARD: N_("{who} guessed right and will now discard a card."),
    WIN_DISCARD: N_("{who} won the trick and will now discard a card."),
}


def pending(session: GameSession, phase: str) -> str:
    """What the other seat is about to do."""
    if phase not in PENDING:
        return ""
    return _(PENDING[phase]).format(who=sentence(session.subject(1 - session.me)))
