"""Luck-adjusted win rates: a control variate for dice luck (issue 21 item 2).

Every fair die a player rolls is luck with a known expectation: whatever the player did before, the face is
uniform on 1..6, so ``f(face) − E f`` has mean zero given the whole history. Summed over a seat's rolls (and
its opponents'), such features have expectation exactly zero in every group of seats — every character,
strategy or deck — however many rolls the play produced. Subtracting ``β · features`` from each seat's win
share therefore leaves every group's mean unchanged and removes the part of the outcome the dice explain
(AIVAT's idea for poker, in its simplest form): the same estimate with a narrower interval, i.e. the
certainty of more games.

β is fitted once per run by least squares of the within-group centred win share on the features (centring
keeps group differences out of β). With β estimated from the same data the estimate is consistent, and the
interval is the normal one on the adjusted scores; tests check both on synthetic data with a known answer.

Which events are fair dice is the game's vocabulary: a game that logs ``roll`` events with detail
``initial`` and the face as ``amount`` (Four Souls, FS-9.2) gets the adjustment; others have no dice luck
to remove and the section does not apply.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import duckdb
import numpy as np
import polars as pl

from .render import Section
from .runs import Run
from .stats import wilson

FEATURES = ("own_sum", "own_sixes", "own_ones", "others_sum")
_FACE_MEAN, _FACE_SHARE = 3.5, 1.0 / 6.0

# per seat: Σ (face − 3.5), Σ ([face = 6] − 1/6), Σ ([face = 1] − 1/6) over its own fair rolls
_SEAT_LUCK_SQL = f"""
SELECT game_id, seat,
       sum(amount - {_FACE_MEAN}) AS own_sum,
       sum(CASE WHEN amount = 6 THEN 1 ELSE 0 END - {_FACE_SHARE}) AS own_sixes,
       sum(CASE WHEN amount = 1 THEN 1 ELSE 0 END - {_FACE_SHARE}) AS own_ones
FROM events
WHERE kind = 'roll' AND detail = 'initial' AND seat >= 0 AND amount BETWEEN 1 AND 6
GROUP BY game_id, seat
"""


def has_dice(run: Run) -> bool:
    """Does the run log fair die rolls (``roll`` / ``initial`` events)?"""
    try:
        found = run.db.sql(
            "SELECT count(*) FROM events WHERE kind = 'roll' AND detail = 'initial'"
        ).fetchall()
    except duckdb.Error:  # no events table (a run with --no-events)
        return False
    return found[0][0] > 0


def seat_luck(run: Run, dim: str) -> pl.DataFrame:
    """One row per game and seat: ``value`` (the seat's ``dim``), ``win_share`` and the luck features
    (0 for a seat that rolled nothing; ``others_sum`` is the mean of the opponents' ``own_sum``)."""
    frame = run.db.sql(
        f"""
        WITH luck AS ({_SEAT_LUCK_SQL}),
        seats AS (
            SELECT p.game_id, p.seat, CAST(p."{dim}" AS VARCHAR) AS value, p.win_share,
                   coalesce(l.own_sum, 0) AS own_sum, coalesce(l.own_sixes, 0) AS own_sixes,
                   coalesce(l.own_ones, 0) AS own_ones, p.n_players
            FROM players p LEFT JOIN luck l USING (game_id, seat)
        )
        SELECT game_id, seat, value, win_share, own_sum, own_sixes, own_ones,
               CASE WHEN n_players > 1
                    THEN (sum(own_sum) OVER (PARTITION BY game_id) - own_sum) / (n_players - 1)
                    ELSE 0 END AS others_sum
        FROM seats ORDER BY game_id, seat
        """
    ).pl()
    return frame.with_columns(pl.col(list(FEATURES)).cast(pl.Float64))


@dataclass(slots=True)
class Adjusted:
    """Per value: the plain rate with its Wilson interval and the luck-adjusted rate with its interval."""

    table: pl.DataFrame
    beta: dict[str, float]
    variance_ratio: float  # adjusted / plain variance of the seat scores, pooled (< 1: luck removed)


def adjust(frame: pl.DataFrame, level: float = 0.95, features: tuple[str, ...] = FEATURES) -> Adjusted:
    """Fit β on the within-value centred win share and return each value's plain and adjusted rate.

    ``frame`` has ``value``, ``win_share`` and the feature columns (``seat_luck``'s shape)."""
    y = frame["win_share"].to_numpy().astype(float)
    beta, adjusted = _fit(frame, "win_share", list(features))
    z = _z(level)
    scored = frame.with_columns(pl.Series("_adj", adjusted))
    rows = []
    for value, part in scored.group_by("value", maintain_order=True):
        n = part.height
        wins = float(part["win_share"].sum())
        lo, hi = wilson(wins, n, level)
        adj = part["_adj"].to_numpy()
        mean = float(adj.mean())
        half = z * float(adj.std(ddof=1)) / math.sqrt(n) if n > 1 else float("nan")
        plain_sd = float(part["win_share"].std(ddof=1) or 0.0) if n > 1 else float("nan")
        ratio = (float(adj.std(ddof=1)) / plain_sd) ** 2 if n > 1 and plain_sd > 0 else float("nan")
        rows.append(
            {
                "value": value[0] if isinstance(value, tuple) else value,
                "games": n,
                "win_rate": wins / n,
                "lower": lo,
                "upper": hi,
                "adjusted": mean,
                "adjusted_lower": max(0.0, mean - half),
                "adjusted_upper": min(1.0, mean + half),
                "variance_ratio": ratio,
            }
        )
    table = pl.DataFrame(rows).sort("adjusted", descending=True)
    plain_var = float(np.var(y, ddof=1)) if len(y) > 1 else float("nan")
    ratio = float(np.var(adjusted, ddof=1)) / plain_var if len(y) > 1 and plain_var > 0 else float("nan")
    return Adjusted(table, dict(zip(features, (float(b) for b in beta), strict=True)), ratio)


def _fit(frame: pl.DataFrame, y: str, xs: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """β of ``y`` centred within each value on the features ``xs`` (least squares; zeros when there are
    no more rows than features), and the adjusted scores ``y − xs · β``."""
    x = frame.select(xs).to_numpy().astype(float)
    values = frame[y].to_numpy().astype(float)
    centred = frame.select(pl.col(y) - pl.col(y).mean().over("value"))[y].to_numpy()
    beta = np.linalg.lstsq(x, centred, rcond=None)[0] if frame.height > len(xs) else np.zeros(len(xs))
    return beta, values - x @ beta


def _half(values: np.ndarray, z: float) -> float:
    """Half the width of the normal interval on the mean of ``values``."""
    n = len(values)
    return z * float(values.std(ddof=1)) / math.sqrt(n) if n > 1 else float("nan")


def _z(level: float) -> float:
    from statistics import NormalDist

    return NormalDist().inv_cdf(0.5 + level / 2)


def section(run: Run, dim: str, level: float = 0.95, min_games: int = 30) -> Section | None:
    """The report's "Luck-adjusted win rates" section by ``dim``; None when the game rolls no dice or
    too few seats have a value to fit β."""
    if dim not in run.columns("players") or not has_dice(run):
        return None
    frame = seat_luck(run, dim)
    if frame.height < 10 * len(FEATURES):
        return None
    result = adjust(frame, level)
    tag = f"{level:.0%}"
    table = result.table.filter(pl.col("games") >= min_games)
    if not table.height:
        return None
    pct = lambda v: "" if v is None or v != v else f"{100 * v:.1f}%"  # noqa: E731
    display = pl.DataFrame(
        {
            dim: table["value"].to_list(),
            "games": table["games"].to_list(),
            "win rate": [pct(v) for v in table["win_rate"].to_list()],
            f"{tag} CI": [
                f"[{pct(lo)}, {pct(hi)}]" for lo, hi in zip(table["lower"], table["upper"], strict=True)
            ],
            "luck-adjusted": [pct(v) for v in table["adjusted"].to_list()],
            f"adjusted {tag} CI": [
                f"[{pct(lo)}, {pct(hi)}]"
                for lo, hi in zip(table["adjusted_lower"], table["adjusted_upper"], strict=True)
            ],
        }
    )
    removed = 1.0 - result.variance_ratio
    pays = "pays" if removed >= 0.05 else "pays little here"
    note = (
        f"The dice a seat and its opponents rolled explain {removed:.1%} of the variance of the seat's result "
        f"(the same certainty as {1 / result.variance_ratio - 1:.1%} more games: the adjustment {pays}). Each "
        "adjusted rate subtracts the part of its seats' results that their dice explain; fair dice average "
        "out in every group, so the rate is the same quantity with a narrower interval (normal interval on "
        f"the adjusted scores; values with under {min_games} seats left out). See docs/statistics.md, 'Luck'."
    )
    return Section(f"Luck-adjusted win rate by {dim}", display, note=note, group="Win rates")


@dataclass(slots=True)
class PairedAdjusted:
    """Per value: the paired B − A with its normal interval, and the same with the dice luck of both runs
    taken out; ``variance_ratio`` is adjusted / plain variance of the seats' differences, pooled."""

    table: pl.DataFrame
    beta: dict[str, float]
    variance_ratio: float


def adjust_paired(
    a: pl.DataFrame, b: pl.DataFrame, level: float = 0.95, features: tuple[str, ...] = FEATURES
) -> PairedAdjusted | None:
    """Luck-adjusted paired differences (issue 21 item 2, in compare): seats of the same game and seat with
    the same value in both runs; ``d = win_share_B − win_share_A`` and the features' differences
    ``x_B − x_A``. Differences of fair-dice features still have mean zero (each run's do), so subtracting
    ``β · (x_B − x_A)`` leaves each value's mean difference unchanged and removes what the dice explain
    when the change made the games roll differently. ``a`` and ``b`` have ``seat_luck``'s shape. None when
    fewer seats pair than there are features to fit (×10)."""
    pairs = a.join(b, on=["game_id", "seat"], suffix="_b").filter(pl.col("value") == pl.col("value_b"))
    if pairs.height < 10 * len(features):
        return None
    pairs = pairs.with_columns(
        (pl.col("win_share_b") - pl.col("win_share")).alias("_d"),
        *[(pl.col(f"{f}_b") - pl.col(f)).alias(f"_x_{f}") for f in features],
    )
    beta, adjusted = _fit(pairs, "_d", [f"_x_{f}" for f in features])
    d = pairs["_d"].to_numpy().astype(float)
    z = _z(level)
    scored = pairs.with_columns(pl.Series("_adj", adjusted))
    rows = []
    for value, part in scored.group_by("value", maintain_order=True):
        n = part.height
        plain, adj = part["_d"].to_numpy(), part["_adj"].to_numpy()
        rows.append(
            {
                "value": value[0] if isinstance(value, tuple) else value,
                "seats": n,
                "diff": float(plain.mean()),
                "diff_half": _half(plain, z),
                "adjusted": float(adj.mean()),
                "adjusted_half": _half(adj, z),
            }
        )
    plain_var = float(np.var(d, ddof=1))
    ratio = float(np.var(adjusted, ddof=1)) / plain_var if plain_var > 0 else float("nan")
    table = pl.DataFrame(rows).sort("value")
    return PairedAdjusted(table, dict(zip(features, (float(v) for v in beta), strict=True)), ratio)


def paired_lines(run_a: Run, run_b: Run, dim: str, level: float = 0.95, min_seats: int = 30) -> list[str]:
    """``compare``'s luck-adjusted B − A per value (lines of text), or nothing when the game rolls no
    dice, too few seats pair, or every paired seat had the same dice in both runs (nothing to remove)."""
    if not (has_dice(run_a) and has_dice(run_b)):
        return []
    result = adjust_paired(seat_luck(run_a, dim), seat_luck(run_b, dim), level)
    if result is None or math.isnan(result.variance_ratio):
        return []
    shown = result.table.filter(pl.col("seats") >= min_seats)
    if not shown.height:
        return []
    removed = 1.0 - result.variance_ratio
    lines = [
        "",
        f"Luck-adjusted B − A by {dim} (the dice both runs rolled taken out; normal {level:.0%} intervals): "
        f"the dice explain {removed:.1%} of the variance of a seat's difference",
    ]
    heads = [dim, "seats", "B − A", f"{level:.0%} CI", "adjusted", f"adjusted {level:.0%} CI"]
    rows = [
        [
            str(r["value"]),
            str(r["seats"]),
            f"{100 * r['diff']:+.1f} pts",
            f"[{100 * (r['diff'] - r['diff_half']):+.1f}, {100 * (r['diff'] + r['diff_half']):+.1f}]",
            f"{100 * r['adjusted']:+.1f} pts",
            f"[{100 * (r['adjusted'] - r['adjusted_half']):+.1f}, {100 * (r['adjusted'] + r['adjusted_half']):+.1f}]",
        ]
        for r in shown.iter_rows(named=True)
    ]
    widths = [max(len(h), *(len(x[i]) for x in rows)) for i, h in enumerate(heads)]
    lines.append("  ".join(h.ljust(w) for h, w in zip(heads, widths, strict=True)).rstrip())
    lines += ["  ".join(v.ljust(w) for v, w in zip(x, widths, strict=True)).rstrip() for x in rows]
    return lines
