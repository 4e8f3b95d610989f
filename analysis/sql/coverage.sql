-- What the players used (analysis/coverage.py): per usable card and policy, its holdings (game, seat pairs
-- in which the seat held it), how many of them used it at least once, lost it, kept it to the end, and the
-- uses in all. {roles} is a VALUES list of (event kind, role) from the manifest's "coverage" entry (roles
-- gained / used / lost / at_end), {kinds} those kinds as a list, {cards} a VALUES list of (card, kind) of
-- the run's usable cards, {ignore} an extra condition leaving out events whose detail the game names.
WITH roles(kind, role) AS (VALUES {roles}),
usable(card, card_kind) AS (VALUES {cards}),
ev AS (
    SELECT e.game_id, e.seat, CAST(e.card AS VARCHAR) AS card, r.role, count(*) AS n
    FROM events e
    JOIN roles r ON CAST(e.kind AS VARCHAR) = r.kind
    WHERE CAST(e.kind AS VARCHAR) IN ({kinds}) AND e.seat >= 0 AND e.card IS NOT NULL {ignore}
    GROUP BY ALL
),
holdings AS (
    SELECT
        game_id, seat, card,
        sum(n) FILTER (WHERE role = 'used') AS uses,
        bool_or(role = 'lost')              AS lost,
        bool_or(role = 'at_end')            AS at_end
    FROM ev
    GROUP BY ALL
),
by_policy AS (
    SELECT
        h.card,
        CAST(p.strategy AS VARCHAR)         AS policy,
        count(*)                            AS held,
        count(h.uses)                       AS used,
        coalesce(sum(h.uses), 0)            AS uses,
        count(*) FILTER (WHERE h.lost)      AS lost,
        count(*) FILTER (WHERE h.at_end)    AS at_end
    FROM holdings h
    JOIN players p ON p.game_id = h.game_id AND p.seat = h.seat
    GROUP BY ALL
),
policies AS (
    SELECT DISTINCT CAST(strategy AS VARCHAR) AS policy FROM players
)
SELECT
    u.card,
    u.card_kind                             AS kind,
    q.policy,
    CAST(coalesce(b.held, 0) AS BIGINT)     AS held,
    CAST(coalesce(b.used, 0) AS BIGINT)     AS used,
    CAST(coalesce(b.uses, 0) AS BIGINT)     AS uses,
    CAST(coalesce(b.lost, 0) AS BIGINT)     AS lost,
    CAST(coalesce(b.at_end, 0) AS BIGINT)   AS at_end
FROM usable u
CROSS JOIN policies q
LEFT JOIN by_policy b ON b.card = u.card AND b.policy = q.policy
ORDER BY kind, u.card, q.policy
