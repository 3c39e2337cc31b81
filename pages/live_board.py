"""Live board, the teacher's screen: set up a live game, show its code, run its questions and
reveals (``/live_board?key=…`` opens it again); see `ui.live.board`."""

from ui.live.board import board_page
from ui.nav import page_setup

page_setup()
board_page()
