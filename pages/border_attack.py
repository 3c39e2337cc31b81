"""Border Attack (see ``ui.games.border_attack``; the page skeleton is ``ui.games.page``)."""

from ui.games.page import game_page
from ui.nav import page_setup

page_setup()
game_page("border_attack")
