"""GeoPower Toss (see ``ui.games.geopower_toss``; the page skeleton is ``ui.games.page``)."""

from ui.games.page import game_page
from ui.nav import page_setup

page_setup()
game_page("geopower_toss")
