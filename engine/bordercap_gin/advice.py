"""What a good BorderCap Gin player considers before a move, from its own observation: the
groups are judged by the true map and capitals (:mod:`engine.melds`), the cards that may still
come by :mod:`.odds` (the bots' numbers). The page's hints word these values.

- Before the draw: what the card just discarded would do for the hand (:func:`take_advice`)
  and the live cards that would complete a win (:func:`live_outs`).
- Before the discard: for each card that may go, what discarding it leaves, and the card to
  let go (:func:`discard_advice`); whether a face-down discard would keep a card from the other
  player (:func:`face_down_helps`).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.bordercap_gin.actions import Discard
from engine.bordercap_gin.observation import DRAW, GinObservation
from engine.bordercap_gin.odds import live_cards, outs
from engine.bordercap_gin.state import BorderCapGin
from engine.cards import Card
from engine.melds import best_split, groups_in, linked, links_in, neighbors_in

Split = tuple[tuple[Card, ...], tuple[Card, ...]]  #: a winning split: (4-group, 3-group)


@dataclass(frozen=True)
class DiscardAdvice:
    """For each card of an 8-card hand that may be discarded (by USPS code), what discarding
    it leaves: a win (``wins``, its best split), the number of outs (live cards that would
    complete a win; 0 with a win) and the number of groups of the seven kept; ``best``: the
    card to let go (``None`` when none may go)."""

    wins: dict[str, Split]
    outs: dict[str, int]
    groups: dict[str, int]
    best: Card | None = None


def discard_advice(obs: GinObservation) -> DiscardAdvice:
    """Rank the discards of the hand to act: a win first, then the most outs, then the most
    groups, then the fewest links (a card linked to nothing is the first to go); among equals
    the last by name."""
    live = live_cards(obs)
    links = links_in(obs.hand)
    wins: dict[str, Split] = {}
    counts: dict[str, int] = {}
    groups: dict[str, int] = {}
    scored = []
    for d in obs.hand:
        if d is obs.taken or d == obs.taken:
            continue
        seven = [c for c in obs.hand if c is not d]
        split = best_split(seven)
        if split is not None:
            wins[d.usps] = split
        counts[d.usps] = 0 if split else len(outs(seven, live))
        groups[d.usps] = len(groups_in(seven))
        scored.append(((split is not None, counts[d.usps], groups[d.usps], -len(links[d.usps])), d))
    best = max(scored, key=lambda s: (s[0], s[1].name))[1] if scored else None
    return DiscardAdvice(wins, counts, groups, best)


def live_outs(obs: GinObservation) -> list[Card]:
    """The live cards that would give the seat's 7-card hand a win (:func:`.odds.outs`, in
    deck order); none when the hand is not seven cards or already wins."""
    if len(obs.hand) != 7 or best_split(obs.hand) is not None:
        return []
    return outs(obs.hand, live_cards(obs))


@dataclass(frozen=True)
class TakeAdvice:
    """What taking ``card``, the card just discarded, would do for the hand: a win, discarding
    ``discard`` (``win``: the split); else a new group (``group``, the largest); else the cards
    of the hand it borders (``borders``, no group yet); all empty when it fits none."""

    card: Card
    discard: Card | None = None
    win: Split | None = None
    group: tuple[Card, ...] = ()
    borders: tuple[Card, ...] = ()


def take_advice(obs: GinObservation) -> TakeAdvice | None:
    """What the discard that may be taken would do for the hand (``None``: none may be taken,
    or it is not the draw)."""
    top = obs.just_discarded
    if top is None or obs.phase != DRAW:
        return None
    eight = [*obs.hand, top]
    for d in obs.hand:
        split = best_split([c for c in eight if c is not d])
        if split is not None:
            return TakeAdvice(top, discard=d, win=split)
    before = {frozenset(c.usps for c in g) for g in groups_in(list(obs.hand))}
    new = [g for g in groups_in(eight) if frozenset(c.usps for c in g) not in before]
    if new:
        return TakeAdvice(top, group=max(new, key=len))
    return TakeAdvice(top, borders=tuple(neighbors_in(top, obs.hand)))


def face_down_helps(obs: GinObservation, card: Card) -> list[Card]:
    """The cards the other player took from the pile that ``card`` is linked to (it would help
    that player), when the engine lets ``card`` go face down now (else none)."""
    if BorderCapGin.why_not(obs, Discard(card, face_down=True)) is not None:
        return []
    return [c for c in obs.took[1 - obs.player] if linked(card, c)]
