"""Seat effects for the report: win rate by place in turn order, and per-label seat-adjusted rates where
the labels did not sit in each place equally often.

The statistics are analysis.seats (direct standardisation); this module loads the narrow columns they
need from DuckDB and decides when an adjusted column is worth showing: when some label's share of seats
in a place differs from everyone's share by more than :data:`IMBALANCE` (rotation with a random first
player is never exactly balanced, so a tiny tolerance keeps balanced runs free of a redundant column).
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from .queries import query
from .runs import Run
from .seats import seat_adjusted_win_rates, seat_win_rates
from .small_samples import MAX_HALF_WIDTH, MIN_GAMES

IMBALANCE = 0.02  # 2 points of seat share: below this, crude and adjusted rates agree to well within noise


def first_seats(run: Run) -> pl.DataFrame:
    return query(run, "games_first_seat")


def seat_table(
    run: Run, level: float = 0.95, min_games: int = MIN_GAMES, max_half_width: float = MAX_HALF_WIDTH
) -> pl.DataFrame:
    """cardlab.analysis.seats.seat_win_rates with positions counted from the first player."""
    players = run.db.sql("SELECT game_id, seat, result FROM players").pl()
    return seat_win_rates(
        players, games=first_seats(run), level=level, min_games=min_games, max_half_width=max_half_width
    )


def seat_imbalance(players: pl.DataFrame, games: pl.DataFrame) -> float:
    """The largest gap, over labels and places in turn order, between a label's share of its seats in a
    place and everyone's share of seats in that place (0 = perfectly balanced)."""
    frame = players.join(games, on="game_id").with_columns(
        pl.len().over("game_id").alias("_n"),
    )
    frame = frame.with_columns(
        ((pl.col("seat").cast(pl.Int64) - pl.col("first_seat").cast(pl.Int64)) % pl.col("_n")).alias("_pos")
    )
    overall = (
        frame.group_by("_n", "_pos")
        .len()
        .with_columns((pl.col("len") / pl.col("len").sum().over("_n")).alias("w"))
    )
    per = (
        frame.group_by("_n", "label", "_pos")
        .len()
        .with_columns((pl.col("len") / pl.col("len").sum().over("_n", "label")).alias("share"))
    )
    labels = frame.select("_n", "label").unique()
    grid = labels.join(overall.select("_n", "_pos", "w"), on="_n").join(
        per.select("_n", "label", "_pos", "share"), on=["_n", "label", "_pos"], how="left"
    )
    gap = grid.select((pl.col("share").fill_null(0.0) - pl.col("w")).abs().max()).item()
    return float(gap or 0.0)


@dataclass(slots=True)
class Adjusted:
    frame: pl.DataFrame  # analysis.seats.seat_adjusted_win_rates columns
    imbalance: float


def adjusted_rates(
    players: pl.DataFrame,
    games: pl.DataFrame,
    level: float = 0.95,
    min_games: int = MIN_GAMES,
    max_half_width: float = MAX_HALF_WIDTH,
) -> Adjusted:
    """Seat-adjusted rates per player count and label for a ``game_id, seat, result, label`` frame."""
    frame = seat_adjusted_win_rates(
        players,
        "label",
        games=games,
        level=level,
        min_games=min_games,
        max_half_width=max_half_width,
    )
    return Adjusted(frame, seat_imbalance(players, games))
