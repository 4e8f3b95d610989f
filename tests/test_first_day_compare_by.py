"""`cardlab compare A B --by "$COL"` with COL unset (or blank) is one line naming the option, exit 2: read as
the option left out, it compared by the game's main column and exited 0, as if the column asked for had
been compared. The Python API refuses it alike."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

import cardlab.api as cl
from cardlab.cli import cli
from cardlab.simulate.core.errors import UserError


@pytest.mark.parametrize("by", ["", "  "])
def test_compare_by_an_empty_column_is_one_line(tmp_path, by):
    for name in ("a", "b"):
        args = ["simulate", "pig", "-n", "4", "-j", "1", "-q", "--out", str(tmp_path), "--name", name]
        assert CliRunner().invoke(cli, args).exit_code == 0
    runs = [str(tmp_path / "a"), str(tmp_path / "b")]
    result = CliRunner().invoke(cli, ["compare", *runs, "--by", by])
    message = f"--by {by!r}: empty (an unset shell variable?); leave it out for the game's main column"
    assert result.exit_code == 2 and result.output == f"error: {message}\n", result.output
    with pytest.raises(UserError, match="^" + re.escape(message) + "$"):
        cl.compare(*runs, by)
    assert CliRunner().invoke(cli, ["compare", *runs]).exit_code == 0


def test_compare_by_a_column_that_is_not_there_lists_the_columns(tmp_path):
    """`cardlab report RUN --by typo` listed the players columns; `cardlab compare A B --by typo` did not."""
    for name in ("a", "b"):
        args = ["simulate", "pig", "-n", "4", "-j", "1", "-q", "--out", str(tmp_path), "--name", name]
        assert CliRunner().invoke(cli, args).exit_code == 0
    runs = [str(tmp_path / "a"), str(tmp_path / "b")]
    compared = CliRunner().invoke(cli, ["compare", *runs, "--by", "stratgy"])
    reported = CliRunner().invoke(cli, ["report", runs[0], "--by", "stratgy"])
    assert compared.exit_code == reported.exit_code == 2
    assert compared.output == reported.output
    assert compared.output.startswith("error: --by: no players column 'stratgy' in a (columns: seat, ")
