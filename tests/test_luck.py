"""Luck-adjusted win rates (issue 21 item 2), validated on synthetic data whose true rates are known: the
adjusted estimate is unbiased, its interval is narrower than the plain one when dice matter and keeps its
coverage, and it changes nothing when the dice explain nothing."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from cardlab.analysis import luck

TRUE = {"A": 0.40, "B": 0.55, "C": 0.45}


def _synthetic(rng: np.random.Generator, n: int, weight: float) -> pl.DataFrame:
    """Seats of groups A/B/C; each rolls a varying number of fair dice; a seat wins with probability
    true rate + weight × (its dice sum − expectation), so the true group rate is exactly TRUE."""
    values = rng.choice(list(TRUE), size=n)
    rolls = rng.integers(3, 15, size=n)
    # standardised luck: the dice sum's deviation over √(rolls) — still mean zero whatever the rolls
    own = np.array([(rng.integers(1, 7, size=k) - 3.5).sum() / np.sqrt(k) for k in rolls])
    p = np.clip(np.array([TRUE[v] for v in values]) + weight * own, 0, 1)
    won = (rng.random(n) < p).astype(float)
    return _seats(values, won, own)


def _seats(values: np.ndarray, won: np.ndarray, own: np.ndarray) -> pl.DataFrame:
    """``seat_luck``'s shape with only ``own_sum`` carrying luck (the other features zero)."""
    zeros = np.zeros(len(values))
    columns = {"value": values, "win_share": won, "own_sum": own}
    return pl.DataFrame(columns | {"own_sixes": zeros, "own_ones": zeros, "others_sum": zeros})


def test_adjusted_rates_are_unbiased_narrower_and_keep_coverage():
    rng = np.random.default_rng(7)
    hits = {v: 0 for v in TRUE}
    errors = {v: [] for v in TRUE}
    widths = []
    trials = 60
    for _ in range(trials):
        result = luck.adjust(_synthetic(rng, 1500, 0.13), features=("own_sum",))
        for row in result.table.iter_rows(named=True):
            truth = TRUE[row["value"]]
            errors[row["value"]].append(row["adjusted"] - truth)
            hits[row["value"]] += row["adjusted_lower"] <= truth <= row["adjusted_upper"]
            widths.append((row["adjusted_upper"] - row["adjusted_lower"]) / (row["upper"] - row["lower"]))
        assert result.variance_ratio < 0.9  # the dice explain a good part of the outcome here
    for value in TRUE:
        assert abs(np.mean(errors[value])) < 0.006, value  # unbiased
        assert hits[value] / trials >= 0.88, value  # ~95 % coverage, with Monte Carlo slack
    assert np.mean(widths) < 0.95  # narrower than the plain Wilson interval


def test_no_dice_effect_leaves_the_estimate_and_interval_alone():
    rng = np.random.default_rng(3)
    result = luck.adjust(_synthetic(rng, 3000, 0.0), features=("own_sum",))
    assert result.variance_ratio == pytest.approx(1.0, abs=0.01)
    for row in result.table.iter_rows(named=True):
        assert row["adjusted"] == pytest.approx(row["win_rate"], abs=0.01)


def test_seat_luck_reads_fair_rolls_from_a_four_souls_run(tmp_path):
    from click.testing import CliRunner

    from cardlab.analysis.runs import Run
    from cardlab.cli import cli

    result = CliRunner().invoke(
        cli,
        [
            "simulate",
            "four-souls",
            "-n",
            "12",
            "--seed",
            "4",
            "-j",
            "1",
            "-q",
            "--out",
            str(tmp_path),
            "--name",
            "r",
        ],
    )
    assert result.exit_code == 0, result.output
    run = Run.open(tmp_path / "r")
    assert luck.has_dice(run)
    frame = luck.seat_luck(run, "character")
    assert frame.height == 12 * 4  # every seat, also one that never rolled
    rolls = run.db.sql(
        "SELECT game_id, seat, sum(amount - 3.5) s FROM events WHERE kind='roll' AND detail='initial' GROUP BY ALL"
    ).pl()
    joined = frame.join(rolls, on=["game_id", "seat"], how="left").fill_null(0)
    assert np.allclose(joined["own_sum"].cast(float).to_numpy(), joined["s"].cast(float).to_numpy())
    adjusted = luck.adjust(frame)
    assert adjusted.table["games"].sum() == 48


EFFECT = {"A": 0.0, "B": 0.06, "C": -0.04}  # the true paired B − A per group


def _paired(rng: np.random.Generator, n: int, weight: float) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Two runs over the same n seats (game_id, seat) on the same seeds (one uniform per seat, shared); a
    seat wins with probability its group's rate (+ the change's effect in B) + weight × its dice luck in
    that run; the change makes each run roll its own dice."""
    values = rng.choice(list(TRUE), size=n)
    base = np.array([TRUE[v] for v in values])
    common = rng.random(n)
    frames = []
    for shift in (np.zeros(n), np.array([EFFECT[v] for v in values])):
        own = rng.normal(0.0, 1.0, size=n)  # standardised fair-dice luck: mean zero
        won = (common < np.clip(base + shift + weight * own, 0, 1)).astype(float)
        seats = pl.DataFrame({"game_id": np.arange(n), "seat": np.zeros(n, dtype=int)})
        frames.append(pl.concat([seats, _seats(values, won, own)], how="horizontal"))
    return frames[0], frames[1]


def test_paired_adjustment_is_unbiased_narrower_and_keeps_coverage():
    """compare's luck-adjusted B − A (issue 21 item 2) on synthetic paired runs with a known effect."""
    rng = np.random.default_rng(11)
    trials, hits, errors, widths = 50, dict.fromkeys(TRUE, 0), {v: [] for v in TRUE}, []
    for _ in range(trials):
        result = luck.adjust_paired(*_paired(rng, 1500, 0.12), features=("own_sum",))
        for row in result.table.iter_rows(named=True):
            truth = EFFECT[row["value"]]
            errors[row["value"]].append(row["adjusted"] - truth)
            hits[row["value"]] += abs(row["adjusted"] - truth) <= row["adjusted_half"]
            widths.append(row["adjusted_half"] / row["diff_half"])
        assert result.variance_ratio < 0.9
    for value in TRUE:
        assert abs(np.mean(errors[value])) < 0.008, value
        assert hits[value] / trials >= 0.86, value
    assert np.mean(widths) < 0.95


def test_paired_adjustment_needs_paired_seats():
    a, b = _paired(np.random.default_rng(1), 5, 0.1)
    assert luck.adjust_paired(a, b, features=("own_sum",)) is None
