"""Class results: one class assignment, opened with the teacher link (``/results?key=…``) or
by typing its key; see `ui.classroom.results`."""

from ui.classroom.results import results_page
from ui.nav import page_setup

page_setup()
results_page()
