-- Each seat's running score at the end of every turn of a fixed sample of won games (game_id % {every} = 0,
-- exactly one winner): the material of the game-quality figures. {rules} is a VALUES list of
-- (kind, sign, use_amount) from the game's score rules, as in score_curves.sql.
WITH rules(kind, sign, use_amount) AS (VALUES {rules}),
sample AS (
    SELECT game_id, turns, n_players, winners[1] AS winner
    FROM games WHERE game_id % {every} = 0 AND len(winners) = 1 AND NOT draw AND turns > 0
),
gains AS (
    SELECT e.game_id, e.seat, e.turn,
           sum(r.sign * CASE WHEN r.use_amount THEN coalesce(e.amount, 0) ELSE 1 END) AS gain
    FROM events e
    JOIN rules r ON CAST(e.kind AS VARCHAR) = r.kind
    WHERE e.seat >= 0 AND e.game_id % {every} = 0
    GROUP BY 1, 2, 3
),
grid AS (
    SELECT s.game_id, s.turns, s.winner, seat, turn
    FROM sample s,
         LATERAL (SELECT unnest(range(CAST(s.n_players AS BIGINT))) AS seat),
         LATERAL (SELECT unnest(range(1, CAST(s.turns AS BIGINT) + 1)) AS turn)
)
SELECT g.game_id, g.turns, g.winner, g.seat, g.turn,
       sum(coalesce(x.gain, 0)) OVER (PARTITION BY g.game_id, g.seat ORDER BY g.turn) AS score
FROM grid g
LEFT JOIN gains x ON x.game_id = g.game_id AND x.seat = g.seat AND x.turn = g.turn
ORDER BY g.game_id, g.turn, g.seat
