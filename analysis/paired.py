"""Paired A/B comparison of two runs played with the same seeds (``cardlab compare``).

When run B replays run A's seeds with one change (a deck ratio, a card's numbers), each game of B has a
twin in A: same shuffles, same dice until the change first matters. Comparing twins cancels most of the
luck both runs share, so a paired interval is much narrower than comparing two independent win rates —
the difference is only as noisy as the games the change actually altered.

Method, per label (rows matched on game and seat with the same label in both runs): the paired 2×2 table
of that label's outcome in A and in B,

                 B won   B lost
        A won      e       f
        A lost     g       h          n = e + f + g + h,  p_A = (e + f)/n,  p_B = (e + g)/n,

and the difference θ = p_B − p_A = (g − f)/n with Newcombe's hybrid score interval for paired proportions
(Newcombe 1998, Stat. Med. 17:2635, method 10): with Wilson intervals (l_A, u_A), (l_B, u_B) and the table's
phi coefficient φ = c / √((e+f)(g+h)(e+g)(f+h)) (0 when a margin is empty), where c = eh − fg when that is
negative and max(eh − fg − n/2, 0) otherwise (Newcombe's continuity-corrected φ),
    lower = θ − √((p_B − l_B)² − 2φ(p_B − l_B)(u_A − p_A) + (u_A − p_A)²)
    upper = θ + √((u_B − p_B)² − 2φ(u_B − p_B)(p_A − l_A) + (p_A − l_A)²).
Chosen over a t interval on the per-game differences d_i ∈ {−1, 0, 1} because it keeps its coverage when
few games changed (a t interval is a point when no game changed, and dips below nominal near 0 or n
changes), and it stays inside [−1, 1]. A draw (score ½) enters the table as half a win: a pair of scores
(a, b) adds min(a, b) to e, max(a − b, 0) to f, max(b − a, 0) to g and 1 − max(a, b) to h.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import polars as pl

from cardlab.analysis.matchups import with_win_share
from cardlab.analysis.small_samples import MAX_HALF_WIDTH, MIN_GAMES, too_few_expr
from cardlab.analysis.stats import FEW_CLUSTERS, small_sample_factor, wilson


def newcombe_paired(
    both: float, a_only: float, b_only: float, neither: float, level: float = 0.95
) -> tuple[float, float, float]:
    """(θ, lower, upper) for θ = p_B − p_A from a paired 2×2 table (see the module docstring); NaNs
    when the table is empty. Counts may be fractional (draws)."""
    n = both + a_only + b_only + neither
    if n <= 0:
        return (math.nan, math.nan, math.nan)
    p_a, p_b = (both + a_only) / n, (both + b_only) / n
    l_a, u_a = wilson(both + a_only, n, level)
    l_b, u_b = wilson(both + b_only, n, level)
    margins = (both + a_only) * (b_only + neither) * (both + b_only) * (a_only + neither)
    cross = both * neither - a_only * b_only
    if cross > 0:  # Newcombe's continuity correction of a positive phi
        cross = max(cross - n / 2, 0.0)
    phi = cross / math.sqrt(margins) if margins > 0 else 0.0
    theta = p_b - p_a
    down = (p_b - l_b) ** 2 - 2 * phi * (p_b - l_b) * (u_a - p_a) + (u_a - p_a) ** 2
    up = (u_b - p_b) ** 2 - 2 * phi * (u_b - p_b) * (p_a - l_a) + (p_a - l_a) ** 2
    return (theta, max(-1.0, theta - math.sqrt(max(down, 0.0))), min(1.0, theta + math.sqrt(max(up, 0.0))))


@dataclass(slots=True)
class PairedComparison:
    """What ``cardlab compare`` reports.

    ``by_label``: ``label, games, rate_a, rate_b, diff, lower, upper, both, a_only, b_only, neither,
    too_few`` — ``diff`` is B − A, ``games`` counts matched (game, seat) rows of the label.
    ``games``: games present in both runs; ``winner_changed``: of those, games whose outcome (who won, a
    draw, or no winner) differs, with its share and Wilson interval. ``unmatched_a`` / ``unmatched_b``:
    (game, seat) rows found in one run only; ``label_changed``: matched rows whose label differs between
    the runs (left out of ``by_label``, since they do not compare like with like). ``seats``: matched
    (game, seat) rows; ``games_same``: games present in both runs whose every seat kept its label — how well
    the runs are paired (a change that re-deals the labels leaves few of them).
    """

    by_label: pl.DataFrame
    games: int
    winner_changed: int
    changed_rate: float
    changed_lower: float
    changed_upper: float
    unmatched_a: int
    unmatched_b: int
    label_changed: int
    seats: int = 0
    games_same: int = 0
    pairing_gain: float = math.nan  # unpaired / paired variance of a seat's B − A (issue 21 item 1)

    @property
    def paired_share(self) -> float:
        """Share of matched seats that kept their label (1.0 = fully paired)."""
        return (self.seats - self.label_changed) / self.seats if self.seats else math.nan


def design_effect(diffs: list[float], clusters: list[object]) -> float:
    """Cluster-robust variance of the mean of ``diffs`` over its variance as if they were independent.

    v_cl = C/(C−1) · Σ_c (D_c − θ m_c)² / n² (D_c, m_c: sum and count of cluster c; θ the mean) against
    v_iid = s² / n. NaN when there is nothing to scale (fewer than 2 clusters, or no difference varies)."""
    n = len(diffs)
    if n < 2:
        return math.nan
    theta = sum(diffs) / n
    sums: dict[object, list[float]] = {}
    for d, c in zip(diffs, clusters, strict=True):
        s = sums.setdefault(c, [0.0, 0.0])
        s[0] += d
        s[1] += 1
    k = len(sums)
    var_iid = sum((d - theta) ** 2 for d in diffs) / (n - 1) / n
    if k < 2 or var_iid <= 0:
        return math.nan
    var_cl = k / (k - 1) * sum((s - theta * m) ** 2 for s, m in sums.values()) / (n * n)
    return var_cl / var_iid


def claimed_design_effect(diffs: list[float], clusters: list[object], level: float = 0.95) -> float:
    """The design effect an interval may use: :func:`design_effect`, never below 1 while the clusters are
    fewer than ``stats.FEW_CLUSTERS`` (a handful of deals cannot show a gain over independent games), times
    the t correction for clusters − 1 degrees of freedom (``stats.small_sample_factor``) — the same cap as
    ``stats.clustered_rate``'s n_eff."""
    f = design_effect(diffs, clusters)
    if f != f:
        return f
    k = len(set(clusters))
    return (max(f, 1.0) if k < FEW_CLUSTERS else f) * small_sample_factor(k, level)


def _clustered(
    by_label: pl.DataFrame, same: pl.DataFrame, sa: pl.Expr, sb: pl.Expr, level: float
) -> pl.DataFrame:
    """Each label's Newcombe interval scaled about its estimate by √(design effect) (clipped to [−1, 1]),
    with the design effect claimed (:func:`claimed_design_effect`) as ``deff`` (NaN: no difference varies,
    the interval is Newcombe's)."""
    diffs = same.with_columns((sb - sa).alias("_d")).group_by("label").agg(pl.col("_d"), pl.col("_cluster"))
    deff = {row[0]: claimed_design_effect(row[1], row[2], level) for row in diffs.iter_rows()}
    rows = []
    for label, diff, lower, upper in by_label.select("label", "diff", "lower", "upper").iter_rows():
        f = deff.get(label, math.nan)
        if f == f:
            lower, upper = (
                max(-1.0, diff - (diff - lower) * math.sqrt(f)),
                min(1.0, diff + (upper - diff) * math.sqrt(f)),
            )
        rows.append((lower, upper, f))
    return by_label.with_columns(
        pl.Series("lower", [r[0] for r in rows], dtype=pl.Float64),
        pl.Series("upper", [r[1] for r in rows], dtype=pl.Float64),
        pl.Series("deff", [r[2] for r in rows], dtype=pl.Float64),
    )


def paired_compare(
    players_a: pl.DataFrame,
    players_b: pl.DataFrame,
    label: str = "label",
    result: str = "result",
    game: str = "game_id",
    seat: str = "seat",
    level: float = 0.95,
    min_games: float = MIN_GAMES,
    max_half_width: float = MAX_HALF_WIDTH,
    cluster: str | None = None,
) -> PairedComparison:
    """Paired difference B − A of two players tables joined on (game, seat); see the module docstring.

    A list label (Gosu X's ``clans``) counts for each of its members: a seat that kept its alliance adds
    one row to each of its clans. ``cluster``: a column of ``players_a`` grouping rows that are not
    independent (the deal of a ``--mirror`` run): each label's interval is then widened or narrowed about
    its estimate by the square root of the design effect (:func:`design_effect`)."""
    listed = isinstance(players_a.schema[label], pl.List)
    kind = pl.List(pl.String) if listed else pl.String
    keep = [pl.col(game), pl.col(seat), pl.col(label).cast(kind).alias("label"), pl.col("win_share")]
    a = with_win_share(players_a, result, game).select(
        keep + ([pl.col(cluster).alias("_cluster")] if cluster else [])
    )
    b = with_win_share(players_b, result, game).select(keep)
    matched = a.join(b, on=[game, seat], suffix="_b")
    unmatched_a = a.height - matched.height
    unmatched_b = b.height - matched.height
    kept = pl.col("label") == pl.col("label_b")
    games_same = matched.group_by(game).agg(kept.all().alias("same"))["same"].sum()
    same = matched.filter(kept)
    if listed:
        same = same.drop("label_b").explode("label")
    sa, sb = pl.col("win_share"), pl.col("win_share_b")
    by_label = (
        same.group_by("label")
        .agg(
            pl.len().alias("games"),
            sa.mean().alias("rate_a"),
            sb.mean().alias("rate_b"),
            pl.min_horizontal(sa, sb).sum().alias("both"),
            (sa - sb).clip(lower_bound=0).sum().alias("a_only"),
            (sb - sa).clip(lower_bound=0).sum().alias("b_only"),
            (1 - pl.max_horizontal(sa, sb)).sum().alias("neither"),
        )
        .sort("label")
    )
    rows = [
        newcombe_paired(e, f, g, h, level)
        for e, f, g, h in by_label.select("both", "a_only", "b_only", "neither").iter_rows()
    ]
    by_label = by_label.with_columns(
        pl.Series("diff", [r[0] for r in rows], dtype=pl.Float64),
        pl.Series("lower", [r[1] for r in rows], dtype=pl.Float64),
        pl.Series("upper", [r[2] for r in rows], dtype=pl.Float64),
    )
    if cluster:
        by_label = _clustered(by_label, same, sa, sb, level)
    by_label = by_label.with_columns(too_few_expr("games", "lower", "upper", min_games, max_half_width))
    by_label = by_label.select(
        "label",
        "games",
        "rate_a",
        "rate_b",
        "diff",
        "lower",
        "upper",
        "both",
        "a_only",
        "b_only",
        "neither",
        "too_few",
        *(["deff"] if cluster else []),
    )
    per_game = matched.group_by(game).agg(
        (pl.col("win_share") != pl.col("win_share_b")).any().alias("changed")
    )
    games = per_game.height
    changed = int(per_game["changed"].sum())
    kept_rows = matched.filter(kept)
    paired_var = float(kept_rows.select((sa - sb).var()).item() or 0.0) if kept_rows.height > 1 else math.nan
    unpaired_var = (
        float(kept_rows.select(sa.var() + sb.var()).item() or 0.0) if kept_rows.height > 1 else math.nan
    )
    gain = unpaired_var / paired_var if paired_var and paired_var == paired_var else math.inf
    low, high = wilson(changed, games, level)
    return PairedComparison(
        by_label=by_label,
        games=games,
        winner_changed=changed,
        changed_rate=changed / games if games else math.nan,
        changed_lower=low,
        changed_upper=high,
        unmatched_a=unmatched_a,
        unmatched_b=unmatched_b,
        label_changed=matched.filter(~kept).height,
        seats=matched.height,
        games_same=int(games_same or 0),
        pairing_gain=gain if unpaired_var == unpaired_var else math.nan,
    )
