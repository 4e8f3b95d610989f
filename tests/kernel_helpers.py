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


def manifest_of(run: Path) -> dict:
    """A run's manifest as report code sees it (with its batches and totals), read through the run format."""
    from cardlab.simulate.core.runformat import read_run

    return read_run(run).as_dict()


def record_fixture_run(run: Path, **fields: object) -> None:
    """Write the manifest and batch record of a hand-made run folder whose parts (batch 0) are on disk,
    through the run format (so fixtures are valid runs); ``fields`` are manifest fields (e.g. game)."""
    import pyarrow.parquet as pq

    from cardlab.simulate.core.runformat import (
        TABLES,
        BatchRecord,
        Manifest,
        append_batch,
        file_record,
        part_path,
    )
    from cardlab.simulate.core.runformat import write_manifest as write

    games = pq.read_metadata(part_path(run, "games", 0)).num_rows
    errors = pq.read_metadata(part_path(run, "errors", 0)).num_rows
    events = pq.read_metadata(part_path(run, "events", 0)).num_rows
    values: dict = {
        "cardlab_version": "test",
        "game": "pig",
        "title": "fixture",
        "n_games": games + errors,
        "run_seed": 0,
        "batch_size": games + errors,
        "strategies": ["A", "B"],
        "n_players": 2,
        "log_events": True,
        "options": {},
        "config": {},
        "config_hash": "x",
        "card_data_hash": "",
        "left_out_cards": {"count": 0, "cards": {}},
        "versions": {"cardlab": "test"},
        "created": "2026-01-01T00:00:00+00:00",
        "status": "complete",
        "stop_reason": "all games played",
    }
    turn_caps = int(fields.pop("turn_caps", 0))
    values.update(fields)
    if "analysis" not in fields:  # what the runner would write: the registered game's declaration
        from cardlab.simulate import games as registered

        spec = registered.available().get(values["game"])
        values["analysis"] = spec.analysis if spec is not None else None
    write(run, Manifest(**values))
    parts = {t: file_record(part_path(run, t, 0)) for t in TABLES}
    append_batch(run, BatchRecord(0, 0, games + errors, errors, turn_caps, events, 0, 0.0, parts))
