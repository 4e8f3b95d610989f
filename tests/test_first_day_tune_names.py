"""`tune` and `tune-policy` under the name of a run (or of a ladder, sweep …) wrote tune.json,
evaluations.jsonl and their report in among that folder's own files, exit 0. They refuse in one line, as
ladder, duel, robust and sweep do, exit 2, before any game; the folder is left as it was. So does simulate
under the name of a set's folder (it said only "folder exists and is not empty")."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardlab.cli import cli

TUNES = {
    "tune-policy": ["tune-policy", "pig", "hold", "--param", "at=5..15:5", "-n", "4"],
    "tune": [
        "tune",
        "gosu-x",
        "--knob",
        "combat-values=2,3,5/2,3,6",
        "--target",
        "spread(clans) <= 0.1",
        "-n",
        "4",
    ],
}


@pytest.mark.parametrize("command", sorted(TUNES))
def test_a_tune_under_a_runs_name_is_refused(tmp_path, command):
    made = CliRunner().invoke(
        cli, ["simulate", "pig", "-n", "4", "-q", "-j", "1", "--out", str(tmp_path), "--name", "r"]
    )
    assert made.exit_code == 0, made.output
    before = sorted(p.name for p in (tmp_path / "r").iterdir())
    result = CliRunner().invoke(cli, [*TUNES[command], "--out", str(tmp_path), "--name", "r"])
    assert (result.exit_code, result.output) == (
        2,
        f"error: {tmp_path / 'r'}: folder exists and is not empty (give another --name)\n",
    )  # old code: exit 0, tune.json and the tune's report written into the run
    assert sorted(p.name for p in (tmp_path / "r").iterdir()) == before


def test_a_run_under_a_sets_name_says_to_give_another_name(tmp_path):
    args = ["ladder", "pig", "-s", "hold", "-s", "random", "-n", "4", "-q", "-j", "1", "--out", str(tmp_path)]
    assert CliRunner().invoke(cli, [*args, "--name", "l"]).exit_code == 0
    run = ["simulate", "pig", "-n", "4", "-q", "-j", "1", "--out", str(tmp_path), "--name", "l"]
    result = CliRunner().invoke(cli, run)
    assert (result.exit_code, result.output) == (
        2,
        f"error: {tmp_path / 'l'}: folder exists and is not empty (give another --name)\n",
    )
