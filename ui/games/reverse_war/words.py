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

from engine.cards import Card
from engine.reverse_war import FLIP, Battle, Flip, worst_categories
from engine.reverse_war.practice import Prediction, outcome
from messages import N_, _, join, ngettext, number, ordinal, pgettext
from ui.cards import card_html
from ui.games.reverse_war.practice import predictions, said_outcome, score_text
from ui.games.session import HUMAN, GameSession
from ui.games.setup import Choice
from ui.games.wording import card_name, category_label
from ui.games.words import Ending, GameWords, Status, result_kind

MODE = Choice(
    "mode",
    N_("Mode"),
    {"play": N_("Play: flip and watch"), "practice": N_("Practice: predict every flip")},
    default="play",
)

RULES = N_("""
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
""")


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


def predict(session: GameSession, said: str, said_plunge: bool, version: int) -> None:
    """Record a prediction, resolve the flip, and score it (a widget callback)."""
    if version != session.version or session.state.is_over:
        session.message = _("The game had already moved on, so that prediction was not counted.")
        return
    flip(session, 1)
    battle = session.history[-1].after
    was = outcome(battle)
    predictions(session).append(Prediction(battle.turn, said_outcome(said, said_plunge), was))


def weakness_text(card: Card) -> str:
    """ "48th in Population" (both categories when the card's worst rank is in two)."""
    categories = join(category_label(c.value) for c in worst_categories(card))
    return _("{rank} in {categories}").format(rank=ordinal(card.weakness), categories=categories)


def geoplunge_text(winner: Card, loser: Card) -> str:
    """The three ranks that make a GeoPlunge, in one sentence."""
    return _(
        "{winner} is worse than {loser} in all three ranks (size {winner_size} vs "
        "{loser_size}, statehood {winner_statehood} vs {loser_statehood}, population "
        "{winner_population} vs {loser_population})."
    ).format(
        winner=card_name(winner.usps),
        loser=card_name(loser.usps),
        winner_size=ordinal(winner.size_rank),
        loser_size=ordinal(loser.size_rank),
        winner_statehood=ordinal(winner.statehood_rank),
        loser_statehood=ordinal(loser.statehood_rank),
        winner_population=ordinal(winner.population_rank),
        loser_population=ordinal(loser.population_rank),
    )


# --- words and tiles ------------------------------------------------------------------------


def war_name(levels: int) -> str:
    if levels == 1:
        return _("Geography War")
    if levels == 2:
        return _("Double Geography War")
    return ngettext(
        "Geography War of {levels} level", "Geography War of {levels} levels", levels
    ).format(levels=number(levels))


def describe_battle(session: GameSession, battle: Battle) -> list[str]:
    """A flip in words: the cards, the weaknesses that decided, wars and GeoPlunges."""
    you, them = battle.up[0]
    lines = [
        _(
            "Flip {turn}: your **{my_card}** ({my_weakness}) against the AI's "
            "**{their_card}** ({their_weakness})."
        ).format(
            turn=number(battle.turn),
            my_card=card_name(you.usps),
            my_weakness=weakness_text(you),
            their_card=card_name(them.usps),
            their_weakness=weakness_text(them),
        )
    ]
    for level, ((down0, down1), (a, b)) in enumerate(
        zip(battle.down, battle.up[1:], strict=True), start=1
    ):
        lines.append(
            _(
                "Tie at {rank}: **{war}!** {my_count} and {their_count} cards face down, then "
                "your **{my_card}** ({my_weakness}) against **{their_card}** ({their_weakness})."
            ).format(
                rank=ordinal(battle.up[level - 1][0].weakness),
                war=war_name(level),
                my_count=number(len(down0)),
                their_count=number(len(down1)),
                my_card=card_name(a.usps),
                my_weakness=weakness_text(a),
                their_card=card_name(b.usps),
                their_weakness=weakness_text(b),
            )
        )
    if battle.ran_out:
        if len(battle.ran_out) == 2:
            lines.append(_("Both players run out of cards in the war: **a draw**."))
        elif battle.ran_out[0] == HUMAN:
            lines.append(_("You have no card left to turn in the war and lose the game."))
        else:
            lines.append(_("The AI has no card left to turn in the war and loses the game."))
        return lines
    w = battle.winner
    a, b = battle.deciding
    win_card, lose_card = (a, b) if w == HUMAN else (b, a)
    wins = (
        _("You win {count} cards: {card} is weaker ({rank} against {other_rank}).")
        if w == HUMAN
        else _("The AI wins {count} cards: {card} is weaker ({rank} against {other_rank}).")
    )
    line = wins.format(
        count=number(len(battle.won)),
        card=card_name(win_card.usps),
        rank=ordinal(win_card.weakness),
        other_rank=ordinal(lose_card.weakness),
    )
    if battle.geoplunge:
        got = join(card_name(c.usps) for c in battle.handed_over)
        if w == HUMAN:
            handed = (
                _("The AI hands over {cards}.").format(cards=got)
                if got
                else _("The AI hands over nothing (no cards left).")
            )
        else:
            handed = (
                _("You hand over {cards}.").format(cards=got)
                if got
                else _("You hand over nothing (no cards left).")
            )
        plunge = _("**GeoPlunge!**")
        line += f" {plunge} {geoplunge_text(win_card, lose_card)} {handed}"
    lines.append(line)
    return lines


def move_label(action: object) -> str:
    """The War's one move as its button names it: "Flip"."""
    if isinstance(action, Flip):
        return pgettext("a button: turn the top cards", "Flip")
    raise TypeError(f"{action!r} is not a move of Reverse Geography War")


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
        if state.winner is None:
            text = _("Stopped after {turns} flips with {mine} cards to {theirs}: a draw.")
        elif state.winner == HUMAN:
            text = _("Stopped after {turns} flips with {mine} cards to {theirs}: you win.")
        else:
            text = _("Stopped after {turns} flips with {mine} cards to {theirs}: the AI wins.")
        return text.format(turns=number(state.turn), mine=number(mine), theirs=number(theirs))
    if state.winner == HUMAN:
        return _("You hold all 50 cards: **you win!**")
    if state.winner is None:
        return _("Nobody can go on: **a draw**.")
    return _("The AI holds all 50 cards: **the AI wins.**")


def card_tile(card: Card, who: str, *, weakness: bool = True, outlined: bool = False) -> str:
    """A card with whose it is (``who``, in words); ``weakness=False`` leaves its worst rank
    out (a card about to be predicted: finding the worst rank is the player's part, unless
    hints are on)."""
    caption = (
        _("{who} · weakness {weakness}").format(who=who, weakness=weakness_text(card))
        if weakness
        else who
    )
    return card_html(card, caption=caption, outlined=outlined)


def winner_sentence(battle: Battle) -> str:
    """Who won a flip, in one sentence (the badges and the outlined card say it in colour)."""
    turn = number(battle.turn)
    if battle.ran_out:
        if battle.winner is None:
            text = _("Flip {turn}: both players ran out of cards in the war, a draw.")
        elif battle.winner == HUMAN:
            text = _("Flip {turn}: you win the game: the AI had no card left to turn in the war.")
        else:
            text = _("Flip {turn}: the AI wins the game: you had no card left to turn in the war.")
        return text.format(turn=turn)
    a, b = battle.deciding
    win, lose = (a, b) if battle.winner == HUMAN else (b, a)
    text = _won_sentence(battle.winner == HUMAN, bool(battle.wars), battle.geoplunge)
    return text.format(
        turn=turn,
        war=war_name(battle.wars) if battle.wars else "",
        count=number(len(battle.won)),
        card=card_name(win.usps),
        rank=ordinal(win.weakness),
        other_card=card_name(lose.usps),
        other_rank=ordinal(lose.weakness),
    )


def _won_sentence(mine: bool, war: bool, plunge: bool) -> str:
    """The sentence of a flip won by this seat (``mine``) or the AI, after a war or not, with
    a GeoPlunge or not (a war's name is ``{war}``)."""
    if mine:
        if war and plunge:
            return _(
                "Flip {turn}: you win after a {war} with a GeoPlunge and take {count} cards: "
                "your {card} ({rank}) is weaker than the AI's {other_card} ({other_rank})."
            )
        if war:
            return _(
                "Flip {turn}: you win after a {war} and take {count} cards: your {card} "
                "({rank}) is weaker than the AI's {other_card} ({other_rank})."
            )
        if plunge:
            return _(
                "Flip {turn}: you win with a GeoPlunge and take {count} cards: your {card} "
                "({rank}) is weaker than the AI's {other_card} ({other_rank})."
            )
        return _(
            "Flip {turn}: you win and take {count} cards: your {card} ({rank}) is weaker than "
            "the AI's {other_card} ({other_rank})."
        )
    if war and plunge:
        return _(
            "Flip {turn}: the AI wins after a {war} with a GeoPlunge and takes {count} cards: "
            "the AI's {card} ({rank}) is weaker than your {other_card} ({other_rank})."
        )
    if war:
        return _(
            "Flip {turn}: the AI wins after a {war} and takes {count} cards: the AI's {card} "
            "({rank}) is weaker than your {other_card} ({other_rank})."
        )
    if plunge:
        return _(
            "Flip {turn}: the AI wins with a GeoPlunge and takes {count} cards: the AI's {card} "
            "({rank}) is weaker than your {other_card} ({other_rank})."
        )
    return _(
        "Flip {turn}: the AI wins and takes {count} cards: the AI's {card} ({rank}) is weaker "
        "than your {other_card} ({other_rank})."
    )


def flips_summary(found: list[Battle]) -> str:
    """Several flips played at once (10 flips, to the end, auto-play) in one sentence."""
    mine = sum(1 for b in found if b.winner == HUMAN)
    theirs = sum(1 for b in found if b.winner not in (HUMAN, None))
    wars = sum(1 for b in found if b.wars or b.ran_out)
    if wars:
        text = ngettext(
            "In flips {first} to {last} you won {mine} and the AI won {theirs} "
            "({wars} Geography War).",
            "In flips {first} to {last} you won {mine} and the AI won {theirs} "
            "({wars} Geography Wars).",
            wars,
        )
    else:
        text = _("In flips {first} to {last} you won {mine} and the AI won {theirs}.")
    return text.format(
        first=number(found[0].turn),
        last=number(found[-1].turn),
        mine=number(mine),
        theirs=number(theirs),
        wars=number(wars),
    )


def piles_sentence(history: list[tuple[int, int]] | tuple[tuple[int, int], ...]) -> str:
    """The flips chart in words: the piles now, and the most each player held."""
    mine, theirs = history[-1]
    flips = len(history) - 1
    most = max(h[0] for h in history), max(h[1] for h in history)
    if flips:
        text = ngettext(
            "After flip {flip} you hold {mine} card and the AI {theirs}. The most you held: "
            "{most_mine}; the most the AI held: {most_theirs}.",
            "After flip {flip} you hold {mine} cards and the AI {theirs}. The most you held: "
            "{most_mine}; the most the AI held: {most_theirs}.",
            mine,
        )
    else:
        text = ngettext(
            "At the deal you hold {mine} card and the AI {theirs}. The most you held: "
            "{most_mine}; the most the AI held: {most_theirs}.",
            "At the deal you hold {mine} cards and the AI {theirs}. The most you held: "
            "{most_mine}; the most the AI held: {most_theirs}.",
            mine,
        )
    return text.format(
        flip=number(flips),
        mine=number(mine),
        theirs=number(theirs),
        most_mine=number(most[0]),
        most_theirs=number(most[1]),
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
    legend = _("{your_line} you · {ai_line} the AI · the dotted line is 25 cards each").format(
        your_line="<span style='color:#0072B2'>━</span>",
        ai_line="<span style='color:#D55E00'>╍</span>",
    )
    return (
        f"<img class='gp-piles' src='data:image/svg+xml;base64,{data}' alt='{words}' "
        f"style='width:100%;height:{height:.0f}px;display:block'>"
        f"<div style='font-size:.85rem;color:#334155'>{legend}</div>"
    )


def headline(battle: Battle) -> str:
    """Badges (Streamlit markdown) for a flip's outcome: who won how many, war, GeoPlunge."""
    parts = []
    if battle.wars or battle.ran_out:
        levels = battle.wars + (1 if battle.ran_out else 0)
        parts.append(f":violet-badge[:material/swords: {war_name(levels)}]")
    if battle.winner is None:
        draw = _("A draw")
        parts.append(f":gray-badge[{draw}]")
    elif battle.winner == HUMAN:
        won = _("You win {count} cards").format(count=number(len(battle.won)))
        parts.append(f":blue-badge[{won}]")
    else:
        won = _("The AI wins {count} cards").format(count=number(len(battle.won)))
        parts.append(f":red-badge[{won}]")
    if battle.geoplunge:
        plunge = _("GeoPlunge!")
        parts.append(f":orange-badge[:material/bolt: {plunge}]")
    return " ".join(parts)


def battle_html(battle: Battle) -> str:
    """The cards of one flip as tiles: each turned pair, with the face-down cards between;
    the winning card of the deciding pair is outlined."""
    rows = []
    last = len(battle.up) - 1
    for level, (a, b) in enumerate(battle.up):
        if level:
            down0, down1 = battle.down[level - 1]
            none = pgettext("no card laid face down", "none")
            laid = _("<b>{war}</b> — face down: you {my_cards}; the AI {their_cards}").format(
                war=escape(war_name(level)),
                my_cards=escape(join(card_name(c.usps) for c in down0) or none),
                their_cards=escape(join(card_name(c.usps) for c in down1) or none),
            )
            rows.append(f"<div style='font-size:.88rem;color:#555;margin:.25rem 0'>{laid}</div>")
        won = battle.winner if level == last else None
        tiles = [
            card_tile(a, _("You"), outlined=won == 0),
            card_tile(b, _("AI"), outlined=won == 1),
        ]
        rows.append(f"<div class='gp-hand'>{''.join(tiles)}</div>")
    return "".join(rows)


def map_roles(battle: Battle) -> tuple[dict[str, str], dict[str, str]]:
    """The turned cards on the map: yours and the AI's, with their ranks in the hover text."""
    roles: dict[str, str] = {}
    notes: dict[str, str] = {}
    for level, (a, b) in enumerate(battle.up):
        for card, role in ((a, "mine"), (b, "theirs")):
            roles[card.usps] = role
            note = (
                _(
                    "first flip · worst rank {weakness} · size {size}, statehood {statehood}, "
                    "population {population}"
                )
                if level == 0
                else _(
                    "war level {level} · worst rank {weakness} · size {size}, statehood "
                    "{statehood}, population {population}"
                )
            )
            notes[card.usps] = note.format(
                level=number(level),
                weakness=weakness_text(card),
                size=ordinal(card.size_rank),
                statehood=ordinal(card.statehood_rank),
                population=ordinal(card.population_rank),
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
        (pgettext("the status bar: the number of the flip", "Flip"), number(state.turn)),
        (_("Your pile"), number(state.scores[0])),
        (_("AI pile"), number(state.scores[1])),
        (_("Wars"), number(s.wars)),
        (
            _("GeoPlunges"),
            _("you {mine} · AI {theirs}").format(
                mine=number(s.plunges[0]), theirs=number(s.plunges[1])
            ),
        ),
    ]
    if practising(session):
        found.append((_("Predictions"), score_text(session)))
    return Status(found)


def compare_hint(a: Card, b: Card) -> str:
    """What to compare before predicting: the worst ranks, then rank by rank."""
    return _(
        "Hint: compare the worst ranks — {my_card} {my_weakness}, {their_card} "
        "{their_weakness}. For a GeoPlunge the weaker card must be worse in every category: "
        "Size {my_size} / {their_size} · Statehood {my_statehood} / {their_statehood} · "
        "Population {my_population} / {their_population} (yours / the AI's)."
    ).format(
        my_card=card_name(a.usps),
        my_weakness=weakness_text(a),
        their_card=card_name(b.usps),
        their_weakness=weakness_text(b),
        my_size=ordinal(a.size_rank),
        their_size=ordinal(b.size_rank),
        my_statehood=ordinal(a.statehood_rank),
        their_statehood=ordinal(b.statehood_rank),
        my_population=ordinal(a.population_rank),
        their_population=ordinal(b.population_rank),
    )


def summary(session: GameSession) -> list[str]:
    """The end screen's summary: flips, wars, GeoPlunges, the biggest win, the predictions."""
    s = stats(session)
    if s.double_wars:
        wars = ngettext(
            "{flips} flips, {wars} Geography War ({double} double or more).",
            "{flips} flips, {wars} Geography Wars ({double} double or more).",
            s.wars,
        )
    else:
        wars = ngettext(
            "{flips} flips, {wars} Geography War.", "{flips} flips, {wars} Geography Wars.", s.wars
        )
    lines = [
        wars.format(flips=number(s.flips), wars=number(s.wars), double=number(s.double_wars)),
        _("GeoPlunges: you {mine}, the AI {theirs}.").format(
            mine=number(s.plunges[0]), theirs=number(s.plunges[1])
        ),
        _("The most cards won in one flip: {count}.").format(count=number(s.biggest)),
    ]
    if predictions(session):
        lines.append(_("Your predictions: {score}.").format(score=score_text(session)))
    lines.append(_("Deal {seed}.").format(seed=session.setup.seed))
    return lines


class ReverseWarWords(GameWords):
    game_id = "reverse_war"
    title = "Reverse Geography War"
    choices = (MODE,)
    intro_text = N_(
        "Here the weaker card wins: the card whose worst rank is worse takes both. "
        "Win all 50 cards."
    )
    rules_text = RULES
    describe = staticmethod(describe)
    move_label = staticmethod(move_label)

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
