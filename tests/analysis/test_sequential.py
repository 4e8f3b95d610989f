"""Stopping rules: the --until-ci half-width and the SPRT's error rates over many synthetic streams."""

from __future__ import annotations

import math

import numpy as np
import polars as pl
import pytest

from cardlab.analysis.sequential import (
    ACCEPT_H0,
    ACCEPT_H1,
    CONTINUE,
    SPRT,
    decide,
    max_half_width,
    paired_llr,
    sprt_bounds,
    unpaired_llr,
)
from cardlab.analysis.stats import wilson

ALPHA = BETA = 0.05
REPS, BATCHES, BATCH = 2000, 300, 20
TOLERANCE = 0.02  # a 2000-repetition estimate of 0.05 has a standard error of about 0.005


def test_max_half_width():
    counts = pl.DataFrame({"label": ["A", "B"], "wins": [50, 10], "games": [100, 40]})
    low, high = wilson(10, 40)
    assert max_half_width(counts) == pytest.approx((high - low) / 2)
    assert max_half_width({"A": (50, 100), "B": (10, 40)}) == pytest.approx((high - low) / 2)
    assert max_half_width({"A": (50, 100), "B": (3, 12)}) == math.inf  # B below min_games
    assert max_half_width({}) == math.inf
    assert max_half_width({"A": (3, 12)}, min_games=10) < 0.3


def test_bounds():
    assert sprt_bounds(0.05, 0.1) == pytest.approx((math.log(0.1 / 0.95), math.log(0.9 / 0.05)))
    with pytest.raises(ValueError):
        sprt_bounds(0.6, 0.5)


def first_decisions(llr: np.ndarray, games: np.ndarray) -> np.ndarray:
    """The first non-continue decision of each stream (rows), or continue."""
    lower, upper = sprt_bounds(ALPHA, BETA)
    decisions = decide(llr, games, lower, upper)
    stopped = decisions != CONTINUE
    first = np.where(stopped.any(axis=1), stopped.argmax(axis=1), BATCHES - 1)
    return decisions[np.arange(len(decisions)), first]


def unpaired_streams(rng, p_a, p_b, delta=0.1):
    wins_a = rng.binomial(BATCH, p_a, (REPS, BATCHES)).cumsum(axis=1)
    wins_b = rng.binomial(BATCH, p_b, (REPS, BATCHES)).cumsum(axis=1)
    games = np.broadcast_to(BATCH * np.arange(1, BATCHES + 1), wins_a.shape)
    return first_decisions(unpaired_llr(wins_a, games, wins_b, games, delta), games)


def paired_streams(rng, both, a_only, b_only, delta=0.1):
    cells = rng.multinomial(BATCH, [both, a_only, b_only, 1 - both - a_only - b_only], (REPS, BATCHES))
    counts = cells.cumsum(axis=1)
    games = np.broadcast_to(BATCH * np.arange(1, BATCHES + 1), counts.shape[:2])
    return first_decisions(paired_llr(counts[..., 1], counts[..., 2], games, delta), games)


@pytest.mark.parametrize("rate", [0.5, 0.2])
def test_unpaired_error_rates(rate):
    rng = np.random.default_rng(42)
    null = unpaired_streams(rng, rate, rate)
    assert (null == ACCEPT_H1).mean() <= ALPHA + TOLERANCE
    alt = unpaired_streams(rng, rate + 0.05, rate - 0.05)
    assert (alt == ACCEPT_H0).mean() <= BETA + TOLERANCE
    assert (null == CONTINUE).mean() < 0.01 and (alt == CONTINUE).mean() < 0.01


@pytest.mark.parametrize("changed", [0.2, 0.4])
def test_paired_error_rates(changed):
    rng = np.random.default_rng(43)
    null = paired_streams(rng, 0.4, changed / 2, changed / 2)
    assert (null == ACCEPT_H1).mean() <= ALPHA + TOLERANCE
    alt = paired_streams(rng, 0.4, changed / 2 + 0.05, changed / 2 - 0.05)
    assert (alt == ACCEPT_H0).mean() <= BETA + TOLERANCE


def test_sprt_object_latches_its_decision():
    rng = np.random.default_rng(5)
    test = SPRT(delta=0.1, paired=True)
    decision = CONTINUE
    while decision == CONTINUE:
        a = (rng.random(50) < 0.6).astype(float)
        b = np.where(rng.random(50) < 0.7, a, 1 - a)  # same seeds: B mostly repeats A
        decision = test.update(a, b)
        assert test.batches < 200
    assert decision in (ACCEPT_H0, ACCEPT_H1)
    test.update(np.ones(50), np.zeros(50))
    assert test.decision == decision and test.batches >= 2
    assert test.games == test.games_a


def test_sprt_object_matches_the_vectorised_llr():
    test = SPRT(delta=0.1, min_games=10)
    test.update([1, 1, 0, 1, 0.5], [0, 1, 0])
    assert test.llr == pytest.approx(float(unpaired_llr(3.5, 5, 1, 3, 0.1)))
    assert test.games == 3 and test.decision == CONTINUE  # below min_games
    with pytest.raises(ValueError):
        test.update([2], [0])
    with pytest.raises(ValueError):
        SPRT(delta=0.1, paired=True).update([1, 0], [1])
