-- How games ended, with failed games (errors table) counted alongside.
SELECT end_reason, count(*) AS games FROM games GROUP BY 1
UNION ALL
SELECT 'error' AS end_reason, count(*) AS games FROM errors HAVING count(*) > 0
ORDER BY games DESC, end_reason
