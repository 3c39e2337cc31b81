"""The drill runner shared by every drill page and the class quiz.

``session`` keeps a drill in session state (the URL and the run in step, the callbacks that
move it on); ``roles`` says what each map shows (pure, no Streamlit); ``widgets`` draws the
answer widgets and the settings form; ``text`` words a quiz (its clock, what it asks, its
answer key); ``page`` draws the page step by step and puts the keyboard focus where it belongs.
A drill page is ``page_setup()`` and ``ui.quiz.page.quiz_page(group)``.
"""
