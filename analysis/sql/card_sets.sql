-- Per action and published set: the games and player-seats in which a player did the action with at least
-- one card of the set, and how many of them won (win_share: a shared draw counts 1/k). {actions} is a
-- VALUES list of (event kind, action name) from the game's declaration, {kinds} the same kinds as a list,
-- {sets} a VALUES list of (card name, set label) from the manifest (analysis/card_sets.py).
WITH actions(kind, action) AS (VALUES {actions}),
sets(card, card_set) AS (VALUES {sets}),
did AS (
    SELECT e.game_id, e.seat, s.card_set, a.action
    FROM events e
    JOIN actions a ON CAST(e.kind AS VARCHAR) = a.kind
    JOIN sets s ON CAST(e.card AS VARCHAR) = s.card
    WHERE CAST(e.kind AS VARCHAR) IN ({kinds}) AND e.seat >= 0 AND e.card IS NOT NULL
    GROUP BY ALL
),
winners AS (
    SELECT game_id, seat, win_share FROM players WHERE win_share > 0
),
per_game AS (
    SELECT d.action, d.card_set, d.game_id, count(*) AS players, coalesce(sum(w.win_share), 0) AS wins
    FROM did d
    LEFT JOIN winners w ON w.game_id = d.game_id AND w.seat = d.seat
    GROUP BY ALL
)
SELECT
    action,
    card_set,
    count(*)                                 AS games_with,
    CAST(sum(players) AS BIGINT)             AS players_with,
    CAST(sum(wins) AS DOUBLE)                AS wins_with
FROM per_game
GROUP BY 1, 2
ORDER BY 1, 2
