"""Class quiz: a teacher's class assignment (``/class?code=…``), see `ui.classroom`."""

from ui.classroom import class_page

class_page()
