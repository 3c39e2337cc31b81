"""Reverse Geography War's practice mode in words, without Streamlit: the buttons' outcomes,
each prediction recorded and scored by the engine (:mod:`engine.reverse_war.practice`), and
the verdict on it."""

from __future__ import annotations

from engine.reverse_war import Battle
from engine.reverse_war.practice import Outcome, Prediction, score
from messages import N_, _, number, ordinal
from ui.games.session import HUMAN, GameSession, inside
from ui.games.wording import card_name

YOU, AI, WAR = "you", "ai", "war"
#: the practice buttons' outcomes, as the verdict on a prediction names them (translated where
#: shown)
OUTCOMES: dict[str, str] = {
    YOU: N_("Your card"),
    AI: N_("The AI's card"),
    WAR: N_("A tie: Geography War"),
}


def said_outcome(said: str, plunge: bool) -> Outcome:
    """The engine's outcome that the practice buttons ``said`` (you, ai, war) and ``plunge``
    name, from this screen's seat (:data:`HUMAN`)."""
    return Outcome({YOU: HUMAN, AI: 1 - HUMAN, WAR: None}[said], plunge)


def said_code(found: Outcome) -> str:
    """The practice buttons' word for an outcome: ``you``, ``ai`` or ``war``."""
    return WAR if found.winner is None else (YOU if found.winner == HUMAN else AI)


def predictions(session: GameSession) -> list[Prediction]:
    return session.extra.setdefault("predictions", [])


def score_text(session: GameSession) -> str:
    found = score(predictions(session))
    if not found.predictions:
        return _("no predictions yet")
    return _("winner {winners}/{n} · GeoPlunge {plunges}/{n}").format(
        winners=number(found.winners), plunges=number(found.plunges), n=number(found.predictions)
    )


def prediction_feedback(p: Prediction, battle: Battle) -> str:
    """The verdict on a prediction: the winner said and the one it was (with the worst ranks
    that decided), then the GeoPlunge said and whether there was one."""
    a, b = battle.up[0]
    said = inside(_(OUTCOMES[said_code(p.said)]))  # "the AI's card", "your card"
    was_code = said_code(p.was)
    if was_code == WAR:
        verdict = (
            _("Right: you said {said}; it was a Geography War (both worst ranks are {rank}).")
            if p.winner_right
            else _(
                "Not quite: you said {said}; it was a Geography War (both worst ranks are {rank})."
            )
        )
        first = verdict.format(said=said, rank=ordinal(a.weakness))
    else:
        was = (_("your {card}") if was_code == YOU else _("the AI's {card}")).format(
            card=card_name(a.usps) if was_code == YOU else card_name(b.usps)
        )
        verdict = (
            _(
                "Right: you said {said}; it was {was} ({my_card} {my_rank}, "
                "{their_card} {their_rank})."
            )
            if p.winner_right
            else _(
                "Not quite: you said {said}; it was {was} ({my_card} {my_rank}, "
                "{their_card} {their_rank})."
            )
        )
        first = verdict.format(
            said=said,
            was=was,
            my_card=card_name(a.usps),
            my_rank=ordinal(a.weakness),
            their_card=card_name(b.usps),
            their_rank=ordinal(b.weakness),
        )
    if p.plunge_right:
        plunge = (
            _("GeoPlunge: right, it was a GeoPlunge.")
            if p.was.geoplunge
            else _("GeoPlunge: right, it was no GeoPlunge.")
        )
    else:
        plunge = (
            _("GeoPlunge: wrong, it was a GeoPlunge.")
            if p.was.geoplunge
            else _("GeoPlunge: wrong, it was no GeoPlunge.")
        )
    return f"{first} {plunge}"
