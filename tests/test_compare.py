"""`cardlab compare`: paired differences of two runs with the same seeds (issue 7.6)."""

from __future__ import annotations

import shutil

import polars as pl
from click.testing import CliRunner

from cardlab.cli import cli
from tests.kernel_helpers import read_sorted, simulate

BASE = ("-n", "400", "--seed", "4", "-s", "hold,random", "--jobs", "1")


def test_identical_runs_differ_by_nothing(tmp_path):
    simulate(tmp_path, "a", *BASE)
    simulate(tmp_path, "b", *BASE)
    out = CliRunner().invoke(cli, ["compare", str(tmp_path / "a"), str(tmp_path / "b")])
    assert out.exit_code == 0, out.output
    assert "nothing recorded differs" in out.output
    assert "hold      400    " in out.output and "+0.0 pts" in out.output
    assert "Games whose outcome changed: 0 of 400 (0.0%" in out.output


def test_a_change_shows_its_exact_difference(tmp_path):
    simulate(tmp_path, "a", *BASE)
    simulate(tmp_path, "b", *BASE, "--target", "45")
    out = CliRunner().invoke(cli, ["compare", str(tmp_path / "a"), str(tmp_path / "b")])
    assert out.exit_code == 0, out.output
    assert "config.target: 30 → 45" in out.output
    a = read_sorted(tmp_path / "a", "players")
    b = read_sorted(tmp_path / "b", "players")
    rate = lambda f: f.filter(pl.col("strategy") == "hold")["win"].mean()  # noqa: E731
    assert (
        f"hold      400    {100 * rate(a):.1f}%  {100 * rate(b):.1f}%  {100 * (rate(b) - rate(a)):+.1f} pts"
        in out.output
    )
    changed = (
        a.join(b, on=["game_id", "seat"]).filter(pl.col("win") != pl.col("win_right"))["game_id"].n_unique()
    )
    assert f"Games whose outcome changed: {changed} of 400" in out.output


def test_different_seeds_refused(tmp_path):
    simulate(tmp_path, "a", *BASE)
    simulate(tmp_path, "b", "-n", "400", "--seed", "5", "-s", "hold,random", "--jobs", "1")
    out = CliRunner().invoke(cli, ["compare", str(tmp_path / "a"), str(tmp_path / "b")])
    assert out.exit_code == 2
    assert (
        out.output
        == "error: runs have different seeds (4 vs 5): a paired comparison needs both made with the same --seed\n"
    )


def _game_run(tmp_path, name, *args):
    out = CliRunner().invoke(
        cli, ["simulate", *args, "--seed", "2", "-j", "1", "-q", "--out", str(tmp_path), "--name", name]
    )
    assert out.exit_code == 0, out.output
    return str(tmp_path / name)


def test_compare_by_a_list_column_counts_each_clan(tmp_path):
    """Issue 18 item 5: Gosu X's clans is a list column; compare counts each member clan of a seat that
    kept its alliance (it raised a polars error before)."""
    a = _game_run(tmp_path, "a", "gosu-x", "-n", "12")
    b = _game_run(tmp_path, "b", "gosu-x", "-n", "12", "--combat-values", "2,3,6")
    out = CliRunner().invoke(cli, ["compare", a, b, "--by", "clans"])
    assert out.exit_code == 0, out.output
    assert "Win rate by clans" in out.output
    # 12 games × 2 seats × 3 clans: every member-seat is one row of some clan
    rows = out.output.split("note\n")[1].split("\n\n")[0].splitlines()
    assert len(rows) == 8 and sum(int(row[11:17]) for row in rows) == 72
    assert "Paired: 24 of 24 seats (100.0%) kept their clans" in out.output
    assert "config.combat_values: [2, 3, 5] → [2, 3, 6]\n" in out.output


def test_compare_defaults_to_the_main_column_and_warns_when_poorly_paired(tmp_path):
    """Issue 18 items 2 and 8: compare defaults to the game's main dimension, says how many seats kept
    their value and warns when a change re-dealt them (here: seat 0 forced to Isaac)."""
    a = _game_run(tmp_path, "a", "four-souls", "-p", "2", "-n", "10")
    b = _game_run(tmp_path, "b", "four-souls", "-p", "2", "-n", "10", "--characters", "Isaac")
    out = CliRunner().invoke(cli, ["compare", a, b])
    assert out.exit_code == 0, out.output
    assert "Win rate by character" in out.output
    assert "warning: poorly paired" in out.output
    shutil.copytree(a, f"{a}-copy")  # the same games in another folder (a run with itself is refused)
    same = CliRunner().invoke(cli, ["compare", a, f"{a}-copy"])
    assert "Paired: 20 of 20 seats (100.0%) kept their character" in same.output
    assert "warning" not in same.output


def test_runs_with_disjoint_strategies_are_one_line(tmp_path):
    """No seat kept its strategy (A all 'hold', B all 'random'): nothing pairs by strategy, so one line
    saying so (exit 2), not a TypeError from an empty table; another column still compares."""
    simulate(tmp_path, "a", "-n", "20", "--seed", "4", "-s", "hold", "--jobs", "1")
    simulate(tmp_path, "b", "-n", "20", "--seed", "4", "-s", "random", "--jobs", "1")
    args = ["compare", str(tmp_path / "a"), str(tmp_path / "b"), "--by", "strategy"]
    out = CliRunner().invoke(cli, args)
    assert out.exit_code == 2, out.output
    assert out.output.strip().splitlines() == [
        "error: no seat has the same strategy in both runs (hold in A, random in B): "
        "nothing to compare by strategy (try --by seat)"
    ]
    out = CliRunner().invoke(cli, [*args[:3], "--by", "seat"])
    assert out.exit_code == 0, out.output
    assert "Games whose outcome changed:" in out.output and "of 20" in out.output
