-- Turns of every game, for the game-length histogram.
SELECT turns FROM games
