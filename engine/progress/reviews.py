"""The reviews a counted answer makes: one per item the question is about
(``engine.quiz.items.items_of``), each rated by ``engine.progress.rating``."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from fsrs import Rating

from engine.progress.rating import rating
from engine.progress.schedule import utc
from engine.quiz.items import Item, items_of
from engine.quiz.question import Attempt


@dataclass(frozen=True, slots=True)
class Review:
    """One answer about one item: its rating, when (UTC), in which mode, in how long."""

    item: Item
    rating: Rating
    at: datetime
    mode: str
    seconds: float | None = None


def reviews_of(attempt: Attempt, at: datetime) -> list[Review]:
    """The reviews of a counted answer ``attempt`` given at ``at``."""
    q, result = attempt.question, attempt.result
    return [
        Review(
            item,
            rating(
                right,
                mode=q.mode,
                attempt=attempt.attempt,
                corrected=result.corrected,
                seconds=attempt.seconds,
                whole_right=result.correct,
            ),
            utc(at),
            q.mode,
            attempt.seconds,
        )  # fmt: skip
        for item, right in items_of(q, result)
    ]
