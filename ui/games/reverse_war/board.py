"""What the Reverse Geography War page shows: battles in words and tiles, statistics, and the
practice mode's predictions (no Streamlit here).

The War has no decisions, so its table has no bots: each step is one flip (``seat`` ``None``)
and the snapshot kept with it is the engine's ``last_battle`` (an immutable record of every
card laid, the wars and the GeoPlunge), not an observation (which grows with the game).

Practice mode. Before a flip is resolved the player predicts its outcome. The prediction is
about the two cards being turned: they are face up for both players at the moment of turning,
so showing them before the engine resolves the flip reveals nothing a player at the table
would not see. The engine has no "turn, then resolve" step, so :func:`next_pair` reads the two
top cards of the piles; nothing else of the hidden piles is ever shown. The truth a prediction
is scored against comes from the engine's ``Battle`` (:func:`outcome`). The two cards show their
ranks but not their weakness (the worst rank, which decides) until the flip is resolved, unless
hints are on.

Words. Each flip's winner is said in a sentence (:func:`winner_sentence`), several flips played
at once are summed up (:func:`flips_summary`), and the piles chart is an SVG image whose text
alternative is :func:`piles_sentence`, also shown under it.
"""

from __future__ import annotations

import base64
import time
from dataclasses import dataclass
from html import escape
from typing import Any

import streamlit as st

from engine.cards import Card, Category
from engine.reverse_war import FLIP, Battle, ReverseWar, worst_categories
from ui.cards import card_html, ordinal
from ui.games.next_move import next_move
from ui.games.protocol import GameBoard
from ui.games.session import HUMAN, GameSession, inside
from ui.games.setup import Choice
from ui.games.widgets import (
    action_button,
    markdown_list,
    preference_toggles,
    show_message,
    status_bar,
)
from ui.games.words import Ending, GameWords, Status, result_kind
from ui.maps import us_map

YOU, AI, WAR = "you", "ai", "war"
OUTCOMES: dict[str, str] = {YOU: "Your card", AI: "The AI's card", WAR: "A tie: Geography War"}

MODE = Choice(
    "mode",
    "Mode",
    {"play": "Play: flip and watch", "practice": "Practice: predict every flip"},
    default="play",
)
SPEEDS: dict[str, float] = {"Slow": 1.5, "Normal": 0.8, "Fast": 0.3}

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


def next_pair(state: ReverseWar) -> tuple[Card, Card] | None:
    """The two cards about to be turned (both players see them as they are turned)."""
    if state.is_over or not state.piles[0] or not state.piles[1]:
        return None
    return state.piles[0][0], state.piles[1][0]


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


def outcome(battle: Battle) -> tuple[str, bool]:
    """What a prediction about the first two turned cards is scored against: which of them
    won (or "war" when they tied) and whether that pair made a GeoPlunge."""
    if battle.wars or battle.ran_out:
        return WAR, False
    return (YOU if battle.winner == HUMAN else AI), battle.geoplunge


@dataclass(frozen=True)
class Prediction:
    """One practice flip: what the player said and what happened."""

    turn: int
    said: str
    said_plunge: bool
    was: str
    was_plunge: bool

    @property
    def winner_right(self) -> bool:
        return self.said == self.was

    @property
    def plunge_right(self) -> bool:
        return self.said_plunge == self.was_plunge


def predictions(session: GameSession) -> list[Prediction]:
    return session.extra.setdefault("predictions", [])


def predict(session: GameSession, said: str, said_plunge: bool, version: int) -> None:
    """Record a prediction, resolve the flip, and score it (a widget callback)."""
    if version != session.version or session.state.is_over:
        session.message = "The game had already moved on, so that prediction was not counted."
        return
    flip(session, 1)
    battle = session.history[-1].after
    was, was_plunge = outcome(battle)
    predictions(session).append(Prediction(battle.turn, said, said_plunge, was, was_plunge))


def score_text(session: GameSession) -> str:
    found = predictions(session)
    if not found:
        return "no predictions yet"
    winners = sum(p.winner_right for p in found)
    plunges = sum(p.plunge_right for p in found)
    n = len(found)
    return f"winner {winners}/{n} · GeoPlunge {plunges}/{n}"


def prediction_feedback(p: Prediction, battle: Battle) -> str:
    a, b = battle.up[0]
    said = inside(OUTCOMES[p.said])  # "the AI's card", "your card"
    was = {YOU: f"your {a.name}", AI: f"the AI's {b.name}", WAR: "a Geography War"}[p.was]
    first = "Right" if p.winner_right else "Not quite"
    text = f"{first}: you said {said}; it was {was}"
    if p.was == WAR:
        text += f" (both worst ranks are {ordinal(a.weakness)})"
    else:
        text += f" ({a.name} {ordinal(a.weakness)}, {b.name} {ordinal(b.weakness)})"
    plunge = "a GeoPlunge" if p.was_plunge else "no GeoPlunge"
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


def _set_mode(session: GameSession, key: str) -> None:
    session.setup = session.setup.with_option("mode", st.session_state.get(key) or "play")
    session.extra["auto"] = False


def _set_auto(session: GameSession, key: str) -> None:
    session.extra["auto"] = bool(st.session_state.get(key))
    session.extra["auto_at"] = 0.0


def _set_speed(session: GameSession, key: str) -> None:
    session.extra["speed"] = st.session_state.get(key) or "Normal"


def _flips(session: GameSession, n: int | None, version: int) -> None:
    if version == session.version:
        flip(session, n)


def practising(session: GameSession) -> bool:
    return session.setup.option("mode") == "practice"


def pile_chart(state: ReverseWar) -> None:
    st.html(piles_svg(state.pile_history))
    st.caption(piles_sentence(state.pile_history))


def battle_map(battle: Battle, key: str) -> None:
    roles, notes = map_roles(battle)
    us_map(
        key,
        roles,
        notes=notes,
        words={"mine": "your card", "theirs": "the AI's card"},
        height=300,
        label="The two cards on the map",
    )


def show_battle(session: GameSession, battle: Battle) -> None:
    st.markdown(headline(battle))
    st.markdown(f"**{winner_sentence(battle)}**")
    st.html(battle_html(battle))
    st.markdown(markdown_list(describe_battle(session, battle)))


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


def predict_widgets(session: GameSession) -> None:
    """Practice: the verdict on the last prediction, the two cards turned, the two
    predictions and "Resolve the flip"."""
    state = session.state
    found = predictions(session)
    battle = state.last_battle
    if found and battle is not None and found[-1].turn == battle.turn:
        p = found[-1]
        good = p.winner_right and p.plunge_right
        (st.success if good else st.warning)(
            prediction_feedback(p, battle),
            icon=":material/check:" if good else ":material/info:",
        )
    pair = next_pair(state)
    if pair is None:
        return
    a, b = pair
    st.markdown(f"**Flip {state.turn + 1}: the two cards are turned.** Which one wins?")
    tiles = card_tile(a, "You", weakness=session.hints) + card_tile(b, "AI", weakness=session.hints)
    st.html(f"<div class='gp-hand'>{tiles}</div>")
    if session.hints:
        st.info(compare_hint(a, b), icon=":material/lightbulb:")
    said = st.segmented_control(
        "Which card wins?",
        list(OUTCOMES),
        format_func=lambda v: {
            YOU: f"Yours ({a.name})",
            AI: f"The AI's ({b.name})",
            WAR: "A tie: War",
        }[v],
        key=session.wkey("said"),
    )
    plunge = st.segmented_control(
        "A GeoPlunge?", ["yes", "no"], format_func=str.capitalize, key=session.wkey("plunge")
    )
    ready = said is not None and plunge is not None
    if not ready:
        st.caption("Make both predictions, then turn the cards over.")
    st.button(
        "Resolve the flip",
        key=session.bkey("resolve"),
        type="primary",
        icon=":material/style:",
        width="stretch",
        disabled=not ready,
        help=None if ready else "Choose the winner and say whether it is a GeoPlunge first.",
        on_click=predict,
        args=(session, said, plunge == "yes", session.version),
    )


def controls(session: GameSession) -> None:
    """Flip, 10 flips, play to the end; in play mode auto-play and its speed."""
    practice = practising(session)
    with st.container(horizontal=True, gap="small"):
        if not practice:
            action_button(session, "Flip", FLIP, name="flip", icon=":material/style:")
        st.button(
            "10 flips" + (" (not scored)" if practice else ""),
            key=session.bkey("ten"),
            width="stretch",
            on_click=_flips,
            args=(session, 10, session.version),
        )
        st.button(
            "Play to the end",
            key=session.bkey("end"),
            width="stretch",
            icon=":material/fast_forward:",
            on_click=_flips,
            args=(session, None, session.version),
        )
    if practice:
        return
    auto = st.container(horizontal=True, vertical_alignment="center", gap="medium")
    auto_key = f"{session.key}_auto_{session.serial}"
    auto.toggle(
        "Auto-play",
        value=bool(session.extra.get("auto")),
        key=auto_key,
        on_change=_set_auto,
        args=(session, auto_key),
    )
    speed_key = f"{session.key}_speed_{session.serial}"
    auto.segmented_control(
        "Speed",
        list(SPEEDS),
        default=session.extra.get("speed", "Normal"),
        required=True,
        key=speed_key,
        on_change=_set_speed,
        args=(session, speed_key),
        label_visibility="collapsed",
    )


def board(session: GameSession) -> None:
    """The part that changes with every flip, rerun alone every ``interval`` while
    auto-playing: the status, the last flip, its map and the piles chart."""
    state = session.state
    auto_on = bool(session.extra.get("auto")) and not practising(session) and not state.is_over
    interval = SPEEDS[session.extra.get("speed", "Normal")]

    @st.fragment(run_every=interval if auto_on else None)
    def draw() -> None:
        if session.extra.get("auto") and not practising(session) and not state.is_over:
            now = time.monotonic()
            if now - session.extra.get("auto_at", 0.0) >= interval * 0.75:
                flip(session, 1)
                session.extra["auto_at"] = now
            if state.is_over:
                session.extra["auto"] = False
                st.rerun()
        status_bar(chips(session))
        battle = state.last_battle
        left, right = st.columns([3, 2], gap="large")
        with left:
            if battle is not None:
                fresh = [s.after for s in session.history[session.seen :] if s.after is not None]
                if len(fresh) > 1:
                    st.markdown(flips_summary(fresh))
                st.markdown(f"**Last flip (flip {battle.turn})**")
                show_battle(session, battle)
            else:
                st.info("The cards are dealt: 25 each. Turn the first pair!")
            show_message(session)
        with right:
            if battle is not None:
                battle_map(battle, f"{session.key}_map_{session.serial}")
            st.caption("Cards in each pile after every flip")
            pile_chart(state)

    draw()


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


class ReverseWarBoard(GameBoard):
    words = WORDS

    def switches(self, session: GameSession) -> None:
        """The mode (play or practice) beside the Hints switch (practice only; no AI to
        follow: the War has no decisions)."""
        practice = practising(session)
        top = st.container(horizontal=True, vertical_alignment="center", gap="medium")
        mode_key = f"{session.key}_mode_{session.serial}"
        top.segmented_control(
            "Mode",
            list(MODE.values),
            format_func=lambda v: {"play": "Play", "practice": "Practice: predict each flip"}[v],
            default="practice" if practice else "play",
            required=True,
            key=mode_key,
            on_change=_set_mode,
            args=(session, mode_key),
            label_visibility="collapsed",
        )
        with top:
            preference_toggles(session, follow=False, hints=practice)

    def body(self, session: GameSession, waiting: bool) -> None:
        with next_move():
            if practising(session):
                predict_widgets(session)
            controls(session)
        board(session)

    def after_ending(self, session: GameSession) -> None:
        battle = session.state.last_battle
        left, right = st.columns([3, 2], gap="large")
        with left:
            if battle is not None:
                st.markdown(f"**The last flip (flip {battle.turn})**")
                show_battle(session, battle)
        with right:
            if battle is not None:
                battle_map(battle, f"{session.key}_map_end_{session.serial}")
            st.caption("Cards in each pile after every flip")
            pile_chart(session.state)


BOARD = ReverseWarBoard()
