-- Events one seat aimed at another (target_seat set, not itself) in the same fixed sample of games as
-- score_by_turn.sql (game_id % {every} = 0): the material of the kingmaking figure (analysis.quality).
SELECT game_id, turn, seat, target_seat
FROM events
WHERE game_id % {every} = 0 AND seat >= 0 AND target_seat >= 0 AND target_seat <> seat
ORDER BY game_id, seq
