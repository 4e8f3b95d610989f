"""`--by "$COL"` with COL unset: `compare` said it was empty, but `report`, `meta` and `robust` answered
"no players column ''" (a column of that name); `cards check PATH --game ''` guessed the game, exit 0, as if
--game were not given. Each says the option is empty, in one line, exit 2, before any work."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cardlab.cli import cli

EMPTY = "error: --by {!r}: empty (an unset shell variable?); leave it out for {}\n"


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("runs")
    made = CliRunner().invoke(
        cli, ["simulate", "pig", "-n", "6", "-q", "-j", "1", "--out", str(out), "--name", "r"]
    )
    assert made.exit_code == 0, made.output
    return out / "r"


@pytest.mark.parametrize("blank", ["", " "])
def test_report_and_meta_say_an_empty_by_is_empty(run, blank):
    before = sorted(p.name for p in run.iterdir())
    for command, instead in (
        (["report", str(run), "-q", "--by", "strategy", "--by", blank], "the default breakdowns"),
        (["meta", str(run), "--by", blank], "the game's main column"),
    ):
        result = CliRunner().invoke(cli, command)
        assert (result.exit_code, result.output) == (2, EMPTY.format(blank, instead)), command
    assert sorted(p.name for p in run.iterdir()) == before  # no report written


def test_robust_says_an_empty_by_is_empty_before_any_game(tmp_path):
    args = ["robust", "pig", "--ensemble", "hold,random", "--by", "", "-n", "4", "--out", str(tmp_path)]
    result = CliRunner().invoke(cli, args)
    assert (result.exit_code, result.output) == (2, EMPTY.format("", "the game's columns"))
    assert not any(tmp_path.iterdir())


def test_cards_check_says_an_empty_game_is_empty():
    folder = Path(__file__).resolve().parent.parent / "decklists" / "gosu_x"
    result = CliRunner().invoke(cli, ["cards", "check", str(folder), "--game", ""])
    assert (result.exit_code, result.output) == (
        2,
        "error: --game '': empty (an unset shell variable?); leave it out to tell the game by the files\n",
    )  # old code: exit 0, the game guessed as if --game were not given
