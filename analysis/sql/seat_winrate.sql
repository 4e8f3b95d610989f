-- Win rate by seat (seat 0 is the first seat of the table; games.first_seat says who started).
SELECT
    n_players,
    seat,
    count(*)                  AS games,
    CAST(sum(CAST(win AS INTEGER)) AS BIGINT) AS wins
FROM players
GROUP BY 1, 2
ORDER BY 1, 2
