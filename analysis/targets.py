"""Balance targets for `cardlab tune` (issue 21 item 3): what "balanced" means, as a number and a gap.

A target reads the seats of a set of games — one row per game and seat with the seat's ``value`` in the
dimension the target names, its ``win_share`` (the one win rate: a k-way draw counts 1/k) and its place in
turn order — and says how far the games are from meeting it (``gap``, 0 when met). Grammar:

* ``spread(DIM) <= X`` — the largest minus the smallest win rate among DIM's values;
* ``DIM VALUE <= X``, ``DIM VALUE >= X``, ``DIM VALUE in A..B`` — one value's win rate
  (``character Isaac >= 0.2``; a value may contain spaces: ``character Blue Baby in 0.2..0.3``);
* ``first_player in A..B`` (or ``<=``/``>=``) — the win rate of the seat that took the first turn.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
import polars as pl


class TargetError(ValueError):
    """A target that does not parse or names nothing (the command turns it into one line, exit 2)."""


_BOUND = re.compile(r"^(?P<subject>.+?)\s*(?P<op><=|>=|\bin\b)\s*(?P<bound>\S+)$")
_SPREAD = re.compile(r"^spread\((?P<dim>[\w-]+)\)$")


@dataclass(frozen=True, slots=True)
class Target:
    text: str
    kind: str  # "spread" | "value" | "first_player"
    dim: str | None
    value: str | None
    low: float
    high: float

    def measure(self, seats: pl.DataFrame, min_seats: int = 1) -> float:
        """The target's figure on these seats (NaN when a value it needs is missing)."""
        if self.kind == "first_player":
            first = seats.filter(pl.col("place") == 0)
            return float(first["win_share"].mean()) if first.height else float("nan")
        rates = (
            seats.filter(pl.col("dim") == self.dim)
            .group_by("value")
            .agg(pl.col("win_share").mean().alias("rate"), pl.len().alias("n"))
            .filter(pl.col("n") >= min_seats)
        )
        if self.kind == "spread":
            return float(rates["rate"].max() - rates["rate"].min()) if rates.height > 1 else float("nan")
        row = rates.filter(pl.col("value") == self.value)
        return float(row["rate"][0]) if row.height else float("nan")

    def gap(self, figure: float) -> float:
        """How far ``figure`` is outside [low, high] (0 inside; 1 when it could not be measured)."""
        if figure != figure:
            return 1.0
        return max(0.0, self.low - figure, figure - self.high)


def parse(text: str, dims: list[str]) -> Target:
    """One ``--target``; bad text, an unknown dimension or an impossible range is one line (exit 2)."""
    raw = " ".join(str(text).split())
    main = next((d for d in dims if d != "strategy"), "strategy")  # the game's own column in examples
    m = _BOUND.match(raw)
    if not m:
        raise TargetError(
            f"--target {text!r}: expected e.g. 'spread({main}) <= 0.06', '{main} VALUE >= 0.2' "
            "or 'first_player in 0.48..0.52'"
        )
    subject, op, bound = m.group("subject").strip(), m.group("op"), m.group("bound")
    low, high = _bounds(text, op, bound)
    spread = _SPREAD.match(subject)
    if spread:
        dim = _dim(text, spread.group("dim"), dims)
        return Target(raw, "spread", dim, None, low, high)
    if subject == "first_player":
        return Target(raw, "first_player", None, None, low, high)
    dim, _, value = subject.partition(" ")
    if not value.strip():
        raise TargetError(f"--target {text!r}: name a dimension and a value (e.g. '{main} VALUE >= 0.2')")
    return Target(raw, "value", _dim(text, dim, dims), value.strip(), low, high)


def _dim(text: str, dim: str, dims: list[str]) -> str:
    if dim not in dims:
        raise TargetError(
            f"--target {text!r}: '{dim}' is not a dimension of this game (one of {', '.join(dims)})"
        )
    return dim


def _bounds(text: str, op: str, bound: str) -> tuple[float, float]:
    try:
        if op == "in":
            lo_text, sep, hi_text = bound.partition("..")
            if not sep:
                raise ValueError
            low, high = float(lo_text), float(hi_text)
        elif op == "<=":
            low, high = 0.0, float(bound)
        else:
            low, high = float(bound), 1.0
    except ValueError:
        raise TargetError(f"--target {text!r}: '{bound}' is not a number (or A..B after 'in')") from None
    if not 0.0 <= low <= high <= 1.0:
        raise TargetError(f"--target {text!r}: the range must lie within 0..1 with its low end first")
    return low, high


def total_gap(targets: list[Target], seats: pl.DataFrame, min_seats: int = 1) -> float:
    return sum(t.gap(t.measure(seats, min_seats)) for t in targets)


def _per_game(
    target: Target, seats: pl.DataFrame, min_seats: int, n_games: int | None = None
) -> tuple[np.ndarray, np.ndarray, dict[str, int]]:
    """The target's seats summed per game and value: (win shares, seats, value → column), one row per game
    (games ``0 … n_games − 1`` when given, so two candidates' rows are the same games; else the games
    present). Values seen in fewer than ``min_seats`` seats are left out, as :meth:`Target.measure` does."""
    if target.kind == "first_player":
        part = seats.filter(pl.col("place") == 0).with_columns(pl.lit("first").alias("value"))
    else:
        part = seats.filter(pl.col("dim") == target.dim)
        counts = part.group_by("value").len()
        part = part.filter(
            pl.col("value").is_in(counts.filter(pl.col("len") >= min_seats)["value"].implode())
        )
    games = np.arange(n_games) if n_games is not None else np.unique(part["game"].to_numpy())
    values = sorted(set(part["value"].to_list()))
    vi = {v: i for i, v in enumerate(values)}
    rows = np.searchsorted(games, part["game"].to_numpy())
    columns = part["value"].replace_strict(vi, return_dtype=pl.Int64).to_numpy() if values else rows
    share = np.zeros((len(games), len(values)))
    count = np.zeros_like(share)
    np.add.at(share, (rows, columns), part["win_share"].to_numpy())
    np.add.at(count, (rows, columns), 1)
    return share, count, vi


def _draws(target: Target, weights: np.ndarray, share, count, vi) -> np.ndarray:
    """The target's figure under each row of game weights (NaN where it cannot be measured)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        rates = (weights @ share) / (weights @ count)
    if target.kind == "spread":
        seen = ~np.isnan(rates)
        high = np.where(seen, rates, -np.inf).max(axis=1, initial=-np.inf)
        low = np.where(seen, rates, np.inf).min(axis=1, initial=np.inf)
        return np.where(seen.sum(axis=1) > 1, high - low, np.nan)
    column = vi.get(target.value if target.kind == "value" else "first")
    return rates[:, column] if column is not None else np.full(len(weights), np.nan)


def replicate_gaps(
    target: Target, seats: pl.DataFrame, weights: np.ndarray, min_seats: int = 1
) -> np.ndarray:
    """The target's gap under each row of ``weights`` (replicates × games ``0 … G − 1``: how often each game
    is drawn). Two candidates that played the same seeds, given the same weights, give a paired bootstrap
    of their difference in gap — what a race reads to drop a candidate that cannot win."""
    share, count, vi = _per_game(target, seats, min_seats, weights.shape[1])
    figures = _draws(target, weights, share, count, vi)
    outside = np.maximum(0.0, np.maximum(target.low - figures, figures - target.high))
    return np.where(np.isnan(figures), 1.0, outside)


def bootstrap(
    target: Target,
    seats: pl.DataFrame,
    reps: int = 400,
    seed: int = 0,
    level: float = 0.95,
    min_seats: int = 1,
):
    """(figure, lower, upper): the target's figure with a percentile interval over whole games redrawn
    (each replicate weighs every game by how often it was drawn; per-game sums keep it cheap)."""
    figure = target.measure(seats, min_seats)
    share, count, vi = _per_game(target, seats, min_seats)
    games = len(share)
    if games < 2:
        return figure, float("nan"), float("nan")
    rng = np.random.default_rng(seed)
    weights = rng.multinomial(games, [1 / games] * games, size=reps)
    draws = _draws(target, weights, share, count, vi)
    draws = draws[~np.isnan(draws)]
    if not len(draws):
        return figure, float("nan"), float("nan")
    tail = (1 - level) / 2 * 100
    return figure, float(np.percentile(draws, tail)), float(np.percentile(draws, 100 - tail))
