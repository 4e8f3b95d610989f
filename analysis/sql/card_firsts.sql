-- A fragment (not a query): each seat's first turn doing each action with each card, for the two passes of
-- the length-matched card statistics; the actions and kinds placeholders as in card_stats.sql.
SELECT e.game_id, e.seat, CAST(e.card AS VARCHAR) AS card, a.action, min(e.turn) AS turn
FROM events e
JOIN (VALUES {actions}) a(kind, action) ON CAST(e.kind AS VARCHAR) = a.kind
WHERE CAST(e.kind AS VARCHAR) IN ({kinds}) AND e.seat >= 0 AND e.card IS NOT NULL
GROUP BY ALL
