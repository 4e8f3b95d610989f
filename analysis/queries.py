"""Named SQL queries (the .sql files beside this module) run against a run's DuckDB views."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path

import polars as pl

from .runs import Run, RunError

SQL_DIR = Path(__file__).parent / "sql"


@cache
def sql(name: str) -> str:
    return (SQL_DIR / f"{name}.sql").read_text()


def query(run: Run, name: str, **identifiers: str) -> pl.DataFrame:
    """Run the named query; ``identifiers`` fill ``{placeholders}`` (only checked column names go there)."""
    text = sql(name).format(**identifiers) if identifiers else sql(name)
    run.db.execute("SET enable_progress_bar = false")  # reports print their own tables, not DuckDB's bar
    return run.db.sql(text).pl()


def sql_strings(values: Iterable[str]) -> str:
    """A SQL list of string literals (for ``IN (…)`` or a VALUES row): the values come from the run's
    manifest (the game's declarations), never typed by a user, and are quoted all the same."""
    return ", ".join("'" + str(v).replace("'", "''") + "'" for v in values)


def check_column(run: Run, dim: str) -> dict[str, str]:
    """``--by``'s column, one line naming the columns there are when it is none; the players columns."""
    columns = run.columns("players")
    if dim not in columns:
        usable = ", ".join(c for c in columns if c not in ("game_id", "win", "win_share", "result", "score"))
        raise RunError(f"--by: no players column '{dim}' in {run.path.name} (columns: {usable})")
    return columns


def dimension_expr(run: Run, dim: str) -> str:
    """The SQL expression for grouping by a players-table column; list columns are unnested."""
    columns = check_column(run, dim)
    quoted = '"' + dim.replace('"', '""') + '"'
    return f"unnest({quoted})" if columns[dim].endswith("[]") else quoted
