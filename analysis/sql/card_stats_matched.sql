-- Length-matched card statistics (issue 21 item 5): per action and card, the turn t by which half of the
-- players who ever did it had done it (the median first turn), then, over the games that lasted at least
-- t turns, the seats that had done it by turn t ("with") against every other seat of those games. A card
-- met only in long games is then compared with seats of equally long games, not with everyone.
-- {actions}/{kinds} as in card_stats.sql. The "without" side comes from per-length totals, never from a
-- cross join of cards and seats, so the cost stays that of one pass over the events.
WITH actions(kind, action) AS (VALUES {actions}),
firsts AS (
    SELECT e.game_id, e.seat, CAST(e.card AS VARCHAR) AS card, a.action, min(e.turn) AS turn
    FROM events e
    JOIN actions a ON CAST(e.kind AS VARCHAR) = a.kind
    WHERE CAST(e.kind AS VARCHAR) IN ({kinds}) AND e.seat >= 0 AND e.card IS NOT NULL
    GROUP BY ALL
),
cut AS (
    SELECT action, card, CAST(quantile_disc(turn, 0.5) AS INTEGER) AS t FROM firsts GROUP BY ALL
),
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
SELECT d.action, d.card, d.t AS matched_turn,
       CAST(d.players AS BIGINT) AS players_with, CAST(d.wins AS DOUBLE) AS wins_with,
       CAST(l.players - d.players AS BIGINT) AS players_without, CAST(l.wins - d.wins AS DOUBLE) AS wins_without
FROM did d JOIN lasting l USING (t)
ORDER BY 1, 2
