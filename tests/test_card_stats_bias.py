"""Card statistics without the known biases (issue 21 item 5): length-matched comparison, false discovery
control across hundreds of cards, shrinkage of small samples — each checked against a known answer."""

from __future__ import annotations

import math
from types import SimpleNamespace

import duckdb
import numpy as np
import polars as pl
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlab.analysis import card_counts, card_stats
from cardlab.simulate.core.analysis_spec import AnalysisSpec, CardAction


def _fake_run() -> SimpleNamespace:
    """Three 2-player games: g0 lasts 3 turns, g1 and g2 10. Card X is gained by g1 seat 0 (turn 5, won)
    and g2 seat 0 (turn 7, lost)."""
    con = duckdb.connect()
    con.execute("CREATE TABLE games AS SELECT * FROM (VALUES (0, 3), (1, 10), (2, 10)) t(game_id, turns)")
    con.execute(
        "CREATE TABLE players AS SELECT *, 'p' AS strategy FROM (VALUES (0,0,1.0),(0,1,0.0),(1,0,1.0),(1,1,0.0),"
        "(2,0,0.0),(2,1,1.0)) t(game_id, seat, win_share)"
    )
    con.execute(
        "CREATE TABLE events AS SELECT * FROM (VALUES (1,0,'item_gained','X',5),(2,0,'item_gained','X',7))"
        " t(game_id, seat, kind, card, turn)"
    )
    return SimpleNamespace(
        db=con, chunks=lambda: iter([con]), manifest=SimpleNamespace(coverage=None, summaries=None)
    )


GAINED = AnalysisSpec(card_actions=(CardAction("gained", ("item_gained",), "gained"),))


def test_length_matched_counts_compare_seats_of_games_that_lasted_as_long():
    counts = card_counts.count(_fake_run(), GAINED)
    cut = card_stats.median_turns(card_counts.first_turns(counts))
    assert cut == {("gained", "X"): 5}  # the lower median of first turns 5 and 7
    row = card_counts.matched_counts(counts, cut).row(0, named=True)
    # games lasting ≥ 5 turns are g1 and g2 (4 seats, 2 wins); by turn 5 only g1 seat 0 had X (and won):
    # with 1/1, without 1/3 — the 3-turn game g0 is left out of both sides
    assert (row["matched_turn"], row["players_with"], row["wins_with"]) == (5, 1, 1.0)
    assert (row["players_lasting"], row["wins_lasting"]) == (4, 2.0)
    matched = card_stats._matched(counts, 0.95).row(0, named=True)
    assert matched["matched_iwd"] == pytest.approx(1 - 1 / 3)


@given(st.lists(st.integers(1, 30), min_size=1, max_size=60))
def test_median_turn_from_the_histogram_is_duckdbs_lower_median(turns):
    """The two-pass form (a histogram added up over chunks, issue 20) gives the single query's median."""
    counts = pl.DataFrame({"turn": turns}).group_by("turn").len("players")
    histogram = counts.with_columns(action=pl.lit("a"), card=pl.lit("c"))
    expected = duckdb.sql(f"SELECT quantile_disc(t, 0.5) FROM (SELECT unnest({turns}) t)").fetchall()[0][0]
    assert card_stats.median_turns(histogram) == {("a", "c"): expected}


def test_benjamini_hochberg_matches_the_reference():
    scipy_stats = pytest.importorskip("scipy.stats")
    rng = np.random.default_rng(1)
    p = list(rng.uniform(size=40) ** 2)
    expected = scipy_stats.false_discovery_control(p, method="bh")
    assert np.allclose(card_stats.benjamini_hochberg(p), expected)
    assert math.isnan(card_stats.benjamini_hochberg([0.01, math.nan])[1])


def test_false_discovery_control_flags_few_of_many_cards_that_do_nothing():
    """300 cards with no effect: per-card p < 0.05 flags about 15; BH at q ≤ 0.05 flags (almost) none."""
    rng = np.random.default_rng(5)
    n1 = rng.integers(40, 400, size=300)
    rows = pl.DataFrame(
        {
            "action": ["gained"] * 300,
            "card": [f"c{i}" for i in range(300)],
            "players_with": n1,
            "wins_with": rng.binomial(n1, 0.25).astype(float),
            "players_without": [4000] * 300,
            "wins_without": rng.binomial(4000, 0.25, size=300).astype(float),
        }
    )
    flagged = card_stats.with_false_discovery(rows)
    assert flagged.filter(pl.col("p_value") < 0.05).height >= 5
    assert flagged.filter(pl.col("bh_q") <= 0.05).height <= 1


def test_shrinkage_moves_noisy_cards_most_and_lowers_the_error():
    rng = np.random.default_rng(2)
    truth = rng.normal(0.0, 0.03, size=200)
    se = rng.uniform(0.02, 0.15, size=200)
    seen = truth + rng.normal(0, se)
    frame = pl.DataFrame(
        {
            "action": ["gained"] * 200,
            "iwd": seen,
            "iwd_lower": seen - 1.96 * se,
            "iwd_upper": seen + 1.96 * se,
        }
    )
    shrunk = card_stats.with_shrinkage(frame)["iwd_shrunk"].to_numpy()
    assert np.mean((shrunk - truth) ** 2) < 0.5 * np.mean((seen - truth) ** 2)
    moved = np.abs(shrunk - seen)
    assert np.corrcoef(moved, se)[0, 1] > 0.3  # the noisier the card, the further it moves
