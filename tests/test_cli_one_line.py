"""Mistakes end with one line and exit code 2 before any game is played (issue 16, items 9–11)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardlab.cli import cli
from tests.kernel_helpers import simulate

ROOT = Path(__file__).resolve().parent.parent


def one_line(result) -> str:
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    return lines[0]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["hidden-reason", "-s", "guardian:margn=5"], "unknown parameter 'margn' — did you mean 'margin'?"),
        (["hidden-reason", "-s", "random:x=1"], "unknown parameter 'x' (parameters: none)"),
        (["gosu-x", "-s", "random:foo=bar"], "unknown parameter 'foo'"),
        (["gosu-x", "-s", "random:draft=zzz"], "strategy 'random:draft=zzz': draft='zzz'"),
        (["four-souls", "--characters", "Nobody,Isaac"], "unknown or unavailable character 'Nobody'"),
        (["pig", "--seed", str(2**128)], "--seed must be between 0 and 2**128-1"),
        (["pig", "--backend", "multiprocessing"], "'multiprocessing' is not one of"),
        (["pig", "--name", "x" * 300], "run names are limited to 200"),
    ],
)
def test_simulate_mistakes_are_one_line_before_any_game(tmp_path, args, message):
    result = CliRunner().invoke(cli, ["simulate", *args, "-n", "2", "-q", "--out", str(tmp_path)])
    assert message in one_line(result)
    assert not any(tmp_path.iterdir()), "nothing may be written"


def test_soak_of_no_games_is_one_line(tmp_path):
    result = CliRunner().invoke(cli, ["soak", "pig", "-n", "0", "--out", str(tmp_path)])
    assert "--games must be at least 1" in one_line(result)


def test_an_unwritable_output_folder_is_one_line(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = simulate(blocker / "sub", "r", "-n", "2")
    assert "Not a directory" in one_line(result)


def test_output_to_an_ascii_terminal_never_crashes_and_latest_is_updated(tmp_path):
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    cmd = [sys.executable, "-m", "tests.pig_cli", "simulate", "pig", "-n", "4", "--jobs", "1", "-q"]
    done = subprocess.run(
        [*cmd, "--out", str(tmp_path), "--name", "asc"], cwd=ROOT, env=env, capture_output=True, timeout=120
    )
    assert done.returncode == 0, done.stderr.decode()
    assert b"Traceback" not in done.stderr and b"games" in done.stdout
    assert (tmp_path / "latest").resolve() == (tmp_path / "asc").resolve()
