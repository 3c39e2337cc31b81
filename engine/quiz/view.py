"""Where a quiz's map opens: the states its view is fitted to (the map fits their outlines in
the page, where the projection is known: ``static/map/core.js``); and the states a question is
about, for the map of a whole run (:func:`question_states`).

* The **context** of a quiz is its selection (a few states come with their neighbours), Alaska
  and Hawaii included: a view of the West that took in Alaska's inset only for a question
  about Alaska would point at the answer of "Juneau is the capital of …". A filtered quiz's
  map opens on it, an unfiltered one on the whole map.
* A question's map must show **whole** (:func:`must_show`) the asked state, the states the
  question names, every state that can be an answer and every state offered as a choice;
  its view (:func:`view_states`) is the context with those added. "Select every state that
  borders Pennsylvania" in the Northeast opens on the Northeast and Ohio, West Virginia and
  Maryland.

A list of choices that holds every state but the asked one (a state "anywhere on the map")
offers the whole map rather than a list: it does not widen the view, which would turn every
such question of a region into the whole map. The view never narrows to the answer alone: a
question whose answer is not among states offered in a list ("which state's capital is
Boise?", typed) opens on the context, which holds its answer, so the view tells nothing.
"""

from __future__ import annotations

from engine.cards import by_usps
from engine.quiz.facts import all_states
from engine.quiz.modes import Shown, mode
from engine.quiz.question import AnswerType, Question, ValueKind
from engine.quiz.settings import QuizSettings

FEW = 5  #: a selection of fewer states opens with their neighbours around them


def context_states(settings: QuizSettings) -> frozenset[str] | None:
    """The states a quiz's maps open on, whatever the question (``None``: the whole map, for
    a quiz of all 50 states)."""
    if not settings.filtered:
        return None
    pool = set(settings.pool())
    if len(pool) < FEW:
        pool |= {n for usps in pool for n in by_usps()[usps].borders}
    return frozenset(pool)


def must_show(q: Question) -> frozenset[str]:
    """The states the map of ``q`` must show whole: the asked state (``focus``), the states it
    names (``shown``), every state that can be an answer, and the states offered as choices
    (unless they are every state but the asked one)."""
    states = set(q.shown)
    if q.focus:
        states.add(q.focus)
    if q.value_kind in (ValueKind.STATE, ValueKind.CAPITAL):
        answer = (q.answer,) if isinstance(q.answer, str) else q.answer
        states.update(answer)
        offered = set(q.choices) - {q.focus}
        if len(offered) < len(all_states()) - 1:
            states.update(offered)
    return frozenset(states)


def view_states(settings: QuizSettings, q: Question | None = None) -> tuple[str, ...] | None:
    """The states the map of ``q`` in a quiz of ``settings`` is fitted to, sorted: the quiz's
    context with every state ``q`` must show (without ``q``: the context alone, for a map of
    the whole quiz). ``None``: the whole map."""
    context = context_states(settings)
    if context is None:
        return None
    return tuple(sorted(context | (must_show(q) if q else frozenset())))


def question_states(q: Question) -> tuple[str, ...]:
    """The states a question is about, for the map of a whole run (and the class map): the
    asked state, the answer of a "which state?" question (and of a list of its borders: its
    mode's ``map.shown`` is ``Shown.BORDERS``), the few states it compares, or the states of
    a set answer. Only a list of names has none (its map shows what was named)."""
    if q.focus:
        return (q.focus,)
    if mode(q.mode).map.shown is Shown.BORDERS:
        assert isinstance(q.answer, str)
        return (q.answer,)
    if q.shown and len(q.shown) <= 5:
        return q.shown
    if q.answer_type is AnswerType.SET:
        return tuple(sorted(q.answer))
    if q.value_kind is ValueKind.STATE and isinstance(q.answer, str):
        return (q.answer,)  # find it, which state has this capital, C is the capital of …
    return ()
