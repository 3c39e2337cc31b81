"""Zone quiz: the drill of the "zones" modes; every setting comes from the URL
(see `ui.quiz.page` and `engine.quiz.parse_settings`)."""

from ui.nav import page_setup
from ui.quiz.page import quiz_page

page_setup()
quiz_page("zones")
