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
    GinObservation,
    Take,
)
from engine.bordercap_gin.advice import DiscardAdvice
from engine.bordercap_gin.rounds import face_down_discards
from engine.bordercap_gin.turns import is_opening
from engine.cards import Card
from engine.core import Refusal
from ui.games.bordercap_gin.log import last_discard, names, pile_discarders
from ui.games.refusals import worded
from ui.games.session import GameSession, sentence

PILE_SHOWN = 8  #: discards named under the pile's top card (the most recent first)
EMPTY_PILE_HTML = "<div class='gp-slot'><b>Discard pile</b><br>empty</div>"

FACES = ("up", "down")  #: the face-down control's choices (while the engine allows one)
THENS = ("end", "declare")  #: what follows a discard: end the turn, or declare
THEN_HELP = (
    "Spotted a win? Choose Declare a win, then click the card you let go: the app "
    "checks the other seven and scores their best split. A hand that does not win "
    "is explained and costs nothing."
)
DECLARE_PROMPT = "**Your discard is down.** Declare your hand, or end your turn."
DECLARE_HELP = "Declare these seven cards: the app checks them and scores their best split."
NOT_A_WIN = (
    "**Not a win** — these seven cards do not split into a 4-group and a 3-group. "
    "The declaration was refused, and costs you nothing:\n\n"
)


def phase_text(obs: GinObservation) -> str:
    """What this seat does now, for the status bar's "Your turn: …"."""
    return {DRAW: "take a card", DISCARD: "discard", DECLARE: "declare or end the turn"}.get(
        obs.phase, ""
    )


def pending(session: GameSession, obs: GinObservation) -> str:
    """What the seat to act (another seat) is about to do, from the public facts: a Gin turn
    is a draw, a discard, then a declaration or the end of the turn."""
    seat = obs.to_act
    if seat is None:
        return ""
    who = sentence(session.subject(seat))
    if obs.phase == DRAW:
        top = obs.just_discarded
        return f"{who} will now take a card: " + (
            f"{top.name}, just discarded, or the top card of the deck."
            if top is not None
            else "the top card of the deck."
        )
    if obs.phase == DISCARD:
        if is_opening(obs):
            return f"{who} opens round {obs.round_index + 1}: one discard, face up."
        took = f" took {obs.taken.name} and" if obs.taken is not None else " drew and"
        return f"{who}{took} will now discard a card."
    if obs.phase == DECLARE:
        return f"{who} has discarded and will now declare a win or end the turn."
    return ""


def others_line(session: GameSession, obs: GinObservation) -> str:
    """What is known of each other seat's hand: the cards it took from the pile (public) and,
    where the game has face-down discards, how many it has left."""
    parts = []
    for s in range(obs.players):
        if s == session.me:
            continue
        facts = []
        if obs.took[s]:
            facts.append(f"holds {names(obs.took[s])} (taken from the pile)")
        if face_down_discards(obs.players):
            n = obs.face_down_left[s]
            facts.append(f"{n} face-down discard{'s' if n != 1 else ''} left")
        if facts:
            parts.append(f"**{session.seat_label(s)}** " + ", ".join(facts))
    return " · ".join(parts)


def deck_html(obs: GinObservation) -> str:
    """The deck's slot: how many cards, and the face-down ones beside the pile."""
    downs = f"<br>{obs.face_down_count} face down beside the pile" if obs.face_down_count else ""
    return f"<div class='gp-slot'><b>Deck</b><br>{obs.deck_size} cards{downs}</div>"


def pile_caption(session: GameSession, obs: GinObservation, mine: bool) -> str:
    """Who discarded the top card, and whether it may still be taken."""
    last = last_discard(session)
    if last is None or not obs.pile:
        return ""
    by = session.mention(pile_discarders(session)[-1])
    if last.action.face_down:
        return (
            f"discarded by {by} · out of reach: {session.mention(last.seat)} then discarded face "
            "down"
        )
    if obs.just_discarded is None:
        return f"discarded by {by} · out of reach now"
    if mine and obs.phase == DRAW:
        return f"just discarded by {by} — you may take it"
    return f"just discarded by {by}"


def pile_below(session: GameSession, obs: GinObservation) -> str:
    """The cards under the pile's top card, the most recent first, each with who discarded it
    (``""`` when there are none)."""
    if len(obs.pile) <= 1:
        return ""
    seats = pile_discarders(session)
    below = list(reversed(list(zip(obs.pile[:-1], seats[:-1], strict=True))))
    earlier = ", ".join(f"{c.name} ({session.mention(s)})" for c, s in below[:PILE_SHOWN])
    more = f" and {len(below) - PILE_SHOWN} more" if len(below) > PILE_SHOWN else ""
    return f"Discard pile ({len(obs.pile)} cards), below the top: {earlier}{more}."


def _said(refusal: Refusal | None) -> str | None:
    """The engine's refusal in the reader's words (``None`` stays ``None``)."""
    return None if refusal is None else worded(refusal, "bordercap_gin")


def take_refusal(obs: GinObservation) -> str | None:
    """Why the top of the pile may not be taken now, worded from the engine's refusal
    (``None`` when it may; an empty pile is the engine's to refuse too)."""
    return _said(BorderCapGin.why_not(obs, Take(obs.pile[-1] if obs.pile else None)))


def take_label(top: Card | None) -> str:
    """The Take button: "Take Ohio" (the pile's top card)."""
    return f"Take {top.name}" if top is not None else "Take"


def draw_prompt(obs: GinObservation) -> str:
    """This seat's draw: the card just discarded, or the top card of the deck."""
    top = obs.just_discarded
    return (
        "**Your turn: take a card** — "
        + (f"pick up {top.name}, just discarded, or " if top is not None else "")
        + "draw the top card of the deck."
    )


def face_down_refusal(obs: GinObservation) -> str | None:
    """Why this seat may not discard face down now, worded from the engine's refusal (``None``
    when it may): asked of a card it may discard."""
    spare = next(c for c in obs.hand if c != obs.taken)
    return _said(BorderCapGin.why_not(obs, Discard(spare, face_down=True)))


def discard_prompt(obs: GinObservation, new: Card | None, down_refused: str | None) -> str:
    """This seat's discard: the opening of a round (with the worded refusal of a face-down
    discard: it is face up), or the card just taken or drawn and what to do now."""
    if is_opening(obs):
        return f"**You open round {obs.round_index + 1}.** {down_refused or ''}"
    if obs.taken is not None:
        got = f"You took **{obs.taken.name}**. "
    else:
        got = f"You drew **{new.name}**. " if new is not None else ""
    return f"{got}**Now discard one card** — that ends your turn."


def face_label(face: str, left: int) -> str:
    """A choice of the face-down control (``left``: face-down discards left this round)."""
    return "Face up" if face == "up" else f"Face down ({left} left this round)"


def face_help(session: GameSession) -> str:
    """The face-down control's help: what a face-down card does to the other player."""
    opponent = session.subject(1 - session.me)
    return f"A face-down card cannot be picked up: {opponent} must then draw from the deck."


def then_label(then: str) -> str:
    """A choice of "After your discard"."""
    return "End my turn" if then == "end" else "Declare a win"


def hand_prompt(declaring: bool) -> str:
    """The heading of the hand to discard from."""
    return "**Your hand** — " + (
        "click the card you let go to declare the other seven" if declaring else "discard one card"
    )


def discard_label(face_down: bool, declaring: bool) -> str:
    """The button under each card of the hand."""
    label = "Discard face down" if face_down else "Discard"
    return f"{label} and declare" if declaring else label


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
    return f"Discard {card.name}{' face down' if face_down else ''} and declare"


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
