-- Hidden Reason: per turn, the games in which the boss first fell below half its starting HP (a
-- boss_damage event whose detail reads "hp=<left>"), and how often the seat that dealt that damage won;
-- turn NULL = the boss never fell below half. {kinds} is the boss_damage kind.
WITH hits AS (
    SELECT e.game_id, e.turn, e.seat, e.seq
    FROM events e
    JOIN games g ON g.game_id = e.game_id
    WHERE CAST(e.kind AS VARCHAR) IN ({kinds}) AND e.seat >= 0
      AND 2 * TRY_CAST(regexp_extract(e.detail, 'hp=(-?[0-9]+)', 1) AS BIGINT) < g.boss_hp_start
),
firsts AS (
    SELECT game_id, min(turn) AS turn, arg_min(seat, seq) AS seat FROM hits GROUP BY game_id
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
