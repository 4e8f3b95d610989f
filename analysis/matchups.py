"""Matchup matrices from a 2-player players table, and the one place outcomes become numbers.

A matchup cell answers "how often does the row label beat the column label?" with its games, draws and a
Wilson interval, so a heatmap never shows a colour without the n behind it. Mirror matches (a label against
itself) carry no information about the label — one copy wins, the other loses — so they are kept out of
the rates, reported separately and flagged rather than shown as a misleading 50 %.
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from cardlab.analysis.small_samples import MAX_HALF_WIDTH, MIN_GAMES, too_few_expr
from cardlab.analysis.stats import wilson

OUTCOMES = ("win", "draw", "loss")


def with_win_share(
    players: pl.DataFrame, result: str = "result", game: str = "game_id", out: str = "win_share"
) -> pl.DataFrame:
    """``players`` with a float ``win_share`` column: 1 for a win, 0 for a loss, a share of a draw.

    ``result`` may be the players table's text column (``win`` / ``draw`` / ``loss``, DESIGN: Event log
    and results), a boolean (its ``win`` column), or a number already in [0, 1]. A draw shared by k seats
    of a game gives each of them 1/k — ½ in a 2-player game, the usual "ties count as half a win" — so a
    game's shares sum to 1 when someone won or drew, and to 0 when nobody did (turn cap). Named
    ``win_share`` so it never clobbers the players table's own ``score`` (souls, tokens, boss damage).
    """
    dtype = players.schema[result]
    if dtype in (pl.String, pl.Categorical) or isinstance(dtype, pl.Enum):
        text = pl.col(result).cast(pl.String).str.to_lowercase()
        unknown = players.filter(~text.is_in(OUTCOMES) | text.is_null())
        if unknown.height:
            bad = unknown[result].cast(pl.String).unique().to_list()
            raise ValueError(f"column {result!r} must hold win / draw / loss, found {bad}")
        draws = (text == "draw").cast(pl.Float64).sum().over(game)
        share = pl.when(text == "win").then(1.0).when(text == "draw").then(1.0 / draws).otherwise(0.0)
        return players.with_columns(share.alias(out))
    if dtype == pl.Boolean or dtype.is_numeric():
        frame = players.with_columns(pl.col(result).cast(pl.Float64).alias(out))
        bad = frame.filter(pl.col(out).is_null() | (pl.col(out) < 0) | (pl.col(out) > 1))
        if bad.height:
            raise ValueError(f"column {result!r} must lie within [0, 1] with no nulls")
        return frame
    raise ValueError(f"column {result!r} has type {dtype}; expected text, boolean or a number")


def head_to_head(
    players: pl.DataFrame,
    label: str = "label",
    result: str = "result",
    game: str = "game_id",
    seat: str = "seat",
) -> pl.DataFrame:
    """One row per game and ordered pair of seats of a 2-player table: ``game_id``, ``row``, ``col``,
    ``outcome`` (1 win, ½ draw, 0 loss from the row's side).

    A game nobody won (a turn cap) counts as a draw: neither label did better than the other. Raises
    ``ValueError`` if any game does not have exactly two seats.
    """
    scored = with_win_share(players, result, game)
    sizes = scored.group_by(game).len()
    if sizes.filter(pl.col("len") != 2).height:
        raise ValueError("head-to-head statistics need a 2-player table: some games do not have 2 seats")
    side = scored.select(pl.col(game), pl.col(seat), pl.col(label).cast(pl.String), pl.col("win_share"))
    pairs = side.join(side, on=game, suffix="_opp").filter(pl.col(seat) != pl.col(f"{seat}_opp"))
    diff = pl.col("win_share") - pl.col("win_share_opp")
    outcome = pl.when(diff > 0).then(1.0).when(diff < 0).then(0.0).otherwise(0.5)
    return pairs.select(
        pl.col(game).alias("game_id"),
        pl.col(label).alias("row"),
        pl.col(f"{label}_opp").alias("col"),
        outcome.alias("outcome"),
    )


@dataclass(slots=True)
class Matchups:
    """A matchup table in the three shapes reports need.

    ``long``: one row per ordered pair (``row``, ``col``) with ``games``, ``wins``, ``draws``, ``losses``,
    ``win_rate`` (draws as half wins), Wilson ``lower`` / ``upper``, ``mirror`` and ``too_few`` — the
    shape a heatmap plots. Mirror rows have ``win_rate`` 0.5 by construction and null bounds.
    ``matrix``: ``row`` plus one column of win rates per column label (null where the pair never met).
    Their ``wins`` / ``losses`` are null (one copy of the label always wins) and ``games`` / ``draws`` count
    each mirror game once.
    ``mirrors``: ``label``, ``games`` and ``draws`` for each label that met itself.
    """

    long: pl.DataFrame
    matrix: pl.DataFrame
    mirrors: pl.DataFrame


def matchup_table(
    players: pl.DataFrame,
    label: str = "label",
    result: str = "result",
    game: str = "game_id",
    seat: str = "seat",
    level: float = 0.95,
    min_games: float = MIN_GAMES,
    max_half_width: float = MAX_HALF_WIDTH,
) -> Matchups:
    """Matchup matrix of a 2-player players table: row label's win rate against column label.

    Both (A, B) and (B, A) are present and mirror each other (rate_AB = 1 − rate_BA), which keeps heatmaps
    readable from either side. Intervals are Wilson (``analysis.stats.wilson``) on wins + ½ draws.
    """
    pairs = head_to_head(players, label, result, game, seat)
    counts = (
        pairs.group_by("row", "col")
        .agg(
            pl.len().alias("games"),
            (pl.col("outcome") == 1.0).sum().alias("wins"),
            (pl.col("outcome") == 0.5).sum().alias("draws"),
            (pl.col("outcome") == 0.0).sum().alias("losses"),
        )
        .with_columns(mirror=pl.col("row") == pl.col("col"))
        # a mirror game appears twice (once from each seat): count it once; "the label won" means nothing
        .with_columns(
            [
                pl.when(pl.col("mirror")).then(pl.col(c) // 2).otherwise(pl.col(c)).alias(c)
                for c in ("games", "draws")
            ]
            + [pl.when(pl.col("mirror")).then(None).otherwise(pl.col(c)).alias(c) for c in ("wins", "losses")]
        )
        .sort("row", "col")
    )
    rates, lows, highs = [], [], []
    for wins, draws, games, mirror in counts.select("wins", "draws", "games", "mirror").iter_rows():
        if mirror:
            rates.append(0.5)
            lows.append(None)
            highs.append(None)
            continue
        score = wins + 0.5 * draws
        lo, hi = wilson(score, games, level)
        rates.append(score / games)
        lows.append(lo)
        highs.append(hi)
    long = counts.with_columns(
        pl.Series("win_rate", rates, dtype=pl.Float64),
        pl.Series("lower", lows, dtype=pl.Float64),
        pl.Series("upper", highs, dtype=pl.Float64),
    ).with_columns(too_few_expr("games", "lower", "upper", min_games, max_half_width))
    long = long.select(
        "row", "col", "games", "wins", "draws", "losses", "win_rate", "lower", "upper", "mirror", "too_few"
    )
    labels = sorted(set(long["row"].to_list()) | set(long["col"].to_list()))
    grid = pl.DataFrame({"row": labels}).join(pl.DataFrame({"col": labels}), how="cross")
    cells = grid.join(long.select("row", "col", "win_rate"), on=["row", "col"], how="left")
    matrix = cells.pivot(on="col", index="row", values="win_rate", sort_columns=True).sort("row")
    mirrors = long.filter(pl.col("mirror")).select(pl.col("row").alias("label"), "games", "draws")
    return Matchups(long=long, matrix=matrix.select(["row", *labels]), mirrors=mirrors)
