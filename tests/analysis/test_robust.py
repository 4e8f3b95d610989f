"""Policy ensembles: rank statistics, claim verdicts, and `cardlab robust` end to end."""

from __future__ import annotations

import json

import numpy as np
import polars as pl
import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from cardlab.analysis.robust import (
    _claims,
    ensemble,
    kendall,
    open_runs,
    ranks,
    reflected_interval,
    spearman,
)
from cardlab.cli import cli


def test_ranks_average_ties_and_put_the_largest_first():
    assert ranks(np.array([0.5, 0.7, 0.5, 0.1])).tolist() == [2.5, 1.0, 2.5, 4.0]


def test_rank_correlations_on_known_orders():
    a = np.array([1.0, 2.0, 3.0, 4.0, 5.0])
    assert spearman(a, a) == pytest.approx(1.0)
    assert spearman(a, -a) == pytest.approx(-1.0)
    assert kendall(a, a) == pytest.approx(1.0)
    assert kendall(a, -a) == pytest.approx(-1.0)
    # one swapped adjacent pair out of 10 pairs: τ = (9 − 1) / 10
    assert kendall(a, np.array([2.0, 1.0, 3.0, 4.0, 5.0])) == pytest.approx(0.8)
    # τ-b with a tie: x = (1, 2, 2), y = (1, 2, 3): 2 concordant, 1 tied in x → 2 / sqrt(2 · 3)
    assert kendall(np.array([1.0, 2.0, 2.0]), np.array([1.0, 2.0, 3.0])) == pytest.approx(2 / np.sqrt(6))
    assert np.isnan(spearman(np.ones(4), a[:4]))


@given(st.lists(st.floats(0, 1), min_size=3, max_size=12, unique=True))
def test_correlations_are_symmetric_and_bounded(xs):
    a = np.array(xs)
    b = a[::-1].copy()
    for fn in (spearman, kendall):
        value = fn(a, b)
        assert -1 - 1e-9 <= value <= 1 + 1e-9
        assert fn(a, b) == pytest.approx(fn(b, a))


def _rates(rows):
    return pl.DataFrame(
        rows,
        schema=["policy", "value", "lower", "upper", "baseline", "too_few"],
        orient="row",
    )


def test_claim_verdicts_robust_depends_and_reversed():
    rates = _rates(
        [
            # A: X clearly above Y and above the even share
            ("A", "X", 0.60, 0.70, 0.5, False),
            ("A", "Y", 0.30, 0.40, 0.5, False),
            # B: X above Y again, X no longer clear of the even share
            ("B", "X", 0.45, 0.56, 0.5, False),
            ("B", "Y", 0.20, 0.30, 0.5, False),
            # C: reversed
            ("C", "X", 0.20, 0.30, 0.5, False),
            ("C", "Y", 0.60, 0.70, 0.5, False),
        ]
    )
    claims = {r["claim"]: r for r in _claims(rates, ["A", "B", "C"]).iter_rows(named=True)}
    assert claims["X is above Y"]["verdict"] == "depends on the players"
    assert claims["X is above Y"]["holds_under"] == "A, B"
    assert claims["X is above Y"]["reversed_under"] == "C"
    assert claims["Y is below the even share"]["holds_under"] == "A, B"
    claims2 = {
        r["claim"]: r
        for r in _claims(rates.filter(pl.col("policy") != "C"), ["A", "B"]).iter_rows(named=True)
    }
    assert claims2["X is above Y"]["verdict"] == "robust"
    assert claims2["X is above the even share"]["verdict"] == "depends on the players"


def test_reflected_interval_is_the_percentile_interval_when_the_replicates_centre_on_the_point():
    reps = np.linspace(-0.5, 0.5, 2001)  # symmetric about the point: no pull to correct
    corrected, lo, hi = reflected_interval(0.0, reps, 0.95)
    assert corrected == pytest.approx(0.0)
    assert (lo, hi) == pytest.approx(tuple(np.percentile(reps, [2.5, 97.5])))


def test_reflected_interval_corrects_the_pull_of_noise_towards_zero():
    # redrawn correlations lean 0.15 below the measured one (noisier rates, a weaker order): the true
    # rates' agreement is read 0.15 above it, and the interval is the percentiles' mirrored about the point
    rng = np.random.default_rng(0)
    reps = rng.normal(0.45, 0.1, 4000)
    corrected, lo, hi = reflected_interval(0.6, reps, 0.95)
    assert corrected == pytest.approx(1.2 - reps.mean())
    q_lo, q_hi = np.percentile(reps, [2.5, 97.5])
    assert (lo, hi) == pytest.approx((1.2 - q_hi, 1.2 - q_lo))
    assert corrected > 0.6 and lo < corrected < hi


def test_reflected_interval_stays_within_minus_one_and_one():
    corrected, lo, hi = reflected_interval(0.95, np.linspace(0.5, 0.95, 500), 0.95)
    assert corrected == hi == 1.0 and lo < 1.0  # 2·0.95 − mean(reps) would be 1.175
    assert all(np.isnan(reflected_interval(float("nan"), np.ones(3), 0.95)))


def test_too_uncertain_values_make_no_claim():
    rates = _rates([("A", "X", 0.6, 0.9, 0.5, True), ("A", "Y", 0.1, 0.2, 0.5, False)])
    claims = _claims(rates, ["A"])
    assert "X is above Y" not in claims["claim"].to_list()


def test_cardlab_robust_end_to_end(tmp_path):
    runner = CliRunner()
    args = ["robust", "gosu-x", "--ensemble", "sensible,random", "-n", "60", "-j", "1", "-q"]
    result = runner.invoke(cli, [*args, "--out", str(tmp_path), "--name", "e"])
    assert result.exit_code == 0, result.output
    record = json.loads((tmp_path / "e" / "ensemble.json").read_text())
    assert [p["label"] for p in record["policies"]] == ["sensible", "random"]
    assert "Which conclusions about clans survive a change of players" in result.output
    assert (tmp_path / "e" / "report.md").is_file()
    # the same seeds under each policy: the two runs' games have the same seeds
    seeds = [
        pl.read_parquet(tmp_path / "e" / p["run"] / "games" / "part-000000.parquet")["seed"].to_list()
        for p in record["policies"]
    ]
    assert seeds[0] == seeds[1]
    again = runner.invoke(cli, ["report", str(tmp_path / "e")])
    assert again.exit_code == 0, again.output
    assert "Rank agreement between policies (clans)" in again.output
    for row in ensemble(open_runs(tmp_path / "e")[0], "clans").correlations.iter_rows(named=True):
        for name in ("spearman", "kendall"):  # the interval holds the noise-corrected figure
            if row[f"{name}_lower"] == row[f"{name}_lower"]:
                assert row[f"{name}_lower"] <= row[f"{name}_corrected"] <= row[f"{name}_upper"]
    taken = runner.invoke(cli, [*args, "--out", str(tmp_path), "--name", "e"])
    assert taken.exit_code == 2 and "exists" in taken.output


@pytest.mark.parametrize(
    ("ensemble", "message"),
    [
        ("sensible", "at least two policies"),
        ("sensible,nobody", "unknown strategy 'nobody'"),
        ("random,random", "twice"),
    ],
)
def test_cardlab_robust_bad_ensembles_write_nothing(tmp_path, ensemble, message):
    result = CliRunner().invoke(
        cli,
        ["robust", "gosu-x", "--ensemble", ensemble, "-n", "10", "-q", "--out", str(tmp_path), "--name", "x"],
    )
    assert result.exit_code == 2
    assert message in result.output
    assert not (tmp_path / "x").exists()


def test_change_verdicts():
    from cardlab.analysis.robust import _change_verdict

    assert _change_verdict(["A", "B"], [], ["A", "B"]) == "helps under every policy (robust)"
    assert _change_verdict([], ["A", "B"], ["A", "B"]) == "hurts under every policy (robust)"
    assert (
        _change_verdict(["A"], ["B"], ["A", "B"])
        == "helps under A; hurts under B only (depends on the players)"
    )
    assert _change_verdict([], [], ["A", "B"]) == "no clear change under any policy"


def test_compare_two_ensembles_per_policy(tmp_path):
    runner = CliRunner()
    for name, extra in (("a", []), ("b", ["--combat-values", "3,1,1"])):
        args = ["robust", "gosu-x", "--ensemble", "sensible,random", "-n", "60", "-j", "1", "-q"]
        done = runner.invoke(cli, [*args, *extra, "--out", str(tmp_path), "--name", name])
        assert done.exit_code == 0, done.output
    result = runner.invoke(
        cli, ["compare", str(tmp_path / "a"), str(tmp_path / "b"), "--by", "draft_position"]
    )
    assert result.exit_code == 0, result.output
    assert "B − A under each policy" in result.output
    header = next(line for line in result.output.splitlines() if line.startswith("draft_position"))
    assert header.split() == ["draft_position", "sensible", "random", "verdict"]
