"""Bradley–Terry and Plackett–Luce ratings against answers known by hand or by construction."""

from __future__ import annotations

import math

import numpy as np
import polars as pl
import pytest

from cardlab.analysis.ratings import bradley_terry, bt_ratings, plackett_luce


def two_player_table(games: list[tuple[str, str, str]]) -> pl.DataFrame:
    """(label seat 0, label seat 1, result of seat 0) → a players table."""
    flip = {"win": "loss", "loss": "win", "draw": "draw"}
    rows = []
    for g, (a, b, res) in enumerate(games):
        rows += [(g, 0, a, res), (g, 1, b, flip[res])]
    return pl.DataFrame(rows, schema=["game_id", "seat", "label", "result"], orient="row")


def by_label(frame: pl.DataFrame) -> dict[str, dict]:
    return {row["label"]: row for row in frame.iter_rows(named=True)}


def test_two_labels_by_hand():
    # A beat B 3 times out of 4: θ_A − θ_B = log 3, centred; Fisher information of the difference is
    # n p (1 − p) = 4 · ¾ · ¼ = ¾, so var(θ_A) = var(diff)/4 = 1/3.
    out = by_label(bradley_terry(np.array([[0, 3], [1, 0]]), ["A", "B"]))
    assert out["A"]["rating"] == pytest.approx(math.log(3) / 2)
    assert out["B"]["rating"] == pytest.approx(-math.log(3) / 2)
    assert out["A"]["se"] == pytest.approx(math.sqrt(1 / 3))
    assert out["A"]["games"] == 4 and out["A"]["wins"] == 3
    assert out["A"]["win_prob"] == pytest.approx(math.sqrt(3) / (math.sqrt(3) + 1))
    z = 1.959963984540054
    assert out["A"]["lower"] == pytest.approx(math.log(3) / 2 - z * math.sqrt(1 / 3))


def test_recovers_known_strengths_from_a_huge_sample():
    rng = np.random.default_rng(7)
    theta = np.array([0.9, 0.4, 0.0, -0.5, -0.8])
    theta -= theta.mean()
    k, n = len(theta), 40_000
    wins = np.zeros((k, k))
    for i in range(k):
        for j in range(i + 1, k):
            w = rng.binomial(n, 1 / (1 + math.exp(theta[j] - theta[i])))
            wins[i, j], wins[j, i] = w, n - w
    out = bradley_terry(wins, list("ABCDE")).sort("label")
    assert np.allclose(out["rating"].to_numpy(), theta, atol=0.03)
    assert (out["lower"].to_numpy() < theta + 0.01).all() and (theta - 0.01 < out["upper"].to_numpy()).all()
    assert out["se"].max() < 0.01


def test_draws_count_as_half_wins_and_players_table_matches_matrix():
    table = two_player_table(
        [("A", "B", "win")] * 5
        + [("B", "A", "win")] * 2
        + [("A", "B", "draw")] * 2
        + [("C", "A", "win")] * 3
        + [("A", "C", "win")] * 4
        + [("B", "C", "win")] * 3
        + [("C", "B", "win")] * 3
    )
    from_table = bt_ratings(table).sort("label")
    matrix = np.array([[0, 6, 4], [3, 0, 3], [3, 3, 0]], dtype=float)
    from_matrix = bradley_terry(matrix, ["A", "B", "C"]).sort("label")
    assert np.allclose(from_table["rating"].to_numpy(), from_matrix["rating"].to_numpy())
    assert from_table["games"].to_list() == [16, 15, 13]


def test_mirror_matches_do_not_move_ratings():
    base = [("A", "B", "win")] * 3 + [("B", "A", "win")]
    plain = bt_ratings(two_player_table(base)).sort("label")
    mirrors = bt_ratings(two_player_table(base + [("A", "A", "win")] * 5)).sort("label")
    assert np.allclose(plain["rating"].to_numpy(), mirrors["rating"].to_numpy())


def test_undefeated_label_is_not_identifiable_without_a_prior():
    wins = np.array([[0, 4, 2], [0, 0, 3], [0, 1, 0]], dtype=float)  # A never lost
    with pytest.raises(ValueError, match="not identifiable"):
        bradley_terry(wins, ["A", "B", "C"])
    out = by_label(bradley_terry(wins, ["A", "B", "C"], prior=1.0))
    assert math.isfinite(out["A"]["rating"]) and out["A"]["rating"] > out["B"]["rating"]


def test_bootstrap_is_seeded_and_brackets_the_estimate():
    wins = np.array([[0, 30, 25], [20, 0, 28], [25, 22, 0]], dtype=float)
    one = bradley_terry(wins, list("ABC"), bootstrap=200, rng=np.random.default_rng(3))
    two = bradley_terry(wins, list("ABC"), bootstrap=200, rng=np.random.default_rng(3))
    assert one.equals(two)
    assert (one["boot_lower"] < one["rating"]).all() and (one["rating"] < one["boot_upper"]).all()
    # percentile and Wald intervals agree roughly on a well-behaved sample
    widths = (one["boot_upper"] - one["boot_lower"]) / (one["upper"] - one["lower"])
    assert ((widths > 0.7) & (widths < 1.3)).all()


def placement_table(labels: np.ndarray, places: np.ndarray) -> pl.DataFrame:
    games, seats = labels.shape
    flat_places = places.ravel()
    return pl.DataFrame(
        {
            "game_id": np.repeat(np.arange(games), seats),
            "seat": np.tile(np.arange(seats), games),
            "label": labels.ravel(),
            "placement": flat_places,
            "result": np.where(flat_places == 1, "win", "loss"),
        }
    )


def test_plackett_luce_winner_only_by_hand():
    # Every game seats A, B, C; A won 2, B 1, C 1. With one choice set the MLE is γ ∝ wins.
    labels = np.array([["A", "B", "C"]] * 4)
    places = np.array([[1, 2, 3], [1, 3, 2], [2, 1, 3], [3, 2, 1]])
    out = plackett_luce(placement_table(labels, places)).sort("label")
    expected = np.log([2.0, 1.0, 1.0])
    assert np.allclose(out["rating"].to_numpy(), expected - expected.mean(), atol=1e-8)
    # Fisher information: 4 (diag(q) − q qᵀ), q = (½, ¼, ¼); covariance is its pseudo-inverse
    q = np.array([0.5, 0.25, 0.25])
    cov = np.linalg.pinv(4 * (np.diag(q) - np.outer(q, q)))
    assert np.allclose(out["se"].to_numpy(), np.sqrt(np.diag(cov)))
    assert out["wins"].to_list() == [2.0, 1.0, 1.0]
    assert out["win_prob"][0] == pytest.approx(math.exp(out["rating"][0]) / (math.exp(out["rating"][0]) + 2))


def test_plackett_luce_recovers_known_strengths():
    rng = np.random.default_rng(11)
    names = np.array(list("ABCDEF"))
    theta = np.array([0.7, 0.3, 0.1, -0.1, -0.4, -0.6])
    theta -= theta.mean()
    games, seats = 30_000, 4
    picks = np.argsort(rng.random((games, len(names))), axis=1)[:, :seats]
    # Plackett–Luce sampling: order by θ + Gumbel noise
    order = np.argsort(-(theta[picks] + rng.gumbel(size=picks.shape)), axis=1)
    places = np.empty_like(order)
    np.put_along_axis(places, order, np.arange(1, seats + 1)[None, :].repeat(games, 0), axis=1)
    table = placement_table(names[picks], places)
    full = plackett_luce(table, placement="placement").sort("label")
    winners = plackett_luce(table).sort("label")
    assert np.allclose(full["rating"].to_numpy(), theta, atol=0.04)
    assert np.allclose(winners["rating"].to_numpy(), theta, atol=0.06)
    # full placements carry more information than winners alone
    assert (full["se"].to_numpy() < winners["se"].to_numpy()).all()
    assert full["games"].sum() == games * seats


def test_plackett_luce_on_two_players_equals_bradley_terry():
    table = two_player_table(
        [("A", "B", "win")] * 6
        + [("B", "A", "win")] * 3
        + [("A", "C", "draw")] * 2
        + [("C", "A", "win")] * 2
        + [("B", "C", "win")] * 2
        + [("C", "B", "win")] * 4
    )
    pl_out = plackett_luce(table).sort("label")
    bt_out = bt_ratings(table).sort("label")
    assert np.allclose(pl_out["rating"].to_numpy(), bt_out["rating"].to_numpy(), atol=1e-8)
    assert np.allclose(pl_out["se"].to_numpy(), bt_out["se"].to_numpy(), atol=1e-8)


def test_shared_win_in_multiplayer_splits_the_choice():
    # 3-player games: a draw between A and B counts half a first place each
    table = pl.DataFrame(
        {
            "game_id": [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3],
            "seat": [0, 1, 2] * 4,
            "label": ["A", "B", "C"] * 4,
            "result": [
                "draw",
                "draw",
                "loss",
                "win",
                "loss",
                "loss",
                "loss",
                "win",
                "loss",
                "loss",
                "loss",
                "win",
            ],
        }
    )
    out = plackett_luce(table).sort("label")
    # single choice set again: γ ∝ first places (1.5, 1.5, 1)
    expected = np.log([1.5, 1.5, 1.0])
    assert np.allclose(out["rating"].to_numpy(), expected - expected.mean(), atol=1e-8)
    assert out["wins"].to_list() == [1.5, 1.5, 1.0]
