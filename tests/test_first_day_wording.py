"""A count of one reads in the singular in command output, never "sweep of 1 points", "1 games (0 failed
…)", "this session 1 games" or "1 of 1 batch(es) intact": each count agrees with its noun
(``simulate.core.wording.counted``)."""

from __future__ import annotations

from click.testing import CliRunner

from cardlab.cli import cli
from cardlab.simulate.core.wording import counted


def test_counted_agrees_with_its_noun():
    assert [counted(n, "game") for n in (0, 1, 2, 1000)] == ["0 games", "1 game", "2 games", "1,000 games"]
    assert counted(1, "batch", "batches") == "1 batch" and counted(3, "batch", "batches") == "3 batches"


def test_a_one_game_run_and_a_one_point_sweep_read_in_the_singular(tmp_path):
    run = ["simulate", "pig", "-n", "1", "-j", "1", "-q", "--out", str(tmp_path), "--name", "one"]
    played = CliRunner().invoke(cli, run)
    assert played.exit_code == 0, played.output
    assert played.output.startswith("1 game (0 failed, 0 hit the turn cap), "), played.output
    assert "; this session 1 game at " in played.output, played.output
    verify = CliRunner().invoke(cli, ["verify", str(tmp_path / "one")])
    assert "1 of 1 batch intact" in verify.output, verify.output
    sweep = ["sweep", "pig", "--vary", "target=20", "-n", "2", "-j", "1", "-q", "--out", str(tmp_path)]
    swept = CliRunner().invoke(cli, [*sweep, "--name", "sw"])
    assert swept.exit_code == 0, swept.output
    assert "\nsweep of 1 point in " in swept.output, swept.output


def test_tune_messages_give_each_games_own_examples(tmp_path):
    """`cardlab tune gosu-x`'s messages name Gosu X's own column and card, never Four Souls' --target
    'spread(character) …' and --knob 'Isaac.hp=1..4'."""
    import cardlab.api as cl

    for game, knob, column in (
        ("gosu-x", "--knob 'combat-values=2,3,5/2,3,6/2,4,5'", "alliance"),
        ("hidden-reason", "--knob 'Iron Golem.cost=3..4'", "deck"),
    ):
        head = ["tune", game, "-n", "10", "--out", str(tmp_path), "--knob"]
        result = CliRunner().invoke(cli, [*head, "x", "--target", "spread(strategy) <= 1"])
        assert result.exit_code == 2 and f"(e.g. {knob})" in result.output, result.output
        result = CliRunner().invoke(cli, [*head, knob.split("'")[1], "--target", "?"])
        expected = f"'spread({column}) <= 0.06', '{column} VALUE"
        assert result.exit_code == 2 and expected in result.output, result.output
        try:
            cl.tune(game, knob=knob.split("'")[1], target=[], out=tmp_path)
        except cl.UserError as exc:
            assert "character" not in str(exc) and "give at least one --target (e.g. --target '" in str(exc)
        else:
            raise AssertionError("no target was accepted")
    assert not any(tmp_path.iterdir())


def test_tune_policy_param_examples_are_each_games_own(tmp_path):
    """A bad `tune-policy --param` is shown the game's own `--help` example's --param, not Four Souls'
    "e.g. 'risk=0.1..0.4:0.05'" in every game."""
    for game, policy, param in (
        ("gosu-x", "sensible", "activate_base=1..5"),
        ("hidden-reason", "guardian", "margin=0..6"),
    ):
        args = ["tune-policy", game, policy, "--param", "x", "-n", "4", "--out", str(tmp_path)]
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 2 and result.output.rstrip().endswith(f"(e.g. --param '{param}')"), (
            result.output
        )
