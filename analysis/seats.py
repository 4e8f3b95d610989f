"""Seat effects, and win rates per label with the seat effect taken out.

Seat (turn order) advantage is reported as a result in its own right, and it must not leak into
per-character or per-deck figures (DESIGN: Analysis). Runs rotate or randomise seats, but a run that
assigns seats unevenly — a fixed "hero" seat, a draft that gives one clan the first pick, a small run where
randomisation has not evened out — makes a label's crude win rate partly a seat rate. Direct
standardisation fixes that: a label's adjusted rate is what its rate would be if it had sat in each seat as
often as players do overall.
"""

from __future__ import annotations

import polars as pl

from cardlab.analysis.matchups import with_win_share
from cardlab.analysis.small_samples import MAX_HALF_WIDTH, MIN_GAMES, too_few_expr
from cardlab.analysis.stats import wilson, z_for


def _positions(
    players: pl.DataFrame, result: str, game: str, seat: str, games: pl.DataFrame | None, first_seat: str
) -> pl.DataFrame:
    """Scored players with ``n_players`` and ``position``: the seat itself, or, given the games table,
    the place in turn order (0 = took the first turn)."""
    scored = with_win_share(players, result, game).with_columns(pl.len().over(game).alias("n_players"))
    if games is None:
        return scored.with_columns(pl.col(seat).alias("position"))
    firsts = games.select(pl.col(game), pl.col(first_seat).alias("_first"))
    joined = scored.join(firsts, on=game, how="left")
    if joined["_first"].null_count():
        raise ValueError("some games in the players table are missing from the games table")
    # signed arithmetic: seats are often stored unsigned, and seat − first may be negative
    signed = pl.col(seat).cast(pl.Int64) - pl.col("_first").cast(pl.Int64)
    position = signed % pl.col("n_players").cast(pl.Int64)
    return joined.with_columns(position.alias("position")).drop("_first")


def _with_wilson(frame: pl.DataFrame, wins: str, games: str, level: float, prefix: str = "") -> pl.DataFrame:
    bounds = [wilson(w, n, level) for w, n in frame.select(wins, games).iter_rows()]
    return frame.with_columns(
        pl.Series(f"{prefix}lower", [b[0] for b in bounds], dtype=pl.Float64),
        pl.Series(f"{prefix}upper", [b[1] for b in bounds], dtype=pl.Float64),
    )


def seat_win_rates(
    players: pl.DataFrame,
    result: str = "result",
    game: str = "game_id",
    seat: str = "seat",
    games: pl.DataFrame | None = None,
    first_seat: str = "first_seat",
    level: float = 0.95,
    min_games: float = MIN_GAMES,
    max_half_width: float = MAX_HALF_WIDTH,
) -> pl.DataFrame:
    """Win rate by player count and seat: ``n_players, position, games, wins, win_rate, lower, upper,
    expected, too_few``.

    ``position`` is the seat number, or — when the games table is given — the place in turn order counted
    from the game's ``first_seat``, which is what "first-player advantage" means when the first player is
    drawn at random. ``wins`` counts a shared draw as 1/k; ``expected`` is 1 / n_players, the rate of a
    seat with no advantage. Intervals are Wilson.
    """
    scored = _positions(players, result, game, seat, games, first_seat)
    table = (
        scored.group_by("n_players", "position")
        .agg(pl.len().alias("games"), pl.col("win_share").sum().alias("wins"))
        .with_columns(
            (pl.col("wins") / pl.col("games")).alias("win_rate"),
            (1.0 / pl.col("n_players")).alias("expected"),
        )
        .sort("n_players", "position")
    )
    table = _with_wilson(table, "wins", "games", level)
    return table.with_columns(too_few_expr("games", "lower", "upper", min_games, max_half_width)).select(
        "n_players", "position", "games", "wins", "win_rate", "lower", "upper", "expected", "too_few"
    )


def seat_adjusted_win_rates(
    players: pl.DataFrame,
    label: str = "label",
    result: str = "result",
    game: str = "game_id",
    seat: str = "seat",
    games: pl.DataFrame | None = None,
    first_seat: str = "first_seat",
    level: float = 0.95,
    min_games: float = MIN_GAMES,
    max_half_width: float = MAX_HALF_WIDTH,
) -> pl.DataFrame:
    """Per player count and label, the crude and the seat-adjusted win rate with intervals.

    Direct standardisation over seats (positions, see :func:`seat_win_rates`), within each player count:
        adjusted_L = Σ_s w_s · r_{L,s},   w_s = share of all player-rows of that player count in seat s,
    where r_{L,s} is label L's rate in seat s. Delta-method standard error, treating w as fixed (it is
    estimated from every game, so its own noise is negligible next to one label's):
        se² = Σ_s w_s² · r̃_{L,s}(1 − r̃_{L,s}) / n_{L,s},   r̃ = (wins + 1) / (n + 2),
    the shrunk r̃ keeping the interval from collapsing to a point when a seat's rate is 0 or 1. The interval
    is adjusted ± z·se clipped to [0, 1]; r(1 − r) bounds the variance of a score in [0, 1], so draws only
    make it conservative. A label missing from a seat has no adjusted rate (null): ``missing_seats`` says
    how many seats it never sat in. Columns: ``n_players, label, games, wins, crude_rate, crude_lower,
    crude_upper, adjusted_rate, lower, upper, missing_seats, too_few``.
    """
    scored = _positions(players, result, game, seat, games, first_seat).with_columns(
        pl.col(label).cast(pl.String).alias("label")
    )
    cells = scored.group_by("n_players", "label", "position").agg(
        pl.len().alias("n"), pl.col("win_share").sum().alias("x")
    )
    return adjusted_from_cells(cells, level, min_games, max_half_width)


def adjusted_from_cells(
    cells: pl.DataFrame,
    level: float = 0.95,
    min_games: float = MIN_GAMES,
    max_half_width: float = MAX_HALF_WIDTH,
) -> pl.DataFrame:
    """:func:`seat_adjusted_win_rates` from its counts alone — ``n_players, label, position, n`` (player-rows)
    and ``x`` (their win shares) — so a large run can count them in SQL and never hold its players here."""
    weights = (
        cells.group_by("n_players", "position")
        .agg(pl.col("n").sum().alias("len"))
        .with_columns((pl.col("len") / pl.col("len").sum().over("n_players")).alias("w"))
        .drop("len")
    )
    labels = cells.select("n_players", "label").unique()
    grid = labels.join(weights, on="n_players").join(cells, on=["n_players", "label", "position"], how="left")
    shrunk = (pl.col("x") + 1) / (pl.col("n") + 2)
    z = z_for(level)
    per_label = (
        grid.group_by("n_players", "label")
        .agg(
            pl.col("n").sum().alias("games"),
            pl.col("x").sum().alias("wins"),
            (pl.col("w") * pl.col("x") / pl.col("n")).sum().alias("adjusted_rate"),
            (pl.col("w") ** 2 * shrunk * (1 - shrunk) / pl.col("n")).sum().alias("_var"),
            pl.col("n").is_null().sum().alias("missing_seats"),
        )
        .with_columns(
            pl.when(pl.col("missing_seats") > 0)
            .then(None)
            .otherwise(pl.col("adjusted_rate"))
            .alias("adjusted_rate"),
            (pl.col("wins") / pl.col("games")).alias("crude_rate"),
        )
        .with_columns(
            (pl.col("adjusted_rate") - z * pl.col("_var").sqrt()).clip(0.0, 1.0).alias("lower"),
            (pl.col("adjusted_rate") + z * pl.col("_var").sqrt()).clip(0.0, 1.0).alias("upper"),
        )
        .sort("n_players", "label")
    )
    per_label = _with_wilson(per_label, "wins", "games", level, prefix="crude_")
    return per_label.with_columns(too_few_expr("games", "lower", "upper", min_games, max_half_width)).select(
        "n_players",
        "label",
        "games",
        "wins",
        "crude_rate",
        "crude_lower",
        "crude_upper",
        "adjusted_rate",
        "lower",
        "upper",
        "missing_seats",
        "too_few",
    )
