"""The game pages: one skeleton, and one module per game.

Words, used in this one sense throughout the package:

- **game**: the engine's state of play (``engine.core.GameState``); only the engine applies
  its rules.
- **seat**: a place at the game; ``me`` is this screen's seat, the others are AI players or,
  at a shared table, classmates.
- **observation**: what one seat may see of the game (``state.observation(seat)``); a screen
  draws only its own seat's.
- **step**: one action applied to the game, with its log lines and this seat's observation
  after it (``session.Step``).
- **session**: what one screen remembers between reruns (``session.GameSession``, kept in
  ``st.session_state`` under the page's key): the game, its steps, the player's switches.
- **set-up**: the game a URL asks for (``setup.Setup``): the deal, the players, the AI
  levels, the page's choices.
- **table**: only a shared table in the database (``store.tables``); its seat's session is a
  ``shared.session.SharedSession``.
- **seating**: how the screen sits at the game: alone against the AI (``solo``) or at a
  shared table (``shared.lobby``); the URL decides.
- **page**: ``page.game_page(game_id)``, the skeleton, around the game's ``BOARD``
  (``protocol.GameBoard``) and its ``WORDS`` (``words.GameWords``); **widgets** draw, the
  **session** decides what a click does, the **engine** whether it is allowed.
- **odds**: the numbers behind the hints, the engine's (``engine.<game_id>.odds``, the ones
  its AI reads); why a move is not allowed is the engine's sentence too
  (``GameState.why_not``): a page never restates a rule.

Modules: ``setup`` (the URL, pure), ``session`` (pure), ``words`` (pure: what a game tells
every host), ``markup`` (pure HTML), ``widgets``, ``protocol`` (the board), ``solo``, ``page``;
``shared/`` (``session``, ``lobby``, ``autoplay``: the AI's moves at a table, no Streamlit);
one package per game named by its id: ``words.py`` (pure, ``WORDS``) and ``board.py``
(Streamlit, ``BOARD``).

A new game needs its engine package, ``ui/games/<game_id>/`` (``words.py`` with a
``GameWords`` named ``WORDS``, whose ``move_label`` names each move for the notebook's game
widget, ``board.py`` with a ``GameBoard`` named ``BOARD``),
``pages/<game_id>.py`` (``page_setup()`` and ``game_page("<game_id>")``) and its line in
``ui.nav.MENU``.
"""
