"""GeoPower Toss's words and decisions, without Streamlit: the title, the rules, the status
bar, the hints, the log and the end screen (``WORDS``), read from the screen seat's own
observation (``GeoPowerObservation``) kept with every step.

The parts: :mod:`.seats` (the seats and units in words), :mod:`.tricks` (the tricks as tiles),
:mod:`.log` (the log, the rounds, the end), :mod:`.hints` (the hints, from the engine's odds),
:mod:`.calls` (the GeoPlunge call and its confirmation), :mod:`.moves` (the moves offered),
:mod:`.refusals` (the engine's refusals in words) and :mod:`.maps` (the map of a trick, as
data); :mod:`.board` draws them. URL choice: ``target`` (``50`` or ``30``).
"""

from __future__ import annotations

from engine.geopower_toss import CALLS, DRAFT, HAND_SIZE, PLAY, Call, GeoPowerObservation, Pass
from messages import N_, _, ngettext, number, pgettext
from ui.games.geopower_toss.hints import move_hints
from ui.games.geopower_toss.log import describe, result_text, summary
from ui.games.geopower_toss.moves import move_label
from ui.games.geopower_toss.seats import unit_label, units
from ui.games.geopower_toss.tricks import trick_number
from ui.games.session import GameSession, Step
from ui.games.setup import TARGET
from ui.games.wording import category_label
from ui.games.words import Ending, GameWords, Hints, Status, result_kind

RULES = N_("""
**The goal.** Be the first player — or team — to **{target} points**. Points come from winning
tricks, and a trick is won by the best rank in the round's **GeoPower category** among the
cards of the **Zone** that was led.

**Each round.** Everyone gets 8 cards. Then one more GeoPower card than there are players is
laid face up, each saying **Size**, **Statehood** or **Population**. Starting with the dealer
and going round the table, each player removes one of them; the card left over is the round's
GeoPower card. Remove the category that suits your hand worst.

**Tricks.** The dealer leads the first trick; whoever wins a trick leads the next. Play goes
round the table, one card each. You must play a card of the led card's Zone (its time zone,
the colour band on the card) if you have one; if you have none, play any card — but a card
of another Zone can never win the trick. Rank 1 is the best: in Size, Alaska is 1st; in
Statehood, Delaware; in Population, California.

**Scoring a round.** The player or team with the most tricks scores **10**; if several tie
for the most, each scores **5**.

**GeoPlunge!** Before the first card of the 5th trick is played, you may call GeoPlunge: you
(or your team) promise to win at least **6 of the 8 tricks**. Make it and you score **15 more**
(25 in all); miss it and you score **nothing** that round. During the first four tricks you
may call whenever it is your turn. When the 4th trick is over, everyone gets one last chance
before the 5th trick starts: each player whose side has not called yet is asked in turn,
beginning with the player who will lead the 5th trick — call or pass. After that, the call
is closed for the round. Several players or teams may call in the same round.

**Teams.** With 4 players you may play 2 teams of 2; with 6 players 2 teams of 3 or 3 teams
of 2. Partners sit apart, every other seat (or every third), and a team's tricks are added
up.

**The end.** The first to reach {target} wins. If several reach {target} in the same round, the
higher score wins; still tied, another round is played. The deal passes to the left each round.
""")


def turn_text(obs: GeoPowerObservation) -> str:
    """What this seat's turn is, for the status bar."""
    if obs.phase == DRAFT:
        return _("remove a GeoPower card")
    if obs.phase == CALLS:
        return _("call GeoPlunge or pass")
    if not obs.trick:
        return pgettext("your turn: what to do", "lead")
    return pgettext("your turn: what to do", "play")


class GeoPowerTossWords(GameWords):
    """GeoPower Toss's words: its log (:func:`~.log.describe`), hints, status chips (round,
    GeoPower category, trick, dealer, each unit's points and tricks) and end screen."""

    game_id = "geopower_toss"
    title = "GeoPower Toss"
    choices = (TARGET,)
    intro_text = N_(
        "Follow the Zone that was led and win tricks with the round's GeoPower category — "
        "size, statehood or population. The first to {target} points wins."
    )
    rules_text = RULES
    describe = staticmethod(describe)
    move_label = staticmethod(move_label)

    @staticmethod
    def pause_after(step: Step) -> bool:
        """A "Continue" click plays an AI's call together with the card it then plays, and
        an AI's pass in the call window together with what follows."""
        return not isinstance(step.action, Call | Pass)

    def hints(self, session: GameSession) -> Hints:
        return move_hints(session)

    def status(self, session: GameSession, waiting: bool) -> Status:
        obs = session.state.observation(session.me)
        over = session.state.is_over
        mine = session.humans_turn and not waiting
        if over:
            chips = [(_("Rounds"), number(len(obs.results)))]
        else:
            trick = (
                _("{trick} of {tricks}").format(
                    trick=number(trick_number(obs)), tricks=number(HAND_SIZE)
                )
                if obs.phase in (PLAY, CALLS)
                else "—"
            )
            chips = [
                (_("Round"), number(obs.round_index + 1)),
                (
                    pgettext("status chip: the round's category", "GeoPower"),
                    category_label(obs.category) if obs.category else _("being chosen"),
                ),
                (_("Trick"), trick),
                (_("Dealer"), session.seat_name(obs.dealer)),
            ]
        for unit in range(units(obs)):
            called = any(u == unit for _seat, u in obs.calls) and not over
            n = obs.unit_tricks[unit]
            parts = [_("{points} pts").format(points=number(obs.scores[unit]))]
            if not over:
                parts.append(ngettext("{n} trick", "{n} tricks", n).format(n=number(n)))
            if called:
                parts.append(_("GeoPlunge!"))
            chips.append((unit_label(session, obs, unit), " · ".join(parts)))
        return Status.of_turn(session, chips, mine=mine, doing=turn_text(obs))

    def ending(self, session: GameSession) -> Ending:
        obs = session.state.observation(session.me)
        winner = session.state.winner
        won = winner == obs.team_of[session.me]
        kind = result_kind(won, winner is None)
        return Ending(result_text(session, obs).replace("**", ""), kind, summary(session, obs))


WORDS = GeoPowerTossWords()
