"""The quiz runner shared by every drill page, the class quiz, My progress's practice, the live
phone and the notebook's quiz widget.

Pure (no Streamlit): ``flow`` the quiz session (its steps, the answer checked by the engine,
feedback, summary, practising the misses, the recorders a host plugs in); ``inputs`` which
answer widget a question takes, its words, and the answer read from what it holds; ``roles``
what each map shows; ``wording`` the engine's sentences in the reader's language (a prompt, a
verdict, a note on a link); ``text`` the quiz's own words. Streamlit: ``session`` keeps a quiz
in session state (the URL and the run in step, the callbacks that move it on); ``widgets``
draws the answer widgets and the settings form; ``page`` draws the page step by step and puts
the keyboard focus where it belongs. A drill page is ``page_setup()`` and
``ui.quiz.page.quiz_page(group)``.

Importing the package installs ``wording`` as the engine's wording, so the engine's
compatibility properties (``Question.prompt`` …) speak the reader's language wherever a quiz
is shown.
"""

from ui.quiz import wording as wording
