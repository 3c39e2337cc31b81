"""BorderCap Gin's words, without Streamlit: the title, intro and rules, the log
(:mod:`.log`), the hints (:mod:`.hints`), the refusals (:mod:`.refusals`), the status bar and
the end screen (``WORDS``). The table and the moves in words: :mod:`.moves`; the rounds:
:mod:`.rounds`; the hand on the map: :mod:`.maps`. URL choice: ``target`` (``50`` or ``30``).
"""

from __future__ import annotations

from engine.bordercap_gin import Declare, EndTurn
from messages import N_, _, ngettext, number, pgettext
from ui.games.bordercap_gin.hints import move_hints
from ui.games.bordercap_gin.log import describe, result_text
from ui.games.bordercap_gin.moves import move_label, phase_text
from ui.games.bordercap_gin.rounds import summary
from ui.games.session import GameSession, Step
from ui.games.setup import TARGET
from ui.games.words import Ending, GameWords, Hints, Status, result_kind

RULES = N_("""
**The goal.** Be the first to **{target} points**. You score by holding seven cards that split into
a *4-group* and a *3-group* of states that belong together.

**Groups.**
- A **4-group**: four cards in which one state borders the other three — or four states whose
  capitals start with the same letter (Salem, Springfield, Santa Fe, Sacramento).
- A **3-group**: three cards in which one state borders the other two — or three capitals with
  the same first letter.
- The two groups never share a card, and a group is either a border "star" or a letter set,
  not a mix. Borders are land borders plus the two Four Corners diagonals (Arizona–Colorado,
  Utah–New Mexico); states that only face each other across water do not count.

**A round.** Everyone gets 7 cards; the player to the dealer's left gets 8 and opens by
discarding one face up. Then, in turn, each player takes a card — the one the previous player
has just discarded, or the top card of the deck — and discards one. Only the next player may
pick up a discard, and a card you took from the pile cannot go straight back on it.

**Two players only:** twice per round each player may discard face down — never the opening
discard, which is always face up. The other player must then draw from the deck; a face-down
card is never picked up.

**Winning a round.** At the end of your turn, after your discard, declare your hand. You
declare the seven cards, not a grouping: the app finds the way to split them that scores
most, so grouping the same cards another way never costs you the bonus. A hand that does not
split is explained group by group and costs nothing — play on. A win scores **20**, plus a
**10 bonus** when the 4-group has two states that each border all three others, or four
capitals with the same letter. Then the cards are shuffled and the deal passes one seat to
the left.

**Running out.** When the deck is used up, the discard pile except its top card (and any
face-down cards) is shuffled into a new deck. A round still without a winner after 200 turns
is void and dealt again; a second void round ends the game (the higher score wins).

**In this app.** "Discard" discards a card and ends your turn. To declare, set **After your
discard** (next to your hand) to **Declare a win**, then click the card you let go: the app
declares the other seven in one go. With hints on, a discard that wins gets its own
one-click button.
""")


class BorderCapGinWords(GameWords):
    """BorderCap Gin's words for every host: a step of the log is :func:`.log.describe`, a
    "Continue" click plays a whole AI turn, the hints are :func:`.hints.move_hints`."""

    game_id = "bordercap_gin"
    title = "BorderCap Gin"
    choices = (TARGET,)
    intro_text = N_(
        "Collect a 4-group and a 3-group: states that border one card of the group, or "
        "capitals that share a first letter. The first to {target} points wins."
    )
    rules_text = RULES
    describe = staticmethod(describe)
    move_label = staticmethod(move_label)

    @staticmethod
    def pause_after(step: Step) -> bool:
        """A "Continue" click plays a whole AI turn (draw, discard, end of turn)."""
        return isinstance(step.action, EndTurn | Declare)

    def hints(self, session: GameSession) -> Hints:
        return move_hints(session)

    def status(self, session: GameSession, waiting: bool) -> Status:
        obs = session.state.observation(session.me)
        mine = session.humans_turn and not waiting
        if session.state.is_over:
            chips = [(pgettext("status chip", "Rounds"), number(len(obs.results)))]
        else:
            chips = [
                (pgettext("status chip", "Round"), number(obs.round_index + 1)),
                (pgettext("status chip", "Turn"), number(obs.turn)),
                (pgettext("status chip", "Dealer"), session.seat_name(obs.dealer)),
                (pgettext("status chip", "Deck"), number(obs.deck_size)),
            ]
            if obs.face_down_count:
                chips.append(
                    (
                        pgettext("status chip: cards discarded face down", "Face down"),
                        number(obs.face_down_count),
                    )
                )
        chips += [
            (
                _("You") if s == session.me else session.seat_label(s),
                ngettext("{points} pt", "{points} pts", obs.scores[s]).format(
                    points=number(obs.scores[s])
                ),
            )
            for s in range(obs.players)
        ]
        return Status.of_turn(session, chips, mine=mine, doing=phase_text(obs))

    def ending(self, session: GameSession) -> Ending:
        obs = session.state.observation(session.me)
        winner = session.state.winner
        kind = result_kind(winner == session.me, winner is None)
        return Ending(result_text(session, obs).replace("**", ""), kind, summary(session, obs))


WORDS = BorderCapGinWords()
