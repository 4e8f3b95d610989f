-- Each seat's running score by turn, as quantiles over games: median and the 10-90 % band, per player count
-- and place in turn order (0 = the first player). {rules} is a VALUES list of (kind, sign, use_amount) from
-- analysis/game_data.py; only games with game_id % {every} = 0 enter (a fixed, seed-free sample that keeps
-- the turn grid small on huge runs). A turn counts only games still running at that turn.
WITH rules(kind, sign, use_amount) AS (VALUES {rules}),
sample AS (
    SELECT game_id, turns, first_seat, n_players FROM games WHERE game_id % {every} = 0
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
    SELECT s.game_id, s.n_players, s.first_seat, seat, turn
    FROM sample s,
         LATERAL (SELECT unnest(range(CAST(s.n_players AS BIGINT))) AS seat),
         LATERAL (SELECT unnest(range(0, CAST(s.turns AS BIGINT) + 1)) AS turn)
),
running AS (
    SELECT g.n_players,
           (CAST(g.seat AS BIGINT) - g.first_seat + g.n_players) % g.n_players AS position,
           g.turn,
           sum(coalesce(x.gain, 0)) OVER (PARTITION BY g.game_id, g.seat ORDER BY g.turn) AS score
    FROM grid g
    LEFT JOIN gains x ON x.game_id = g.game_id AND x.seat = g.seat AND x.turn = g.turn
)
SELECT
    n_players,
    position,
    turn,
    count(*)                       AS games,
    quantile_cont(score, 0.10)     AS p10,
    quantile_cont(score, 0.50)     AS median,
    quantile_cont(score, 0.90)     AS p90
FROM running
GROUP BY 1, 2, 3
ORDER BY 1, 2, 3
