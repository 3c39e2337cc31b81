"""The tournament's pages: the teacher's desk (``desk``), the board a class watches (``board``)
and a team's page (``team``); their refusals and notices in words (``errors``)."""
