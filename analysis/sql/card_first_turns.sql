-- Length-matched card statistics, pass 1 (issue 21 item 5): how many player-seats first did each action with
-- each card on each turn. Counts add up over chunks of games, so the median first turn per card comes from
-- this histogram without holding every seat's turn at once (issue 20: bounded report memory).
-- {actions}/{kinds} as in card_stats.sql.
WITH actions(kind, action) AS (VALUES {actions}),
firsts AS (
    SELECT e.game_id, e.seat, CAST(e.card AS VARCHAR) AS card, a.action, min(e.turn) AS turn
    FROM events e
    JOIN actions a ON CAST(e.kind AS VARCHAR) = a.kind
    WHERE CAST(e.kind AS VARCHAR) IN ({kinds}) AND e.seat >= 0 AND e.card IS NOT NULL
    GROUP BY ALL
)
SELECT action, card, CAST(turn AS INTEGER) AS turn, count(*) AS players FROM firsts GROUP BY ALL
