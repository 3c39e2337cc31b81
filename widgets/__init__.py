"""GeoPlunge in Jupyter: the app's map, drills and games as notebook widgets (anywidget and
ipywidgets; ``pip install -e ".[notebook]"``).

- :class:`~widgets.map.GeoMap` the map of the 50 states, the same map as the app's (one map
  core, ``static/map/core.js``), reporting the picks to Python as its ``picks`` traitlet;
- :class:`~widgets.quiz.QuizWidget` a drill with the settings of a drill link (``mode``,
  ``region``, ``zone``, ``states``, ``n``, ``seed``), on the engine's quiz run;
- :class:`~widgets.game.GameWidget` one of the four games against the AI levels, on the game
  pages' session, rules, hints and log words.

The widgets decide nothing: the engine judges answers and moves, and the words are the pages'.
"""

from widgets.map import GeoMap

__all__ = ["GeoMap"]
