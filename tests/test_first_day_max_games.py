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
