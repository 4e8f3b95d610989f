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


def _interrupted(*args, **kwargs):
    raise KeyboardInterrupt


@pytest.mark.parametrize("stop", [_query_interrupted, _interrupted], ids=["in a query", "in Python"])
def test_a_report_stopped_says_interrupted_and_exits_130_not_a_traceback(tmp_path, monkeypatch, stop):
    """A report stopped by Ctrl-C ends as a stopped run does: "interrupted", exit 130 (128 + SIGINT). It
    said "aborted", exit 1, the code of a run some of whose games failed."""
    made = CliRunner().invoke(cli, ["simulate", "pig", *PIG, "--out", str(tmp_path), "--name", "r"])
    assert made.exit_code == 0, made.output
    monkeypatch.setattr("cardlab.analysis.report.build_path", stop)
    result = CliRunner().invoke(cli, ["report", str(tmp_path / "r"), "-q"])
    assert result.exit_code == 130 and result.output.splitlines() == ["", "interrupted"], result.output
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


STARTUP = """
import builtins, sys
real = builtins.__import__
def stop_at_duckdb(name, *args, **kwargs):  # a Ctrl-C while the libraries load
    if name.split(".")[0] == "duckdb":
        raise KeyboardInterrupt
    return real(name, *args, **kwargs)
builtins.__import__ = stop_at_duckdb
sys.argv = ["cardlab", "games"]
from {module} import {function}
sys.exit({function}())
"""


def test_a_ctrl_c_while_the_console_script_starts_says_interrupted_not_a_traceback():
    """The console script as pip writes it (``from MODULE import FUNCTION``, the entry of pyproject.toml),
    stopped while its libraries load: "interrupted", exit 130, no traceback. The entry was the command line
    itself (``cardlab.cli:main``), whose imports ran before any Ctrl-C handling."""
    import subprocess
    import sys
    import tomllib
    from pathlib import Path

    pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
    entry = tomllib.loads(pyproject.read_text())["project"]["scripts"]["cardlab"]
    module, function = entry.split(":")
    done = subprocess.run(
        [sys.executable, "-c", STARTUP.format(module=module, function=function)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert (done.returncode, done.stderr) == (130, "\ninterrupted\n"), done.stderr[-500:]
