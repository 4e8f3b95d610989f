-- How many games took each value of one games-table column ({value} is a checked column name).
SELECT CAST({value} AS VARCHAR) AS value, count(*) AS games
FROM games
GROUP BY 1
ORDER BY games DESC, value
