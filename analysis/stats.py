"""Binomial intervals. Every rate cardlab reports carries n and an interval (DESIGN: Analysis)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist


def z_for(level: float = 0.95) -> float:
    """The two-sided normal quantile for a confidence level (1.959964 for 0.95)."""
    if not 0 < level < 1:
        raise ValueError(f"confidence level must be between 0 and 1, got {level}")
    return NormalDist().inv_cdf(0.5 + level / 2)


def wilson(successes: float, n: float, level: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a proportion; (nan, nan) when n is 0.

    Wilson rather than Wald because it stays inside [0, 1] and keeps its coverage for rates near 0 or 1
    and for small n — common for rare characters or alliances.
    """
    if n <= 0:
        return (math.nan, math.nan)
    if not 0 <= successes <= n:
        raise ValueError(f"successes must be within 0..n, got {successes}/{n}")
    z = z_for(level)
    successes, n = float(successes), float(n)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lower = 0.0 if successes == 0 else max(0.0, centre - half)  # exact at the ends, free of rounding
    upper = 1.0 if successes == n else min(1.0, centre + half)
    return (lower, upper)


FEW_CLUSTERS = (
    30  # below this many clusters their variance is too unstable to claim a gain over independent games
)


def small_sample_factor(clusters: int, level: float = 0.95) -> float:
    """(t / z)² for a variance estimated from ``clusters`` clusters: how much a normal-quantile interval must
    widen (in variance) to be Student's t interval on clusters − 1 degrees of freedom — the usual
    small-cluster correction (few deals give a noisy variance; ≈ 1 from a few hundred on)."""
    from scipy.stats import t as student

    if clusters < 2:
        return math.inf
    return (float(student.ppf(0.5 + level / 2, clusters - 1)) / z_for(level)) ** 2


def capped_n_eff(n_eff: float, total: float, clusters: int, level: float = 0.95) -> float:
    """The effective sample size a clustered interval may claim: never more than the ``total`` games while
    the clusters are fewer than :data:`FEW_CLUSTERS` (their variance could be small by chance), then
    divided by :func:`small_sample_factor` (the t correction for ``clusters`` − 1 degrees of freedom)."""
    if clusters < FEW_CLUSTERS:
        n_eff = min(n_eff, total)
    return n_eff / small_sample_factor(clusters, level)


def clustered_rate(
    wins: Sequence[float], games: Sequence[float], level: float = 0.95
) -> tuple[float, float, float, float]:
    """(rate, lower, upper, effective n) of a rate whose observations come in clusters — the games of one
    deal under ``--mirror`` (``wins[c]`` of ``games[c]`` in cluster c), which are not independent.

    The rate is Σwins / Σgames. Its variance is the cluster-robust one of a ratio estimator,
    v = C/(C−1) · Σ_c (wins_c − rate·games_c)² / (Σgames)², which holds whatever the correlation within a
    cluster: positive (a deal that favours a value in every rotation) widens it, negative (the seat rotations
    of a mirror cancel a seat's advantage) narrows it. The interval is Wilson's at the effective sample size
    n_eff = rate(1 − rate)/v (Wilson keeps it inside [0, 1]; with n_eff = Σgames it is the plain interval).
    A rate of exactly 0 or 1, or clusters that all agree, leave v = 0: then n_eff = Σgames (the plain
    interval, never a point). The claim is then capped for small samples (:func:`capped_n_eff`): with fewer
    than 30 clusters never more than Σgames, and always the t correction for C − 1 degrees of freedom, so a
    handful of deals cannot give a narrow interval. NaNs with fewer than 2 clusters (no variance to
    estimate)."""
    n_clusters = len(games)
    total = float(sum(games))
    if n_clusters < 2 or total <= 0:
        return (math.nan, math.nan, math.nan, math.nan)
    rate = float(sum(wins)) / total
    spread = sum((w - rate * g) ** 2 for w, g in zip(wins, games, strict=True))
    var = n_clusters / (n_clusters - 1) * spread / (total * total)
    n_eff = capped_n_eff(rate * (1 - rate) / var if var > 0 else total, total, n_clusters, level)
    lower, upper = wilson(rate * n_eff, n_eff, level)
    return (rate, lower, upper, n_eff)
