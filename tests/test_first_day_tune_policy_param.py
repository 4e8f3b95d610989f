"""`tune-policy GAME POLICY --param nope=1..2` blamed "strategy 'sensible:nope=1'", a strategy text the
command built and nobody typed; the line names --param with the value tried."""

from __future__ import annotations

from click.testing import CliRunner

from cardlab.cli import cli


def test_an_unknown_policy_parameter_names_param(tmp_path):
    args = ["tune-policy", "gosu-x", "sensible", "--param", "nope=1..2", "-n", "4", "--out", str(tmp_path)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert result.output.startswith(
        "error: --param nope=1: unknown parameter 'nope' — did you mean 'noise'? (parameters: "
    ), result.output  # old code: "error: strategy 'sensible:nope=1': unknown parameter …"
    assert not any(tmp_path.iterdir())
