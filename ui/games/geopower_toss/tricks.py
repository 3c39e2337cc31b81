"""The tricks of a GeoPower Toss page: which trick is being played, the last one finished (the
engine clears a finished trick, so once a round is over it is read from the round's record),
and the cards of a trick as tiles (HTML), each captioned with its player and rank, the winner
outlined (the engine says who wins)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card, Category
from engine.geopower_toss import GeoPowerObservation, Trick
from engine.geopower_toss.tricks import led_zone
from messages import _, number, ordinal, pgettext
from ui.cards import card_html
from ui.games.geopower_toss.seats import seat_tag
from ui.games.session import GameSession
from ui.games.wording import category_label, zone_name


def category_word(category: Category | str) -> str:
    """A category inside a sentence, in lower case: "size" in "2nd in size"."""
    return {
        "size": pgettext("a trick's category, inside a sentence", "size"),
        "statehood": pgettext("a trick's category, inside a sentence", "statehood"),
        "population": pgettext("a trick's category, inside a sentence", "population"),
    }[category]


def trick_number(obs: GeoPowerObservation) -> int:
    """The number of the trick being played (1 to 8)."""
    return len(obs.tricks) + 1


def last_trick(obs: GeoPowerObservation) -> Trick | None:
    """The last finished trick of this round, or of the previous round before any trick."""
    if obs.tricks:
        return obs.tricks[-1]
    if obs.results and obs.results[-1].played and not obs.trick:
        return obs.results[-1].played[-1]
    return None


def last_category(obs: GeoPowerObservation) -> Category | None:
    """The category that ranked :func:`last_trick`."""
    if obs.tricks:
        return obs.category
    return obs.results[-1].category if obs.results else None


def table_heading(obs: GeoPowerObservation, *, zone: bool = False) -> str:
    """ "**Trick 3 — on the table**", with "(Central led)" when ``zone``."""
    trick = number(trick_number(obs))
    if zone:
        return _("**Trick {number} — on the table** ({zone} led)").format(
            number=trick, zone=zone_name(led_zone(obs.trick))
        )
    return _("**Trick {number} — on the table**").format(number=trick)


def trick_html(
    session: GameSession,
    obs: GeoPowerObservation,
    plays: Sequence[tuple[int, Card]],
    category: Category,
    winner: int,
) -> str:
    """The cards of a trick, each captioned with its player and rank; ``winner``'s outlined."""
    zone = led_zone(plays)
    tiles = []
    for i, (seat, card) in enumerate(plays):
        if seat == session.me:
            who = _("led by You") if i == 0 else _("played by You")
        else:
            tag = seat_tag(session, obs, seat)
            who = (_("led by {player}") if i == 0 else _("played by {player}")).format(player=tag)
        rank = _("{category} {rank}").format(
            category=category_label(category), rank=ordinal(card.rank(category))
        )
        parts = [who, rank] if card.zone == zone else [who, rank, _("off-Zone")]
        caption = " · ".join(parts)
        tiles.append(
            card_html(card, caption=caption, dim=card.zone != zone, outlined=seat == winner)
        )
    return f"<div class='gp-hand'>{''.join(tiles)}</div>"


def table_html(session: GameSession, obs: GeoPowerObservation) -> str:
    """The trick on the table, the card winning it so far outlined."""
    winning = obs.winning
    assert winning is not None and obs.category is not None
    return trick_html(session, obs, obs.trick, obs.category, winning[0])


def last_trick_view(session: GameSession, obs: GeoPowerObservation) -> tuple[str, str] | None:
    """The end screen's last trick: its title and its tiles (``None`` when there is none)."""
    last, category = last_trick(obs), last_category(obs)
    if last is None or category is None:
        return None
    title = _("The last trick (trick {number})").format(number=number(last.number))
    return title, trick_html(session, obs, last.plays, category, last.winner)
