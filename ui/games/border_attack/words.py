"""Border Attack's words, without Streamlit: the rules, the status bar, the end screen and the
trick on the table as HTML, read from this seat's recorded steps.

The rest of the pure half, by what it holds: :mod:`.tricks` (the tricks as this seat knows
them), :mod:`.log` (the log's lines), :mod:`.hints` (the hints, from the engine's odds),
:mod:`.moves` (the moves offered and their labels), :mod:`.roles` (the maps as data) and
:mod:`.names` (the states' names). URL choice: ``dealer`` (``you`` or ``ai``; left out, the
deal decides).
"""

from __future__ import annotations

from dataclasses import replace
from html import escape

from engine.border_attack import GUESS, LEAD, BorderAttackObservation, guessed_card
from messages import N_, _, number, ordinal
from ui.cards import card_html
from ui.games.border_attack.hints import move_hints
from ui.games.border_attack.log import announcement_text, describe, end_sentence
from ui.games.border_attack.moves import guess_button, move_label
from ui.games.border_attack.roles import guess_map_options
from ui.games.border_attack.tricks import TrickView, tricks
from ui.games.session import GameSession
from ui.games.setup import Choice
from ui.games.wording import category_label
from ui.games.words import Ending, GameWords, Hints, MapMove, Status, result_kind
from ui.links import fresh_seed, plain

DEALER = Choice(
    "dealer",
    N_("Who deals (and leads the first trick)"),
    {"you": N_("You deal"), "ai": N_("The AI deals")},
    default=None,
    engine_option="dealer",
    engine_values={"you": 0, "ai": 1},
    at_shared_tables=False,
)

RULES = N_("""
**The goal.** Be the first to get rid of all 25 cards that come your way, by playing them and
by discarding them.

**Dealing.** Each player gets 5 cards. The moment either hand runs empty — even in the middle
of a trick — both players get 5 more, until the deck is used up (25 cards each in all). So a
discard you earn is never wasted while the deck still has cards. The dealer leads the first
trick; the dealer changes from one game to the next.

**A trick.**
1. The *leader* picks a category — **Size**, **Statehood** or **Population** — and lays a card
   face up. In that category the better rank (1st is best) will win.
2. The *follower* picks the card it will answer with and keeps it face down. It tells the
   leader how many border states that card has, and **either** the state's name **or** the
   full list of its border states. The app derives the announcement from the card, so nobody
   can bluff.
3. The leader gets **one guess** at the part that was kept back: the state itself (if the
   borders were listed) or every one of its border states (if the name was said; the set
   must be exact, in any order). A right guess lets the leader discard one card.
4. The follower's card is turned up. The better rank in the category wins the trick; the
   winner discards one card and leads the next trick.

**The end.** When a trick ends with a player's hand empty and the deck empty, that player
wins. If both run out in the same trick, the winner of that trick wins.

**This app's choices.** The extra discards are not optional: getting rid of cards is the
point, so you always choose a card to discard when you earn one. Alaska and Hawaii have no
border states, so "its borders" means announcing an empty list. A border guess must name as
many states as were announced.
""")


def trick_html(session: GameSession, trick: TrickView) -> str:
    """The trick on the table: the led card and the follower's card (or its slot)."""
    cat = trick.category
    category = category_label(cat)
    if trick.leader == session.me:
        led_caption = _("led by you · {category} {rank}")
    else:
        led_caption = _("led by {player} · {category} {rank}")
    led_caption = led_caption.format(
        player=session.seat_name(trick.leader), category=category, rank=ordinal(trick.led.rank(cat))
    )
    tiles = [card_html(trick.led, caption=led_caption)]
    follower = escape(plain(session.seat_name(trick.follower)))
    if trick.follow is not None and trick.played:
        if trick.follower == session.me:
            caption = _("played face up by you · {category} {rank}")
        else:
            caption = _("played face up by {player} · {category} {rank}")
        caption = caption.format(
            player=session.seat_name(trick.follower),
            category=category,
            rank=ordinal(trick.follow.rank(cat)),
        )
        tiles.append(card_html(trick.follow, caption=caption))
    elif trick.follow is not None:
        tiles.append(card_html(trick.follow, caption=_("your card, face down"), dim=True))
    elif trick.guess_right and trick.announcement is not None and trick.guess is not None:
        caption = _("{player}'s card, now face up — you guessed it").format(
            player=session.seat_name(trick.follower)
        )
        tiles.append(card_html(guessed_card(trick.announcement, trick.guess), caption=caption))
    elif trick.announcement is not None:
        slot = _("<b>{player}'s card, face down</b><br>announced: {announcement}").format(
            player=follower, announcement=announcement_text(trick.announcement).replace("**", "")
        )
        tiles.append(f"<div class='gp-slot'>{slot}</div>")
    else:
        if trick.follower == session.me:
            waiting = _("Waiting for your answer…")
        else:
            waiting = _("Waiting for {player}'s answer…").format(player=follower)
        tiles.append(f"<div class='gp-slot'>{waiting}</div>")
    return f"<div class='gp-hand'>{''.join(tiles)}</div>"


def summary(session: GameSession, obs: BorderAttackObservation) -> list[str]:
    """The end screen's summary: tricks won, right guesses, cards got rid of, the deal."""
    me, them = session.me, 1 - session.me
    ai = session.seat_label(them)
    played = tricks(session)
    won = [t for t in played if t.winner is not None]
    guesses = {
        s: [t for t in played if t.leader == s and t.guess_right is not None] for s in (0, 1)
    }
    return [
        _("Tricks won: you {mine}, {ai} {theirs} (of {total}).").format(
            ai=ai,
            mine=number(sum(t.winner == me for t in won)),
            theirs=number(sum(t.winner == them for t in won)),
            total=number(len(won)),
        ),
        _("Right guesses: you {mine} of {my_guesses}, {ai} {theirs} of {their_guesses}.").format(
            ai=ai,
            mine=number(sum(bool(t.guess_right) for t in guesses[me])),
            my_guesses=number(len(guesses[me])),
            theirs=number(sum(bool(t.guess_right) for t in guesses[them])),
            their_guesses=number(len(guesses[them])),
        ),
        _("Cards got rid of: you {mine}, {ai} {theirs} (of 25).").format(
            ai=ai, mine=number(obs.scores[me]), theirs=number(obs.scores[them])
        ),
        f"{session.about()}.",
    ]


class BorderAttackWords(GameWords):
    game_id = "border_attack"
    title = "Border Attack"
    choices = (DEALER,)
    since_in_log = True
    intro_text = N_(
        "Win tricks with good ranks and guess the border states your opponent announces: the "
        "first to get rid of 25 cards wins."
    )
    rules_text = RULES
    describe = staticmethod(describe)
    move_label = staticmethod(move_label)

    def hints(self, session: GameSession) -> Hints:
        return move_hints(session)

    def map_move(self, session: GameSession) -> MapMove | None:
        """A guess, made on the map: the state, or as many border states as were announced."""
        obs = session.state.observation(session.me)
        if obs.phase != GUESS or not session.humans_turn:
            return None
        button = guess_button(session, obs.announcement, listed=True)
        label = f"{button.label} ({button.progress})" if button.progress else button.label
        action = button.action if button.off is None else None
        return MapMove(guess_map_options(session, obs.announcement), label, action)

    def status(self, session: GameSession, waiting: bool) -> Status:
        obs = session.state.observation(session.me)
        me, them = session.me, 1 - session.me
        held = _("{held} in hand · {gone}/25 gone")
        chips = [
            (_("Trick"), number(obs.trick + 1 if obs.phase == LEAD else obs.trick)),
            (_("Deck"), number(obs.deck_count)),
            (_("You"), held.format(held=number(obs.hand_counts[me]), gone=number(obs.scores[me]))),
            (
                session.seat_label(them),
                held.format(held=number(obs.hand_counts[them]), gone=number(obs.scores[them])),
            ),
        ]
        return Status.of_turn(session, chips, mine=session.humans_turn and not waiting)

    def ending(self, session: GameSession) -> Ending:
        obs = session.state.observation(session.me)
        next_dealer = "ai" if obs.next_dealer == 1 else "you"
        return Ending(
            end_sentence(session, obs),
            result_kind(session.state.winner == session.me),
            summary(session, obs),
            replace(session.setup, seed=fresh_seed()).with_option("dealer", next_dealer),
        )


WORDS = BorderAttackWords()
