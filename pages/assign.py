"""Assign a quiz: a practice link or a class assignment from a drill's settings
(see `ui.classroom.assign`)."""

from ui.classroom.assign import assign_page
from ui.nav import page_setup

page_setup()
assign_page()
