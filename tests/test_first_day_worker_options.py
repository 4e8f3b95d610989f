"""Where the batches run (``--jobs``, ``--backend``, ``--scheduler``) is checked before a command of several
runs writes its folder's record. Written first (``ensemble.json``, ``ladder.json``, ``duel.json``, the
sweep's), with the failure at the first run, the record would make the same command with the slip
corrected be refused ("an ensemble of that name exists"). One line, exit 2, nothing written, and the name
stays free."""

from __future__ import annotations

import shlex

import pytest
from click.testing import CliRunner

from cardlab.cli import cli

COMMANDS = [
    "robust pig --ensemble hold,random",
    "ladder pig -s hold -s random",
    "duel pig -s hold -s random",
    "sweep pig -s hold,random --vary target=20,30",
    "simulate pig",
]
SLIPS = [
    ("-j 0", "--jobs must be -1 (all cores) or 1..1024, got 0"),
    ("--scheduler x", "--scheduler needs --backend dask or ray, not loky"),
    (
        "--backend dask --scheduler nope",
        "--scheduler 'nope': expected a dask scheduler address such as tcp://host:8786",
    ),
]


@pytest.mark.parametrize("command", COMMANDS)
def test_a_bad_worker_option_writes_nothing_and_leaves_the_name_free(tmp_path, command):
    base = [*shlex.split(command), "-n", "2", "-q", "--out", str(tmp_path), "--name", "s"]
    for slip, message in SLIPS:
        result = CliRunner().invoke(cli, [*base, *shlex.split(slip)])
        assert result.exit_code == 2, result.output
        assert result.output == f"error: {message}\n"
        assert not any(tmp_path.iterdir()), sorted(p.name for p in tmp_path.rglob("*"))
    fixed = CliRunner().invoke(cli, [*base, "-j", "1"])
    assert fixed.exit_code == 0, fixed.output
