"""Card-level statistics from the events table: how often each card is gained / played / drawn, and how
the players who did fare against those who did not.

"Improvement when acquired" follows 17lands' IWD ("improvement when drawn"): the win rate of players who
did something with the card minus the win rate of players who did not. It is an *association*: strong
characters pick up more items, long games draw more cards, and a strategy that plays a card may win for
other reasons. Only a paired A/B run with one change (``cardlab compare``) measures a card's effect.

The counting runs in DuckDB over the events view (``sql/card_stats.sql``, in the one scan of the events the
card figures share, analysis.card_counts), so a 10^8-row events table is streamed, never loaded. Which event kinds mean "gained" or "played" is game data (the game's declaration in the manifest, simulate.core.analysis_spec).
"""

from __future__ import annotations

import math

import polars as pl

from cardlab.simulate.core.analysis_spec import AnalysisSpec

from . import card_counts
from .card_counts import CardCounts, matched_counts
from .queries import query
from .runs import Run
from .small_samples import MAX_HALF_WIDTH, MIN_GAMES, too_few
from .stats import wilson

CAVEAT = (
    "These are associations, not causes: a card that shows up in winning games may be picked up by strong "
    "characters, drawn more in long games, or played by a strategy that wins anyway. Only a paired run "
    "with one change (`cardlab compare`) measures what a card does."
)


def newcombe_difference(
    x1: float, n1: float, x2: float, n2: float, level: float = 0.95
) -> tuple[float, float, float]:
    """p1 − p2 with Newcombe's (1998) hybrid score interval, method 10, from the two Wilson intervals:
        lower = d − √((p1 − l1)² + (u2 − p2)²),  upper = d + √((u1 − p1)² + (p2 − l2)²).
    It stays inside [−1, 1] and keeps its coverage for small or lopsided samples, unlike the Wald interval.
    Treats the two groups as independent; players who did and did not are different seats, usually of
    the same games, so this is an approximation (the seats of one game are negatively correlated, which
    makes the interval a little conservative). NaNs when either group is empty."""
    if n1 <= 0 or n2 <= 0:
        return (math.nan, math.nan, math.nan)
    p1, p2 = x1 / n1, x2 / n2
    l1, u1 = wilson(x1, n1, level)
    l2, u2 = wilson(x2, n2, level)
    d = p1 - p2
    return (d, d - math.hypot(p1 - l1, u2 - p2), d + math.hypot(u1 - p1, p2 - l2))


def against_the_rest(n1: int, x1: float, totals: dict, level: float) -> tuple:
    """The players who did something (``n1`` seats, ``x1`` wins) against every other seat of the run
    (``totals``: players, wins): ``n0, x0``, both Wilson intervals and Newcombe's difference."""
    n0, x0 = totals["players"] - n1, totals["wins"] - x1
    without = wilson(x0, n0, level) if n0 > 0 else (math.nan, math.nan)
    return n0, x0, wilson(x1, n1, level), without, newcombe_difference(x1, n1, x0, n0, level)


def card_stats(
    run: Run,
    data: AnalysisSpec,
    level: float = 0.95,
    min_games: int = MIN_GAMES,
    max_half_width: float = MAX_HALF_WIDTH,
    counts: CardCounts | None = None,
) -> pl.DataFrame:
    """One row per action and card: ``action, card, games_with, game_share, players_with, wins_with,
    wr_with, with_lower, with_upper, players_without, wins_without, wr_without, without_lower,
    without_upper, iwd, iwd_lower, iwd_upper, too_few`` (``too_few`` judges the smaller side), with the
    length-matched, shrunk and false-discovery columns. ``counts``: the run's card counts when already made
    (analysis.card_counts; a report makes them once for every card figure)."""
    columns = [
        "action",
        "card",
        "games_with",
        "game_share",
        "players_with",
        "wins_with",
        "wr_with",
        "with_lower",
        "with_upper",
        "players_without",
        "wins_without",
        "wr_without",
        "without_lower",
        "without_upper",
        "iwd",
        "iwd_lower",
        "iwd_upper",
        "too_few",
    ]
    if not data.card_actions:
        return pl.DataFrame(schema=dict.fromkeys(columns, pl.Float64))
    if counts is None:
        counts = card_counts.count(run, data)
    totals = query(run, "player_totals").row(0, named=True)
    rows = []
    for r in counts.actions.iter_rows(named=True):
        n1, x1 = r["players_with"], r["wins_with"]
        n0, x0, (lo1, hi1), (lo0, hi0), (d, dlo, dhi) = against_the_rest(n1, x1, totals, level)
        small = too_few(n1, lo1, hi1, min_games, max_half_width) or too_few(
            n0, lo0, hi0, min_games, max_half_width
        )
        rows.append(
            {
                "action": r["action"],
                "card": r["card"],
                "games_with": r["games_with"],
                "game_share": r["games_with"] / totals["games"] if totals["games"] else math.nan,
                "players_with": n1,
                "wins_with": x1,
                "wr_with": x1 / n1,
                "with_lower": lo1,
                "with_upper": hi1,
                "players_without": n0,
                "wins_without": x0,
                "wr_without": x0 / n0 if n0 else math.nan,
                "without_lower": lo0,
                "without_upper": hi0,
                "iwd": d,
                "iwd_lower": dlo,
                "iwd_upper": dhi,
                "too_few": small,
            }
        )
    if not rows:
        return pl.DataFrame(schema=dict.fromkeys(columns, pl.Float64))
    frame = pl.DataFrame(rows).select(columns)
    frame = frame.join(_matched(counts, level), on=["action", "card"], how="left")
    return with_false_discovery(with_shrinkage(frame))


def _matched(counts: CardCounts, level: float) -> pl.DataFrame:
    """Length-matched IWD per action and card: seats that had done it by the card's median first turn t
    against the other seats of games that lasted t turns, from the histogram of first turns and game
    lengths the card counts add up over chunks of games (analysis.card_counts), so the memory it takes is
    bounded by a chunk, not the run (issue 20)."""
    schema = {"action": pl.String, "card": pl.String, "matched_turn": pl.Int64} | dict.fromkeys(
        ("matched_iwd", "matched_lower", "matched_upper"), pl.Float64
    )
    cut = median_turns(card_counts.first_turns(counts))
    if not cut:
        return pl.DataFrame(schema=schema)
    counts = matched_counts(counts, cut)
    rows = []
    for r in counts.iter_rows(named=True):
        n1, x1 = r["players_with"], r["wins_with"]
        if n1 == 0:  # nobody had done it by t in a game that lasted t turns (cannot happen for a median)
            continue
        d, lo, hi = newcombe_difference(x1, n1, r["wins_lasting"] - x1, r["players_lasting"] - n1, level)
        rows.append(
            {
                "action": r["action"],
                "card": r["card"],
                "matched_turn": r["matched_turn"],
                "matched_iwd": d,
                "matched_lower": lo,
                "matched_upper": hi,
            }
        )
    return pl.DataFrame(rows, schema=schema)


def median_turns(histogram: pl.DataFrame) -> dict[tuple[str, str], int]:
    """Each (action, card)'s median first turn from its ``turn, players`` histogram, the lower median as
    DuckDB's ``quantile_disc(turn, 0.5)`` gives it: the value at 0-based index ⌊(n − 1) / 2⌋ in turn order."""
    out: dict[tuple[str, str], int] = {}
    for (action, card), group in histogram.sort("turn").group_by(["action", "card"], maintain_order=True):
        turns, counts = group["turn"].to_list(), group["players"].to_list()
        index, seen = (sum(counts) - 1) // 2, 0
        for turn, count in zip(turns, counts, strict=True):
            seen += count
            if seen > index:
                out[(str(action), str(card))] = int(turn)
                break
    return out


def with_shrinkage(frame: pl.DataFrame) -> pl.DataFrame:
    """``iwd_shrunk``: each card's IWD pulled toward its action's mean by how noisy it is (empirical Bayes,
    normal–normal): weight τ² / (τ² + se²), with τ² the spread of the true IWDs estimated by the method of
    moments (variance of the IWDs minus their mean squared standard error, at least 0). A card seen in few
    games moves most; with τ² = 0 every card is its action's mean. se is read off the Newcombe interval."""
    z = 1.96
    se = ((pl.col("iwd_upper") - pl.col("iwd_lower")) / (2 * z)).alias("_se")
    out = frame.with_columns(se)
    ok = pl.col("iwd").is_not_nan() & pl.col("_se").is_not_nan()
    stats = (
        out.filter(ok)
        .group_by("action")
        .agg(
            pl.col("iwd").mean().alias("_mean"),
            pl.col("iwd").var().alias("_var"),
            (pl.col("_se") ** 2).mean().alias("_se2"),
        )
    )
    out = out.join(stats, on="action", how="left").with_columns(
        pl.max_horizontal(pl.col("_var").fill_null(0) - pl.col("_se2").fill_null(0), pl.lit(0.0)).alias(
            "_tau2"
        )
    )
    weight = pl.col("_tau2") / (pl.col("_tau2") + pl.col("_se") ** 2)
    shrunk = pl.when(ok).then(pl.col("_mean") + weight.fill_nan(0) * (pl.col("iwd") - pl.col("_mean")))
    return out.with_columns(shrunk.otherwise(None).alias("iwd_shrunk")).drop(
        "_se", "_mean", "_var", "_se2", "_tau2"
    )


def with_false_discovery(frame: pl.DataFrame, q: float = 0.05) -> pl.DataFrame:
    """``p_value`` (two-sided, two-proportion z-test of with vs without) and ``bh_q``, the
    Benjamini–Hochberg adjusted value within each action: a card whose ``bh_q`` ≤ 0.05 stands out at a
    5 % false discovery rate among the hundreds of cards ranked, where a per-card 95 % interval that
    excludes 0 would flag about 5 % of cards that do nothing."""
    from statistics import NormalDist

    norm = NormalDist()

    def p_value(r: dict) -> float:
        n1, n0 = r["players_with"], r["players_without"]
        if not n1 or not n0:
            return math.nan
        p = (r["wins_with"] + r["wins_without"]) / (n1 + n0)
        se = math.sqrt(p * (1 - p) * (1 / n1 + 1 / n0))
        if se == 0:
            return 1.0
        return 2 * (1 - norm.cdf(abs(r["wins_with"] / n1 - r["wins_without"] / n0) / se))

    frame = frame.with_columns(
        pl.Series("p_value", [p_value(r) for r in frame.iter_rows(named=True)], dtype=pl.Float64)
    )
    parts = []
    for _, part in frame.group_by(["action"], maintain_order=True):
        parts.append(part.with_columns(pl.Series("bh_q", benjamini_hochberg(part["p_value"].to_list()))))
    return pl.concat(parts) if parts else frame.with_columns(pl.lit(None, pl.Float64).alias("bh_q"))


def benjamini_hochberg(p_values: list[float]) -> list[float]:
    """Benjamini–Hochberg adjusted p-values (q-values), in the input order; NaN stays NaN."""
    order = sorted((p, i) for i, p in enumerate(p_values) if p == p)
    m = len(order)
    q = [math.nan] * len(p_values)
    running = 1.0
    for rank in range(m, 0, -1):
        p, i = order[rank - 1]
        running = min(running, p * m / rank)
        q[i] = running
    return q


def shown_rows(frame: pl.DataFrame, action: str, each_end: int = 12) -> tuple[pl.DataFrame, int]:
    """The rows of one action a report prints: all when there are few, else the ``each_end`` highest and
    lowest IWD among rows not flagged too few (flagged rows would crowd the ends with noise). Returns the
    rows, sorted by IWD, and how many rows were left out."""
    rows = frame.filter(pl.col("action") == action).sort("iwd", descending=True, nulls_last=True)
    if rows.height <= 2 * each_end:
        return rows, 0
    solid = rows.filter(~pl.col("too_few"))
    if solid.height <= 2 * each_end:
        return solid, rows.height - solid.height
    shown = pl.concat([solid.head(each_end), solid.tail(each_end)])
    return shown, rows.height - shown.height
