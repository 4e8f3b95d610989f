-- Length-matched card statistics (issue 21 item 5), counted once per chunk of games (issue 20): for one
-- action (the action placeholder, its first-turn column of the held table the first placeholder), per card,
-- first turn a seat did it (turn) and length of its game (turns), how many seats (players), and of those
-- with a players row how many (seated) and their wins. Summed over chunks, it gives both each card's median
-- first turn and the counts at it (analysis/card_counts.py, matched_counts) without a second scan.
SELECT {action} AS action, card, CAST({first} AS INTEGER) AS turn, CAST(turns AS INTEGER) AS turns,
       count(*) AS players, count(*) FILTER (WHERE seated) AS seated, CAST(sum(win_share) AS DOUBLE) AS wins
FROM held
WHERE {first} IS NOT NULL
GROUP BY ALL
