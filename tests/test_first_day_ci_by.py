"""`--ci-by` names the column a stop rule (--until-ci, --sprt) judges. Typed without one it judged nothing
and was ignored, exit 0; `robust` (which refuses stop rules) listed it and dropped it. A sweep built its
points' stop rules only once its record was written, so a bad --ci-by or --sprt left a folder holding
sweep.json that blocked the name. Each is one line, exit 2, nothing written."""

from __future__ import annotations

import shlex

import pytest
from click.testing import CliRunner

from cardlab.cli import cli

NO_RULE = (
    "error: --ci-by 'seat': the column a stop rule judges; give --until-ci W or --sprt A,B,DELTA too, or "
    "leave --ci-by out\n"
)


@pytest.mark.parametrize(
    ("command", "message"),
    [
        ("simulate pig --ci-by seat", NO_RULE),
        ("sweep pig --vary target=20,30 --ci-by seat", NO_RULE),
        (
            "sweep pig --vary target=20,30 --until-ci 0.3 --ci-by nope",
            "error: --ci-by 'nope': not a players column to judge by (e.g. strategy)\n",
        ),
        (
            "sweep pig -s hold,random --vary target=20,30 --sprt hold,nope,0.1",
            "error: --sprt: nope not among this run's strategies (hold, random)\n",
        ),
    ],
)
def test_a_ci_by_that_judges_nothing_or_nothing_known_is_one_line(tmp_path, command, message):
    args = [*shlex.split(command), "-n", "4", "-j", "1", "-q", "--out", str(tmp_path), "--name", "s"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2 and result.output == message, result.output
    assert not any(tmp_path.iterdir())


def test_robust_has_no_ci_by():
    args = shlex.split("robust pig --ensemble hold,random -n 2 --ci-by seat")
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2 and "No such option '--ci-by'" in result.output, result.output
    shown = CliRunner().invoke(cli, ["robust", "pig", "--help"])
    assert "--ci-by TEXT" not in shown.output
