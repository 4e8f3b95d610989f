-- Per group of cards (each card, or each published set: the key and join placeholders, filled by
-- analysis/card_counts.py) for one action (the action placeholder, its first-turn column of the held table
-- the first placeholder): the games and player-seats in which a player did it at least once, and how many of
-- those players won (win_share: a shared draw counts 1/k). Reads the chunk's held table (card_held.sql: one
-- row per game, seat and card); distinct keeps one row per game, seat and group when a group holds several
-- cards (a set).
WITH did AS (
    SELECT {distinct} h.game_id, h.seat, {key} AS card, h.win_share
    FROM held h
    {join}
    WHERE h.{first} IS NOT NULL
)
SELECT
    {action}                                 AS action,
    card,
    count(DISTINCT game_id)                  AS games_with,
    count(*)                                 AS players_with,
    CAST(coalesce(sum(win_share), 0) AS DOUBLE) AS wins_with
FROM did
GROUP BY ALL
