"""A learner's progress across lessons: every item met, scheduled with FSRS (py-fsrs).

Pure: no web framework, no database; every function takes the time it works at, so tests
move the clock by passing another time.

* :mod:`~engine.progress.rating` the one rule that turns an answer into an FSRS rating;
* :mod:`~engine.progress.schedule` an item's state after its history (:func:`replay`,
  :func:`next_state`), its retrievability, bands and weeks;
* :mod:`~engine.progress.mastery` per state, per topic, per week, a streak, a class;
* :mod:`~engine.progress.select` what to practise: due, weakest, new;
* :mod:`~engine.progress.practice` a quiz of those items on the drills' machinery;
* :mod:`~engine.progress.reviews` the reviews a counted answer of a run makes.

The items themselves (a kind about a state) are defined beside the modes table, in
:mod:`engine.quiz.items`.
"""

from engine.progress.schedule import ItemState, next_state, replay, retrievability

__all__ = ["ItemState", "next_state", "replay", "retrievability"]
