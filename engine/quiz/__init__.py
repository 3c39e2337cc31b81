"""Drill quizzes: settings, question generators, answer checking and the run with its mistakes
queue. Pure and seeded: the same :class:`QuizSettings` always give the same questions.

**Modes** (the ``mode`` URL parameter; a public interface, keep the names stable):

============== ========================================================================
borders        ``neighbors`` select every state that borders X (a set answer);
               ``exact`` which state borders exactly these states? (the Border Attack guess);
               ``count`` how many states border X?
capitals       ``letter_states`` select every state whose capital begins with L;
               ``letter`` with which letter does the capital of X begin?;
               ``capital`` name the capital of X (typed);
               ``shared`` which of these states' capitals share a first letter? (BorderCap Gin);
               ``capital_of`` C is the capital of … (the state, typed: the reverse of
               ``capital``)
ranks          ``larger``, ``earlier``, ``populous`` which of two states is larger / joined
               the Union first / had more people in 2020?; ``weaker`` which state's worst rank
               (the lowest of its three ranks) is lower (Reverse Geography War); ``order`` put
               four states in order of one category
zones          ``zone`` which time zone is X's capital in? (a card's Zone)
locate         ``locate`` find X on the map (click it, or choose it in a list);
               ``identify`` which state is highlighted? (typed, or chosen of four);
               ``from_capital`` which state's capital is C? (typed, or chosen of four);
               ``all50`` name every state of the selection, one typed name at a time
============== ========================================================================

``mode`` also takes a group name (``borders``, ``capitals``, ``ranks``, ``zones``; a name that
is also a mode, ``locate``, means the mode), ``mix`` (every mode the page allows but the solo
modes) or a comma-separated list; several modes take turns in a shuffled cycle. A *solo* mode
(:data:`SOLO_MODES`: ``all50``) is one long question: it is asked once, after the others, and is
never part of a page's default or of ``mix``.

**The package**, one module per part, each importable on its own; every public name is also
importable from ``engine.quiz``:

* :mod:`~engine.quiz.modes` the modes table: each mode's one row (its group, title, answer
  type, items, quick time and map) and the generator each mode registers
  (:mod:`~engine.quiz.context` what a generator works with); :mod:`~engine.quiz.kinds` the
  kinds of fact the rows map questions onto (:mod:`~engine.quiz.items` the items);
  :mod:`~engine.quiz.facts` the facts and words the drills share;
* :mod:`~engine.quiz.settings` :class:`QuizSettings` and the URL parameters
  (:func:`parse_settings`);
* :mod:`~engine.quiz.question` :class:`Question` and the :class:`Result` of an answer;
  :mod:`~engine.quiz.readers` reading a typed, chosen or clicked response;
* one generator module per group: :mod:`~engine.quiz.borders`, :mod:`~engine.quiz.capitals`,
  :mod:`~engine.quiz.ranks`, :mod:`~engine.quiz.zones`, :mod:`~engine.quiz.locate`;
* :mod:`~engine.quiz.deal` the questions of a quiz (:func:`build_questions`);
* :mod:`~engine.quiz.run` :class:`QuizRun`, its attempts, misses and :class:`Summary`;
  :mod:`~engine.quiz.export` a run as CSV;
* :mod:`~engine.quiz.view` the states a question's map is fitted to, and those it is about.

Nothing here says a sentence: prompts, feedback, explanations and notes are
:class:`~engine.words.Sentence` codes and values (:mod:`engine.words`), worded by
``ui.quiz.wording``.
"""

# The generator modules register their modes' generators in the modes table when imported.
from engine.quiz import borders, capitals, locate, ranks, zones  # noqa: F401
from engine.quiz import modes as _modes
from engine.quiz.deal import build_questions, make_question, repeat_free_count
from engine.quiz.export import CSV_COLUMNS
from engine.quiz.facts import ECHO_LIMIT, border_sentence, echo, four_corners_partner
from engine.quiz.modes import (
    DEFAULT_MODES,
    GROUP_INTROS,
    GROUP_TITLES,
    MIX,
    MODE_GROUPS,
    MODE_TITLES,
    MODES,
    SOLO_MODES,
    allowed_modes,
    default_modes,
)
from engine.quiz.question import (
    AnswerType,
    Naming,
    Outcome,
    Question,
    Result,
    ValueKind,
)
from engine.quiz.run import RETRY_GAP, Attempt, Miss, QuizRun, Standing, Summary
from engine.quiz.settings import DEFAULT_N, MAX_N, PARAMS, QuizSettings, parse_settings
from engine.quiz.view import context_states, must_show, question_states, view_states
from engine.words import Sentence, words

_modes.require_generators()

__all__ = [
    "CSV_COLUMNS",
    "DEFAULT_N",
    "GROUP_INTROS",
    "GROUP_TITLES",
    "MAX_N",
    "MIX",
    "MODES",
    "MODE_GROUPS",
    "MODE_TITLES",
    "PARAMS",
    "RETRY_GAP",
    "Sentence",
    "DEFAULT_MODES",
    "ECHO_LIMIT",
    "SOLO_MODES",
    "AnswerType",
    "Attempt",
    "Miss",
    "Naming",
    "Outcome",
    "Question",
    "QuizRun",
    "QuizSettings",
    "Result",
    "Standing",
    "Summary",
    "ValueKind",
    "allowed_modes",
    "border_sentence",
    "build_questions",
    "default_modes",
    "echo",
    "make_question",
    "repeat_free_count",
    "four_corners_partner",
    "parse_settings",
    "question_states",
    "context_states",
    "must_show",
    "view_states",
    "words",
]
