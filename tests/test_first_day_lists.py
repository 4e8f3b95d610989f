"""A list option with an empty item (`--decks ',legion_aggro'`, `--sets 'base-v2,'`, `--clans '/'` —
shell variables left unset) or typed blank (`--set ' '`) is one line naming the option and the value,
exit 2, nothing written (as Four Souls' `--characters ',Isaac'`): read as the option left out or as the
other items alone, the run would play (Hidden Reason's ',legion_aggro' giving every seat legion_aggro)."""

from __future__ import annotations

import shlex

import pytest
from click.testing import CliRunner

from cardlab.cli import cli

CASES = [
    ("gosu-x", "--clans", "/", "--clans '/': names no clan; leave the option out for a normal draft"),
    ("gosu-x", "--clans", " / ", "--clans ' / ': names no clan"),
    ("gosu-x", "--clans", "+/+", "--clans '+/+': an empty clan name in '+'"),
    ("gosu-x", "--clans", "themis++golem+phoenix/", "an empty clan name in 'themis++golem+phoenix'"),
    ("hidden-reason", "--decks", ",legion_aggro", "--decks ',legion_aggro': an empty deck name"),
    ("hidden-reason", "--decks", "legion_aggro,", "--decks 'legion_aggro,': an empty deck name"),
    ("four-souls", "--sets", ",", "--sets ',': an empty set name (sets are separated by commas)"),
    ("four-souls", "--sets", "base-v2,", "--sets 'base-v2,': an empty set name"),
    (
        "hidden-reason",
        "--decks",
        " ",
        "Invalid value for '--decks': is blank (' ') (an unset shell variable?)",
    ),
    ("four-souls", "--set", "  ", "Invalid value for '--set': is blank ('  ') (an unset shell variable?)"),
]


@pytest.mark.parametrize(("game", "option", "value", "message"), CASES)
def test_an_empty_item_of_a_list_option_is_one_line(tmp_path, game, option, value, message):
    args = ["simulate", game, "-n", "1", "-j", "1", "-q", "--out", str(tmp_path), option, value]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, result.output
    assert result.output.startswith("error: ") and message in result.output, result.output
    assert not any(tmp_path.iterdir())


def test_a_side_left_out_still_drafts(tmp_path):
    """GX: '/themis+golem+phoenix' forces the second side only, as the help says."""
    args = [
        *shlex.split("simulate gosu-x -n 1 -j 1 -q --clans /themis+golem+phoenix"),
        "--out",
        str(tmp_path),
    ]
    assert CliRunner().invoke(cli, args).exit_code == 0
