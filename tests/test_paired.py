"""The worth of pairing in ``cardlab compare`` (issue 21 item 1): how many times the games an unpaired
comparison would need for the same certainty."""

from __future__ import annotations

import math

import polars as pl
import pytest

from cardlab.analysis.paired import paired_compare


def test_pairing_gain_is_the_variance_saved_by_common_random_numbers():
    """Independent outcomes gain nothing (≈ 1); coin-flip outcomes that differ in one game in ten gain
    (¼ + ¼) / 0.1 = 5×; identical runs gain without limit."""
    import numpy as np

    rng = np.random.default_rng(4)
    n = 4000

    def table(results):
        return pl.DataFrame(
            {"game_id": list(range(n)), "seat": [0] * n, "label": ["x"] * n, "result": results}
        )

    a = ["win" if v else "loss" for v in rng.random(n) < 0.5]
    independent = ["win" if v else "loss" for v in rng.random(n) < 0.5]
    assert paired_compare(table(a), table(independent)).pairing_gain == pytest.approx(1.0, abs=0.1)
    flipped = [("loss" if r == "win" else "win") if rng.random() < 0.1 else r for r in a]
    assert paired_compare(table(a), table(flipped)).pairing_gain == pytest.approx(5.0, rel=0.15)
    assert paired_compare(table(a), table(a)).pairing_gain == math.inf


def test_clustered_paired_interval_covers_when_a_deals_games_change_together():
    """--mirror compare: a change that matters in a deal matters in all 4 of its rotations (here it turns a
    loss into a win in 30 % of deals), so the games of a deal change together. True B − A = 0.3 · ½ = 0.15.
    Newcombe's interval, treating the 400 games as independent, under-covers; scaled by the design effect of
    clustering by deal it keeps its nominal coverage (200 synthetic runs, Monte Carlo slack)."""
    import numpy as np

    rng = np.random.default_rng(7)
    deals, size, truth = 100, 4, 0.15
    n = deals * size
    hit_plain = hit_clustered = 0
    reps = 200
    for _ in range(reps):
        a = rng.random(n) < 0.5
        matters = np.repeat(rng.random(deals) < 0.3, size)
        b = a | matters

        def table(won, deal=True):
            data = {"game_id": list(range(n)), "seat": [0] * n, "label": ["x"] * n}
            data["result"] = ["win" if w else "loss" for w in won]
            if deal:
                data["deal"] = [i // size for i in range(n)]
            return pl.DataFrame(data)

        plain = paired_compare(table(a), table(b)).by_label.row(0, named=True)
        clustered = paired_compare(table(a), table(b, False), cluster="deal").by_label.row(0, named=True)
        hit_plain += plain["lower"] <= truth <= plain["upper"]
        hit_clustered += clustered["lower"] <= truth <= clustered["upper"]
        assert clustered["deff"] > 1
    assert hit_clustered / reps >= 0.91
    assert hit_plain / reps < 0.88


def test_the_claimed_design_effect_is_capped_for_a_handful_of_deals():
    """The small-sample cap (issue 21): a difference that cancels within each deal (deff ≪ 1) claims no gain
    from 5 deals — at least 1, times the t correction — but keeps its gain from 200 deals."""
    from cardlab.analysis.paired import claimed_design_effect, design_effect
    from cardlab.analysis.stats import small_sample_factor

    def cancelling(deals):
        diffs = [d for _ in range(deals) for d in (1.0, -1.0, 0.0, 0.0)]
        diffs[0] = 0.5  # one deal differs a little: the clustered variance is not exactly 0
        return diffs, [i // 4 for i in range(4 * deals)]

    few, many = cancelling(5), cancelling(200)
    assert design_effect(*few) < 0.1 and design_effect(*many) < 0.1
    assert claimed_design_effect(*few) == pytest.approx(small_sample_factor(5))
    assert claimed_design_effect(*many) == pytest.approx(design_effect(*many) * small_sample_factor(200))
