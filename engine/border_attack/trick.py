"""One trick's outcome as the rules decide it, for the game and for every page that shows it.

- A guess must be of the kind the announcement leaves open (:func:`why_not_guess`): the
  state when the border states were announced, a set of border states when the name was. Any
  state code, any set of distinct codes (the empty set included) is a guess of its kind.
- A state guess is right when it names the follower's state; a border guess when its set is
  exactly the state's border states, in any order (:func:`guess_is_right`).
- A right guess makes the face-down card known to the leader before it is played: the state
  guessed, or the state whose name was announced (:func:`guessed_card`).
- The better (lower) rank in the named category wins the trick; two cards never tie
  (:func:`trick_winner`).

Once the follower's card is played the whole trick is public: the game keeps it as
:class:`engine.border_attack.observation.PlayedTrick`, in every seat's observation.
"""

from __future__ import annotations

from engine.border_attack.actions import GuessBorders, GuessState
from engine.border_attack.observation import Announcement
from engine.border_attack.odds import follow_wins
from engine.cards import Card, Category, by_usps
from engine.core import Refusal

_CODES = frozenset(by_usps())


def why_not_guess(announcement: Announcement, action: object) -> Refusal | None:
    """Why ``action`` is not a guess of the kind ``announcement`` leaves open (``None`` when
    it is one); a code that is no state's is refused with its ``repr`` as ``given``."""
    if announcement.usps is None:
        if isinstance(action, GuessBorders):
            return Refusal("guess_the_state")
        if not isinstance(action, GuessState):
            return Refusal("state_guess_expected")
        if not isinstance(action.usps, str) or action.usps not in _CODES:
            return Refusal("not_a_usps_code", given=repr(action.usps))
        return None
    if isinstance(action, GuessState):
        return Refusal("guess_the_borders")
    if not isinstance(action, GuessBorders):
        return Refusal("borders_guess_expected")
    codes = action.borders
    if not isinstance(codes, (frozenset, set, tuple, list)):
        return Refusal("borders_not_a_set")
    for code in codes:
        if not isinstance(code, str) or code not in _CODES:
            return Refusal("not_a_usps_code", given=repr(code))
    if len(set(codes)) != len(codes):
        return Refusal("state_named_twice")
    return None


def guess_is_right(guess: GuessState | GuessBorders, card: Card) -> bool:
    """Whether ``guess`` is right about the follower's ``card``."""
    if isinstance(guess, GuessState):
        return guess.usps == card.usps
    return frozenset(guess.borders) == card.borders


def guessed_card(announcement: Announcement, guess: GuessState | GuessBorders) -> Card:
    """The follower's face-down card as a right ``guess`` makes it known to the leader."""
    if isinstance(guess, GuessState):
        return by_usps()[guess.usps]
    assert announcement.usps is not None
    return by_usps()[announcement.usps]


def trick_winner(leader: int, led: Card, follow: Card, category: Category) -> int:
    """The seat that wins the trick in which ``leader`` led ``led`` and the other seat
    played ``follow``, in ``category``."""
    return 1 - leader if follow_wins(follow, led, category) else leader
