-- Player-rows and win shares per player count, label and place in turn order (0 = took the first turn), for
-- seat-adjusted win rates and the seat-balance check (analysis/seat_effects.py). {label} is a checked text
-- column of the players table. The place is (seat − first seat) mod the game's player count.
SELECT p.n_players,
       CAST({label} AS VARCHAR) AS label,
       CAST(((p.seat - g.first_seat) % p.n_players + p.n_players) % p.n_players AS BIGINT) AS position,
       count(*) AS n,
       CAST(sum(p.win_share) AS DOUBLE) AS x
FROM players p JOIN games g USING (game_id)
GROUP BY ALL
ORDER BY 1, 2, 3
