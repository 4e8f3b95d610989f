"""Seat effects and direct standardisation on a crafted, deliberately unbalanced fixture."""

from __future__ import annotations

import math

import polars as pl
import pytest

from cardlab.analysis.seats import seat_adjusted_win_rates, seat_win_rates
from cardlab.analysis.stats import wilson


def unbalanced() -> pl.DataFrame:
    """A sits first in 100 games and second in 25; whoever sits first wins 60 % of the time.

    Seat 0: A wins 60/100, B wins 15/25. Seat 1: B wins 40/100, A wins 10/25.
    Crude: A 70/125 = 0.56, B 55/125 = 0.44. Overall seat shares are ½ / ½, so both adjust to
    ½·0.6 + ½·0.4 = 0.5 — the crude gap is all seat.
    """
    rows, g = [], 0
    for first, second, first_wins in (("A", "B", 60), ("B", "A", 15)):
        games = 100 if first == "A" else 25
        for k in range(games):
            won = k < first_wins
            rows += [(g, 0, first, "win" if won else "loss"), (g, 1, second, "loss" if won else "win")]
            g += 1
    return pl.DataFrame(rows, schema=["game_id", "seat", "label", "result"], orient="row")


def test_seat_win_rates():
    out = seat_win_rates(unbalanced()).rows(named=True)
    assert [(r["position"], r["games"], r["wins"]) for r in out] == [(0, 125, 75.0), (1, 125, 50.0)]
    assert out[0]["win_rate"] == pytest.approx(0.6) and out[0]["expected"] == 0.5
    assert (out[0]["lower"], out[0]["upper"]) == pytest.approx(wilson(75, 125))


def test_positions_follow_the_first_seat():
    players = unbalanced().with_columns(pl.col("seat").cast(pl.UInt8))
    games = pl.DataFrame({"game_id": range(125), "first_seat": [1] * 125})
    out = seat_win_rates(players, games=games).rows(named=True)
    # seat 1 took the first turn everywhere, so position 0 is seat 1
    assert [(r["position"], r["wins"]) for r in out] == [(0, 50.0), (1, 75.0)]


def test_adjustment_removes_the_seat_effect():
    out = {r["label"]: r for r in seat_adjusted_win_rates(unbalanced()).iter_rows(named=True)}
    a, b = out["A"], out["B"]
    assert a["crude_rate"] == pytest.approx(0.56) and b["crude_rate"] == pytest.approx(0.44)
    assert a["adjusted_rate"] == pytest.approx(0.5) and b["adjusted_rate"] == pytest.approx(0.5)
    assert (a["crude_lower"], a["crude_upper"]) == pytest.approx(wilson(70, 125))
    # delta-method se with shrunk rates (x + 1)/(n + 2)
    r0, r1 = 61 / 102, 11 / 27
    se = math.sqrt(0.25 * r0 * (1 - r0) / 100 + 0.25 * r1 * (1 - r1) / 25)
    assert a["upper"] - a["adjusted_rate"] == pytest.approx(1.959963984540054 * se)
    assert a["missing_seats"] == 0 and not a["too_few"]


def test_label_missing_from_a_seat_has_no_adjusted_rate():
    players = pl.concat(
        [
            unbalanced(),
            pl.DataFrame(
                {"game_id": [999, 999], "seat": [0, 1], "label": ["C", "A"], "result": ["win", "loss"]}
            ),
        ]
    )
    out = {r["label"]: r for r in seat_adjusted_win_rates(players).iter_rows(named=True)}
    assert out["C"]["adjusted_rate"] is None and out["C"]["missing_seats"] == 1 and out["C"]["too_few"]
    assert out["A"]["adjusted_rate"] is not None


def test_players_table_schema_dtypes():
    # the runner writes seat and n_players as int8 and keeps the game's own final ``score``
    players = unbalanced().with_columns(
        pl.col("seat").cast(pl.Int8),
        pl.lit(2, dtype=pl.Int8).alias("n_players"),
        pl.lit(7.0).alias("score"),
        (pl.col("result") == "win").alias("win"),
    )
    games = pl.DataFrame(
        {"game_id": range(125), "first_seat": [0] * 125}, schema_overrides={"first_seat": pl.Int8}
    )
    by_text = seat_adjusted_win_rates(players, games=games)
    by_flag = seat_adjusted_win_rates(players, result="win", games=games)
    assert by_text.equals(by_flag)
    assert by_text["adjusted_rate"].to_list() == pytest.approx([0.5, 0.5])
