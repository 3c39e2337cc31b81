"""Class progress: a class assignment's students' progress over the weeks, opened with the
teacher link (``/class_progress?key=…``) or its key; see `ui.progress.teacher`."""

from ui.nav import page_setup
from ui.progress.teacher import class_progress_page

page_setup()
class_progress_page()
