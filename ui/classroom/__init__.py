"""The classroom's pages: a teacher's class assignment from its creation to its results and its
class's progress, and the student's quiz.

* ``student``: the Class quiz page (``/class?code=…``): the code, a name, the locked quiz;
* ``draft``: the answer being picked, kept in the database and put back on a rebuilt quiz;
* ``assign``: the Assign page: a drill's settings, its practice link, its preview;
* ``create``: the Assign page's class assignment: its fields in the settings form, then the
  student link and QR code, then (behind a button) the private teacher link;
* ``results``: the Results page (``/results?key=…``), opened with the teacher key (taken
  out of the address bar at once); close, reopen, a new teacher key, delete;
* ``class_map``: the class map of the Results page and the notebook, pure;
* ``progress``: the Class progress page (``/class_progress?key=…``), opened with the same key;
* ``links``: the student and teacher links, the student link's QR code block, and the
  language a link is in (the teacher's choice);
* ``errors``: the store's refusals (``store.classroom.ClassroomError``'s codes) in words;
* ``worksheet``: the worksheet and answer key downloads, in the language chosen for them.

The database is reached through ``ui.storage``. Every word is in the reader's language
(``messages``); a class assignment also has its own, chosen by its teacher, which its student
page, worksheet and gradebook files speak.
"""
