"""Paired A/B comparison: Newcombe's published values and a hand-made pair of runs."""

from __future__ import annotations

import polars as pl
import pytest

from cardlab.analysis.paired import newcombe_paired, paired_compare
from cardlab.analysis.stats import wilson


@pytest.mark.parametrize(
    ("table", "lower", "upper"),
    [
        # Newcombe (1998), method 10 examples; his d is p_A − p_B, ours is B − A
        ((36, 12, 2, 0), 0.0569, 0.3404),
        ((18, 12, 2, 18), 0.0562, 0.3290),
        ((53, 0, 0, 1), -0.0729, 0.0729),
        ((0, 30, 0, 0), 0.8395, 1.0),
    ],
)
def test_newcombe_published_values(table, lower, upper):
    diff, low, high = newcombe_paired(*table)
    e, f, g, h = table
    assert diff == pytest.approx((g - f) / (e + f + g + h))
    assert (-high, -low) == pytest.approx((lower, upper), abs=1e-4)


def runs() -> tuple[pl.DataFrame, pl.DataFrame]:
    """20 seeds, X in seat 0 against Y. Run A: X wins games 0–9. Run B: the change turns games 10–13
    into X wins too, and game 19 into a draw: X goes from 10/20 to 14.5/20."""
    a_rows, b_rows = [], []
    for g in range(20):
        a_x = "win" if g < 10 else "loss"
        b_x = "win" if g < 14 else ("draw" if g == 19 else "loss")
        other = {"win": "loss", "loss": "win", "draw": "draw"}
        a_rows += [(g, 0, "X", a_x), (g, 1, "Y", other[a_x])]
        b_rows += [(g, 0, "X", b_x), (g, 1, "Y", other[b_x])]
    schema = ["game_id", "seat", "label", "result"]
    return pl.DataFrame(a_rows, schema=schema, orient="row"), pl.DataFrame(
        b_rows, schema=schema, orient="row"
    )


def test_known_difference():
    a, b = runs()
    out = paired_compare(a, b)
    x = out.by_label.filter(pl.col("label") == "X").row(0, named=True)
    assert (x["rate_a"], x["rate_b"], x["diff"]) == pytest.approx((0.5, 0.725, 0.225))
    assert (x["both"], x["a_only"], x["b_only"], x["neither"]) == pytest.approx((10, 0, 4.5, 5.5))
    assert (x["diff"], x["lower"], x["upper"]) == pytest.approx(newcombe_paired(10, 0, 4.5, 5.5))
    assert x["lower"] > 0  # the change helped X, and the paired interval sees it
    y = out.by_label.filter(pl.col("label") == "Y").row(0, named=True)
    assert y["diff"] == pytest.approx(-0.225)
    assert (out.games, out.winner_changed) == (20, 5)
    assert (out.changed_lower, out.changed_upper) == pytest.approx(wilson(5, 20))
    assert (out.unmatched_a, out.unmatched_b, out.label_changed) == (0, 0, 0)


def test_unmatched_and_relabelled_rows_are_counted_not_compared():
    a, b = runs()
    b = b.filter(pl.col("game_id") != 0).with_columns(
        pl.when((pl.col("game_id") == 1) & (pl.col("seat") == 1))
        .then(pl.lit("Z"))
        .otherwise(pl.col("label"))
        .alias("label")
    )
    out = paired_compare(a, b)
    assert (out.unmatched_a, out.unmatched_b, out.label_changed, out.games) == (2, 0, 1, 19)
    assert out.by_label.filter(pl.col("label") == "Y")["games"][0] == 18
