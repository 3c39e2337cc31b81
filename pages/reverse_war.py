"""Reverse Geography War (see ``ui.games.reverse_war``; the page skeleton is ``ui.games.page``)."""

from ui.games.page import game_page
from ui.nav import page_setup

page_setup()
game_page("reverse_war")
