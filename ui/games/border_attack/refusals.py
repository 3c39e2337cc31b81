"""Border Attack's refusals in words: the sentence of each code its engine refuses a move
with (:mod:`ui.games.refusals`)."""

from __future__ import annotations

from messages import N_

REFUSALS = {
    "lead_expected": N_("The leader must name a category and lead a card."),
    "not_a_category": N_("The category must be size, statehood or population."),
    "not_in_leaders_hand": N_("{card} is not in the leader's hand."),
    "commit_expected": N_("The follower must commit to a card and announce its name or borders."),
    "not_a_reveal": N_("The follower announces either the state's name or its border states."),
    "not_in_followers_hand": N_("{card} is not in the follower's hand."),
    "guess_the_state": N_("The borders were announced: guess the state."),
    "state_guess_expected": N_("The leader must guess the follower's state."),
    "not_a_usps_code": N_("{given} is not a state's USPS code."),
    "guess_the_borders": N_("The name was announced: guess its border states."),
    "borders_guess_expected": N_("The leader must guess the follower's border states."),
    "borders_not_a_set": N_("A border guess is a set of USPS codes."),
    "state_named_twice": N_("A border guess names each state once."),
    "discard_expected": N_("Now a card must be discarded."),
    "not_in_discarders_hand": N_("{card} is not in the discarding player's hand."),
}
