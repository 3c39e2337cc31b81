"""GeoPlunge tournaments: teams meet in head-to-head matches over timed rounds.

The format, and the decisions that close what it leaves open:

- **A match** is one team against another at a table for one round; the games it is made of are
  each won, lost or tied. A game won is worth 2 points, a tie 1, a loss 0. The team that wins
  more games wins the match; equal games won is a tied match.
- **A bye**: when a round has an odd number of teams, one team plays the hard AI instead
  (:data:`AI`). The bye's match counts for that team as any match does (its games, its points,
  a match won or not); the AI is in no standings. A team gets a second bye only when every team
  has had one as often, or when giving it to another would force a rematch.
- **Standings** (:mod:`engine.tournament.standings`): matches won, then games won, then points,
  then head to head (the points the tied teams took off each other); teams still level share a
  place.
- **When the clock ends a game** its engine decides it (``GameState.time_up``): a game over
  keeps its winner; otherwise the side with the higher score now wins, equal scores tie. For
  Border Attack that is the cards each has got rid of (played or discarded); for BorderCap Gin
  the points of the rounds played (a round under way counts for nothing); for GeoPower Toss the
  team's points. Reverse Geography War has no decisions: it is no contest (``contest`` is
  false), only the draw of cards that settles who picks first in a "Call" round.
- **Pairings** (:mod:`engine.tournament.pairing`): Swiss. Teams are ranked by the standings
  (the first round by the seeded draw) and each meets the nearest team below it that it has
  not met; a rematch only when no pairing of the round avoids it, and then as few as can be.
"""
