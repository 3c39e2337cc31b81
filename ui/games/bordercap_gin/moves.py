"""BorderCap Gin's table and moves in words: the piles and what is known of the other hands,
what the seat to act is about to do, and this seat's moves as the board offers them (prompts,
labels, help, and why a move may not be made: the engine's refusal (``why_not``) worded by
:mod:`.refusals`), with what a click does (:func:`discard_and_end`, :func:`declare`)."""

from __future__ import annotations

from engine.bordercap_gin import (
    DECLARE,
    DISCARD,
    DRAW,
    END_TURN,
    BorderCapGin,
    Declare,
    Discard,
    Draw,
    EndTurn,
    GinObservation,
    Take,
)
from engine.bordercap_gin.advice import DiscardAdvice
from engine.bordercap_gin.rounds import face_down_discards
from engine.bordercap_gin.turns import is_opening
from engine.cards import Card
from engine.core import Refusal
from messages import N_, _, ngettext, number
from ui.games.bordercap_gin.log import last_discard, names, pile_discarders
from ui.games.refusals import worded
from ui.games.session import GameSession, sentence
from ui.games.wording import card_name

PILE_SHOWN = 8  #: discards named under the pile's top card (the most recent first)

FACES = ("up", "down")  #: the face-down control's choices (while the engine allows one)
THENS = ("end", "declare")  #: what follows a discard: end the turn, or declare
# Marked here, translated where the board shows them.
THEN_HELP = N_(
    "Spotted a win? Choose Declare a win, then click the card you let go: the app "
    "checks the other seven and scores their best split. A hand that does not win "
    "is explained and costs nothing."
)
DECLARE_PROMPT = N_("**Your discard is down.** Declare your hand, or end your turn.")
DECLARE_HELP = N_("Declare these seven cards: the app checks them and scores their best split.")
NOT_A_WIN = N_(
    "**Not a win** — these seven cards do not split into a 4-group and a 3-group. "
    "The declaration was refused, and costs you nothing:"
)  #: the head of the warning that lists why (a Markdown list follows, after a blank line)


def empty_pile_html() -> str:
    """The slot of an empty discard pile."""
    empty = _("<b>Discard pile</b><br>empty")
    return f"<div class='gp-slot'>{empty}</div>"


def phase_text(obs: GinObservation) -> str:
    """What this seat does now, for the status bar's "Your turn: …"."""
    if obs.phase == DRAW:
        return _("take a card")
    if obs.phase == DISCARD:
        return _("discard")
    if obs.phase == DECLARE:
        return _("declare or end the turn")
    return ""


def pending(session: GameSession, obs: GinObservation) -> str:
    """What the seat to act (another seat) is about to do, from the public facts: a Gin turn
    is a draw, a discard, then a declaration or the end of the turn."""
    seat = obs.to_act
    if seat is None:
        return ""
    top, taken = obs.just_discarded, obs.taken
    if obs.phase == DRAW and top is not None:
        text = _(
            "{player} will now take a card: {card}, just discarded, or the top card of the deck."
        )
    elif obs.phase == DRAW:
        text = _("{player} will now take a card: the top card of the deck.")
    elif obs.phase == DISCARD and is_opening(obs):
        text = _("{player} opens round {round}: one discard, face up.")
    elif obs.phase == DISCARD and taken is not None:
        text = _("{player} took {card} and will now discard a card.")
    elif obs.phase == DISCARD:
        text = _("{player} drew and will now discard a card.")
    elif obs.phase == DECLARE:
        text = _("{player} has discarded and will now declare a win or end the turn.")
    else:
        return ""
    card = top if obs.phase == DRAW else taken
    return sentence(
        text.format(
            player=session.subject(seat),
            card=card_name(card.usps) if card is not None else "",
            round=number(obs.round_index + 1),
        )
    )


def others_line(session: GameSession, obs: GinObservation) -> str:
    """What is known of each other seat's hand: the cards it took from the pile (public) and,
    where the game has face-down discards, how many it has left."""
    parts = []
    for s in range(obs.players):
        if s == session.me:
            continue
        took = obs.took[s]
        downs = face_down_discards(obs.players)
        n = obs.face_down_left[s] if downs else 0
        if took and downs:
            text = ngettext(
                "**{player}** holds {cards} (taken from the pile), {count} face-down discard left",
                "**{player}** holds {cards} (taken from the pile), {count} face-down discards left",
                n,
            )
        elif took:
            text = _("**{player}** holds {cards} (taken from the pile)")
        elif downs:
            text = ngettext(
                "**{player}** {count} face-down discard left",
                "**{player}** {count} face-down discards left",
                n,
            )
        else:
            continue
        parts.append(text.format(player=session.seat_label(s), cards=names(took), count=number(n)))
    return " · ".join(parts)


def deck_html(obs: GinObservation) -> str:
    """The deck's slot: how many cards, and the face-down ones beside the pile."""
    deck = ngettext("<b>Deck</b><br>{count} card", "<b>Deck</b><br>{count} cards", obs.deck_size)
    lines = [deck.format(count=number(obs.deck_size))]
    if obs.face_down_count:
        downs = ngettext(
            "{count} face down beside the pile",
            "{count} face down beside the pile",
            obs.face_down_count,
        )
        lines.append(downs.format(count=number(obs.face_down_count)))
    return f"<div class='gp-slot'>{'<br>'.join(lines)}</div>"


def pile_caption(session: GameSession, obs: GinObservation, mine: bool) -> str:
    """Who discarded the top card, and whether it may still be taken."""
    last = last_discard(session)
    if last is None or not obs.pile:
        return ""
    by = pile_discarders(session)[-1]
    by_me, then_me = by == session.me, last.seat == session.me
    if last.action.face_down and by_me and then_me:
        text = _("discarded by you · out of reach: you then discarded face down")
    elif last.action.face_down and by_me:
        text = _("discarded by you · out of reach: {other} then discarded face down")
    elif last.action.face_down and then_me:
        text = _("discarded by {player} · out of reach: you then discarded face down")
    elif last.action.face_down:
        text = _("discarded by {player} · out of reach: {other} then discarded face down")
    elif obs.just_discarded is None:
        text = (
            _("discarded by you · out of reach now")
            if by_me
            else _("discarded by {player} · out of reach now")
        )
    elif mine and obs.phase == DRAW and not by_me:
        text = _("just discarded by {player} — you may take it")
    else:
        text = _("just discarded by you") if by_me else _("just discarded by {player}")
    return text.format(player=session.seat_name(by), other=session.seat_name(last.seat))


def pile_below(session: GameSession, obs: GinObservation) -> str:
    """The cards under the pile's top card, the most recent first, each with who discarded it
    (``""`` when there are none)."""
    if len(obs.pile) <= 1:
        return ""
    seats = pile_discarders(session)
    below = list(reversed(list(zip(obs.pile[:-1], seats[:-1], strict=True))))
    earlier = ", ".join(
        f"{card_name(c.usps)} ({session.mention(s)})" for c, s in below[:PILE_SHOWN]
    )
    count = len(obs.pile)
    if len(below) > PILE_SHOWN:
        text = ngettext(
            "Discard pile ({count} card), below the top: {cards} and {more} more.",
            "Discard pile ({count} cards), below the top: {cards} and {more} more.",
            count,
        )
    else:
        text = ngettext(
            "Discard pile ({count} card), below the top: {cards}.",
            "Discard pile ({count} cards), below the top: {cards}.",
            count,
        )
    return text.format(count=number(count), cards=earlier, more=number(len(below) - PILE_SHOWN))


def _said(refusal: Refusal | None) -> str | None:
    """The engine's refusal in the reader's words (``None`` stays ``None``)."""
    return None if refusal is None else worded(refusal, "bordercap_gin")


def take_refusal(obs: GinObservation) -> str | None:
    """Why the top of the pile may not be taken now, worded from the engine's refusal
    (``None`` when it may; an empty pile is the engine's to refuse too)."""
    return _said(BorderCapGin.why_not(obs, Take(obs.pile[-1] if obs.pile else None)))


def take_label(top: Card | None) -> str:
    """The Take button: "Take Ohio" (the pile's top card)."""
    return _("Take {card}").format(card=card_name(top.usps)) if top is not None else _("Take")


def draw_prompt(obs: GinObservation) -> str:
    """This seat's draw: the card just discarded, or the top card of the deck."""
    top = obs.just_discarded
    if top is None:
        return _("**Your turn: take a card** — draw the top card of the deck.")
    return _(
        "**Your turn: take a card** — pick up {card}, just discarded, or draw the top card of "
        "the deck."
    ).format(card=card_name(top.usps))


def face_down_refusal(obs: GinObservation) -> str | None:
    """Why this seat may not discard face down now, worded from the engine's refusal (``None``
    when it may): asked of a card it may discard."""
    spare = next(c for c in obs.hand if c != obs.taken)
    return _said(BorderCapGin.why_not(obs, Discard(spare, face_down=True)))


def discard_prompt(obs: GinObservation, new: Card | None, down_refused: str | None) -> str:
    """This seat's discard: the opening of a round (with the worded refusal of a face-down
    discard: it is face up), or the card just taken or drawn and what to do now."""
    if is_opening(obs):
        return _("**You open round {round}.** {refusal}").format(
            round=number(obs.round_index + 1), refusal=down_refused or ""
        )
    if obs.taken is not None:
        return _("You took **{card}**. **Now discard one card** — that ends your turn.").format(
            card=card_name(obs.taken.usps)
        )
    if new is not None:
        return _("You drew **{card}**. **Now discard one card** — that ends your turn.").format(
            card=card_name(new.usps)
        )
    return _("**Now discard one card** — that ends your turn.")


def face_label(face: str, left: int) -> str:
    """A choice of the face-down control (``left``: face-down discards left this round)."""
    if face == "up":
        return _("Face up")
    return ngettext(
        "Face down ({left} left this round)", "Face down ({left} left this round)", left
    ).format(left=number(left))


def face_help(session: GameSession) -> str:
    """The face-down control's help: what a face-down card does to the other player."""
    return _("A face-down card cannot be picked up: {player} must then draw from the deck.").format(
        player=session.subject(1 - session.me)
    )


def then_label(then: str) -> str:
    """A choice of "After your discard"."""
    return _("End my turn") if then == "end" else _("Declare a win")


def hand_prompt(declaring: bool) -> str:
    """The heading of the hand to discard from."""
    if declaring:
        return _("**Your hand** — click the card you let go to declare the other seven")
    return _("**Your hand** — discard one card")


def discard_label(face_down: bool, declaring: bool) -> str:
    """The button under each card of the hand."""
    if declaring:
        return _("Discard face down and declare") if face_down else _("Discard and declare")
    return _("Discard face down") if face_down else _("Discard")


def discard_refusals(obs: GinObservation, face_down: bool) -> dict[str, str]:
    """Why each card of the hand may not be discarded (the card just taken), worded from the
    engine's refusal, by USPS code."""
    return {
        c.usps: worded(why, "bordercap_gin")
        for c in obs.hand
        if (why := BorderCapGin.why_not(obs, Discard(c, face_down))) is not None
    }


def winning_discard(advice: DiscardAdvice) -> Card | None:
    """The discard that leaves a win (the hint's one-click "Discard and declare"), if any."""
    best = advice.best
    return best if best is not None and best.usps in advice.wins else None


def winning_discard_label(card: Card, face_down: bool) -> str:
    """The hint's one-click button: "Discard Ohio and declare"."""
    if face_down:
        return _("Discard {card} face down and declare").format(card=card_name(card.usps))
    return _("Discard {card} and declare").format(card=card_name(card.usps))


def declaration_refused(session: GameSession) -> bool:
    """Whether this seat's declaration was just refused (explained until the next move)."""
    return bool(session.message) and session.extra.get("refused") == session.version


def discard_and_end(session: GameSession, action: Discard, version: int) -> None:
    """A Discard click: discard, then end the turn (declaring has its own buttons)."""
    played = session.act(action, version) is None
    if played and session.humans_turn and session.state.phase == DECLARE:
        session.act(END_TURN)


def declare(session: GameSession, discard: Discard | None, version: int) -> None:
    """Declare the hand (after discarding ``discard`` when given): the engine scores its best
    split. A refused declaration leaves the turn open, and the page explains it group by
    group until the next move."""
    if discard is not None:
        if session.act(discard, version) is not None:
            return
        version = session.version
    if session.act(Declare(), version) is not None:
        session.extra["refused"] = session.version


def move_label(action: object) -> str:
    """A move as a button names it where the moves are listed (the notebook's game widget):
    "Draw from the deck", "Take Ohio from the discard pile", "Discard Utah face down"."""
    if isinstance(action, Draw):
        return _("Draw from the deck")
    if isinstance(action, Take):
        return _("Take {card} from the discard pile").format(card=card_name(action.card.usps))
    if isinstance(action, Discard):
        text = _("Discard {card} face down") if action.face_down else _("Discard {card}")
        return text.format(card=card_name(action.card.usps))
    if isinstance(action, Declare):
        if not action.four and not action.three:
            return _("Declare a win")
        return _("Declare {four} + {three}").format(
            four=names(action.four), three=names(action.three)
        )
    if isinstance(action, EndTurn):
        return _("End turn")
    raise TypeError(f"{action!r} is not a move of BorderCap Gin")
