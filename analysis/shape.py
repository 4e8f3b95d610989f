"""The shape of a game: how long it lasts, how it ends, when scoring starts and how scores grow.

All counting runs in DuckDB (``sql/game_length.sql``, ``length_counts``, ``first_score``,
``score_curves``); only small per-length or per-turn summaries reach Python, so a 10^6-game run costs no
more memory than a small one.
"""

from __future__ import annotations

import math

import polars as pl

from cardlab.simulate.core.analysis_spec import AnalysisSpec

from . import card_summaries
from .counting_queries import FIRST_SCORE, first_score_query
from .queries import query, sql_strings
from .runs import Run
from .stats import wilson

SCORE_CURVE_GAMES = 2000
"""Score curves use about this many games (every k-th game id): quantiles by turn are steady well before
that, and the turn-by-seat grid of a million games would be 10^8 rows."""


def length_column(run: Run, column: str) -> str:
    """The quoted games column, checked to exist (the only thing that fills the SQL placeholder)."""
    if column not in run.columns("games"):
        raise ValueError(f"no games column {column!r}")
    return '"' + column.replace('"', '""') + '"'


def length_table(run: Run, column: str = "turns") -> pl.DataFrame:
    """Quantiles of ``column`` per end reason and overall (``games`` counts games where it is known)."""
    frame = query(run, "game_length", column=length_column(run, column))
    return frame.with_columns(pl.col(pl.Float64).round(1))


def length_counts(run: Run, column: str = "turns") -> pl.DataFrame:
    """``length, games``: the histogram of ``column``."""
    return query(run, "length_counts", column=length_column(run, column))


def _quantile(lengths: list[int], counts: list[int], q: float) -> float | None:
    """The lower q-quantile of a value list given as (value, count) pairs (sorted by value)."""
    total = sum(counts)
    if total == 0:
        return None
    target = q * total
    seen = 0
    for value, count in zip(lengths, counts, strict=True):
        seen += count
        if seen >= target:
            return float(value)
    return float(lengths[-1])


def first_score_counts(run: Run, data: AnalysisSpec) -> pl.DataFrame | None:
    """``turn, games, scorer_wins`` per turn of the first scoring event (turn null: nobody scored), or
    None when the game declares no such event: added up from the run's per-batch summaries when it has them
    (analysis.card_summaries), else one query over the events."""
    text = first_score_query(data, list(run.columns("games")))
    if text is None:
        return None
    if card_summaries.usable(run, data):
        counts = card_summaries.read(run, {FIRST_SCORE: ([text], ["turn"])}).get(FIRST_SCORE)
        if counts is not None:
            return counts.sort("turn", nulls_last=True)
    run.db.execute("SET enable_progress_bar = false")
    return run.db.sql(text).pl()


def first_score_summary(counts: pl.DataFrame, level: float = 0.95) -> pl.DataFrame:
    """One row: games, games with a score (share), p10 / median / p90 of the turn, and the win rate of the
    seat that scored first with its Wilson interval."""
    scored = counts.filter(pl.col("turn").is_not_null()).sort("turn")
    total = int(counts["games"].sum())
    n = int(scored["games"].sum())
    wins = int(scored["scorer_wins"].sum())
    turns, games = scored["turn"].to_list(), scored["games"].to_list()
    lo, hi = wilson(wins, n, level)
    return pl.DataFrame(
        {
            "games": [total],
            "games_scored": [n],
            "share_scored": [n / total if total else math.nan],
            "p10": [_quantile(turns, games, 0.10)],
            "median": [_quantile(turns, games, 0.50)],
            "p90": [_quantile(turns, games, 0.90)],
            "scorer_wins": [wins],
            "scorer_win_rate": [wins / n if n else math.nan],
            "lower": [lo],
            "upper": [hi],
        },
        schema_overrides={"p10": pl.Float64, "median": pl.Float64, "p90": pl.Float64},
    )


def score_curves(run: Run, data: AnalysisSpec, max_games: int = SCORE_CURVE_GAMES) -> pl.DataFrame | None:
    """``n_players, position, turn, games, p10, median, p90``: each place in turn order's running score,
    over a fixed sample of at most about ``max_games`` games; None when the game has no score rules."""
    return score_query(run, data, "score_curves", max_games)


def score_query(run: Run, data: AnalysisSpec, name: str, max_games: int) -> pl.DataFrame | None:
    """Run a query over each seat's running score (``{rules}``: the game's score rules as a VALUES list)
    on a fixed, seed-free sample of about ``max_games`` games (``game_id % {every} = 0``); None when the
    game has no score rules."""
    if not data.score_rules:
        return None
    total = query(run, "player_totals")["games"][0]
    every = max(1, math.ceil(total / max_games))
    rules = ", ".join(
        f"({sql_strings((r.kind,))}, {int(r.sign)}, {'true' if r.use_amount else 'false'})"
        for r in data.score_rules
    )
    return query(run, name, rules=rules, every=str(every))
