"""My progress: what the learner knows, state by state, and what is due
(``/progress?code=…&token=…`` opens a progress); see `ui.my_progress`."""

from ui.my_progress import progress_page
from ui.nav import page_setup

page_setup()
progress_page()
