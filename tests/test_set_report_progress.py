"""A sweep's, a ladder's and an ensemble's report show their progress as `cardlab report RUN` does, each
step named on a bar — on stderr,
only to a terminal, named "report FOLDER" with the step it is on, gone when done — from `cardlab report
FOLDER` and from the command that made the folder; `-q`, a captured stderr and a library call show none."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardlab.cli import cli
from tests.terminal import on_a_terminal

SMALL = ["gosu-x", "-n", "4", "-j", "1", "--seed", "5"]
SETS = {
    "sweep": (["sweep", *SMALL, "--vary", "combat-values=2,3,5/1,3,5"], "win rates by"),
    "ladder": (["ladder", *SMALL, "-s", "sensible", "-s", "random"], "read "),
    "robust": (["robust", *SMALL, "--ensemble", "sensible,random"], "by clans"),
}


@pytest.mark.parametrize("command", list(SETS))
def test_a_set_report_shows_its_steps_on_a_terminal_unless_quiet(tmp_path, command):
    args, step = SETS[command]
    _, bar = on_a_terminal(tmp_path, *args, "--out", ".", "--name", "s")  # its own report at its end
    assert "report s:" in bar and step in bar, bar
    _, none = on_a_terminal(tmp_path, *args, "--out", ".", "--name", "q", "-q")
    assert "report q" not in none and "step" not in none, none
    folder = str(tmp_path / "s")
    shown, bar = on_a_terminal(tmp_path, "report", folder)
    quiet, none = on_a_terminal(tmp_path, "report", folder, "-q")
    assert "report s:" in bar and step in bar and "step" in bar, bar
    assert none == "" and shown == quiet
    captured = CliRunner().invoke(cli, ["report", folder])
    assert captured.exit_code == 0 and captured.stderr == "" and captured.stdout == quiet
    _, library = on_a_terminal(tmp_path, code=f"import cardlab.api as cl; cl.report({folder!r}, write=False)")
    assert library == ""  # silent even on a terminal unless asked (progress=True)
