"""The skill ladder: the seed-share estimator on data with a known answer, and `cardlab ladder` end to end."""

from __future__ import annotations

import json

import numpy as np
import polars as pl
import pytest
from click.testing import CliRunner

from cardlab.analysis.ladder import _icc, seed_share
from cardlab.cli import cli


def _players(outcomes: np.ndarray) -> pl.DataFrame:
    """seeds × runs matrix of 'seat 0 wins' (1/0) → a 2-player ladder players table."""
    rows = []
    for g, row in enumerate(outcomes):
        for r, win in enumerate(row):
            rows += [
                {"game_id": g, "gid": f"{r}:{g}", "seat": 0, "win_share": float(win)},
                {"game_id": g, "gid": f"{r}:{g}", "seat": 1, "win_share": 1.0 - float(win)},
            ]
    return pl.DataFrame(rows)


def test_seed_share_is_one_when_the_deal_decides_and_near_zero_when_it_does_not():
    rng = np.random.default_rng(7)
    decided = np.repeat(rng.integers(0, 2, size=(400, 1)), 6, axis=1)  # every run: the same seat wins
    assert _icc(decided.astype(float)) == pytest.approx(1.0)
    point, lo, hi = seed_share(_players(decided), rng)
    assert point == pytest.approx(1.0) and lo > 0.95
    coins = rng.integers(0, 2, size=(400, 6))  # independent of the seed
    point, lo, hi = seed_share(_players(coins), rng)
    assert point < 0.05 and lo <= 0.02


def test_seed_share_recovers_a_known_mixture():
    """Half the seeds fix the winner, half are coin tosses per run: ICC = 0.5 in expectation."""
    rng = np.random.default_rng(11)
    fixed = rng.random(3000) < 0.5
    winner = rng.integers(0, 2, size=3000)
    data = np.where(fixed[:, None], winner[:, None], rng.integers(0, 2, size=(3000, 8)))
    assert _icc(data.astype(float)) == pytest.approx(0.5, abs=0.05)


def test_cardlab_ladder_end_to_end(tmp_path):
    runner = CliRunner()
    args = ["ladder", "gosu-x", "-s", "random", "-s", "sensible", "-s", "sensible:draft=random"]
    result = runner.invoke(cli, [*args, "-n", "40", "-j", "1", "-q", "--out", str(tmp_path), "--name", "l"])
    assert result.exit_code == 0, result.output
    record = json.loads((tmp_path / "l" / "ladder.json").read_text())
    assert [r["run"] for r in record["runs"]] == ["00-01", "00-02", "01-02"]
    seeds = [
        pl.read_parquet(tmp_path / "l" / r["run"] / "games" / "part-000000.parquet")["seed"].to_list()
        for r in record["runs"]
    ]
    assert seeds[0] == seeds[1] == seeds[2]  # every pair on the same deals
    for title in (
        "Ratings (strongest first)",
        "Score of the row policy",
        "How often the stronger",
        "seed share",
    ):
        assert title in result.output
    ratings = result.output.split("Ratings (strongest first)")[1].splitlines()[2]
    assert ratings.startswith("sensible")  # random is never rated above the heuristics
    again = runner.invoke(cli, ["report", str(tmp_path / "l")])
    assert again.exit_code == 0 and "Ratings (strongest first)" in again.output


def test_cardlab_ladder_needs_two_policies(tmp_path):
    result = CliRunner().invoke(cli, ["ladder", "gosu-x", "-s", "random", "-n", "5", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "at least two policies" in result.output
    assert not any(tmp_path.iterdir())


def test_a_policy_that_never_wins_gets_a_finite_rating_and_a_note(tmp_path):
    """6 seeded games of random against evaluator: random wins none. The ratings use a stated prior instead
    of stopping with a traceback after every game was played."""
    args = ["ladder", "gosu-x", "-s", "random", "-s", "evaluator", "-n", "6", "-j", "1", "-q", "--seed", "1"]
    result = CliRunner().invoke(cli, [*args, "--out", str(tmp_path), "--name", "l"])
    assert result.exit_code == 0, result.output
    assert "0.0% [0.0%, 39.0%] n=6" in result.output  # random never won: the case under test
    assert "use a prior of 0.5 virtual games" in result.output
    ratings = result.output.split("Ratings (strongest first)")[1].splitlines()[2]
    assert ratings.startswith("evaluator")


def test_pairs_of_few_games_are_flagged_as_in_every_rate_table(tmp_path):
    """A ladder of 6 games a pair flags its matrix and 'stronger scores', as a sweep's cells end in '*' and
    other tables say 'few games'."""
    args = ["ladder", "gosu-x", "-s", "random", "-s", "evaluator", "-n", "6", "-j", "1", "-q", "--seed", "1"]
    result = CliRunner().invoke(cli, [*args, "--out", str(tmp_path), "--name", "l"])
    assert result.exit_code == 0, result.output
    assert "0.0% [0.0%, 39.0%] n=6 *" in result.output
    steps = result.output.split("How often the stronger policy wins")[1].splitlines()
    assert steps[1].split()[-1] == "note" and steps[2].endswith("few games"), steps[:3]
