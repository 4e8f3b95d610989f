"""`--help` of the commands that write a folder of their own (sweep, robust, ladder, duel, tune,
tune-policy) said the default name is "GAME-YYYYmmdd-HHMMSS", a run's; their folders are named
"COMMAND-GAME-…" (`ladder-pig-…`), so a new user looked for the wrong folder. The help says what is
written."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardlab.cli import cli


@pytest.mark.parametrize("command", ["sweep", "robust", "ladder", "duel", "tune", "tune-policy"])
def test_the_name_help_gives_the_commands_own_default(command):
    shown = CliRunner().invoke(cli, [command, "pig", "--help"], terminal_width=80).output
    assert f"{command}-GAME-YYYYmmdd-HHMMSS by default" in shown, shown
    assert "(default GAME-YYYYmmdd-HHMMSS)" not in shown


def test_a_ladder_folder_is_named_as_its_help_says(tmp_path):
    args = ["ladder", "pig", "-s", "hold", "-s", "random", "-n", "4", "-q", "-j", "1", "--out", str(tmp_path)]
    assert CliRunner().invoke(cli, args).exit_code == 0
    assert [p.name.startswith("ladder-pig-") for p in tmp_path.iterdir() if p.name != "latest"] == [True]
    simulate = CliRunner().invoke(cli, ["simulate", "pig", "--help"]).output
    assert "run name (default GAME-YYYYmmdd-HHMMSS)" in simulate  # a run's own, unchanged
