"""Which items to practise: what is due; when nothing is, the weakest, then new ones.

The rule (:func:`practice_items`), for a quiz of at most ``n`` questions:

1. **due**: the items FSRS schedules by the end of the learner's day, the least known first
   (lowest retrievability now; then the earliest due). When any item is due, the quiz is
   those only (the first ``n`` of them): "Practise what is due (5)" asks five questions.
2. Otherwise **the weakest**: items met and not due but under the known band now (an item
   answered wrong today is due only tomorrow), the least known first;
3. then **new**: items never answered, those of kinds the learner has met first, in an order
   shuffled with the quiz's seed in which the topics (borders, capitals, zones, location,
   ranks) take turns.

Items known and not due are left out: the quiz is then shorter than ``n``, or empty.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from datetime import datetime

from engine.progress.mastery import States
from engine.progress.schedule import KNOWN, is_due, retrievability, utc
from engine.quiz.items import TOPIC_OF, Item, all_items


def practice_items(
    states: States,
    now: datetime,
    until: datetime,
    n: int,
    seed: int,
    universe: Iterable[Item] | None = None,
) -> list[Item]:
    """Up to ``n`` items to practise now (see the module); ``universe`` is the items to choose
    new ones from (default: all 450). Same states, times and seed: same items."""
    now, until = utc(now), utc(until)
    figure = {item: retrievability(s, now) for item, s in states.items()}
    due = sorted(
        (i for i, s in states.items() if is_due(s, until)),
        key=lambda i: (figure[i], states[i].due, i),
    )
    if due:
        return due[:n]
    weak = sorted(
        (i for i, s in states.items() if not is_due(s, until) and figure[i] < KNOWN),
        key=lambda i: (figure[i], i),
    )
    kinds = {i.kind for i in states}
    fresh = [i for i in (all_items() if universe is None else universe) if i not in states]
    rng = random.Random(f"practice:{seed}")
    rng.shuffle(fresh)
    turn: dict[Item, int] = {}
    seen: dict[str, int] = {}
    for item in fresh:  # the n-th item of its topic goes in round n
        topic = TOPIC_OF[item.kind].name
        turn[item] = seen.get(topic, 0)
        seen[topic] = turn[item] + 1
    fresh.sort(key=lambda i: (i.kind not in kinds, turn[i]))
    return (weak + fresh)[:n]
