"""`tune-policy GAME POLICY --param nope=1..2` blamed "strategy 'sensible:nope=1'", a strategy text the
command built and nobody typed; the line names --param and the parameter (not "nope=1", a value nobody typed
either; a value the policy refuses is named with the value tried). A POLICY typed with parameters, as `-s`
takes them, was "unknown policy"; it says to give the name alone."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from cardlab import api
from cardlab.cli import cli


def test_an_unknown_policy_parameter_names_param(tmp_path):
    args = ["tune-policy", "gosu-x", "sensible", "--param", "nope=1..2", "-n", "4", "--out", str(tmp_path)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert result.output.startswith(
        "error: --param nope: unknown parameter 'nope' — did you mean 'noise'? (parameters: "
    ), result.output  # old code: "error: --param nope=1: unknown parameter …"
    assert not any(tmp_path.iterdir())


def test_a_policy_typed_with_parameters_says_to_give_its_name_alone(tmp_path):
    args = ["tune-policy", "gosu-x", "sensible:noise=0.1", "--param", "pass_lead=4..6", "-n", "4"]
    result = CliRunner().invoke(cli, [*args, "--out", str(tmp_path)])
    assert (result.exit_code, result.output) == (
        2,
        "error: cardlab tune-policy: POLICY 'sensible:noise=0.1': give the policy's name alone (sensible); "
        "--param gives the parameters to tune\n",
    )  # old code: "unknown policy 'sensible:noise=0.1' for gosu-x (policies: …, sensible)"
    assert not any(tmp_path.iterdir())


def test_the_api_names_a_policy_or_opponent_that_is_not_a_text(tmp_path):
    for kwargs, line in (
        ({"policy": 3}, "policy must be a text, got 3"),  # was "unknown policy '3'"
        ({"policy": "sensible", "against": 3}, "against must be a text or None, got 3"),
    ):
        with pytest.raises(api.UserError, match=f"^{re.escape(line)}$"):
            api.tune_policy("gosu-x", param="pass_lead=4..6", games=4, out=tmp_path, **kwargs)
    assert not any(tmp_path.iterdir())
