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
from .seats import adjusted_from_cells, seat_win_rates
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


def seat_imbalance(cells: pl.DataFrame) -> float:
    """The largest gap, over labels and places in turn order, between a label's share of its seats in a
    place and everyone's share of seats in that place (0 = perfectly balanced); from :func:`seat_cells`."""
    overall = cells.group_by("n_players", "position").agg(pl.col("n").sum().alias("len"))
    overall = overall.with_columns((pl.col("len") / pl.col("len").sum().over("n_players")).alias("w"))
    per = cells.with_columns((pl.col("n") / pl.col("n").sum().over("n_players", "label")).alias("share"))
    labels = cells.select("n_players", "label").unique()
    grid = labels.join(overall.select("n_players", "position", "w"), on="n_players").join(
        per.select("n_players", "label", "position", "share"),
        on=["n_players", "label", "position"],
        how="left",
    )
    gap = grid.select((pl.col("share").fill_null(0.0) - pl.col("w")).abs().max()).item()
    return float(gap or 0.0)


def seat_cells(run: Run, label: str) -> pl.DataFrame:
    """``n_players, label, position, n, x``: player-rows and their win shares per label and place in turn
    order (0 = took the first turn), counted in the run's database — a few hundred rows however many games
    (issue 20: a report's memory must not grow with the run). ``label`` is a checked text column."""
    return query(run, "seat_cells", label='"' + label.replace('"', '""') + '"')


@dataclass(slots=True)
class Adjusted:
    frame: pl.DataFrame  # analysis.seats.seat_adjusted_win_rates columns
    imbalance: float


def adjusted_rates(
    run: Run,
    label: str,
    level: float = 0.95,
    min_games: int = MIN_GAMES,
    max_half_width: float = MAX_HALF_WIDTH,
) -> Adjusted:
    """Seat-adjusted rates per player count and value of the players column ``label``."""
    cells = seat_cells(run, label)
    return Adjusted(adjusted_from_cells(cells, level, min_games, max_half_width), seat_imbalance(cells))
