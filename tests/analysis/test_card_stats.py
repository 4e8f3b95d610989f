"""Card-level statistics (analysis.card_stats) on a hand-made Four Souls-shaped run, hand-computed."""

from __future__ import annotations

import math

import pytest
from test_report_fixture import event, game, player, write_run

from cardlab.analysis.card_stats import card_stats, newcombe_difference, shown_rows
from cardlab.analysis.runs import Run
from cardlab.analysis.stats import wilson
from cardlab.simulate.core.analysis_spec import AnalysisSpec, CardAction
from cardlab.simulate.four_souls import ANALYSIS as FOUR_SOULS


@pytest.mark.parametrize(
    ("counts", "expected"),
    [  # Newcombe (1998) Table II, method 10
        ((56, 70, 48, 80), (0.0524, 0.3339)),
        ((9, 10, 3, 10), (0.1705, 0.8090)),
        ((6, 7, 2, 7), (0.0582, 0.8062)),
        ((5, 56, 0, 29), (-0.0381, 0.1926)),
    ],
)
def test_newcombe_difference_matches_published_examples(counts, expected):
    d, lo, hi = newcombe_difference(*counts)
    assert d == pytest.approx(counts[0] / counts[1] - counts[2] / counts[3])
    assert (lo, hi) == pytest.approx(expected, abs=5e-5)


def test_newcombe_difference_empty_group_is_nan():
    assert all(math.isnan(x) for x in newcombe_difference(1, 2, 0, 0))


@pytest.fixture
def four_souls_run(tmp_path):
    """4 two-player games. Breakfast gained by (g0 s0, winner — twice), (g1 s1, loser), (g2 s1, winner);
    A Penny! played by (g0 s1, loser), (g1 s0, winner); The Dead Cat gained by (g2 s0, loser); a seat −1
    event and a card-less event must be ignored."""
    winners = [0, 0, 1, 1]
    games = [game(g, [w], turns=10) for g, w in enumerate(winners)]
    players = [player(g, s, s == w, character="Isaac") for g, w in enumerate(winners) for s in (0, 1)]
    events = [
        event(0, 0, 1, 0, "item_gained", "Breakfast"),
        event(0, 1, 2, 0, "item_gained", "Breakfast"),
        event(0, 2, 1, 1, "loot_played", "A Penny!"),
        event(1, 0, 1, 1, "item_gained", "Breakfast"),
        event(1, 1, 2, 0, "loot_played", "A Penny!"),
        event(2, 0, 1, 1, "item_gained", "Breakfast"),
        event(2, 1, 1, 0, "item_gained", "The Dead Cat"),
        event(3, 0, 1, -1, "item_gained", "Ghost"),
        event(3, 1, 1, 0, "item_gained", None),
        event(3, 2, 1, 0, "cents_gained", "Breakfast", amount=3),
    ]
    return write_run(
        tmp_path / "fs", "four-souls", games, players, events, player_columns={"character": "str"}
    )


def test_card_stats_match_hand_counts(four_souls_run):
    frame = card_stats(Run.open(four_souls_run), FOUR_SOULS)
    assert set(frame["card"]) == {"Breakfast", "A Penny!", "The Dead Cat"}
    row = frame.filter((frame["card"] == "Breakfast") & (frame["action"] == "gained (items)")).row(
        0, named=True
    )
    assert (row["games_with"], row["players_with"], row["wins_with"]) == (3, 3, 2)
    assert row["game_share"] == pytest.approx(0.75)
    assert (row["players_without"], row["wins_without"]) == (5, 2)
    assert row["wr_with"] == pytest.approx(2 / 3) and row["wr_without"] == pytest.approx(0.4)
    assert (row["with_lower"], row["with_upper"]) == pytest.approx(wilson(2, 3))
    assert (row["without_lower"], row["without_upper"]) == pytest.approx(wilson(2, 5))
    assert row["iwd"] == pytest.approx(2 / 3 - 0.4)
    assert (row["iwd_lower"], row["iwd_upper"]) == pytest.approx(newcombe_difference(2, 3, 2, 5)[1:])
    assert row["too_few"]
    penny = frame.filter(frame["card"] == "A Penny!").row(0, named=True)
    assert penny["action"] == "played (loot)"
    assert (penny["players_with"], penny["wins_with"], penny["iwd"]) == (2, 1, pytest.approx(0.0))
    cat = frame.filter(frame["card"] == "The Dead Cat").row(0, named=True)
    assert (cat["players_with"], cat["wins_with"]) == (1, 0)
    assert cat["iwd"] == pytest.approx(-4 / 7)


def test_a_game_without_card_actions_gives_an_empty_table(four_souls_run):
    assert card_stats(Run.open(four_souls_run), AnalysisSpec()).height == 0


def test_an_action_may_join_several_kinds(four_souls_run):
    data = AnalysisSpec(card_actions=(CardAction("touched", ("item_gained", "loot_played"), "touched"),))
    frame = card_stats(Run.open(four_souls_run), data)
    # A Penny! and Breakfast in game 0 are different cards; Breakfast's duplicate in game 0 counts once
    assert frame.filter(frame["card"] == "Breakfast")["players_with"].to_list() == [3]
    assert frame["action"].unique().to_list() == ["touched"]


def test_shown_rows_keeps_both_ends_of_a_long_ranking():
    import polars as pl

    frame = pl.DataFrame(
        {"action": ["a"] * 40, "card": [f"c{i}" for i in range(40)], "iwd": [i / 100 for i in range(40)]}
    ).with_columns(too_few=pl.col("card").is_in(["c39", "c0"]))
    rows, left = shown_rows(frame, "a", each_end=5)
    assert rows["card"].to_list() == ["c38", "c37", "c36", "c35", "c34", "c5", "c4", "c3", "c2", "c1"]
    assert left == 30
    few, none_left = shown_rows(frame.head(6), "a", each_end=5)
    assert few.height == 6 and none_left == 0
