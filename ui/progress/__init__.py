"""A learner's progress across lessons, in the app: the session's learner, the My progress page
and the teacher's Class progress page.

* ``keep``: the progress this session's answers go to ("Keep my progress", a progress link
  opened, or a class student's), every counted answer of every quiz written to it through the
  session's review outbox, and the line under each quiz that says so;
* ``links``: the progress link (``/progress?code=…&token=…``), its QR code and a card to print;
* ``learner``: the My progress page: the map of what the learner knows, the counts, the
  streak, "Practise what is due";
* ``teacher``: the Class progress page, opened with a teacher key as Class results is.

The rules are the engine's (``engine.progress``) and the store's (``store.progress``).
"""
