"""`--mirror` for `sweep`, `ladder` and `robust` (issue 21): each deal in every seat rotation, and the
intervals of their tables clustered by deal; the rating intervals' sandwich estimator on synthetic data."""

from __future__ import annotations

import json

import numpy as np
import polars as pl
import pytest
from click.testing import CliRunner

from cardlab.analysis.ladder import ladder
from cardlab.analysis.ratings import plackett_luce
from cardlab.analysis.runs import Run
from cardlab.analysis.stats import wilson
from cardlab.analysis.winrates import winrate_by
from cardlab.cli import cli


def _invoke(tmp_path, *args):
    return CliRunner().invoke(cli, [*args, "-j", "1", "-q", "--seed", "3", "--out", str(tmp_path)])


def _seeds(folder):
    frame = pl.read_parquet(folder / "games" / "*.parquet").sort("game_id")
    return frame["seed"].to_list()


def test_sweep_mirror_plays_every_point_in_rotations_with_clustered_cells(tmp_path):
    args = ("sweep", "pig", "--vary", "target=20,30", "-n", "60", "-s", "hold,random", "--mirror")
    result = _invoke(tmp_path, *args, "--name", "sw")
    assert result.exit_code == 0, result.output
    points = sorted(p for p in (tmp_path / "sw").iterdir() if p.is_dir() and p.name.startswith("p"))
    for point in points:
        run = Run.open(point)
        assert run.manifest.mirror
        seeds = _seeds(point)
        assert seeds[0::2] == seeds[1::2] and len(set(seeds)) == 30  # 30 deals, 2 rotations each
        frame = winrate_by(run, "strategy").sort("value")
        for row in frame.iter_rows(named=True):  # the table's cell is the clustered interval
            assert f"[{100 * row['lower']:.1f}, {100 * row['upper']:.1f}] n={row['games']}" in result.output
            assert (row["lower"], row["upper"]) != wilson(row["wins"], row["games"])
    assert json.loads((tmp_path / "sw" / "sweep.json").read_text())["common"]["mirror"] is True
    plain = _invoke(tmp_path, *args[:-1], "--name", "sw", "--resume")  # a sweep resumes only as it was
    assert plain.exit_code == 2 and "mirror: the sweep has True" in plain.output


def test_sweep_mirror_refuses_a_partial_deal_before_writing(tmp_path):
    result = _invoke(
        tmp_path,
        "sweep",
        "pig",
        "--vary",
        "players=2,3",
        "-n",
        "8",
        "-s",
        "hold,random",
        "--mirror",
        "--name",
        "x",
    )
    assert result.exit_code == 2 and "multiple of 3" in result.output and len(result.output.splitlines()) == 1
    assert not (tmp_path / "x").exists()


def test_ladder_mirror_clusters_ratings_and_matrix_by_deal(tmp_path):
    args = ("ladder", "pig", "-s", "hold", "-s", "random", "-s", "hold:at=25", "-n", "80")
    for name, extra in (("m", ("--mirror",)), ("p", ())):
        result = _invoke(tmp_path, *args, *extra, "--name", name)
        assert result.exit_code == 0, result.output
    record = json.loads((tmp_path / "m" / "ladder.json").read_text())
    assert record["mirror"] is True and "mirror" not in json.loads(
        (tmp_path / "p" / "ladder.json").read_text()
    )
    seeds = _seeds(tmp_path / "m" / record["runs"][0]["run"])
    assert seeds[0::2] == seeds[1::2]
    mirrored = ladder(tmp_path / "m")
    assert "cluster-robust" in (tmp_path / "m" / "report.md").read_text()
    players = pl.concat(
        [
            Run.open(tmp_path / "m" / r["run"])
            .db.sql("SELECT game_id, strategy, result FROM players")
            .pl()
            .with_columns(pl.lit(r["run"]).alias("run"))
            for r in record["runs"]
        ]
    ).with_columns((pl.col("run") + ":" + pl.col("game_id").cast(pl.String)).alias("gid"))
    naive = plackett_luce(players, label="strategy", game="gid").sort("label")
    robust = mirrored.ratings.sort("label")
    assert robust["rating"].to_list() == pytest.approx(naive["rating"].to_list())  # same fit
    assert robust["se"].to_list() != pytest.approx(naive["se"].to_list())  # other intervals


def test_robust_mirror_is_refused_in_one_line(tmp_path):
    result = _invoke(
        tmp_path, "robust", "pig", "--ensemble", "hold,random", "-n", "10", "--mirror", "--name", "r"
    )
    assert result.exit_code == 2 and len(result.output.splitlines()) == 1
    assert "replay the same game" in result.output and not (tmp_path / "r").exists()


def _bt_games(rng, n, strengths=(0.0, 0.6, 1.2)):
    rows = []
    for g in range(n):
        a, b = rng.choice(3, 2, replace=False)
        p = 1 / (1 + np.exp(strengths[b] - strengths[a]))
        win = rng.random() < p
        rows += [
            {"game_id": g, "label": f"L{a}", "result": "win" if win else "loss"},
            {"game_id": g, "label": f"L{b}", "result": "loss" if win else "win"},
        ]
    return pl.DataFrame(rows)


def test_sandwich_intervals_see_through_copied_games():
    """Each of 400 Bradley–Terry games copied 4 times (a cluster that adds no information): the Fisher
    standard errors halve as if there were 1,600 games; the cluster-robust ones stay at the 400 games'."""
    rng = np.random.default_rng(5)
    base = _bt_games(rng, 400)
    copies = pl.concat(
        [
            base.with_columns((pl.col("game_id") * 4 + k).alias("game_id"), pl.col("game_id").alias("deal"))
            for k in range(4)
        ]
    )
    alone = plackett_luce(base).sort("label")["se"].to_numpy()
    fisher = plackett_luce(copies).sort("label")["se"].to_numpy()
    robust = plackett_luce(copies, cluster="deal").sort("label")["se"].to_numpy()
    assert fisher == pytest.approx(alone / 2, rel=0.01)
    assert robust == pytest.approx(alone, rel=0.15)


def test_sandwich_matches_fisher_for_independent_games():
    rng = np.random.default_rng(6)
    games = _bt_games(rng, 1500).with_columns(pl.col("game_id").alias("deal"))
    fisher = plackett_luce(games).sort("label")["se"].to_numpy()
    robust = plackett_luce(games, cluster="deal").sort("label")["se"].to_numpy()
    assert robust == pytest.approx(fisher, rel=0.1)
