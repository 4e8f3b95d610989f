"""A sweep's --vary typed empty gave Hidden Reason's example to every game ("e.g.
boss-hp-per-player=20..30:5" for gosu-x), and tune's --knob over a game option was blamed as "--vary",
an option tune does not have. Each message names the option typed and the game's own example."""

from __future__ import annotations

from click.testing import CliRunner

from cardlab.cli import cli


def _error(args: list[str]) -> str:
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    return result.output


def test_an_empty_vary_gives_the_games_own_example(tmp_path):
    out = _error(["sweep", "gosu-x", "--vary", "combat-values=", "-n", "2", "--out", str(tmp_path)])
    assert (
        out
        == "error: --vary 'combat-values=': expected NAME=VALUES (e.g. --vary 'combat-values=2,3,5/2,3,6')\n"
    )


def test_a_knob_over_a_game_option_names_knob(tmp_path):
    target = ["--target", "spread(alliance) <= 0.1", "-n", "2", "--out", str(tmp_path)]
    out = _error(["tune", "gosu-x", "--knob", "combat-values=", *target])
    assert out.startswith("error: --knob 'combat-values=': expected NAME=VALUES (e.g. --knob "), out
    out = _error(
        [
            "tune",
            "hidden-reason",
            "--knob",
            "boss-hp-per-player=a..b",
            *target[:1],
            "deck legion_aggro >= 0.4",
            *target[2:],
        ]
    )
    assert out == "error: --knob boss-hp-per-player: 'a' is not a valid int\n", out  # old code: "--vary …"
