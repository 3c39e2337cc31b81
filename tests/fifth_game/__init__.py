"""A fifth game, made only of the files the README's Layout section says a new game takes, for
``tests/test_fifth_game.py``: the engine's state (``engine_game.py``, registered in the test as
``engine/<game_id>/`` would be) and its UI package (``size_duel/``: ``words.py`` and
``board.py``, found as ``ui.games.size_duel``)."""
