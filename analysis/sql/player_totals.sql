-- All player-seats, their wins and the games they sat in: the "did not" side of card statistics.
SELECT
    count(*)                                         AS players,
    CAST(coalesce(sum(CAST(win AS INTEGER)), 0) AS BIGINT) AS wins,
    count(DISTINCT game_id)                          AS games
FROM players
