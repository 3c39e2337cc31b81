"""The live class game's pages: the teacher's board (:mod:`ui.live.board`) and a student's
phone (:mod:`ui.live.phone`); the game's rules are :mod:`engine.live`'s, its state
:mod:`store.live`'s."""
