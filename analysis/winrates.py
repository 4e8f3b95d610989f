"""Win rates with their intervals: the core figure of every cardlab report."""

from __future__ import annotations

import polars as pl

from .coop import team_mode
from .queries import dimension_expr, query
from .runs import Run
from .small_samples import FLAG, MAX_HALF_WIDTH, MIN_GAMES, too_few_expr
from .stats import clustered_rate, wilson

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
    return frame.with_columns(flag=pl.when(pl.col("too_few")).then(pl.lit(FLAG)).otherwise(pl.lit("")))


def winrate_by(run: Run, dim: str, level: float = 0.95, min_games: int = MIN_GAMES) -> pl.DataFrame:
    """value, games, wins, draws, baseline, win_rate, lower, upper, flag — one row per value of ``dim``.
    In a team run (solo/co-op) every seat shares the result: a value counts once per game, so n is
    games, not seats (seats of one game are one observation), and there is no 1/n baseline."""
    team = team_mode(run)
    frame = query(run, "winrate_by_team" if team else "winrate_by", value=dimension_expr(run, dim))
    frame = with_wilson(frame, level, min_games)
    if run.manifest.mirror and not team:
        frame = with_deal_clusters(run, frame, dim, level, min_games)
    return frame


def with_deal_clusters(
    run: Run, frame: pl.DataFrame, dim: str, level: float = 0.95, min_games: int = MIN_GAMES
) -> pl.DataFrame:
    """A ``--mirror`` run: each value's interval clustered by deal (the games of one deal share their seed
    and are not independent; analysis.stats.clustered_rate), with ``deals`` (clusters) and ``n_eff`` (the
    number of independent games the interval is worth) added."""
    per_deal = query(run, "winrate_by_deal", value=dimension_expr(run, dim))
    rows = {}
    for (value,), group in per_deal.group_by(["value"]):
        rate, lower, upper, n_eff = clustered_rate(group["wins"].to_list(), group["games"].to_list(), level)
        rows[value] = (group.height, lower, upper, n_eff)
    values = frame["value"].to_list()
    nan = (0, float("nan"), float("nan"), float("nan"))
    frame = frame.with_columns(
        deals=pl.Series([rows.get(v, nan)[0] for v in values], dtype=pl.Int64),
        lower=pl.Series([rows.get(v, nan)[1] for v in values], dtype=pl.Float64),
        upper=pl.Series([rows.get(v, nan)[2] for v in values], dtype=pl.Float64),
        n_eff=pl.Series([rows.get(v, nan)[3] for v in values], dtype=pl.Float64),
    ).with_columns(too_few_expr("games", "lower", "upper", min_games, MAX_HALF_WIDTH))
    return frame.with_columns(flag=pl.when(pl.col("too_few")).then(pl.lit(FLAG)).otherwise(pl.lit("")))
