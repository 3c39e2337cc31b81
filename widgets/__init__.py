"""GeoPlunge in Jupyter: the app's map, drills and games as notebook widgets (anywidget and
ipywidgets; ``pip install -e ".[notebook]"``).

- :class:`~widgets.map.GeoMap` the map of the 50 states, the same map as the app's (one map
  core, ``static/map/core.js``), reporting the picks to Python as its ``picks`` traitlet;
- :class:`~widgets.quiz.QuizWidget` a drill with the settings of a drill link (``mode``,
  ``region``, ``zone``, ``states``, ``n``, ``seed``), on the engine's quiz run;
- :class:`~widgets.game.GameWidget` one of the four games against the AI levels, on the game
  pages' session, rules, hints and log words, in the language asked (``language="es"``);
- :func:`~widgets.results.class_map` the Class results page's map, from its CSV.

The widgets decide nothing: the engine judges answers and moves, and the words are the pages'.
``import widgets`` loads neither Streamlit nor the database: the quiz's session and each game's
words are pure modules, which the Streamlit pages draw too.
"""

from widgets.game import GameWidget
from widgets.map import GeoMap
from widgets.quiz import QuizWidget
from widgets.results import class_map

__all__ = ["GameWidget", "GeoMap", "QuizWidget", "class_map"]
