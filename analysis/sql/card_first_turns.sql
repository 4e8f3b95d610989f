-- Length-matched card statistics, pass 1 (issue 21 item 5): how many player-seats first did each action with
-- each card on each turn. Counts add up over chunks of games, so the median first turn per card comes from
-- this histogram without holding every seat's turn at once (issue 20: bounded report memory).
-- The firsts placeholder is sql/card_firsts.sql filled in.
WITH firsts AS ({firsts})
SELECT action, card, CAST(turn AS INTEGER) AS turn, count(*) AS players FROM firsts GROUP BY ALL
