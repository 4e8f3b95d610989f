-- Seats and their wins per game length (turns): the "games that lasted at least t turns" side of the
-- length-matched card statistics (analysis/card_counts.py), summed over chunks of games.
SELECT CAST(g.turns AS INTEGER) AS turns, count(*) AS players, CAST(coalesce(sum(p.win_share), 0) AS DOUBLE) AS wins
FROM players p JOIN games g USING (game_id)
GROUP BY ALL
