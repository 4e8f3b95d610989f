-- Game length quantiles (turns) per end reason and overall.
SELECT
    coalesce(end_reason, 'all')                  AS end_reason,
    count(*)                                     AS games,
    min(turns)                                   AS min,
    quantile_cont(turns, 0.10)                   AS p10,
    quantile_cont(turns, 0.25)                   AS p25,
    quantile_cont(turns, 0.50)                   AS median,
    quantile_cont(turns, 0.75)                   AS p75,
    quantile_cont(turns, 0.90)                   AS p90,
    max(turns)                                   AS max,
    avg(turns)                                   AS mean
FROM games
GROUP BY ROLLUP (end_reason)
ORDER BY end_reason NULLS LAST
