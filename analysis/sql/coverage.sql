-- What the players used (analysis/coverage.py): per usable card and policy, its holdings (game, seat pairs
-- in which the seat held it), how many of them used it at least once, lost it, kept it to the end, and the
-- uses in all. {cards} is a VALUES list of (card, kind) of the run's usable cards. Reads the chunk's held
-- table (card_held.sql: per game, seat and card, whether it was a holding — an event of a kind the
-- manifest's "coverage" entry gives a role: gained / used / lost / at_end — its uses, lost and at_end, and
-- the turns of its first gain and of its last event). A holding is *timed* when a gained event names the
-- card (loot drawn unnamed is not): it was held from that turn to its last event's, both counted.
WITH usable(card, card_kind) AS (VALUES {cards}),
by_policy AS (
    SELECT
        card,
        policy,
        count(*)                            AS held,
        count(*) FILTER (WHERE uses > 0)    AS used,
        sum(uses)                           AS uses,
        count(*) FILTER (WHERE lost)        AS lost,
        count(*) FILTER (WHERE at_end)      AS at_end,
        count(gained_turn)                  AS timed,
        sum(last_turn - gained_turn + 1)    AS turns_held,
        sum(uses) FILTER (WHERE gained_turn IS NOT NULL) AS timed_uses
    FROM held
    WHERE holding AND seated
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
    CAST(coalesce(b.at_end, 0) AS BIGINT)   AS at_end,
    CAST(coalesce(b.timed, 0) AS BIGINT)    AS timed,
    CAST(coalesce(b.turns_held, 0) AS BIGINT) AS turns_held,
    CAST(coalesce(b.timed_uses, 0) AS BIGINT) AS timed_uses
FROM usable u
CROSS JOIN policies q
LEFT JOIN by_policy b ON b.card = u.card AND b.policy = q.policy
ORDER BY kind, u.card, q.policy
