"""A tune's `--confirm-games` (the confirmation run's games) out of range is one line naming it, exit 2,
nothing written: 0 was read as the option left out (the confirmation played --games games), and -5 was
blamed on --games, an option the command line did not hold."""

from __future__ import annotations

import shlex

import pytest
from click.testing import CliRunner

from cardlab.cli import cli

COMMANDS = [
    "tune gosu-x --knob 'Dancing Dragon.level=1..3' --target 'spread(clans) <= 0.1'",
    "tune-policy gosu-x sensible --param activate_base=1..5",
]


@pytest.mark.parametrize("command", COMMANDS, ids=["tune", "tune-policy"])
@pytest.mark.parametrize("count", ["0", "-5"])
def test_confirm_games_out_of_range_is_one_line_naming_it(tmp_path, command, count):
    args = [*shlex.split(command), "-n", "4", "-j", "1", "--out", str(tmp_path), "--confirm-games", count]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert result.output == (
        f"error: --confirm-games must be between 1 and 10,000,000,000, got {count} (leave it out for --games)\n"
    )
    assert not any(tmp_path.iterdir())
