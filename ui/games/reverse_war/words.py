"""What the Reverse Geography War page shows: battles in words and tiles, statistics, and the
practice mode's predictions (no Streamlit here).

The War has no decisions, so its table has no bots: each step is one flip (``seat`` ``None``)
and the snapshot kept with it is the engine's ``last_battle`` (an immutable record of every
card laid, the wars and the GeoPlunge), not an observation (which grows with the game).

Practice mode. Before a flip is resolved the player predicts its outcome. The prediction is
about the two cards being turned: they are face up for both players at the moment of turning,
so showing them before the engine resolves the flip reveals nothing a player at the table
would not see. The engine says which two cards are being turned and scores a prediction
against the flip's ``Battle`` (:mod:`engine.reverse_war.practice`). The two cards show their
ranks but not their weakness (the worst rank, which decides) until the flip is resolved, unless
hints are on.

Words. Each flip's winner is said in a sentence (:func:`winner_sentence`), several flips played
at once are summed up (:func:`flips_summary`), and the piles chart is an SVG image whose text
alternative is :func:`piles_sentence`, also shown under it.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from html import escape
from typing import Any

from engine.cards import Card, Category
from engine.reverse_war import FLIP, Battle, worst_categories
from engine.reverse_war.practice import Outcome, Prediction, outcome, score
from ui.cards import card_html, ordinal
from ui.games.session import HUMAN, GameSession, inside
from ui.games.setup import Choice
from ui.games.words import Ending, GameWords, Status, result_kind

YOU, AI, WAR = "you", "ai", "war"
OUTCOMES: dict[str, str] = {YOU: "Your card", AI: "The AI's card", WAR: "A tie: Geography War"}

MODE = Choice(
    "mode",
    "Mode",
    {"play": "Play: flip and watch", "practice": "Practice: predict every flip"},
    default="play",
)

RULES = """
**The goal.** Win all 50 cards. Here the *weaker* card wins.

**Dealing.** Each player gets 25 cards in a face-down pile. The piles are never shuffled
again.

**A flip.** Both players turn their top card at the same time. Each card's *weakness* is its
worst rank of the three (size, statehood, population; 50th is the worst). The card with the
worse weakness wins: its player puts both cards at the bottom of its pile. Wyoming (50th in
population) beats Alaska, whose worst rank is 49th in statehood.

**Geography War.** If both weaknesses are equal, each player lays 4 cards face down and turns
the 5th; the turned cards decide and the winner takes everything on the table. Another tie
means another war. A player with fewer than 5 cards lays all but the last one face down and
turns the last; a player with no card left to turn loses the game.

**GeoPlunge.** A card that is worse in *all three* ranks than the other card GeoPlunges it:
its player wins the cards on the table and the other player must also hand over its next 3
cards. This can happen on the turned cards of a war too.

**The end.** The player who holds all 50 cards wins. A game that reaches 5,000 flips is
stopped, and the player with more cards wins (equal piles: a draw).

**This app's choices.** The winner picks the cards up in the order they were laid, its own
card first at each step, with the handed-over cards last; so the game is decided by the deal
alone. Every card laid is shown when the flip is over, face-down war cards included.

**Practice mode.** The two cards are turned before you predict, with their three ranks but
not their weakness: finding the worst rank is your part (switch **Hints** on to see it). The
weakness of each card is told once the flip is resolved.
"""


def battles(session: GameSession) -> list[Battle]:
    """Every flip played so far, in order."""
    return [s.after for s in session.history if s.after is not None]


def flip(session: GameSession, n: int | None = 1) -> int:
    """Play ``n`` flips (``None``: to the end of the game); returns how many were played."""
    done = 0
    while not session.state.is_over and (n is None or done < n):
        session.play(FLIP, None)
        done += 1
    if done:
        session.seen = len(session.history) - done
        session.message = ""
    return done


def weakness_text(card: Card) -> str:
    """ "48th in Population" (both categories when the card's worst rank is in two)."""
    cats = " and ".join(c.label for c in worst_categories(card))
    return f"{ordinal(card.weakness)} in {cats}"


def geoplunge_text(winner: Card, loser: Card) -> str:
    """The three ranks that make a GeoPlunge."""
    parts = [
        f"{c.label.lower()} {ordinal(winner.rank(c))} vs {ordinal(loser.rank(c))}" for c in Category
    ]
    return f"{winner.name} is worse than {loser.name} in all three ranks ({', '.join(parts)})"


def said_outcome(said: str, plunge: bool) -> Outcome:
    """The engine's outcome that the practice buttons ``said`` (you, ai, war) and ``plunge``
    name, from this screen's seat (:data:`HUMAN`)."""
    return Outcome({YOU: HUMAN, AI: 1 - HUMAN, WAR: None}[said], plunge)


def said_code(found: Outcome) -> str:
    """The practice buttons' word for an outcome: ``you``, ``ai`` or ``war``."""
    return WAR if found.winner is None else (YOU if found.winner == HUMAN else AI)


def predictions(session: GameSession) -> list[Prediction]:
    return session.extra.setdefault("predictions", [])


def predict(session: GameSession, said: str, said_plunge: bool, version: int) -> None:
    """Record a prediction, resolve the flip, and score it (a widget callback)."""
    if version != session.version or session.state.is_over:
        session.message = "The game had already moved on, so that prediction was not counted."
        return
    flip(session, 1)
    battle = session.history[-1].after
    was = outcome(battle)
    predictions(session).append(Prediction(battle.turn, said_outcome(said, said_plunge), was))


def score_text(session: GameSession) -> str:
    found = score(predictions(session))
    if not found.predictions:
        return "no predictions yet"
    n = found.predictions
    return f"winner {found.winners}/{n} · GeoPlunge {found.plunges}/{n}"


def prediction_feedback(p: Prediction, battle: Battle) -> str:
    a, b = battle.up[0]
    said = inside(OUTCOMES[said_code(p.said)])  # "the AI's card", "your card"
    was_code = said_code(p.was)
    was = {YOU: f"your {a.name}", AI: f"the AI's {b.name}", WAR: "a Geography War"}[was_code]
    first = "Right" if p.winner_right else "Not quite"
    text = f"{first}: you said {said}; it was {was}"
    if was_code == WAR:
        text += f" (both worst ranks are {ordinal(a.weakness)})"
    else:
        text += f" ({a.name} {ordinal(a.weakness)}, {b.name} {ordinal(b.weakness)})"
    plunge = "a GeoPlunge" if p.was.geoplunge else "no GeoPlunge"
    text += f". GeoPlunge: {'right' if p.plunge_right else 'wrong'}, it was {plunge}."
    return text


# --- words and tiles ------------------------------------------------------------------------


def war_name(levels: int) -> str:
    return {1: "Geography War", 2: "Double Geography War"}.get(
        levels, f"Geography War of {levels} levels"
    )


def describe_battle(session: GameSession, battle: Battle) -> list[str]:
    """A flip in words: the cards, the weaknesses that decided, wars and GeoPlunges."""
    you, them = battle.up[0]
    lines = [
        f"Flip {battle.turn}: your **{you.name}** ({weakness_text(you)}) against the AI's "
        f"**{them.name}** ({weakness_text(them)})."
    ]
    for level, ((down0, down1), (a, b)) in enumerate(
        zip(battle.down, battle.up[1:], strict=True), start=1
    ):
        lines.append(
            f"Tie at {ordinal(battle.up[level - 1][0].weakness)}: "
            f"**{war_name(level)}!** {len(down0)} and {len(down1)} cards face down, then "
            f"your **{a.name}** ({weakness_text(a)}) against **{b.name}** ({weakness_text(b)})."
        )
    if battle.ran_out:
        if len(battle.ran_out) == 2:
            lines.append("Both players run out of cards in the war: **a draw**.")
        else:
            who = "You have" if battle.ran_out[0] == HUMAN else "The AI has"
            lines.append(f"{who} no card left to turn in the war and lose the game.")
        return lines
    w = battle.winner
    a, b = battle.deciding
    win_card, lose_card = (a, b) if w == HUMAN else (b, a)
    who = "You win" if w == HUMAN else "The AI wins"
    line = (
        f"{who} {len(battle.won)} cards: {win_card.name} is weaker "
        f"({ordinal(win_card.weakness)} against {ordinal(lose_card.weakness)})."
    )
    if battle.geoplunge:
        giver = "The AI hands" if w == HUMAN else "You hand"
        got = ", ".join(c.name for c in battle.handed_over) or "nothing (no cards left)"
        line += f" **GeoPlunge!** {geoplunge_text(win_card, lose_card)}. {giver} over {got}."
    lines.append(line)
    return lines


def describe(session: GameSession, index: int) -> list[str]:
    """The log lines of step ``index`` (one flip), and the end of the game."""
    battle = session.history[index].after
    if battle is None:
        return []
    lines = describe_battle(session, battle)
    state = session.state
    if index == len(session.history) - 1 and state.is_over:
        lines.append(result_text(session))
    return lines


def result_text(session: GameSession) -> str:
    state = session.state
    mine, theirs = state.scores
    if getattr(state, "capped", False):
        verdict = {None: "a draw", HUMAN: "you win"}.get(state.winner, "the AI wins")
        return f"Stopped after {state.turn:,} flips with {mine} cards to {theirs}: {verdict}."
    if state.winner == HUMAN:
        return "You hold all 50 cards: **you win!**"
    if state.winner is None:
        return "Nobody can go on: **a draw**."
    return "The AI holds all 50 cards: **the AI wins.**"


def card_tile(card: Card, who: str, *, weakness: bool = True, outlined: bool = False) -> str:
    """A card with whose it is; ``weakness=False`` leaves its worst rank out (a card about to
    be predicted: finding the worst rank is the player's part, unless hints are on)."""
    caption = f"{who} · weakness {weakness_text(card)}" if weakness else who
    return card_html(card, caption=caption, outlined=outlined)


def winner_sentence(battle: Battle) -> str:
    """Who won a flip, in one sentence (the badges and the outlined card say it in colour)."""
    if battle.ran_out:
        if battle.winner is None:
            return f"Flip {battle.turn}: both players ran out of cards in the war, a draw."
        loser = "the AI" if battle.winner == HUMAN else "you"
        who = "you win" if battle.winner == HUMAN else "the AI wins"
        return f"Flip {battle.turn}: {who} the game: {loser} had no card left to turn in the war."
    a, b = battle.deciding
    win, lose = (a, b) if battle.winner == HUMAN else (b, a)
    who = "you win" if battle.winner == HUMAN else "the AI wins"
    mine, theirs = ("your", "the AI's") if battle.winner == HUMAN else ("the AI's", "your")
    war = f" after a {war_name(battle.wars)}" if battle.wars else ""
    plunge = " with a GeoPlunge" if battle.geoplunge else ""
    return (
        f"Flip {battle.turn}: {who}{war}{plunge} and take{'s' * (battle.winner != HUMAN)} "
        f"{len(battle.won)} cards: {mine} {win.name} ({ordinal(win.weakness)}) is weaker than "
        f"{theirs} {lose.name} ({ordinal(lose.weakness)})."
    )


def flips_summary(found: list[Battle]) -> str:
    """Several flips played at once (10 flips, to the end, auto-play) in one sentence."""
    mine = sum(1 for b in found if b.winner == HUMAN)
    theirs = sum(1 for b in found if b.winner not in (HUMAN, None))
    wars = sum(1 for b in found if b.wars or b.ran_out)
    span = f"flips {found[0].turn} to {found[-1].turn}"
    text = f"In {span} you won {mine} and the AI won {theirs}"
    if wars:
        text += f" ({wars} Geography War{'s' if wars != 1 else ''})"
    return text + "."


def piles_sentence(history: list[tuple[int, int]] | tuple[tuple[int, int], ...]) -> str:
    """The flips chart in words: the piles now, and the most each player held."""
    mine, theirs = history[-1]
    flips = len(history) - 1
    when = "At the deal" if not flips else f"After flip {flips}"
    most = max(h[0] for h in history), max(h[1] for h in history)
    return (
        f"{when} you hold {mine} cards and the AI {theirs}. The most you held: {most[0]}; "
        f"the most the AI held: {most[1]}."
    )


def piles_svg(history: list[tuple[int, int]] | tuple[tuple[int, int], ...]) -> str:
    """The cards in each pile after every flip, as a small line chart (an SVG image, one point
    per flip, at most 400 points) with its words as the text alternative."""
    n = len(history)
    step = max(1, -(-n // 400))
    points = list(range(0, n, step))
    if points[-1] != n - 1:
        points.append(n - 1)
    width, height, pad = 600.0, 160.0, 6.0

    def xy(i: int, who: int) -> str:
        x = pad + (width - 2 * pad) * (i / max(1, n - 1))
        y = pad + (height - 2 * pad) * (1 - history[i][who] / 50)
        return f"{x:.1f},{y:.1f}"

    lines = "".join(
        f"<polyline fill='none' stroke='{color}' stroke-width='2.5'{dash} "
        f"points='{' '.join(xy(i, who) for i in points)}'/>"
        for who, color, dash in ((0, "#0072B2", ""), (1, "#D55E00", " stroke-dasharray='6 3'"))
    )
    words = escape(piles_sentence(history))
    middle = pad + (height - 2 * pad) / 2
    svg = (
        f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {width:.0f} {height:.0f}' "
        f"preserveAspectRatio='none'><rect width='100%' height='100%' fill='#F8FAFC'/>"
        f"<line x1='0' x2='{width:.0f}' y1='{middle:.1f}' y2='{middle:.1f}' stroke='#94A3B8' "
        f"stroke-dasharray='2 4'/>{lines}</svg>"
    )
    # An image, not inline SVG: st.html's sanitiser drops <svg>; the alt text is the chart
    # in words.
    data = base64.b64encode(svg.encode()).decode()
    return (
        f"<img class='gp-piles' src='data:image/svg+xml;base64,{data}' alt='{words}' "
        f"style='width:100%;height:{height:.0f}px;display:block'>"
        "<div style='font-size:.85rem;color:#334155'>"
        "<span style='color:#0072B2'>━</span> you · "
        "<span style='color:#D55E00'>╍</span> the AI · the dotted line is 25 cards each</div>"
    )


def headline(battle: Battle) -> str:
    """Badges (Streamlit markdown) for a flip's outcome: who won how many, war, GeoPlunge."""
    parts = []
    if battle.wars or battle.ran_out:
        levels = battle.wars + (1 if battle.ran_out else 0)
        parts.append(f":violet-badge[:material/swords: {war_name(levels)}]")
    if battle.winner is None:
        parts.append(":gray-badge[A draw]")
    elif battle.winner == HUMAN:
        parts.append(f":blue-badge[You win {len(battle.won)} cards]")
    else:
        parts.append(f":red-badge[The AI wins {len(battle.won)} cards]")
    if battle.geoplunge:
        parts.append(":orange-badge[:material/bolt: GeoPlunge!]")
    return " ".join(parts)


def battle_html(battle: Battle) -> str:
    """The cards of one flip as tiles: each turned pair, with the face-down cards between;
    the winning card of the deciding pair is outlined."""
    rows = []
    last = len(battle.up) - 1
    for level, (a, b) in enumerate(battle.up):
        if level:
            down0, down1 = battle.down[level - 1]
            rows.append(
                "<div style='font-size:.88rem;color:#555;margin:.25rem 0'>"
                f"<b>{escape(war_name(level))}</b> — face down: you "
                f"{escape(', '.join(c.name for c in down0) or 'none')}; the AI "
                f"{escape(', '.join(c.name for c in down1) or 'none')}</div>"
            )
        won = battle.winner if level == last else None
        tiles = [card_tile(a, "You", outlined=won == 0), card_tile(b, "AI", outlined=won == 1)]
        rows.append(f"<div class='gp-hand'>{''.join(tiles)}</div>")
    return "".join(rows)


def map_roles(battle: Battle) -> tuple[dict[str, str], dict[str, str]]:
    """The turned cards on the map: yours and the AI's, with their ranks in the hover text."""
    roles: dict[str, str] = {}
    notes: dict[str, str] = {}
    for level, (a, b) in enumerate(battle.up):
        for card, role in ((a, "mine"), (b, "theirs")):
            roles[card.usps] = role
            notes[card.usps] = (
                ("first flip" if level == 0 else f"war level {level}")
                + f" · worst rank {weakness_text(card)} · size {ordinal(card.size_rank)}, "
                f"statehood {ordinal(card.statehood_rank)}, population "
                f"{ordinal(card.population_rank)}"
            )
    return roles, notes


@dataclass(frozen=True)
class Stats:
    """Counts over a game's flips, for the status line and the end screen."""

    flips: int
    wars: int
    double_wars: int
    plunges: tuple[int, int]
    biggest: int


def stats(session: GameSession) -> Stats:
    found = battles(session)
    plunges = [0, 0]
    for b in found:
        if b.geoplunge and b.winner is not None:
            plunges[b.winner] += 1
    return Stats(
        len(found),
        sum(1 for b in found if b.wars or b.ran_out),
        sum(1 for b in found if b.wars >= 2),
        (plunges[0], plunges[1]),
        max((len(b.won) for b in found), default=0),
    )


# --- the page -------------------------------------------------------------------------------


def practising(session: GameSession) -> bool:
    return session.setup.option("mode") == "practice"


def chips(session: GameSession) -> Status:
    """The status bar: the flip, the piles, the wars and GeoPlunges (and the predictions)."""
    state, s = session.state, stats(session)
    found = [
        ("Flip", str(state.turn)),
        ("Your pile", str(state.scores[0])),
        ("AI pile", str(state.scores[1])),
        ("Wars", str(s.wars)),
        ("GeoPlunges", f"you {s.plunges[0]} · AI {s.plunges[1]}"),
    ]
    if practising(session):
        found.append(("Predictions", score_text(session)))
    return Status(found)


def compare_hint(a: Card, b: Card) -> str:
    """What to compare before predicting: the worst ranks, then rank by rank."""
    rows = " · ".join(f"{c.label} {ordinal(a.rank(c))} / {ordinal(b.rank(c))}" for c in Category)
    return (
        f"Hint: compare the worst ranks — {a.name} {weakness_text(a)}, "
        f"{b.name} {weakness_text(b)}. For a GeoPlunge the weaker card must be worse in "
        f"every category: {rows} (yours / the AI's)."
    )


def summary(session: GameSession) -> list[str]:
    """The end screen's summary: flips, wars, GeoPlunges, the biggest win, the predictions."""
    s = stats(session)
    lines = [
        f"{s.flips} flips, {s.wars} Geography War{'s' if s.wars != 1 else ''}"
        + (f" ({s.double_wars} double or more)" if s.double_wars else "")
        + ".",
        f"GeoPlunges: you {s.plunges[0]}, the AI {s.plunges[1]}.",
        f"The most cards won in one flip: {s.biggest}.",
    ]
    if predictions(session):
        lines.append(f"Your predictions: {score_text(session)}.")
    lines.append(f"Deal {session.setup.seed}.")
    return lines


class ReverseWarWords(GameWords):
    game_id = "reverse_war"
    title = "Reverse Geography War"
    choices = (MODE,)
    intro_text = (
        "Here the weaker card wins: the card whose worst rank is worse takes both. "
        "Win all 50 cards."
    )
    rules_text = RULES
    describe = staticmethod(describe)

    @staticmethod
    def snapshot_of(state: Any, seat: int) -> Battle | None:
        """A step keeps the flip's ``Battle`` (an immutable record), not an observation,
        which grows with the game."""
        return state.last_battle

    def ending(self, session: GameSession) -> Ending:
        winner = session.state.winner
        kind = result_kind(winner == HUMAN, winner is None)
        return Ending(result_text(session).replace("**", ""), kind, summary(session))


WORDS = ReverseWarWords()
