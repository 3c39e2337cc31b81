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
from ui.cards import ordinal
from ui.games.border_attack.names import card_of, names, names_and, names_or
from ui.games.border_attack.tricks import TrickView, tricks
from ui.games.session import GameSession, sentence


def announcement_text(ann: Announcement) -> str:
    """ "Ohio, with 5 border states" or "4 border states: Arkansas, …"."""
    plural = "s" if ann.count != 1 else ""
    if ann.usps is not None:
        return f"**{card_of(ann.usps).name}**, with {ann.count} border state{plural}"
    if not ann.count:
        return "**no border states at all**"
    return f"**{ann.count} border state{plural}**: {names(ann.borders or ())}"


def guess_text(guess: GuessState | GuessBorders) -> str:
    if isinstance(guess, GuessState):
        return f"**{card_of(guess.usps).name}**"
    borders = frozenset(guess.borders)
    return f"the border states {names(borders)}" if borders else "no border states"


def guess_detail(guess: GuessState | GuessBorders, card: Card) -> str:
    """Why a wrong guess is wrong, in one sentence built from the card's facts: "Not quite:
    Nevada borders Idaho, not Montana." (a border guess) or "Not quite: it was Idaho; Montana
    does not border Nevada." (a state guess)."""
    if isinstance(guess, GuessState):
        picked = card_of(guess.usps)
        if not card.borders and not picked.borders:
            return f"Not quite: it was {card.name}; it borders no state, just like {picked.name}."
        if picked.usps in card.borders:
            why = f"{picked.name} is one of the listed states"
        elif apart := card.borders - picked.borders:
            why = f"{picked.name} does not border {names_or(apart)}"
        else:
            n = len(picked.borders)
            why = f"{picked.name} has {n} border state{'s' if n != 1 else ''}"
        return f"Not quite: it was {card.name}; {why}."
    picked = frozenset(guess.borders)
    missed, extra = card.borders - picked, picked - card.borders
    if not card.borders:
        return f"Not quite: {card.name} borders no state, not {names_or(extra)}."
    if missed and extra:
        return f"Not quite: {card.name} borders {names_and(missed)}, not {names_or(extra)}."
    if missed:
        return f"Not quite: {card.name} also borders {names_and(missed)}."
    verb = "does" if len(extra) == 1 else "do"
    return f"Not quite: {names_and(extra)} {verb} not border {card.name}."


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
    won = (
        "you win the trick"
        if trick.winner == session.me
        else f"{session.seat_name(1 - session.me)} wins the trick"
    )
    return (
        f"{session.who(trick.follower, 'play', 'plays')} **{card.name}** "
        f"({ordinal(card.rank(cat))} in {cat.label}, against {ordinal(led.rank(cat))}): "
        f"{best.name} is better — {won}."
    )


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
        cat = Category(action.category)
        lines.append(
            f"{session.who(seat, 'lead', 'leads')} **{action.card.name}**, category {cat.label} — "
            f"{action.card.name} is {ordinal(action.card.rank(cat))}."
        )
    elif isinstance(action, Commit):
        ann = after.announcement
        if seat == session.me:
            what = "its name" if action.reveal == NAME else "its border states"
            lines.append(
                f"You answer with **{action.card.name}** face down and announce {what}: "
                f"{announcement_text(ann)}."
            )
        else:
            lines.append(
                f"{session.seat_name(seat)} picks a card face down and announces "
                f"{announcement_text(ann)}."
            )
    elif isinstance(action, GuessState | GuessBorders) and trick is not None:
        guess = trick.guess or action
        verdict = "right" if trick.guess_right else "wrong"
        line = f"{session.who(seat, 'guess', 'guesses')} {guess_text(guess)} — {verdict}."
        if (detail := wrong_guess_detail(trick)) is not None:
            line += f" {detail}"
        lines.append(line)
        if after.phase not in (GUESS, BONUS_DISCARD) and trick.played:
            lines.append(play_line(session, trick))
    elif isinstance(action, Discard):
        bonus = before.phase == BONUS_DISCARD
        why = "for the right guess" if bonus else "for winning the trick"
        lines.append(f"{session.who(seat, 'discard', 'discards')} {action.card.name} {why}.")
        if bonus and trick is not None and trick.played:
            lines.append(play_line(session, trick))
    if after.deck_count < before.deck_count and index > 0:
        lines.append(f"Both hands get 5 new cards ({after.deck_count} left in the deck).")
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
            return "You both ran out of cards; you won the last trick, so you win."
        return f"You both ran out of cards; {ai} won the last trick, so {it} wins."
    if winner == session.me:
        left = obs.hand_counts[1 - session.me]
        return (
            f"You have no cards left and the deck is empty, so you win ({ai} still holds "
            f"{left} card{'s' if left != 1 else ''})."
        )
    left = obs.hand_counts[session.me]
    return (
        f"{ai} has no cards left and the deck is empty, so {it} wins (you still hold {left} "
        f"card{'s' if left != 1 else ''})."
    )


def result_line(session: GameSession, obs: BorderAttackObservation) -> str:
    """The log's last line: :func:`end_sentence`."""
    return end_sentence(session, obs)


PENDING: dict[str, str] = {
    LEAD: "{who} will now choose a category and lead a card.",
    COMMIT: "{who} will now choose an answer card, face down, and announce it.",
    GUESS: "{who} will now make one guess at your card.",
    BONUS_DISCARD: "{who} guessed right and will now discard a card.",
    WIN_DISCARD: "{who} won the trick and will now discard a card.",
}


def pending(session: GameSession, phase: str) -> str:
    """What the other seat is about to do."""
    return PENDING.get(phase, "").format(who=sentence(session.subject(1 - session.me)))
