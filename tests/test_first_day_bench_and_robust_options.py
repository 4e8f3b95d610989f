"""Options a new user tries from `--help`: `cardlab bench GAME GAME` measured the one game twice, as two
games' rows; `cardlab robust --help` offered the stop rules (--until-ci, --sprt) that every robust run
refuses (with the reason). The game given twice is refused before any game, in one line, exit 2; robust's
help no longer offers the stop rules, which it still refuses with its reason."""

from __future__ import annotations

from click.testing import CliRunner

from cardlab import api
from cardlab.cli import cli


def test_bench_refuses_a_game_given_twice():
    result = CliRunner().invoke(cli, ["bench", "pig", "pig", "--games-per", "1"])
    assert (result.exit_code, result.output) == (
        2,
        "error: bench: game pig is given twice (`--compare NAME=VALUE` measures two setups of it)\n",
    )  # old code: exit 0, pig's rows twice


def test_bench_says_one_game_per_row():
    assert "(1 game per row in this process" in api.bench("pig", games_per=1)  # was "1 games"


def test_robust_does_not_offer_the_stop_rules_it_refuses(tmp_path):
    shown = CliRunner().invoke(cli, ["robust", "pig", "--help"]).output
    assert "--until-ci" not in shown and "--sprt" not in shown
    args = ["robust", "pig", "--ensemble", "hold,random", "-n", "4", "--until-ci", "0.1"]
    result = CliRunner().invoke(cli, [*args, "--out", str(tmp_path)])
    assert (result.exit_code, result.output) == (
        2,
        "error: robust: --until-ci and --sprt are not available (every run plays the same games)\n",
    )
    assert not any(tmp_path.iterdir())
