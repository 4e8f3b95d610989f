"""A strategy text with an empty part, as an unset shell variable leaves it (`-s "restricted:ban=$CARD"`,
`-s "sensible:$PARAMS"`), played as if the part were not there: the restricted player banned nothing and
the run exited 0. README: an option typed empty ends with one line, exit 2."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardlab.cli import cli


@pytest.mark.parametrize(
    ("strategy", "message"),
    [
        (
            "restricted:ban=",
            "error: --strategy 'restricted': parameter 'ban' is empty (an unset shell variable?)",
        ),
        (
            "sensible:noise= ",
            "error: --strategy 'sensible': parameter 'noise' is empty (an unset shell variable?)",
        ),
        (
            "sensible:",
            "error: --strategy 'sensible:': nothing after ':' (an unset shell variable?); give NAME alone",
        ),
        # a parameter given twice: the last value won without a word
        (
            "sensible:pass_lead=3,pass_lead=4",
            "error: --strategy 'sensible': parameter 'pass_lead' given twice; give it once",
        ),
    ],
)
def test_an_empty_part_of_a_strategy_text_is_one_line(tmp_path, strategy, message):
    args = ["simulate", "gosu-x", "-s", strategy, "-n", "2", "-j", "1", "-q", "--out", str(tmp_path)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output  # old code: 0, the games played
    assert result.output == message + "\n"
    assert not any(tmp_path.iterdir())  # refused before any game


@pytest.mark.parametrize(
    ("ensemble", "message"),
    [
        ("sensible,", "error: --ensemble 'sensible,': empty strategy name"),
        ("sensible,nope", "error: --ensemble: unknown strategy 'nope' (available: "),
    ],
)
def test_a_bad_ensemble_names_the_ensemble_not_strategy(tmp_path, ensemble, message):
    args = ["robust", "gosu-x", "--ensemble", ensemble, "-n", "2", "-j", "1", "-q", "--out", str(tmp_path)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert result.output.startswith(message), result.output  # old code: "--strategy …", an option not typed
