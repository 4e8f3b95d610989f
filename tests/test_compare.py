"""`cardlab compare`: paired differences of two runs with the same seeds (issue 7.6)."""

from __future__ import annotations

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
