"""Size Duel: its words (``words.py``, no Streamlit) and its board (``board.py``)."""
