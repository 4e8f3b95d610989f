"""`--max-games` stands in for `--games` (the cap of a stop rule): a value out of range is refused under the
name the user typed, one line, exit 2, before anything is written."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardlab.cli import cli


@pytest.mark.parametrize("value", ["0", "-3", "10000000001"])
@pytest.mark.parametrize("command", ["simulate", "sweep"])
def test_max_games_out_of_range_is_named_as_typed(tmp_path, command, value):
    args = [command, "gosu-x", "--max-games", value, "-j", "1", "--out", str(tmp_path)]
    if command == "sweep":
        args += ["--vary", "combat-values=2,3,5/2,3,6"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert lines[0].startswith("error: --max-games must be between 1 and 10,000,000,000, got "), lines[0]
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize("command", ["simulate", "sweep"])
def test_games_and_max_games_of_two_values_are_refused(tmp_path, command):
    """`-n 5 --max-games 7` played 7 games and `-n 10000000000 --max-games 5` 5, dropping one cap without a
    word: the two names of one cap with two values are one line, exit 2, nothing written; one value under
    both names is fine."""
    args = [command, "gosu-x", "-n", "5", "--max-games", "7", "-j", "1", "-q", "--out", str(tmp_path)]
    if command == "sweep":
        args += ["--vary", "combat-values=2,3,5/2,3,6"]
    result = CliRunner().invoke(cli, args)
    assert (result.exit_code, result.output) == (
        2,
        "error: --games 5 and --max-games 7: one cap under two names; give one\n",
    )
    assert not any(tmp_path.iterdir())
    same = CliRunner().invoke(cli, [*args[:3], "2", "--max-games", "2", *args[6:]])
    assert same.exit_code == 0, same.output
