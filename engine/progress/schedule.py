"""Scheduling an item with FSRS (py-fsrs): a pure function of its history and the time.

* **The scheduler** (:data:`SCHEDULER`): py-fsrs's default parameters and desired retention
  (90%), **no learning steps** and **no fuzz**. A drill run already brings a missed question
  back a few questions later until it is answered right (``engine.quiz.run``), so FSRS need not
  schedule minutes ahead: every answer schedules its item a whole number of days ahead (a wrong
  first answer: tomorrow; a right one: two days; …). Without fuzz the schedule has no
  randomness: the same history gives the same state, on any server.
* **A state** (:class:`ItemState`) is the py-fsrs card (stability, difficulty, due, last
  review) and counts (reviews, lapses, the last rating, the first answer's time). It goes to
  JSON and back (:meth:`ItemState.to_dict`, :meth:`ItemState.from_dict`).
* :func:`next_state` is the state after one more answer; :func:`replay` the state after a
  whole history, in time order. All times are UTC (aware datetimes; others are refused).
* **Retrievability** (:func:`retrievability`): the chance, as FSRS predicts it, that the
  learner recalls the item at a moment. FSRS counts whole days since the last answer, so any
  item answered today would read 100%, even one just answered wrong; here an item answered less
  than a day ago counts as one day old: its figure is what the learner keeps by tomorrow (a wrong
  first answer 77%, a right one 95%).
* **Bands** (:func:`band`): known (90% and more: FSRS schedules the next review when an item
  falls to 90%), fading (80% to 90%), weak (under 80%), and new (never answered).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from enum import StrEnum
from typing import Any

from fsrs import Card, Rating, Scheduler, State

SCHEDULER = Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)
ONE_DAY = timedelta(days=1)
KNOWN, FADING = 0.9, 0.8  #: the lower bounds of the known and fading bands


def utc(moment: datetime) -> datetime:
    """``moment`` in UTC; a naive datetime is refused (``ValueError``)."""
    if moment.tzinfo is None:
        raise ValueError("naive datetimes are not scheduled: give a time zone (UTC)")
    return moment.astimezone(UTC)


@dataclass(frozen=True, slots=True)
class ItemState:
    """An item's FSRS state after its answers so far.

    ``stability`` (days for retrievability to fall to 90%), ``difficulty`` (1 to 10), ``due``
    and ``last_review`` are the py-fsrs card's; ``reviews`` counts the answers, ``lapses`` the
    wrong ones (Again), ``last_rating`` is the latest answer's rating and ``first_at`` the first
    answer's time."""

    stability: float
    difficulty: float
    due: datetime
    last_review: datetime
    reviews: int
    lapses: int
    last_rating: Rating
    first_at: datetime

    def card(self) -> Card:
        """The py-fsrs card (always in the Review state: the scheduler has no steps)."""
        return Card(
            card_id=1,
            state=State.Review,
            step=None,
            stability=self.stability,
            difficulty=self.difficulty,
            due=self.due,
            last_review=self.last_review,
        )

    def to_dict(self) -> dict[str, Any]:
        """The state as JSON-ready values (:meth:`from_dict` reads it back)."""
        return {
            "stability": self.stability,
            "difficulty": self.difficulty,
            "due": self.due.isoformat(),
            "last_review": self.last_review.isoformat(),
            "reviews": self.reviews,
            "lapses": self.lapses,
            "last_rating": int(self.last_rating),
            "first_at": self.first_at.isoformat(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ItemState:
        return cls(
            stability=float(data["stability"]),
            difficulty=float(data["difficulty"]),
            due=utc(datetime.fromisoformat(data["due"])),
            last_review=utc(datetime.fromisoformat(data["last_review"])),
            reviews=int(data["reviews"]),
            lapses=int(data["lapses"]),
            last_rating=Rating(int(data["last_rating"])),
            first_at=utc(datetime.fromisoformat(data["first_at"])),
        )


def next_state(state: ItemState | None, rating: Rating, at: datetime) -> ItemState:
    """The state after answering an item in ``state`` (``None``: never answered) with
    ``rating`` at ``at``. An answer earlier than the last one is taken at the last one's time
    (a history is replayed in time order: see :func:`replay`)."""
    at = utc(at)
    rating = Rating(rating)
    if state is None:
        card, _ = SCHEDULER.review_card(Card(card_id=1, due=at), rating, at)
        first, reviews, lapses = at, 0, 0
    else:
        at = max(at, state.last_review)
        card, _ = SCHEDULER.review_card(state.card(), rating, at)
        first, reviews, lapses = state.first_at, state.reviews, state.lapses
    assert card.stability is not None and card.difficulty is not None
    return ItemState(
        stability=card.stability,
        difficulty=card.difficulty,
        due=card.due,
        last_review=at,
        reviews=reviews + 1,
        lapses=lapses + (rating is Rating.Again),
        last_rating=rating,
        first_at=first,
    )


def replay(history: Iterable[tuple[Rating, datetime]]) -> ItemState | None:
    """The state after a history of ``(rating, time)`` answers, taken in time order (answers
    at the same moment in the order given); ``None`` for an empty history."""
    state = None
    for rating, at in sorted(history, key=lambda r: utc(r[1])):
        state = next_state(state, rating, at)
    return state


def states_after(history: Iterable[tuple[Rating, datetime]]) -> list[ItemState]:
    """The state after each answer of a history, in time order (see :func:`replay`)."""
    out: list[ItemState] = []
    for rating, at in sorted(history, key=lambda r: utc(r[1])):
        out.append(next_state(out[-1] if out else None, rating, at))
    return out


def retrievability(state: ItemState | None, now: datetime) -> float:
    """The chance of recalling the item at ``now`` (0 when never answered): py-fsrs's
    figure, an item answered less than a day before ``now`` counted as one day old."""
    if state is None:
        return 0.0
    at = max(utc(now), state.last_review + ONE_DAY)
    # py-fsrs reads only the card's stability and last review: the state has both, so no
    # card is built for it (a class page asks this some 30,000 times)
    return SCHEDULER.get_card_retrievability(state, at)  # type: ignore[arg-type]


def is_due(state: ItemState, until: datetime) -> bool:
    """True when FSRS schedules the item's next answer by ``until``."""
    return state.due <= utc(until)


class Band(StrEnum):
    """How well an item is known (see the module)."""

    KNOWN = "known"
    FADING = "fading"
    WEAK = "weak"
    NEW = "new"


def band(figure: float | None) -> Band:
    """The band of a retrievability (``None``: never answered)."""
    if figure is None:
        return Band.NEW
    if figure >= KNOWN:
        return Band.KNOWN
    return Band.FADING if figure >= FADING else Band.WEAK


# --- weeks ----------------------------------------------------------------------------------


def week_of(moment: datetime) -> date:
    """The Monday (UTC) of the week holding ``moment``."""
    day = utc(moment).date()
    return day - timedelta(days=day.weekday())


def week_end(week: date) -> datetime:
    """The end of the week that starts on Monday ``week``: the next Monday at 00:00 UTC."""
    return datetime.combine(week + timedelta(days=7), datetime.min.time(), tzinfo=UTC)


def weeks_between(first: date, last: date) -> list[date]:
    """The Mondays from ``first`` to ``last``, both included."""
    return [first + timedelta(days=7 * i) for i in range((last - first).days // 7 + 1)]


def at_moment(states: list[ItemState], moment: datetime) -> ItemState | None:
    """Of an item's successive states, the one it was in at ``moment`` (the last one whose
    answer came before it)."""
    found = None
    for state in states:
        if state.last_review >= moment:
            break
        found = state
    return found
