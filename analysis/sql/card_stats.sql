-- Per action and group of cards (each card, or each published set: the key and join placeholders, filled by
-- analysis/card_stats.py's action_counts): the games and player-seats in which a player did it at least
-- once, and how many of those players won (win_share: a shared draw counts 1/k). The actions placeholder is
-- a VALUES list of (event kind, action name) from the game's declaration, kinds the same kinds as a list.
-- Streams over the events view: only rows of those kinds are kept, deduplicated per game, seat, group and
-- action, then counted per game before per group (cheaper than a count(DISTINCT game_id) per group on 10^8
-- events).
WITH actions(kind, action) AS (VALUES {actions}),
did AS (
    SELECT e.game_id, e.seat, {key} AS card, a.action
    FROM events e
    JOIN actions a ON CAST(e.kind AS VARCHAR) = a.kind
    {join}
    WHERE CAST(e.kind AS VARCHAR) IN ({kinds}) AND e.seat >= 0 AND e.card IS NOT NULL
    GROUP BY ALL
),
winners AS (
    SELECT game_id, seat, win_share FROM players WHERE win_share > 0
),
per_game AS (
    SELECT d.action, d.card, d.game_id, count(*) AS players, coalesce(sum(w.win_share), 0) AS wins
    FROM did d
    LEFT JOIN winners w ON w.game_id = d.game_id AND w.seat = d.seat
    GROUP BY ALL
)
SELECT
    action,
    card,
    count(*)                                 AS games_with,
    CAST(sum(players) AS BIGINT)             AS players_with,
    CAST(sum(wins) AS DOUBLE)                AS wins_with
FROM per_game
GROUP BY 1, 2
ORDER BY 1, 2
