"""Class progress: a class assignment's students' progress over the weeks, opened with the
teacher link (``/class_progress?key=…``) or its key; see `ui.classroom.progress`."""

from ui.classroom.progress import class_progress_page
from ui.nav import page_setup

page_setup()
class_progress_page()
