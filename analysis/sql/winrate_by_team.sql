-- Win rate per value of one players-table column in a team run (solo/co-op): every seat shares the
-- game's result, so a value counts once per game it appears in (two sensible seats are one game, not
-- two). {value} is a checked column name or unnest(column). No 1/n baseline: nobody wins alone. The seats
-- are one side, so a (never seen) team draw would count ½, as a draw between two sides does.
WITH seats AS (
    SELECT game_id, CAST({value} AS VARCHAR) AS value, win, result = 'draw' AS draw
    FROM players
),
per_game AS (
    SELECT game_id, value, bool_or(win) AS win, bool_or(draw) AS draw
    FROM seats
    GROUP BY game_id, value
)
SELECT
    value,
    count(*)                                  AS games,
    CAST(sum(CAST(win AS INTEGER) + 0.5 * CAST(draw AS INTEGER)) AS DOUBLE) AS wins,
    CAST(sum(CAST(draw AS INTEGER)) AS BIGINT) AS draws,
    CAST(NULL AS DOUBLE)                      AS baseline
FROM per_game
GROUP BY 1
ORDER BY 1
