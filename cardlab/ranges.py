"""A range ``a..b[:step]`` typed on the command line (`sweep --vary`, `tune --knob`, `tune-policy --param`):
one reading for all three, so each names the fault typed (a step below 1 was blamed on the option)."""

from __future__ import annotations

import math

from cardlab.simulate.core.errors import UserError


def show(value: float) -> str:
    """A number as typed: ``3`` for 3.0, else up to ten significant digits."""
    return str(int(value)) if float(value).is_integer() else f"{value:.10g}"


def range_points(where: str, lo: float, hi: float, step: float, most: int, noun: str) -> list[float]:
    """The points lo, lo + step, … ≤ hi; ``where`` starts each message (the flag and what was typed), at most
    ``most`` points (``noun`` counts them). Counted before any is made: 0..10**9 took 2.5 GB."""
    if not all(math.isfinite(v) for v in (lo, hi, step)):
        raise UserError(f"{where}: a range needs finite numbers")
    if step <= 0:
        raise UserError(f"{where}: the step {show(step)} is not above 0 (a range counts up from a to b)")
    if hi < lo:
        raise UserError(
            f"{where}: the range starts above its end ({show(lo)} > {show(hi)}); write it low..high"
        )
    count = math.floor((hi - lo) / step + 1e-9) + 1
    if count > most:
        raise UserError(f"{where}: {count:,} {noun}; at most {most}")
    return [lo + i * step for i in range(count)]
