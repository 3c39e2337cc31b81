"""Tournament desk, the teacher's page: set a tournament up, add teams, run its rounds and
give its awards (``/tournament_desk?key=…`` opens it again); see `ui.tournament.desk`."""

from ui.nav import page_setup
from ui.tournament.desk import desk_page

page_setup()
desk_page()
