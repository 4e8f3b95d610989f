-- Who took the first turn in each game, for seat effects counted in turn order.
SELECT game_id, first_seat FROM games ORDER BY game_id
