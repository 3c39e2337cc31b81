"""BorderCap Gin (see ``ui.games.bordercap_gin``; the page skeleton is ``ui.games.page``)."""

from ui.games.page import game_page
from ui.nav import page_setup

page_setup()
game_page("bordercap_gin")
