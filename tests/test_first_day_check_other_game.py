"""`cards check PATH --game G` of another game's cards listed each file's first complaint ("unknown field
'set'", "missing field 'class'") and never said why; one line says whose cards they are."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardlab.cli import cli


@pytest.mark.parametrize(
    ("path", "given", "theirs"),
    [
        ("decklists/gosu_x", "hidden-reason", "gosu-x"),
        ("decklists/four_souls", "gosu-x", "four-souls"),
        ("decklists/gosu_x/abhilasha.yaml", "four-souls", "gosu-x"),
    ],
)
def test_checking_another_games_cards_says_whose_they_are(path, given, theirs):
    result = CliRunner().invoke(cli, ["cards", "check", path, "--game", given])
    assert result.exit_code == 2, result.output
    assert result.output == (
        f"error: {path}: {theirs} cards, not {given}'s (leave out --game, or give --game {theirs})\n"
    )  # old code: a line per file, each the file's first problem


def test_checking_a_games_own_cards_with_game_still_checks_them():
    result = CliRunner().invoke(cli, ["cards", "check", "decklists/gosu_x", "--game", "gosu-x"])
    assert result.exit_code == 0 and result.output.startswith("8 files, 8 clans"), result.output
