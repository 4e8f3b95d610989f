-- Games that hit the turn cap, with their seeds so they can be replayed.
SELECT game_id, seed, turns FROM games WHERE end_reason = 'turn_cap' ORDER BY game_id LIMIT 20
