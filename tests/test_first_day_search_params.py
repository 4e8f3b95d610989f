"""`search:pairs=…` and `search:every=…` are read only with `switch=` (policy switching); without it any
value was taken — `pairs=abc`, `every=-1` — and the search played exactly as without them, so a user
tuning them measured nothing. Without `switch=` they are refused in one line, exit 2, before any game."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardlab.cli import cli


@pytest.mark.parametrize("game", ["four-souls", "gosu-x", "hidden-reason"])
@pytest.mark.parametrize("given", ["pairs=4", "every=abc", "pairs=-1,every=2"])
def test_switch_parameters_without_switch_are_refused(tmp_path, game, given):
    strategy = f"search:{given}"
    result = CliRunner().invoke(cli, ["simulate", game, "-s", strategy, "-n", "1", "--out", str(tmp_path)])
    shown = ", ".join(given.split(","))
    assert (result.exit_code, result.output) == (
        2,
        f"error: strategy '{strategy}': search: {shown}: read only with switch= (policy switching); add "
        "switch= or leave it out\n",
    )  # old code: exit 0, the games played as by plain search
    assert not any(tmp_path.iterdir())
