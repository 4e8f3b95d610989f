"""Opening a run folder for analysis: its manifest and DuckDB views over the parts it lists.

Only parts listed in the manifest are read, so a batch interrupted half-way is never counted
(DESIGN: parts are written atomically per batch; the manifest is the record of what is complete).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import duckdb

from cardlab.simulate.core.runformat import (
    TABLES,
    RunFormatError,
    RunState,
    damaged_batches,
    open_run,
    part_path,
)

# The one definition of a win rate (docs/statistics.md, "Win rate"): a seat scores 1 for a win, 1/k for a
# draw shared by k seats (½ in a 2-player game), 0 for a loss or a game nobody won (turn cap, timer). Every
# table, plot, comparison and stop rule averages this score; the players view carries it as ``win_share``.
WIN_SHARE_SQL = (
    "CASE WHEN result = 'win' THEN 1.0 WHEN result = 'draw' THEN 1.0 / "
    "count(*) FILTER (WHERE result = 'draw') OVER (PARTITION BY game_id) ELSE 0.0 END"
)


class RunError(Exception):
    """A folder that is not a readable run (the CLI turns this into one line and exit code 2)."""


@dataclass
class Run:
    """A finished (or interrupted) run folder, validated (simulate.core.runformat) when opened."""

    path: Path
    manifest: dict[str, Any]  # the typed manifest as a dict, with its batches and totals
    state: RunState | None = None

    @classmethod
    def open(cls, path: str | Path) -> Run:
        """Open a run for reading: its manifest and batch records valid and every listed part intact
        (size and checksum as recorded), else one line saying what is wrong and how to repair it."""
        path = Path(path)
        try:
            state = open_run(path)
        except RunFormatError as exc:
            raise RunError(str(exc)) from None
        if not state.batches:
            raise RunError(f"{path}: the run has no finished batch yet")
        damaged = damaged_batches(state)
        if damaged:
            batch, why = min(damaged.items())
            raise RunError(
                f"{path}: {len(damaged)} damaged batch(es), e.g. batch {batch}: {why}; "
                "repair with `cardlab simulate … --resume` (see `cardlab verify`)"
            )
        state.path = path.resolve()
        return cls(path.resolve(), state.as_dict(), state)

    def parts(self, table: str) -> list[str]:
        return [str(part_path(self.path, table, b)) for b in sorted(self.state.batches)] if self.state else []

    @cached_property
    def db(self) -> duckdb.DuckDBPyConnection:
        """An in-memory DuckDB with one view per table (the Parquet is streamed, never loaded whole); the
        players view adds ``win_share`` (:data:`WIN_SHARE_SQL`)."""
        con = duckdb.connect()
        for table in TABLES:
            files = ", ".join("'" + f.replace("'", "''") + "'" for f in self.parts(table))
            extra = f", {WIN_SHARE_SQL} AS win_share" if table == "players" else ""
            con.execute(f"CREATE VIEW {table} AS SELECT *{extra} FROM read_parquet([{files}])")
        return con

    def columns(self, table: str) -> dict[str, str]:
        rows = self.db.execute(f"DESCRIBE {table}").fetchall()
        return {name: kind for name, kind, *_ in rows}

    @property
    def game(self) -> str:
        return self.manifest["game"]
