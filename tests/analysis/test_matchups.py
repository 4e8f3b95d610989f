"""Matchup matrix and outcome scoring on hand-made 2-player tables."""

from __future__ import annotations

import polars as pl
import pytest

from cardlab.analysis.matchups import head_to_head, matchup_table, with_win_share
from cardlab.analysis.stats import wilson


def table(games: list[tuple[str, str, str, str]]) -> pl.DataFrame:
    """(label seat 0, label seat 1, result seat 0, result seat 1) → players table."""
    rows = []
    for g, (a, b, ra, rb) in enumerate(games):
        rows += [(g, 0, a, ra), (g, 1, b, rb)]
    return pl.DataFrame(rows, schema=["game_id", "seat", "label", "result"], orient="row")


@pytest.fixture
def fixture() -> pl.DataFrame:
    return table(
        [("A", "B", "win", "loss")] * 7
        + [("B", "A", "win", "loss")] * 2
        + [("A", "B", "draw", "draw")]
        + [("A", "A", "win", "loss"), ("A", "A", "draw", "draw")]
        + [("B", "C", "loss", "loss")]  # turn cap: nobody won
    )


def cell(m, row, col) -> dict:
    return m.long.filter((pl.col("row") == row) & (pl.col("col") == col)).row(0, named=True)


def test_counts_rates_and_wilson(fixture):
    m = matchup_table(fixture)
    ab = cell(m, "A", "B")
    assert (ab["games"], ab["wins"], ab["draws"], ab["losses"]) == (10, 7, 1, 2)
    assert ab["win_rate"] == pytest.approx(0.75)
    assert (ab["lower"], ab["upper"]) == pytest.approx(wilson(7.5, 10))
    ba = cell(m, "B", "A")
    assert ba["win_rate"] == pytest.approx(0.25) and (ba["wins"], ba["losses"]) == (2, 7)
    assert ab["too_few"] and not ab["mirror"]


def test_mirrors_are_flagged_and_kept_out_of_rates(fixture):
    m = matchup_table(fixture)
    aa = cell(m, "A", "A")
    assert aa["mirror"] and aa["win_rate"] == 0.5 and aa["lower"] is None and aa["wins"] is None
    assert aa["games"] == 2 and aa["draws"] == 1
    assert m.mirrors.to_dicts() == [{"label": "A", "games": 2, "draws": 1}]


def test_turn_cap_counts_as_a_draw(fixture):
    bc = cell(matchup_table(fixture), "B", "C")
    assert (bc["games"], bc["draws"], bc["win_rate"]) == (1, 1, 0.5)


def test_matrix_is_square_and_complementary(fixture):
    matrix = matchup_table(fixture).matrix
    assert matrix.columns == ["row", "A", "B", "C"]
    rows = {r["row"]: r for r in matrix.iter_rows(named=True)}
    assert rows["A"]["B"] + rows["B"]["A"] == pytest.approx(1.0)
    assert rows["A"]["C"] is None and rows["C"]["C"] is None


def test_rejects_multiplayer_tables():
    three = pl.DataFrame(
        {"game_id": [0, 0, 0], "seat": [0, 1, 2], "label": list("ABC"), "result": ["win"] + ["loss"] * 2}
    )
    with pytest.raises(ValueError, match="2-player"):
        head_to_head(three)


def test_with_win_share_splits_draws_and_accepts_booleans():
    frame = pl.DataFrame(
        {"game_id": [0, 0, 0, 1, 1, 1], "result": ["draw", "draw", "loss", "WIN", "loss", "loss"]}
    )
    assert with_win_share(frame)["win_share"].to_list() == [0.5, 0.5, 0.0, 1.0, 0.0, 0.0]
    flags = pl.DataFrame({"game_id": [0, 0], "win": [True, False]})
    assert with_win_share(flags, result="win")["win_share"].to_list() == [1.0, 0.0]
    with pytest.raises(ValueError, match="win / draw / loss"):
        with_win_share(pl.DataFrame({"game_id": [0], "result": ["victory"]}))
