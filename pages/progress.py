"""My progress: what the learner knows, state by state, and what is due
(``/progress?code=…&token=…`` opens a progress); see `ui.progress.learner`."""

from ui.nav import page_setup
from ui.progress.learner import progress_page

page_setup()
progress_page()
