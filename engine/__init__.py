"""The rules of GeoPlunge: the deck, the four games, AI players, quizzes and simulation."""
