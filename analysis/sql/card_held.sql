-- The one scan of the events behind every card figure (analysis/card_counts.py): one row per game, seat and
-- card with an event of the card figures' kinds (the kinds placeholder), its aggregates (the aggregates
-- placeholder: for each coverage role whether or how often it happened, leaving out events whose detail
-- the game names, and for each card action the first turn it was done), and the seat's result, policy and
-- game length. A temporary table per chunk of games; coverage.sql, card_stats.sql and card_first_turns.sql
-- count from it with few groups each, instead of each grouping the events by game, seat and card again.
WITH e AS (
    SELECT game_id, seat, CAST(card AS VARCHAR) AS card, CAST(kind AS VARCHAR) AS kind, turn,
           {ignored} AS ignored
    FROM events
    WHERE CAST(kind AS VARCHAR) IN ({kinds}) AND seat >= 0 AND card IS NOT NULL
),
seat_cards AS (
    SELECT game_id, seat, card, {aggregates}
    FROM e
    GROUP BY game_id, seat, card
)
SELECT s.*, p.seat IS NOT NULL AS seated, coalesce(p.win_share, 0) AS win_share,
       CAST(p.strategy AS VARCHAR) AS policy, g.turns
FROM seat_cards s
LEFT JOIN players p ON p.game_id = s.game_id AND p.seat = s.seat
LEFT JOIN games g ON g.game_id = s.game_id
