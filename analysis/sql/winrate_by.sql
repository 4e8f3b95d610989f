-- Win rate per value of one players-table column: {value} is a checked column name or, for list
-- columns, unnest(column) so each clan counts once per seat. wins = sum of win_share (a draw shared by k
-- seats counts 1/k: the one definition, analysis.runs.WIN_SHARE_SQL); draws = seats that drew.
SELECT
    CAST({value} AS VARCHAR)              AS value,
    count(*)                              AS games,
    CAST(sum(win_share) AS DOUBLE)        AS wins,
    CAST(sum(CAST(result = 'draw' AS INTEGER)) AS BIGINT) AS draws,
    avg(1.0 / n_players)                  AS baseline
FROM players
GROUP BY 1
ORDER BY 1
