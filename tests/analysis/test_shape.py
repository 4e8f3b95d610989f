"""Game shape (analysis.shape): lengths, time to first score and score curves on hand-made runs."""

from __future__ import annotations

import polars as pl
import pytest
from test_report_fixture import event, game, player, write_run

from cardlab.analysis.runs import Run
from cardlab.analysis.shape import (
    first_score_counts,
    first_score_summary,
    length_counts,
    length_table,
    score_curves,
)
from cardlab.analysis.stats import wilson
from cardlab.simulate.four_souls import ANALYSIS as FOUR_SOULS
from cardlab.simulate.hidden_reason import ANALYSIS as HIDDEN_REASON


@pytest.fixture
def souls_run(tmp_path):
    """3 two-player Four Souls-shaped games.
    g0 (4 turns, seat 0 first, seat 0 wins): seat 1 gains a soul on turn 2, seat 0 gains 2 on turn 3,
    seat 1 loses 1 on turn 4.  g1 (2 turns, seat 1 first, seat 1 wins): both gain 1 on turn 1, seat 1
    first.  g2 (3 turns, seat 0 wins): no souls."""
    games = [
        game(0, [0], turns=4, first_seat=0),
        game(1, [1], turns=2, first_seat=1),
        game(2, [0], turns=3, first_seat=0),
    ]
    players = [player(g["game_id"], s, s == g["winners"][0]) for g in games for s in (0, 1)]
    events = [
        event(0, 0, 2, 1, "soul_gained", "Monstro", amount=1),
        event(0, 1, 3, 0, "soul_gained", "Mom!", amount=2),
        event(0, 2, 4, 1, "soul_lost", "Monstro", amount=1),
        event(1, 0, 1, 1, "soul_gained", "Gurdy", amount=1),
        event(1, 1, 1, 0, "soul_gained", "Larry", amount=1),
        event(2, 0, 1, 0, "turn_start"),
    ]
    return write_run(tmp_path / "souls", "four-souls", games, players, events)


def test_length_counts_and_table(souls_run):
    run = Run.open(souls_run)
    counts = length_counts(run)
    assert counts.rows() == [(2, 1), (3, 1), (4, 1)]
    overall = length_table(run).filter(pl.col("end_reason") == "all").row(0, named=True)
    assert (overall["games"], overall["min"], overall["median"], overall["max"]) == (3, 2, 3.0, 4)


def test_first_soul_turn_and_who_won(souls_run):
    counts = first_score_counts(Run.open(souls_run), FOUR_SOULS)
    # g1: turn 1, seat 1 scored first (lower seq) and won; g0: turn 2, seat 1 scored and lost; g2: never
    assert counts.rows() == [(1, 1, 1), (2, 1, 0), (None, 1, 0)]
    s = first_score_summary(counts).row(0, named=True)
    assert (s["games"], s["games_scored"], s["scorer_wins"]) == (3, 2, 1)
    assert s["share_scored"] == pytest.approx(2 / 3)
    assert (s["p10"], s["median"], s["p90"]) == (1.0, 1.0, 2.0)
    assert s["scorer_win_rate"] == 0.5
    assert (s["lower"], s["upper"]) == pytest.approx(wilson(1, 2))


def test_score_curves_by_place_in_turn_order(souls_run):
    curves = score_curves(Run.open(souls_run), FOUR_SOULS)

    def at(position, turn):
        return curves.filter((pl.col("position") == position) & (pl.col("turn") == turn)).row(0, named=True)

    # place 1 (position 0) on turn 1: g0 seat 0 = 0, g1 seat 1 = 1, g2 seat 0 = 0
    first = at(0, 1)
    assert (first["games"], first["median"], first["p10"]) == (3, 0.0, 0.0)
    assert first["p90"] == pytest.approx(0.8)
    # turn 3: g1 is over; g0 seat 0 has 2, g2 seat 0 has 0
    assert (at(0, 3)["games"], at(0, 3)["median"]) == (2, 1.0)
    # position 1 on turn 2: g0 seat 1 = 1, g1 seat 0 = 1, g2 seat 1 = 0; on turn 4 g0 seat 1 lost its soul
    assert (at(1, 2)["games"], at(1, 2)["median"]) == (3, 1.0)
    assert (at(1, 4)["games"], at(1, 4)["median"]) == (1, 0.0)
    assert curves["n_players"].unique().to_list() == [2]


def test_score_curves_sample_every_kth_game(souls_run):
    curves = score_curves(Run.open(souls_run), FOUR_SOULS, max_games=2)
    # every = ceil(3 / 2) = 2: games 0 and 2 only
    assert curves.filter(pl.col("turn") == 0)["games"].sum() == 4


def test_boss_below_half_uses_the_hp_left(tmp_path):
    games = [
        game(0, [1], turns=3, boss_hp_start=50),
        game(1, [1], turns=5, boss_hp_start=50),
    ]
    players = [player(g["game_id"], s, s == 1) for g in games for s in (0, 1)]
    events = [
        event(0, 0, 1, 0, "boss_damage", "Bolt", amount=10, value=40),
        event(0, 1, 2, 1, "boss_damage", "Axe", amount=20, value=20),
        event(1, 0, 3, 0, "boss_damage", "Bolt", amount=25, value=25),  # exactly half: not below
        event(1, 1, 4, 0, "boss_damage", None, amount=1, value=24),
    ]
    path = write_run(
        tmp_path / "hr", "hidden-reason", games, players, events, game_columns={"boss_hp_start": "int"}
    )
    counts = first_score_counts(Run.open(path), HIDDEN_REASON)
    assert counts.rows() == [(2, 1, 1), (4, 1, 0)]


def test_rounds_column(tmp_path):
    games = [game(g, [0], turns=10 + g, rounds=r) for g, r in enumerate([1, 3, 3])]
    players = [player(g, s, s == 0) for g in range(3) for s in (0, 1)]
    path = write_run(tmp_path / "gx", "gosu-x", games, players, game_columns={"rounds": "int"})
    run = Run.open(path)
    assert length_counts(run, "rounds").rows() == [(1, 1), (3, 2)]
    assert length_table(run, "rounds").filter(pl.col("end_reason") == "all")["median"][0] == 3.0
    with pytest.raises(ValueError):
        length_counts(run, "innings")
