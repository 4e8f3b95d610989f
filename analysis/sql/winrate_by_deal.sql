-- Wins and games per value of one players-table column and per deal (the game seed: under --mirror the
-- games of one deal share it), for intervals clustered by deal (analysis.stats.clustered_rate).
SELECT
    CAST({value} AS VARCHAR)              AS value,
    deal,
    count(*)                              AS games,
    CAST(sum(win_share) AS DOUBLE)        AS wins
FROM (SELECT players.*, games.seed AS deal FROM players JOIN games USING (game_id))
GROUP BY 1, 2
ORDER BY 1, 2
