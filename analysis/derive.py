"""Values derived from a run, written as data files with their provenance (issue: no pasted
calibration). ``draft_table``: per-character win rates of one policy in a Four Souls run — the table
``strategies/four_souls/drafts.py`` reads for its character draft (FS-20.7)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .runs import Run, RunError
from .stats import wilson

DRAFT_TABLE_KIND = "four-souls draft table"
GX_DRAFT_KIND = "gosu-x draft values"


def rates(rows: list[tuple[str, int, float]]) -> dict[str, dict[str, Any]]:
    """(value, games, wins) rows → each value's games, wins, win rate and 95 % interval (in %). Wins are
    the report's win shares (``runs.WIN_SHARE_SQL``: a draw shared by k seats counts 1/k), so a derived
    table and a report give one figure for the same run."""
    out = {}
    for name, n, wins in rows:
        wins = float(wins)
        lo, hi = wilson(wins, n)
        out[name] = {
            "games": int(n),
            "wins": int(wins) if wins.is_integer() else round(wins, 3),
            "win_rate": round(100.0 * wins / n, 2),
            "ci95": [round(100.0 * lo, 2), round(100.0 * hi, 2)],
        }
    return out


def draft_table(run_path: str | Path, policy: str | None = None) -> dict[str, Any]:
    """Win rate of each character under ``policy`` (default: the run's only policy; draws shared, as in
    ``rates``) with its games, wins and 95 % interval, and where it came from (run, policy, seed,
    players, games, date, card data)."""
    run = Run.open(run_path)
    if run.game != "four-souls":
        raise RunError(f"{run.path}: a draft table comes from a four-souls run, this one is {run.game}")
    policies = [r[0] for r in run.db.execute("SELECT DISTINCT strategy FROM players ORDER BY 1").fetchall()]
    if policy is None:
        if len(policies) != 1:
            raise RunError(f"{run.path}: the run has policies {', '.join(policies)}; name one with --policy")
        policy = policies[0]
    elif policy not in policies:
        raise RunError(f"--policy {policy!r}: not in the run (it has {', '.join(policies)})")
    rows = run.db.execute(
        "SELECT character, count(*), sum(win_share) FROM players "
        "WHERE strategy = ? GROUP BY character ORDER BY character",
        [policy],
    ).fetchall()
    if not rows:
        raise RunError(f"{run.path}: no games of policy {policy}")
    m = run.manifest
    chars = rates(rows)
    return {
        "kind": DRAFT_TABLE_KIND,
        "provenance": {
            "command": f"cardlab derive draft-table {run.path.name} --policy {policy}",
            "run": run.path.name,
            "policy": policy,
            "run_seed": m.run_seed,
            "n_players": m.config.get("n_players"),
            "games": int(sum(c["games"] for c in chars.values()) / max(1, m.config.get("n_players") or 1)),
            "date": m.created,
            "card_data_hash": m.card_data_hash,
        },
        "characters": chars,
    }


def gosu_x_draft(run_path: str | Path) -> dict[str, Any]:
    """Each clan's win rate in a Gosu X run (win shares / games of the seats that drafted it, as in
    ``rates``) with its games, wins and 95 % interval, and where it came from — what
    ``strategies/gosu_x/drafting.py`` turns into its clan draft values. Meaningful for a run with random
    drafts (the default)."""
    run = Run.open(run_path)
    if run.game != "gosu-x":
        raise RunError(f"{run.path}: Gosu X draft values come from a gosu-x run, this one is {run.game}")
    rows = run.db.execute(
        "SELECT clan, count(*), sum(win_share) FROM "
        "(SELECT unnest(clans) AS clan, win_share FROM players) GROUP BY clan ORDER BY clan"
    ).fetchall()
    if not rows:
        raise RunError(f"{run.path}: no games")
    m = run.manifest
    clans = rates(rows)
    return {
        "kind": GX_DRAFT_KIND,
        "provenance": {
            "command": f"cardlab derive gosu-x-draft {run.path.name}",
            "run": run.path.name,
            "policies": list(m.strategies),
            "run_seed": m.run_seed,
            "games": int(run.totals["games"] - run.totals["failed"]),
            "date": m.created,
            "card_data_hash": m.card_data_hash,
        },
        "clans": clans,
    }
