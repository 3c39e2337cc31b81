"""Class quiz: a teacher's class assignment (``/class?code=…``), see `ui.classroom.student`."""

from ui.classroom.student import class_page
from ui.nav import page_setup

page_setup()
class_page()
