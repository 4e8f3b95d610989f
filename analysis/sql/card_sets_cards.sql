-- Per action and published set: how many distinct cards of the set the action was done with in the run
-- (the count beside analysis/card_sets.sql's figures; one row per card name, so it stays small).
WITH actions(kind, action) AS (VALUES {actions}),
sets(card, card_set) AS (VALUES {sets}),
cards AS (
    SELECT DISTINCT a.action, CAST(e.card AS VARCHAR) AS card
    FROM events e
    JOIN actions a ON CAST(e.kind AS VARCHAR) = a.kind
    WHERE CAST(e.kind AS VARCHAR) IN ({kinds}) AND e.seat >= 0 AND e.card IS NOT NULL
)
SELECT c.action, s.card_set, count(*) AS cards
FROM cards c JOIN sets s ON c.card = s.card
GROUP BY 1, 2
ORDER BY 1, 2
