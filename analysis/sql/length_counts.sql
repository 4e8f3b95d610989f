-- Games per length ({column}: turns or rounds), for the histogram: one row per distinct length, so a
-- million games never leave DuckDB as a million numbers.
SELECT CAST({column} AS BIGINT) AS length, count(*) AS games
FROM games
WHERE {column} IS NOT NULL
GROUP BY 1
ORDER BY 1
