"""The "too few games to mean anything" flag shared by every table that shows a rate.

A rate from a handful of games looks as precise on a page as one from ten thousand. Rather than hide such
rows, tables keep them and mark them, so a reader sees the number, its interval and the warning together.
"""

from __future__ import annotations

import math

import polars as pl

FLAG = "few games"
"""The words of the flag, in every table's note column and every one-line figure."""

MIN_GAMES = 30
"""Default minimum sample: below about 30 games even the Wilson interval is mostly guesswork about its own
width, and a single upset moves the rate by more than 3 points."""

MAX_HALF_WIDTH = 0.15
"""Default widest acceptable 95 % half-width: at 0.15 a 50 % rate cannot be told apart from 35 % or 65 %,
which is the whole range designers care about (about 43 games at p = 0.5)."""


def too_few(
    games: float,
    lower: float,
    upper: float,
    min_games: float = MIN_GAMES,
    max_half_width: float = MAX_HALF_WIDTH,
) -> bool:
    """True when a rate rests on fewer than ``min_games`` games or its interval is wider than
    ``2 * max_half_width``; a missing (NaN) interval counts as too wide."""
    if games < min_games:
        return True
    if math.isnan(lower) or math.isnan(upper):
        return True
    return (upper - lower) / 2 > max_half_width


def too_few_expr(
    games: str = "games",
    lower: str = "lower",
    upper: str = "upper",
    min_games: float = MIN_GAMES,
    max_half_width: float = MAX_HALF_WIDTH,
) -> pl.Expr:
    """The same rule as :func:`too_few` as a Polars expression (null or NaN bounds count as too wide)."""
    half = (pl.col(upper) - pl.col(lower)) / 2
    wide = half.is_null() | half.is_nan() | (half > max_half_width)
    return ((pl.col(games) < min_games) | wide).fill_null(True).alias("too_few")


def flag_too_few(
    frame: pl.DataFrame,
    games: str = "games",
    lower: str = "lower",
    upper: str = "upper",
    min_games: float = MIN_GAMES,
    max_half_width: float = MAX_HALF_WIDTH,
) -> pl.DataFrame:
    """``frame`` with a boolean ``too_few`` column added (see :func:`too_few`)."""
    return frame.with_columns(too_few_expr(games, lower, upper, min_games, max_half_width))
