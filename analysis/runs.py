"""Opening a run folder for analysis: its manifest and DuckDB views over the parts it lists.

Only parts listed in the manifest are read, so a batch interrupted half-way is never counted
(DESIGN: parts are written atomically per batch; the manifest is the record of what is complete).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import duckdb

TABLES = ("games", "players", "events", "errors")


class RunError(Exception):
    """A folder that is not a readable run (the CLI turns this into one line and exit code 2)."""


@dataclass
class Run:
    """A finished (or interrupted) run folder."""

    path: Path
    manifest: dict[str, Any]

    @classmethod
    def open(cls, path: str | Path) -> Run:
        path = Path(path)
        if not path.exists():
            raise RunError(f"{path}: no such run folder")
        manifest_path = path / "manifest.json"
        if not manifest_path.is_file():
            raise RunError(f"{path}: not a cardlab run folder (no manifest.json)")
        try:
            manifest = json.loads(manifest_path.read_text())
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise RunError(f"{manifest_path}: unreadable manifest ({exc})") from None
        if not manifest.get("batches"):
            raise RunError(f"{path}: the run has no finished batch yet")
        return cls(path.resolve(), manifest)

    def parts(self, table: str) -> list[str]:
        files = []
        for entry in self.manifest["batches"]:
            part = self.path / table / f"part-{entry['batch']:06d}.parquet"
            if not part.is_file():
                raise RunError(f"{self.path}: manifest lists {table}/{part.name} but the file is missing")
            files.append(str(part))
        return files

    @cached_property
    def db(self) -> duckdb.DuckDBPyConnection:
        """An in-memory DuckDB with one view per table (the Parquet is streamed, never loaded whole)."""
        con = duckdb.connect()
        for table in TABLES:
            files = ", ".join("'" + f.replace("'", "''") + "'" for f in self.parts(table))
            con.execute(f"CREATE VIEW {table} AS SELECT * FROM read_parquet([{files}])")
        return con

    def columns(self, table: str) -> dict[str, str]:
        rows = self.db.execute(f"DESCRIBE {table}").fetchall()
        return {name: kind for name, kind, *_ in rows}

    @property
    def game(self) -> str:
        return self.manifest["game"]
