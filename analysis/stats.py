"""Binomial intervals. Every rate cardlab reports carries n and an interval (DESIGN: Analysis)."""

from __future__ import annotations

import math
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
