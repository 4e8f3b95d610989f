-- Per game: decisions put to a player (more than one option), single-option decisions answered without
-- asking, and windows declined unseen (runs made before these columns existed have none: NULL, skipped).
SELECT n_players, game_id, decisions, single_option, declined
FROM games
WHERE single_option IS NOT NULL
ORDER BY game_id
