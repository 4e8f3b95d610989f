"""A run's DuckDB is bounded (issue 20 item 4): reports of any size spill to a temporary folder of their own
instead of growing with the run; the folder goes with the connection; a bad bound is one line."""

from __future__ import annotations

import gc
from pathlib import Path

from click.testing import CliRunner

from cardlab.analysis import runs
from cardlab.analysis.runs import Run
from cardlab.cli import cli


def _run(tmp_path: Path) -> Run:
    result = CliRunner().invoke(cli, ["simulate", "pig", "-n", "20", "--out", str(tmp_path), "--name", "r", "-q"])
    assert result.exit_code == 0, result.output
    return Run.open(tmp_path / "r")


def test_the_run_database_is_bounded_and_spills_to_its_own_folder(tmp_path):
    run = _run(tmp_path)
    ((limit, spill),) = run.db.execute(
        "SELECT current_setting('memory_limit'), current_setting('temp_directory')"
    ).fetchall()
    assert limit.replace(" ", "").upper().startswith(("256MB", "244.1MIB", "256.0MB", "244MIB"))
    assert Path(spill).name.startswith("cardlab-duckdb-") and Path(spill).is_dir()
    assert run.sql("SELECT count(*) AS n FROM games")["n"][0] == 20
    del run
    gc.collect()
    assert not Path(spill).exists()


def test_a_bad_bound_is_one_line(tmp_path, monkeypatch):
    _run(tmp_path)
    monkeypatch.setattr(runs, "DUCKDB_MEMORY", "lots")  # as CARDLAB_DUCKDB_MEMORY=lots would set it
    result = CliRunner().invoke(cli, ["report", str(tmp_path / "r")])
    assert result.exit_code == 2
    assert result.output.startswith("error: CARDLAB_DUCKDB_MEMORY='lots': ") and result.output.count("\n") == 1


def test_the_bound_is_read_from_the_environment():
    assert runs.DUCKDB_MEMORY  # documented in docs/report.md ("Large runs")
