"""Tournament: a team's page (its match, its table, its game and the clock) or, with
``?board=CODE``, the board a class watches; see `ui.tournament.page`."""

from ui.nav import page_setup
from ui.tournament.page import tournament_page

page_setup()
tournament_page()
