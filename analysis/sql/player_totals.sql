-- All player-seats, their wins and the games they sat in: the "did not" side of card statistics.
SELECT
    count(*)                                         AS players,
    CAST(coalesce(sum(win_share), 0) AS DOUBLE)      AS wins,
    count(DISTINCT game_id)                          AS games
FROM players
