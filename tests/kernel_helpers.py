"""Helpers for kernel tests: run the Pig fixture through the CLI and read tables back sorted."""

from __future__ import annotations

from pathlib import Path

import polars as pl
from click.testing import CliRunner

from cardlab.cli import cli

WALL_CLOCK = ("duration_s",)


def simulate(out: Path, name: str, *extra: str) -> object:
    args = ["simulate", "pig", "--out", str(out), "--name", name, "-q", *extra]
    return CliRunner().invoke(cli, args)


def read_sorted(run: Path, table: str) -> pl.DataFrame:
    """A table's content in a canonical order, without wall-clock columns."""
    frame = pl.read_parquet(str(run / table / "*.parquet"))
    frame = frame.drop([c for c in frame.columns if "duration" in c or "elapsed" in c])
    keys = [k for k in ("game_id", "seat", "seq") if k in frame.columns]
    return frame.with_columns(pl.col(pl.Categorical).cast(pl.String)).sort(keys)
