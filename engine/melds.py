"""Melds of BorderCap Gin: which cards form a 4-group or a 3-group, and why a split is no win.

The rules (from the rules README):

- A *4-group* is four cards in which one card borders each of the other three, or whose four
  capitals start with the same letter.
- A *3-group* is three cards in which one card borders both others, or whose three capitals
  start with the same letter.
- A win is a 7-card hand that splits into a 4-group and a 3-group; the two groups share no card.
- The bonus: a 4-group in which at least two cards each border all three others, or whose four
  capitals share a first letter, is worth 10 more points.
- Declaring is declaring the hand: a hand that splits in several ways scores its best split
  (:func:`best_split`), and a hand that does not split is explained group by group
  (:func:`no_win_reasons`).

The reasons (why cards are a group, why they are not, why a hand is no win) are :class:`Why`
codes and their values, never sentences: the pages word them
(``ui/games/bordercap_gin/groups.py``).

"Borders" is the game relation :attr:`engine.cards.Card.borders` (land borders plus the two
Four Corners diagonals, :meth:`engine.cards.Card.borders_card`). Two cards are *linked*
(:func:`linked`) when one borders the other or their capitals share a first letter
(:func:`same_letter`): only linked cards can be in one group. A group may not mix the two
kinds: a card that borders two others and shares a capital letter with a third does not make a
4-group. What a hand holds of each kind: :func:`neighbors_in`, :func:`links_in`,
:func:`stars`, :func:`letter_sets`, :func:`border_pairs`, :func:`best_groups`.

Two layers:

- readable functions over :class:`Card` objects, judged by the true geography
  (:func:`is_four_group`, :func:`is_three_group`, :func:`has_bonus`, :func:`group_problem`,
  :func:`split_problem`, :func:`winning_splits`, :func:`best_split`, :func:`no_win_reasons`,
  :func:`describe_group`, and the relations above): the engine's validation and the UI's hints;
- :class:`Relations`, the same facts as bitmasks over :func:`engine.cards.deck` order (bit ``i``
  stands for ``deck()[i]``), built from the truth or from what one bot remembers
  (:meth:`Relations.from_knowledge`). A 7-card hand has only C(7,4) = 35 splits and every meld
  of the game is listed once (a few hundred of each size), so a split is checked with two set
  look-ups.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any

from engine.cards import Card, deck
from engine.core import Coded

# Bit of each card by USPS code: bit i stands for deck()[i] (deck() is ordered by USPS code).
BIT: dict[str, int] = {c.usps: 1 << i for i, c in enumerate(deck())}
ALL_CARDS: int = (1 << len(BIT)) - 1

# The 35 ways to pick the 4-group out of 7 positions (the other three make the 3-group).
SPLITS_OF_7: tuple[tuple[int, int, int, int], ...] = tuple(combinations(range(7), 4))


def mask_of(cards: Iterable[Card]) -> int:
    """The bitmask of ``cards`` (bit ``i`` for ``deck()[i]``)."""
    m = 0
    for c in cards:
        m |= BIT[c.usps]
    return m


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a bitmask, in deck order (by USPS code)."""
    cards = deck()
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(cards[i])
        mask >>= 1
        i += 1
    return tuple(out)


def bits_of(mask: int) -> list[int]:
    """The single-bit masks making up ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def _is_group(mask: int, members: Sequence[int], nb: Sequence[int], same: Sequence[int]) -> bool:
    """One member borders every other member, or all capitals share the (known) first letter."""
    for i in members:
        if mask & ~nb[i] == 1 << i:
            return True
    return mask & ~same[members[0]] == 0


@dataclass(frozen=True, slots=True, eq=False)
class Relations:
    """Who borders whom and whose capitals share a first letter, as bitmasks over deck order.

    ``nb[i]``: the cards card ``i`` borders. ``same[i]``: the cards whose capital starts with the
    letter of card ``i``'s capital, ``i`` included (0 when that capital is not known).
    ``melds3`` / ``melds4``: the masks of every 3-group / 4-group these facts allow.
    A bot's relations hold only what it remembers, so it sees a subset of the true melds.
    """

    nb: tuple[int, ...]
    same: tuple[int, ...]
    melds3: frozenset[int]
    melds4: frozenset[int]
    bonus4: frozenset[int]

    @classmethod
    def build(cls, nb: Sequence[int], same: Sequence[int]) -> Relations:
        """List every meld the facts ``nb`` and ``same`` allow (stars and capital-letter sets)."""
        melds3: set[int] = set()
        melds4: set[int] = set()
        for i in range(len(nb)):
            hub = 1 << i
            around = bits_of(nb[i])
            for a, b in combinations(around, 2):
                melds3.add(hub | a | b)
            for a, b, c in combinations(around, 3):
                melds4.add(hub | a | b | c)
            letter = bits_of(same[i])
            if letter and letter[0] == hub:  # each letter class once, from its lowest card
                for group in combinations(letter, 3):
                    melds3.add(group[0] | group[1] | group[2])
                for group in combinations(letter, 4):
                    melds4.add(group[0] | group[1] | group[2] | group[3])
        bonus4 = set()
        for m in melds4:
            hubs = 0
            first = -1
            rest = m
            while rest:
                low = rest & -rest
                rest ^= low
                i = low.bit_length() - 1
                first = i if first < 0 else first
                if m & ~nb[i] == low:
                    hubs += 1
            if hubs >= 2 or m & ~same[first] == 0:
                bonus4.add(m)
        return cls(tuple(nb), tuple(same), frozenset(melds3), frozenset(melds4), frozenset(bonus4))

    @staticmethod
    @cache
    def truth() -> Relations:
        """The relations of the real map and the real capitals."""
        cards = deck()
        nb = [mask_of(c for c in cards if card.borders_card(c)) for card in cards]
        same = [mask_of(c for c in cards if same_letter(c, card)) for card in cards]
        return Relations.build(nb, same)

    @classmethod
    def from_knowledge(cls, knowledge: Any) -> Relations:
        """The relations one bot remembers (an :class:`engine.knowledge.Knowledge`)."""
        cards = deck()
        nb = [sum(BIT[u] for u in knowledge.borders_of(card)) for card in cards]
        initial = [knowledge.capital_initial(c) for c in cards]
        by_letter: dict[str, int] = {}
        for j, letter in enumerate(initial):
            if letter is not None:
                by_letter[letter] = by_letter.get(letter, 0) | 1 << j
        same = [0 if letter is None else by_letter[letter] for letter in initial]
        return cls.build(nb, same)

    def is_group(self, mask: int) -> bool:
        """True when the 3 or 4 cards of ``mask`` make a 3-group or a 4-group."""
        return mask in self.melds3 or mask in self.melds4

    def has_bonus(self, four: int) -> bool:
        """True when the 4-group ``four`` earns the 10-point bonus."""
        return four in self.bonus4

    def winning_splits(self, bits: Sequence[int]) -> list[tuple[int, int]]:
        """Every (4-group, 3-group) split of a 7-card hand given as its 7 single-bit masks."""
        hand = bits[0] | bits[1] | bits[2] | bits[3] | bits[4] | bits[5] | bits[6]
        m3, m4 = self.melds3, self.melds4
        out = []
        for a, b, c, d in SPLITS_OF_7:
            four = bits[a] | bits[b] | bits[c] | bits[d]
            if four in m4 and hand ^ four in m3:
                out.append((four, hand ^ four))
        return out

    def has_win(self, bits: Sequence[int]) -> bool:
        """True when a 7-card hand (its 7 single-bit masks) splits into a 4-group and a 3-group."""
        hand = bits[0] | bits[1] | bits[2] | bits[3] | bits[4] | bits[5] | bits[6]
        m3, m4 = self.melds3, self.melds4
        for a, b, c, d in SPLITS_OF_7:
            four = bits[a] | bits[b] | bits[c] | bits[d]
            if four in m4 and hand ^ four in m3:
                return True
        return False


def truth() -> Relations:
    """The true relations (the map and the capitals), built once."""
    return Relations.truth()


# ------------------------------------------------------------------ readable layer (true facts)


def same_letter(a: Card, b: Card) -> bool:
    """Whether the capitals of ``a`` and ``b`` start with the same letter."""
    return a.capital_initial == b.capital_initial


def linked(a: Card, b: Card) -> bool:
    """Whether two different cards may be in one group: one borders the other, or their
    capitals share a first letter."""
    return a.usps != b.usps and (a.borders_card(b) or same_letter(a, b))


def neighbors_in(card: Card, cards: Iterable[Card]) -> list[Card]:
    """The cards of ``cards`` that ``card`` borders, in their order."""
    return [o for o in cards if card.borders_card(o)]


def links_in(cards: Sequence[Card]) -> dict[str, list[Card]]:
    """For each card (by USPS code), the other cards of ``cards`` it is linked to."""
    return {c.usps: [o for o in cards if linked(c, o)] for c in cards}


def by_letter(cards: Iterable[Card]) -> dict[str, list[Card]]:
    """The cards by the first letter of their capital, in their order."""
    out: dict[str, list[Card]] = {}
    for c in cards:
        out.setdefault(c.capital_initial, []).append(c)
    return out


def stars(cards: Sequence[Card]) -> list[tuple[Card, list[Card]]]:
    """The border stars of ``cards``: each card that borders at least two others, with those
    others (a 3-group with any two of them, a 4-group with any three); the largest first, then
    by name."""
    found = []
    for c in cards:
        around = neighbors_in(c, cards)
        if len(around) >= 2:
            found.append((c, around))
    return sorted(found, key=lambda s: (-len(s[1]), s[0].name))


def letter_sets(cards: Sequence[Card]) -> list[tuple[str, list[Card]]]:
    """The capital initials shared by at least three of ``cards`` (a 3-group or a 4-group),
    with the cards; the largest first, then by letter."""
    return sorted(
        ((k, v) for k, v in by_letter(cards).items() if len(v) >= 3),
        key=lambda s: (-len(s[1]), s[0]),
    )


def border_pairs(cards: Sequence[Card]) -> list[tuple[Card, Card]]:
    """Every two of ``cards`` that border each other, in the order of ``cards``."""
    return [(a, b) for a, b in combinations(cards, 2) if a.borders_card(b)]


def hubs(cards: Sequence[Card]) -> list[Card]:
    """The cards of a group that border every other card of it."""
    return [c for c in cards if all(o is c or c.borders_card(o) for o in cards)]


def _same_letter(cards: Sequence[Card]) -> bool:
    return len({c.capital_initial for c in cards}) == 1


def is_three_group(cards: Sequence[Card]) -> bool:
    """Three distinct cards in which one borders both others, or whose capitals share a letter."""
    return len({c.usps for c in cards}) == 3 and (bool(hubs(cards)) or _same_letter(cards))


def is_four_group(cards: Sequence[Card]) -> bool:
    """Four distinct cards in which one borders the three others, or whose capitals share a
    first letter."""
    return len({c.usps for c in cards}) == 4 and (bool(hubs(cards)) or _same_letter(cards))


def has_bonus(four: Sequence[Card]) -> bool:
    """The bonus 4-group: at least two cards each border all three others, or all four capitals
    share a first letter."""
    return is_four_group(four) and (len(hubs(four)) >= 2 or _same_letter(four))


class Why(Coded):
    """Why cards are a group, or why they are not, as a code and its values (never a
    sentence; the pages word it). Cards are USPS codes: ``card`` (and ``hub_card``,
    ``first_card``, ``second_card``) one card, ``cards`` (and ``four_cards``, ``three_cards``,
    ``bordered_cards``, ``letter_cards``) several, in the order of the group; ``letter`` a
    capital's first letter; ``count`` a number; ``reason``, ``problem`` (and ``four_problem``,
    ``three_problem``) and each of ``gaps`` a :class:`Why` the reason is made of.

    Why a group is one (:func:`describe_group`): ``borders_both`` / ``borders_three``
    (``card`` borders both / the three others), ``each_border_both`` / ``each_border_three``
    (``cards`` each do), ``same_letter`` (the capitals all start with ``letter``).

    Why cards are no group (:func:`group_problem`): ``group_size`` (``count`` cards, not 3 or
    4), ``card_twice``, ``none_borders_both`` / ``none_borders_all_three`` (no card borders
    every other card of the group ``cards``, and their capitals do not share a first letter;
    ``gaps``: for each card what it does not border: ``borders_neither`` (``card``,
    ``first_card``, ``second_card``), ``borders_none_of`` (``card``, ``cards``: the three
    others), ``does_not_border`` (``card``, ``cards``: one or two of the others)).

    Why two groups are no winning split (:func:`split_problem`): ``first_group_size``,
    ``second_group_size`` (``count``), ``in_both_groups`` (``cards``), ``four_not_a_group`` /
    ``three_not_a_group`` (``cards``, ``problem``), ``neither_a_group`` (``four_cards``,
    ``four_problem``, ``three_cards``, ``three_problem``).

    Why seven cards are no win (:func:`no_win_reasons`): ``hand_size`` (``count`` cards, not
    seven different ones), ``no_three_left`` (the 4-group ``four_cards`` is one by ``reason``,
    the three left ``three_cards`` are none by ``problem``), ``more_fours`` (``count`` other
    4-groups leave no 3-group either), ``no_four_group`` (``hub_card`` borders the most cards
    of the hand, ``bordered_cards``; ``None`` and none when no two border each other;
    ``letter_cards``: the most capitals sharing a first letter, none when no two do)."""

    __slots__ = ()


def describe_group(cards: Sequence[Card]) -> Why:
    """Why a valid group is one (``Why("borders_three", card="TN")``: Tennessee borders the
    three others)."""
    found = hubs(cards)
    if found:
        others = "both" if len(cards) == 3 else "three"
        if len(found) == 1:
            return Why(f"borders_{others}", card=found[0].usps)
        return Why(f"each_border_{others}", cards=tuple(c.usps for c in found))
    if _same_letter(cards):
        return Why("same_letter", letter=cards[0].capital_initial)
    raise ValueError("not a group")


def _gap(card: Card, missing: Sequence[Card], others: int) -> Why:
    """What ``card`` does not border of its group (``others``: how many other cards it has)."""
    if len(missing) == others == 2:
        return Why(
            "borders_neither",
            card=card.usps,
            first_card=missing[0].usps,
            second_card=missing[1].usps,
        )
    code = "borders_none_of" if len(missing) == others else "does_not_border"
    return Why(code, card=card.usps, cards=tuple(o.usps for o in missing))


def group_problem(cards: Sequence[Card]) -> Why | None:
    """Why ``cards`` are not a group (``None`` when they are a 3-group or a 4-group).

    The reason names, for each card, the cards of the group it does not border (so no card
    borders all the others); the group's cards give their capitals and first letters.
    """
    n = len(cards)
    if n not in (3, 4):
        return Why("group_size", count=n)
    if len({c.usps for c in cards}) != n:
        return Why("card_twice")
    if hubs(cards) or _same_letter(cards):
        return None
    gaps = tuple(
        _gap(c, [o for o in cards if o is not c and not c.borders_card(o)], n - 1) for c in cards
    )
    code = "none_borders_both" if n == 3 else "none_borders_all_three"
    return Why(code, cards=tuple(c.usps for c in cards), gaps=gaps)


def split_problem(four: Sequence[Card], three: Sequence[Card]) -> Why | None:
    """Why (``four``, ``three``) is not a winning split (``None`` when it is one).

    Checks the sizes, that no card is used twice, then each group (see :func:`group_problem`).
    """
    if len(four) != 4:
        return Why("first_group_size", count=len(four))
    if len(three) != 3:
        return Why("second_group_size", count=len(three))
    twice = [c for c in four if any(c.usps == o.usps for o in three)]
    if twice:
        return Why("in_both_groups", cards=tuple(c.usps for c in twice))
    four_cards, three_cards = tuple(c.usps for c in four), tuple(c.usps for c in three)
    four_problem, three_problem = group_problem(four), group_problem(three)
    if four_problem is not None and three_problem is not None:
        return Why(
            "neither_a_group",
            four_cards=four_cards,
            four_problem=four_problem,
            three_cards=three_cards,
            three_problem=three_problem,
        )
    if four_problem is not None:
        return Why("four_not_a_group", cards=four_cards, problem=four_problem)
    if three_problem is not None:
        return Why("three_not_a_group", cards=three_cards, problem=three_problem)
    return None


def winning_splits(hand: Sequence[Card]) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """Every split of a 7-card hand into a 4-group and a 3-group (each group in deck order)."""
    if len(hand) != 7 or len({c.usps for c in hand}) != 7:
        return []
    rel = truth()
    return [
        (cards_of(four), cards_of(three))
        for four, three in rel.winning_splits([BIT[c.usps] for c in hand])
    ]


def groups_in(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every 3-group and 4-group among ``cards`` (a hint: what a hand already holds)."""
    rel = truth()
    found = []
    for size in (4, 3):
        for group in combinations(cards, size):
            if rel.is_group(mask_of(group)):
                found.append(group)
    return found


ROUND_POINTS = 20
BONUS_POINTS = 10


def split_points(four: Sequence[Card]) -> int:
    """What a win with the 4-group ``four`` scores: 20, or 30 with the bonus."""
    return ROUND_POINTS + (BONUS_POINTS if has_bonus(four) else 0)


def best_split(hand: Sequence[Card]) -> tuple[tuple[Card, ...], tuple[Card, ...]] | None:
    """The split a declaration of ``hand`` scores: the winning split with the highest score
    (among equals the first by deck order of the 4-group, then of the 3-group), ``None`` when
    the hand does not win. The order of ``hand`` does not matter."""
    splits = sorted(winning_splits(hand), key=lambda s: (mask_of(s[0]), mask_of(s[1])))
    if not splits:
        return None
    return max(splits, key=lambda s: split_points(s[0]))


def best_groups(cards: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
    """The best groups ``cards`` hold, to show: the best split of seven cards that win, else
    the two groups sharing no card that cover the most cards (among those, the one with a
    4-group; the larger first), else the largest group, else none."""
    if len(cards) == 7:
        split = best_split(cards)
        if split is not None:
            return split
    groups = groups_in(list(cards))
    best: tuple[tuple[Card, ...], ...] = ()
    best_key = (0, 0)
    for g in groups:
        key = (len(g), 0)
        if key > best_key:
            best, best_key = (g,), key
    for g, h in combinations(groups, 2):
        if {c.usps for c in g} & {c.usps for c in h}:
            continue
        key = (len(g) + len(h), max(len(g), len(h)))
        if key > best_key:
            best, best_key = ((g, h) if len(g) >= len(h) else (h, g)), key
    return best


NO_WIN_SHOWN = 4  # 4-groups explained one by one before the rest are summed up


def _no_four_reason(hand: Sequence[Card]) -> Why:
    """Why no four cards of ``hand`` make a 4-group: the biggest border star and letter set."""
    around = {c.usps: neighbors_in(c, hand) for c in hand}
    hub = max(hand, key=lambda c: (len(around[c.usps]), c.name))
    bordered = around[hub.usps]
    _, same = max(by_letter(hand).items(), key=lambda kv: (len(kv[1]), kv[0]))
    return Why(
        "no_four_group",
        hub_card=hub.usps if bordered else None,
        bordered_cards=tuple(c.usps for c in bordered),
        letter_cards=tuple(c.usps for c in same) if len(same) > 1 else (),
    )


def no_win_reasons(hand: Sequence[Card]) -> list[Why]:
    """Why seven cards do not split into a 4-group and a 3-group: one reason per 4-group they
    hold (``no_three_left``: what the three cards left lack; ``more_fours`` sums up those past
    the first :data:`NO_WIN_SHOWN`), or why they hold no 4-group at all (``no_four_group``).
    Empty when the hand wins. Cards are listed in alphabetical order of their names."""
    if len(hand) != 7 or len({c.usps for c in hand}) != 7:
        return [Why("hand_size", count=len(hand))]
    if winning_splits(hand):
        return []
    hand = sorted(hand, key=lambda c: c.name)  # the same reasons whatever the order of the hand
    fours = [g for g in groups_in(hand) if len(g) == 4]
    if not fours:
        return [_no_four_reason(hand)]
    reasons = []
    for four in fours[:NO_WIN_SHOWN]:
        rest = [c for c in hand if c not in four]
        reasons.append(
            Why(
                "no_three_left",
                four_cards=tuple(c.usps for c in four),
                reason=describe_group(four),
                three_cards=tuple(c.usps for c in rest),
                problem=group_problem(rest),
            )
        )
    more = len(fours) - NO_WIN_SHOWN
    if more > 0:
        reasons.append(Why("more_fours", count=more))
    return reasons
