-- Failed games with their seeds and the exception, for the report and `cardlab replay`.
SELECT game_id, seed, error_type, exception FROM errors ORDER BY game_id LIMIT 20
