"""Report figures a reader can use (issue 18 item 8): long bar lists keep their ends and count the middle,
score bands are small multiples with one seat-naming convention, card plots say what they leave out."""

from __future__ import annotations

import polars as pl

from cardlab.analysis import plots
from cardlab.analysis.report import _card_plot_footnote


def _rates(n: int) -> pl.DataFrame:
    return pl.DataFrame(
        {
            "value": [f"v{i:02d}" for i in range(n)],
            "win_rate": [i / (n + 1) for i in range(n)],
            "lower": [max(0.0, i / (n + 1) - 0.1) for i in range(n)],
            "upper": [min(1.0, i / (n + 1) + 0.1) for i in range(n)],
            "baseline": [1 / 3] * n,
        }
    )


def test_a_long_bar_list_keeps_both_ends_and_counts_the_middle():
    shown, hidden = plots.ends_of(_rates(56).sort("win_rate"), plots.MAX_BARS)
    assert hidden == 56 - plots.MAX_BARS
    assert shown["value"].to_list()[:2] == ["v00", "v01"]
    assert shown["value"].to_list()[-1] == "v55"
    assert shown.height == plots.MAX_BARS
    same, none = plots.ends_of(_rates(12), plots.MAX_BARS)
    assert none == 0 and same.height == 12


def test_winrate_plot_of_56_values_writes_a_png(tmp_path):
    path = plots.winrate_plot(_rates(56), "alliance", tmp_path / "w.png")
    assert path.stat().st_size > 1000


def test_score_curves_are_small_multiples_named_by_place(tmp_path):
    rows = [
        {"n_players": n, "position": p, "turn": t, "median": t // 3, "p10": 0, "p90": t // 2}
        for n in (2, 4)
        for p in range(n)
        for t in range(12)
    ]
    path = plots.score_curve_plot(pl.DataFrame(rows), tmp_path / "s.png", "souls")
    assert path.stat().st_size > 1000
    assert [plots.place_name(p) for p in range(3)] == ["place 1 (first)", "place 2", "place 3"]


def test_sweep_plot_with_many_series(tmp_path):
    series = {f"s{i}": ([0, 1, 2], [0.2, 0.3, 0.4], [0.1, 0.2, 0.3], [0.3, 0.4, 0.5]) for i in range(14)}
    path = plots.sweep_plot(series, tmp_path / "p.png", "t", "x", "y")
    assert path.stat().st_size > 1000


def test_card_plot_footnote_says_what_is_left_out():
    assert _card_plot_footnote(0, {}, ["A"]) == ""
    note = _card_plot_footnote(90, {"A": ["sensible"]}, ["A", "B"])
    assert note.startswith("90 more cards") and "† not evaluated" in note
    assert "†" not in _card_plot_footnote(3, {"C": ["sensible"]}, ["A"])
