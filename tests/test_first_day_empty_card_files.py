"""`--cards FILE` of a file with nothing in it (cut short, or only comments) said "expected a mapping with
'clan' and 'cards'" while `cards check` of the same file says it is empty: both say "empty" now."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardlab.cli import cli


@pytest.mark.parametrize("game", ["four-souls", "gosu-x", "hidden-reason"])
def test_cards_of_an_empty_file_say_empty(tmp_path, game):
    path = tmp_path / "cut.yaml"
    path.write_text("# only a comment\n", encoding="utf-8")
    args = ["simulate", game, "-n", "2", "-j", "1", "-q", "--out", str(tmp_path / "r"), "--cards", str(path)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert (
        result.output
        == f"error: {path}: empty: nothing but comments or blank lines (is the file cut short?)\n"
    )
