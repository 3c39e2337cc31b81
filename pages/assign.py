"""Assign a quiz: a practice link or a class assignment from a drill's settings
(see `ui.assign`)."""

from ui.assign import assign_page
from ui.nav import page_setup

page_setup()
assign_page()
