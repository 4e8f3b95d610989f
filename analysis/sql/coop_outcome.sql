-- Solo/co-op runs (every seat wins or loses together): games won against the timer, per number of seats.
SELECT
    n_players,
    count(*)                                            AS games,
    count(*) FILTER (WHERE end_reason = 'win')          AS wins,
    count(*) FILTER (WHERE end_reason = 'no_winner')    AS lost,
    count(*) FILTER (WHERE end_reason = 'turn_cap')     AS turn_caps,
    median(turns)                                       AS median_turns
FROM games
GROUP BY n_players
ORDER BY n_players
