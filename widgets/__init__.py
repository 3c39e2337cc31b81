"""GeoPlunge in Jupyter: the app's map, drills and games as notebook widgets (anywidget and
ipywidgets; ``pip install -e ".[notebook]"``).

- :class:`~widgets.map.GeoMap` the map of the 50 states, the same map as the app's (one map
  core, ``static/map/core.js``), reporting the picks to Python as its ``picks`` traitlet;
- :class:`~widgets.quiz.QuizWidget` a drill with the settings of a drill link (``mode``,
  ``region``, ``zone``, ``states``, ``n``, ``seed``), on the engine's quiz run;
- :class:`~widgets.game.GameWidget` one of the four games against the AI levels, on the game
  pages' session, rules, hints and log words;
- :func:`~widgets.results.class_map` the Class results page's map, from its CSV.

The widgets decide nothing: the engine judges answers and moves, and the words are the pages'.
``import widgets`` loads neither Streamlit nor the database: :class:`~widgets.game.GameWidget`
is imported on first use, since the game pages' words (``ui.games``) still sit in modules
that draw with Streamlit.
"""

from typing import Any

from widgets.map import GeoMap
from widgets.quiz import QuizWidget
from widgets.results import class_map

__all__ = ["GameWidget", "GeoMap", "QuizWidget", "class_map"]


def __getattr__(name: str) -> Any:
    if name == "GameWidget":
        from widgets.game import GameWidget

        return GameWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
