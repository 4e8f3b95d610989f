-- The players columns that matchups, ratings and seat effects need, with the label as text; {label} is
-- a checked players column. Only these four narrow columns leave DuckDB.
SELECT game_id, seat, result, CAST({label} AS VARCHAR) AS label FROM players ORDER BY game_id, seat
