"""Live game, a student's phone: join with the game's code and a name, answer each question,
see the answer at the reveal (``/live?code=…``); see `ui.live.phone`."""

from ui.live.phone import phone_page
from ui.nav import page_setup

page_setup()
phone_page()
