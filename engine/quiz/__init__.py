"""Drill quizzes (a package from here on: see its modules)."""

from engine.quiz.question import *  # noqa: F403
from engine.quiz.question import __all__  # noqa: F401
