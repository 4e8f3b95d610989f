"""Win rates with their intervals: the core figure of every cardlab report."""

from __future__ import annotations

import polars as pl

from .coop import team_mode
from .queries import dimension_expr, query
from .runs import Run
from .small_samples import MAX_HALF_WIDTH, MIN_GAMES, too_few_expr
from .stats import wilson

__all__ = ["MIN_GAMES", "with_wilson", "winrate_by"]


def with_wilson(frame: pl.DataFrame, level: float = 0.95, min_games: int = MIN_GAMES) -> pl.DataFrame:
    """Add win_rate, lower, upper, ``too_few`` and its display text ``flag`` ("few games") to a frame with
    ``games`` and ``wins``; the rule is analysis.small_samples' (fewer than ``min_games`` games or an
    interval wider than ±15 points), shared by every table of the report."""
    bounds = [
        wilson(w, n, level) for w, n in zip(frame["wins"].to_list(), frame["games"].to_list(), strict=True)
    ]
    frame = frame.with_columns(
        win_rate=pl.col("wins") / pl.col("games"),
        lower=pl.Series([b[0] for b in bounds], dtype=pl.Float64),
        upper=pl.Series([b[1] for b in bounds], dtype=pl.Float64),
    ).with_columns(too_few_expr("games", "lower", "upper", min_games, MAX_HALF_WIDTH))
    return frame.with_columns(flag=pl.when(pl.col("too_few")).then(pl.lit("few games")).otherwise(pl.lit("")))


def winrate_by(run: Run, dim: str, level: float = 0.95, min_games: int = MIN_GAMES) -> pl.DataFrame:
    """value, games, wins, draws, baseline, win_rate, lower, upper, flag — one row per value of ``dim``.
    In a team run (solo/co-op) every seat shares the result: a value counts once per game, so n is
    games, not seats (seats of one game are one observation), and there is no 1/n baseline."""
    sql = "winrate_by_team" if team_mode(run) else "winrate_by"
    frame = query(run, sql, value=dimension_expr(run, dim))
    return with_wilson(frame, level, min_games)
