-- Length-matched card statistics, pass 2 (issue 21 item 5): per action and card with its matched turn t
-- (the cut placeholder: a VALUES list of (action, card, t), the median first turn from card_first_turns.sql), over the
-- games that lasted at least t turns, the seats that had done it by turn t ("with") and all seats of those
-- games ("lasting": players and wins); "without" is lasting minus with. Every column is a count or a sum,
-- so the query runs per chunk of games and adds up. The lasting side comes from per-length totals, never
-- from a cross join of cards and seats, so the cost stays that of one pass over the events.
WITH cut(action, card, t) AS (VALUES {cut}),
firsts AS ({firsts}),
did AS (
    SELECT c.action, c.card, c.t, count(*) AS players, coalesce(sum(p.win_share), 0) AS wins
    FROM firsts f
    JOIN cut c USING (action, card)
    JOIN games g ON g.game_id = f.game_id
    JOIN players p ON p.game_id = f.game_id AND p.seat = f.seat
    WHERE f.turn <= c.t AND g.turns >= c.t
    GROUP BY ALL
),
by_length AS (
    SELECT g.turns, count(*) AS players, coalesce(sum(p.win_share), 0) AS wins
    FROM players p JOIN games g USING (game_id)
    GROUP BY ALL
),
lasting AS (  -- seats (and their wins) of games that lasted at least t turns, for each t a card needs
    SELECT c.t, sum(b.players) AS players, sum(b.wins) AS wins
    FROM (SELECT DISTINCT t FROM cut) c JOIN by_length b ON b.turns >= c.t
    GROUP BY ALL
)
SELECT c.action, c.card, c.t AS matched_turn,
       CAST(coalesce(d.players, 0) AS BIGINT) AS players_with, CAST(coalesce(d.wins, 0) AS DOUBLE) AS wins_with,
       CAST(coalesce(l.players, 0) AS BIGINT) AS players_lasting, CAST(coalesce(l.wins, 0) AS DOUBLE) AS wins_lasting
FROM cut c
LEFT JOIN did d USING (action, card)
LEFT JOIN lasting l ON l.t = c.t
ORDER BY 1, 2
