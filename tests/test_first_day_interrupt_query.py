"""Ctrl-C while DuckDB runs a query makes DuckDB raise its own error ("RuntimeError: Query
interrupted"), not KeyboardInterrupt: `cardlab report` stopped in its score curves, and `cardlab duel`
stopped while reading its two runs' figures (after both were played), end as a Ctrl-C anywhere else does
— never a 40-line traceback with no resume line."""

from __future__ import annotations

import duckdb
import pytest
from click.testing import CliRunner

from cardlab.analysis.runs import interrupted_query
from cardlab.cli import cli

PIG = ["-n", "6", "-j", "1", "-q"]


def _query_interrupted(*args, **kwargs):
    raise RuntimeError("Query interrupted")  # what duckdb 2.0 raises on SIGINT mid-query


def test_the_interrupt_is_known_by_its_kind_or_duckdbs_words():
    assert interrupted_query(RuntimeError("Query interrupted"))
    assert interrupted_query(duckdb.InterruptException("x"))
    assert not interrupted_query(RuntimeError("something else"))
    assert not interrupted_query(ValueError("Query interrupted"))


def test_a_report_stopped_in_a_query_says_aborted_not_a_traceback(tmp_path, monkeypatch):
    made = CliRunner().invoke(cli, ["simulate", "pig", *PIG, "--out", str(tmp_path), "--name", "r"])
    assert made.exit_code == 0, made.output
    monkeypatch.setattr("cardlab.analysis.report.build_path", _query_interrupted)
    result = CliRunner().invoke(cli, ["report", str(tmp_path / "r"), "-q"])
    assert result.exit_code == 1 and result.output.strip().splitlines()[-1] == "aborted", result.output
    assert not isinstance(result.exception, RuntimeError), result.exception


def test_a_duel_stopped_while_reading_its_figures_names_the_resume(tmp_path, monkeypatch):
    args = ["duel", "pig", "-s", "hold", "-s", "random", *PIG, "--out", str(tmp_path), "--name", "d"]
    monkeypatch.setattr("sys.argv", ["cardlab", *args])
    monkeypatch.setattr("cardlab.duel.pair_runs", _query_interrupted)
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 130, result.output
    lines = result.output.strip().splitlines()
    assert lines[-2] == f"interrupted: finished batches are kept in {tmp_path / 'd'}/; resume with", lines
    assert lines[-1].endswith("--name d --resume"), lines
    assert not (tmp_path / "d" / "duel.md").exists()
    monkeypatch.undo()
    resumed = CliRunner().invoke(cli, [*args, "--resume"])
    assert resumed.exit_code == 0 and (tmp_path / "d" / "duel.md").is_file(), resumed.output


@pytest.mark.parametrize("command", [["ladder", "pig", "-s", "hold", "-s", "random"]])
def test_a_set_of_one_run_says_run(tmp_path, command):
    result = CliRunner().invoke(cli, [*command, *PIG, "--out", str(tmp_path), "--name", "l"])
    assert result.exit_code == 0, result.output
    assert f"\n1 run in {tmp_path / 'l'}/; wrote " in result.output, result.output
