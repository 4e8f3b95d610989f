-- Game length quantiles of one games column ({column}: turns, or rounds where the game has them) per end
-- reason and overall.
SELECT
    coalesce(end_reason, 'all')                  AS end_reason,
    count({column})                              AS games,
    min({column})                                AS min,
    quantile_cont({column}, 0.10)                AS p10,
    quantile_cont({column}, 0.25)                AS p25,
    quantile_cont({column}, 0.50)                AS median,
    quantile_cont({column}, 0.75)                AS p75,
    quantile_cont({column}, 0.90)                AS p90,
    max({column})                                AS max,
    avg({column})                                AS mean
FROM games
GROUP BY ROLLUP (end_reason)
ORDER BY end_reason NULLS LAST
