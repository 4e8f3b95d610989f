-- Per turn, the games whose first scoring event ({kinds}, by a seat) came in that turn, and how often the
-- seat that scored first won; turn NULL = games in which nobody scored.
WITH firsts AS (
    SELECT game_id, min(turn) AS turn, arg_min(seat, seq) AS seat
    FROM events
    WHERE CAST(kind AS VARCHAR) IN ({kinds}) AND seat >= 0
    GROUP BY game_id
)
SELECT
    f.turn,
    count(*)                                                   AS games,
    CAST(coalesce(sum(p.win_share), 0) AS DOUBLE)              AS scorer_wins
FROM games g
LEFT JOIN firsts f ON f.game_id = g.game_id
LEFT JOIN players p ON p.game_id = g.game_id AND p.seat = f.seat
GROUP BY 1
ORDER BY 1 NULLS LAST
