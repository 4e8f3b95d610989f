-- Win rate of the player who took the first turn, per player count.
SELECT
    p.n_players,
    count(*)                    AS games,
    CAST(sum(CAST(p.win AS INTEGER)) AS BIGINT) AS wins
FROM players p
JOIN games g ON g.game_id = p.game_id AND g.first_seat = p.seat
GROUP BY 1
ORDER BY 1
