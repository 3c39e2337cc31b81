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


def _join(words: Sequence[str], last: str = "and") -> str:
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def _names(cards: Sequence[Card], last: str = "and") -> str:
    return _join([c.name for c in cards], last)


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


def describe_group(cards: Sequence[Card]) -> str:
    """Why a valid group is one, in words (e.g. "Tennessee borders the three others")."""
    found = hubs(cards)
    others = "both others" if len(cards) == 3 else "the three others"
    if found:
        if len(found) == 1:
            return f"{found[0].name} borders {others}"
        return f"{_names(found)} each border {others}"
    if _same_letter(cards):
        return f"the capitals all start with {cards[0].capital_initial}"
    raise ValueError("not a group")


def group_problem(cards: Sequence[Card]) -> str | None:
    """Why ``cards`` are not a group (``None`` when they are a 3-group or a 4-group).

    The reason names, for each card, the cards of the group it does not border (so no card
    borders all the others), and the first letters of the capitals.
    """
    n = len(cards)
    if n not in (3, 4):
        return f"a group has 3 or 4 cards, not {n}"
    if len({c.usps for c in cards}) != n:
        return "a card appears twice in the group"
    if hubs(cards) or _same_letter(cards):
        return None
    parts = []
    for c in cards:
        missing = [o for o in cards if o is not c and not c.borders_card(o)]
        if len(missing) == n - 1:
            if n == 3:
                parts.append(f"{c.name} borders neither {missing[0].name} nor {missing[1].name}")
            else:
                parts.append(f"{c.name} borders none of {_names(missing)}")
        else:
            parts.append(f"{c.name} does not border {_names(missing, 'or')}")
    letters = _join([c.capital_initial for c in cards])
    capitals = ", ".join(c.capital for c in cards)
    others = "both others" if n == 3 else "all three others"
    return (
        f"no card borders {others} ({'; '.join(parts)}), and their capitals ({capitals}) "
        f"start with {letters}"
    )


def split_problem(four: Sequence[Card], three: Sequence[Card]) -> str | None:
    """Why (``four``, ``three``) is not a winning split (``None`` when it is one).

    Checks the sizes, that no card is used twice, then each group (see :func:`group_problem`).
    """
    if len(four) != 4:
        return f"The first group must have 4 cards, not {len(four)}."
    if len(three) != 3:
        return f"The second group must have 3 cards, not {len(three)}."
    twice = [c for c in four if any(c.usps == o.usps for o in three)]
    if twice:
        return f"{_names(twice)} cannot be in both groups."
    problems = []
    for label, group in (("4-group", four), ("3-group", three)):
        why = group_problem(group)
        if why is not None:
            problems.append(f"the {label} {_names(group)} is not a group: {why}")
    if not problems:
        return None
    text = "; and ".join(problems)
    return text[0].upper() + text[1:] + "."


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


def _no_four_reason(hand: Sequence[Card]) -> str:
    """Why no four cards of ``hand`` make a 4-group: the biggest border star and letter set."""
    around = {c.usps: neighbors_in(c, hand) for c in hand}
    hub = max(hand, key=lambda c: (len(around[c.usps]), c.name))
    if around[hub.usps]:
        star = (
            f"no card borders three others ({hub.name}, with the most, borders only "
            f"{_names(around[hub.usps])})"
        )
    else:
        star = "no two of these states border each other"
    letter, same = max(by_letter(hand).items(), key=lambda kv: (len(kv[1]), kv[0]))
    if len(same) > 1:
        capitals = _join([c.capital for c in same])
        letters = f"no four capitals share a first letter (at most {len(same)}: {capitals})"
    else:
        letters = "no two capitals share a first letter"
    return f"No four of these cards make a 4-group: {star}, and {letters}."


def no_win_reasons(hand: Sequence[Card]) -> list[str]:
    """Why seven cards do not split into a 4-group and a 3-group, one sentence per 4-group they
    hold (what the three cards left lack), or why they hold no 4-group at all. Empty when the
    hand wins. Cards are named in alphabetical order."""
    if len(hand) != 7 or len({c.usps for c in hand}) != 7:
        return [f"A declared hand has 7 different cards, not {len(hand)}."]
    if winning_splits(hand):
        return []
    hand = sorted(hand, key=lambda c: c.name)  # the same words whatever the order of the hand
    fours = [g for g in groups_in(hand) if len(g) == 4]
    if not fours:
        return [_no_four_reason(hand)]
    lines = []
    for four in fours[:NO_WIN_SHOWN]:
        rest = [c for c in hand if c not in four]
        lines.append(
            f"{_names(four)} make a 4-group ({describe_group(four)}), but the three left, "
            f"{_names(rest)}, are no 3-group: {group_problem(rest)}."
        )
    more = len(fours) - NO_WIN_SHOWN
    if more > 0:
        lines.append(
            f"The {more} other 4-group{'s' if more > 1 else ''} of this hand leave"
            f"{'' if more > 1 else 's'} three cards that are no 3-group either."
        )
    return lines
