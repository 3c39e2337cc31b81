"""GeoPower Toss's refusals in words: the sentence of each code its engine refuses a move with
(:mod:`ui.games.refusals`, which words a ``seat`` as "Player 1" and a ``category`` as its
label)."""

from __future__ import annotations

from collections.abc import Mapping

from messages import N_
from ui.games.wording import Wording

REFUSALS: Mapping[str, Wording] = {
    # the call window (engine/geopower_toss/state.py, calls.py)
    "call_or_pass": N_("First the last GeoPlunge calls: {seat} may call GeoPlunge or pass."),
    "not_a_move": N_("That is not a GeoPower Toss move."),
    "call_closed": N_("Too late: the GeoPlunge call closed after the 4th trick's last chance."),
    "already_called": N_("You already called GeoPlunge this round."),
    "partner_called": N_("Your partner {seat} already called GeoPlunge."),
    "nothing_to_pass": N_(
        "Nothing to pass: passing is only for the call window after the 4th trick."
    ),
    # the draft (draft.py)
    "power_chosen": N_("The GeoPower card for this round is already chosen."),
    "not_a_category": N_("{given} is not a GeoPower category."),
    "not_face_up": N_("No {category} GeoPower card is left face up."),
    # the play of a card (tricks.py)
    "draft_first": N_("First the GeoPower card must be chosen: {seat} removes one."),
    "not_in_hand": N_("{card} is not in {seat}'s hand."),
    "must_follow_zone": N_("You must follow the {zone} Zone: you hold a card in that Zone."),
}
