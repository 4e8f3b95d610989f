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
