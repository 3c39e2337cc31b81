"""GeoPower Toss's log in words, from the screen seat's recorded steps: each move, the trick or
round it completed, what followed the seat's last move, the rounds so far and the end of the
game (the numbers and records are the engine's: the tricks' winners, the rounds' points, whether
a call was made, a tie at the target)."""

from __future__ import annotations

from engine.cards import Card, Category
from engine.geopower_toss import (
    CALL_TRICKS,
    CALLS,
    DRAFT,
    HAND_SIZE,
    PLAY,
    TRICKS_BEFORE_CALL_CLOSES,
    Call,
    GeoPowerObservation,
    Pass,
    Play,
    Remove,
    RoundResult,
    Trick,
)
from engine.geopower_toss.scoring import call_made, tied_top
from engine.geopower_toss.tricks import led_zone
from messages import N_, _, join, ngettext, number, ordinal
from ui.games.geopower_toss.seats import said_by, seat_tag, unit_name, units
from ui.games.geopower_toss.tricks import category_word
from ui.games.session import GameSession, recent_lines
from ui.games.wording import card_name, category_label, zone_name


def play_text(card: Card, category: Category | None, zone: str | None) -> str:
    """A card played on a trick led in ``zone``: "**Texas** (Central, 2nd in size)", or
    "(Pacific: no Central card, …)" when it did not follow."""
    values = {"card": card_name(card.usps), "zone": zone_name(card.zone)}
    if category:
        values |= {"rank": ordinal(card.rank(category)), "category": category_word(category)}
    if zone is not None and card.zone != zone:
        values["led_zone"] = zone_name(zone)
        if category:
            return _("**{card}** ({zone}: no {led_zone} card, {rank} in {category})").format(
                **values
            )
        return _("**{card}** ({zone}: no {led_zone} card)").format(**values)
    if category:
        return _("**{card}** ({zone}, {rank} in {category})").format(**values)
    return _("**{card}** ({zone})").format(**values)


def trick_line(session: GameSession, trick: Trick, category: Category) -> str:
    """A finished trick: who won it, with which card and rank."""
    seat, card = next((s, c) for s, c in trick.plays if s == trick.winner)
    values = {
        "number": number(trick.number),
        "zone": zone_name(trick.zone),
        "card": card_name(card.usps),
        "rank": ordinal(card.rank(category)),
        "category": category_word(category),
    }
    if seat == session.me:
        return _(
            "Trick {number} ({zone} led): **you win** with {card}, {rank} in {category}."
        ).format(**values)
    return _(
        "Trick {number} ({zone} led): **{seat} wins** with {card}, {rank} in {category}."
    ).format(seat=seat_tag(session, session.latest(), seat), **values)


def round_line(session: GameSession, obs: GeoPowerObservation, r: RoundResult) -> str:
    """ "Round 2 (Size) — tricks: you 5, AI 1 3; points: you +10. Scores: you 20, AI 1 10." """
    tricks = []
    for u in range(units(obs)):
        name, count = unit_name(session, obs, u, short=True), number(r.tricks[u])
        if u not in r.callers:
            tricks.append(f"{name} {count}")
        elif call_made(r.tricks[u]):
            tricks.append(_("{unit} {tricks} (GeoPlunge made)").format(unit=name, tricks=count))
        else:
            tricks.append(_("{unit} {tricks} (GeoPlunge failed)").format(unit=name, tricks=count))
    points = [
        f"{unit_name(session, obs, u, short=True)} +{number(p)}"
        for u, p in enumerate(r.points)
        if p
    ]
    scores = ", ".join(
        f"{unit_name(session, obs, u, short=True)} {number(s)}" for u, s in enumerate(r.scores)
    )
    return _(
        "Round {round} ({category}) — tricks: {tricks}; points: {points}. Scores: {scores}."
    ).format(
        round=number(r.round_index + 1),
        category=category_label(r.category),
        tricks=", ".join(tricks),
        points=", ".join(points) or _("nobody scores"),
        scores=scores,
    )


def round_lines(session: GameSession, obs: GeoPowerObservation) -> list[str]:
    """Every finished round, one line each."""
    return [round_line(session, obs, r) for r in obs.results]


def round_over(session: GameSession, obs: GeoPowerObservation, r: RoundResult) -> tuple[str, bool]:
    """The banner of a round just over, and whether this seat's side scored in it."""
    text = _("**Round over.** {round}").format(round=round_line(session, obs, r))
    return text, r.points[obs.team_of[session.me]] > 0


def round_start(session: GameSession, obs: GeoPowerObservation) -> str:
    """A new round: its dealer and the GeoPower cards face up."""
    return said_by(
        session,
        obs.dealer,
        N_("Round {round}: You deal; GeoPower cards face up: {categories}."),
        N_("Round {round}: {seat} deals; GeoPower cards face up: {categories}."),
        round=number(obs.round_index + 1),
        categories=join(category_label(c) for c in obs.dealt_power),
    )


def call_line(session: GameSession, seat: int, after: GeoPowerObservation) -> str:
    """A GeoPlunge call: "AI 2 calls GeoPlunge for team 2 (AI 1 and AI 3): 6 tricks or
    nothing!"."""
    values = {"tricks": number(CALL_TRICKS)}
    if not after.teams:
        you = ngettext(
            "You call GeoPlunge: {tricks} trick or nothing!",
            "You call GeoPlunge: {tricks} tricks or nothing!",
            CALL_TRICKS,
        )
        they = ngettext(
            "{seat} calls GeoPlunge: {tricks} trick or nothing!",
            "{seat} calls GeoPlunge: {tricks} tricks or nothing!",
            CALL_TRICKS,
        )
    else:
        values["team"] = unit_name(session, after, after.team_of[seat])
        you = ngettext(
            "You call GeoPlunge for {team}: {tricks} trick or nothing!",
            "You call GeoPlunge for {team}: {tricks} tricks or nothing!",
            CALL_TRICKS,
        )
        they = ngettext(
            "{seat} calls GeoPlunge for {team}: {tricks} trick or nothing!",
            "{seat} calls GeoPlunge for {team}: {tricks} tricks or nothing!",
            CALL_TRICKS,
        )
    if seat == session.me:
        return you.format(**values)
    return they.format(seat=session.seat_name(seat), **values)


def describe(session: GameSession, index: int) -> list[str]:
    """Readable lines for step ``index`` from the human's point of view."""
    step = session.history[index]
    action, seat = step.action, step.seat
    before: GeoPowerObservation = session.before(index)
    after: GeoPowerObservation = step.after
    lines: list[str] = []
    if isinstance(action, Remove):
        lines.append(
            said_by(
                session,
                seat,
                N_("You remove a {category} GeoPower card."),
                N_("{seat} removes a {category} GeoPower card."),
                category=category_label(action.category),
            )
        )
        if before.phase == DRAFT and after.phase == PLAY:
            cat = after.category
            lines.append(
                _(
                    "The GeoPower card is **{label}**: in every trick of this round the best "
                    "{category} rank of the led Zone wins."
                ).format(label=category_label(cat), category=category_word(cat))
            )
    elif isinstance(action, Call):
        lines.append(call_line(session, seat, after))
    elif isinstance(action, Pass):
        lines.append(
            said_by(
                session,
                seat,
                N_("You pass: no GeoPlunge call."),
                N_("{seat} passes: no GeoPlunge call."),
            )
        )
    elif isinstance(action, Play):
        category = before.category
        card = action.card
        if not before.trick:
            lines.append(
                said_by(
                    session,
                    seat,
                    N_("You lead **{card}** ({zone}), {category} — {card} is {rank}."),
                    N_("{seat} leads **{card}** ({zone}), {category} — {card} is {rank}."),
                    card=card_name(card.usps),
                    zone=zone_name(card.zone),
                    category=category_label(category),
                    rank=ordinal(card.rank(category)),
                )
            )
        else:
            lines.append(
                said_by(
                    session,
                    seat,
                    N_("You play {card}."),
                    N_("{seat} plays {card}."),
                    card=play_text(card, category, led_zone(before.trick)),
                )
            )
        if not after.trick:
            done = (
                after.tricks[-1]
                if after.round_index == before.round_index
                else after.results[-1].played[-1]
            )
            lines.append(trick_line(session, done, category))
            if after.phase == CALLS and before.phase == PLAY:
                lines.append(
                    said_by(
                        session,
                        after.leader,
                        N_(
                            "Trick {number} is over: last chance to call GeoPlunge. Everyone "
                            "whose side has not called is asked in turn, from you, before the "
                            "5th trick."
                        ),
                        N_(
                            "Trick {number} is over: last chance to call GeoPlunge. Everyone "
                            "whose side has not called is asked in turn, from {seat}, before the "
                            "5th trick."
                        ),
                        number=number(TRICKS_BEFORE_CALL_CLOSES),
                    )
                )
    for r in after.results[len(before.results) :]:
        lines.append(round_line(session, after, r))
        top = tied_top(r.scores, session.state.target)
        if top is not None and not after.is_over:
            lines.append(_("Tied at {score}: another round is played.").format(score=number(top)))
    if after.round_index > before.round_index and not after.is_over:
        lines.append(round_start(session, after))
    if after.is_over and not before.is_over:
        lines.append(result_text(session, after))
    return lines


def since_lines(session: GameSession) -> list[str]:
    """What followed the human's last move: what that move settled (the trick or round it
    completed), then every other seat's move since."""
    own: list[str] = []
    if session.seen and session.history[session.seen - 1].seat == session.me:
        own = describe(session, session.seen - 1)[1:]
    return own + recent_lines(session, describe)


def result_text(session: GameSession, obs: GeoPowerObservation) -> str:
    """How the game ended, in one sentence."""
    top = number(max(obs.scores))
    rounds = obs.round_index
    if obs.winner is None:
        return ngettext(
            "Stopped after {rounds} round with equal top scores: **a draw**.",
            "Stopped after {rounds} rounds with equal top scores: **a draw**.",
            rounds,
        ).format(rounds=number(rounds))
    name = unit_name(session, obs, obs.winner)
    title = name[0].upper() + name[1:]
    you = not obs.teams and obs.winner == session.me
    if obs.capped:
        if you:
            text = ngettext(
                "Stopped after {rounds} round: you win with the higher score ({score}).",
                "Stopped after {rounds} rounds: you win with the higher score ({score}).",
                rounds,
            )
        else:
            text = ngettext(
                "Stopped after {rounds} round: {winner} wins with the higher score ({score}).",
                "Stopped after {rounds} rounds: {winner} wins with the higher score ({score}).",
                rounds,
            )
        return text.format(rounds=number(rounds), winner=name, score=top)
    if obs.winner == obs.team_of[session.me]:
        if you:
            return _("You reach {score} points: **you win the game!**").format(score=top)
        return _("{Winner} reaches {score} points: **{winner} wins the game!**").format(
            Winner=title, winner=name, score=top
        )
    return _("{Winner} reaches {score} points and **wins the game.**").format(
        Winner=title, score=top
    )


def summary(session: GameSession, obs: GeoPowerObservation) -> list[str]:
    """Rounds, tricks and scores, one line per round, then the deal (at a shared table the
    table and its game instead: the seed is never shown)."""
    scores = ", ".join(
        f"{unit_name(session, obs, u)} {number(s)}" for u, s in enumerate(obs.scores)
    )
    rounds = len(obs.results)
    lines = [
        ngettext(
            "{rounds} round of {tricks} tricks; final scores: {scores}.",
            "{rounds} rounds of {tricks} tricks; final scores: {scores}.",
            rounds,
        ).format(rounds=number(rounds), tricks=number(HAND_SIZE), scores=scores)
    ]
    lines += round_lines(session, obs)
    calls = [(r, u) for r in obs.results for u in r.callers]
    if calls:
        made = sum(1 for r, u in calls if call_made(r.tricks[u]))
        lines.append(
            _("GeoPlunge calls: {calls}, made {made}.").format(
                calls=number(len(calls)), made=number(made)
            )
        )
    if obs.teams:
        players = ngettext(
            "{players} player in {teams} teams", "{players} players in {teams} teams", obs.players
        ).format(players=number(obs.players), teams=number(obs.teams))
    else:
        players = ngettext("{players} player", "{players} players", obs.players).format(
            players=number(obs.players)
        )
    lines.append(f"{session.about_players(players)}.")
    return lines
