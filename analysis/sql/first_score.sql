-- Per turn, the games whose first scoring event ({kinds}, by a seat) came in that turn, and how often the
-- seat that scored first won; turn NULL = games in which nobody scored. {condition} narrows what counts as
-- scoring (Hidden Reason: a boss_damage event whose value, the boss's HP left, is below half of the games
-- column boss_hp_start).
WITH firsts AS (
    SELECT e.game_id, min(e.turn) AS turn, arg_min(e.seat, e.seq) AS seat
    FROM events e
    JOIN games g ON g.game_id = e.game_id
    WHERE CAST(e.kind AS VARCHAR) IN ({kinds}) AND e.seat >= 0 {condition}
    GROUP BY e.game_id
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
