"""A learner's progress as the app keeps it: where this session's answers go, on this device,
and the maps and tables that show it.

* ``keep``: the progress this session's answers go to ("Keep my progress", a progress link
  opened, or a class student's), every counted answer of every quiz written to it through the
  session's review outbox (``ProgressRecorder``, the quizzes' recorder), and the line under
  each quiz that says so;
* ``device``: the progress kept on this device (the browser's storage);
* ``links``: the progress link (``/progress?code=…&token=…``), its QR code and a card to print;
* ``bands``: the maps and tables of progress, each state by its band.

It imports no quiz and no class page, so that they may keep a progress: the pages that show
one are ``ui.my_progress`` (My progress) and ``ui.classroom.progress`` (Class progress). The
rules are the engine's (``engine.progress``) and the store's (``store.progress``).
"""
