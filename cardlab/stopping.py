"""Stopping rules for `cardlab simulate`: `--until-ci W` and `--sprt A,B,DELTA` (issue 7).

The runner asks a rule about each unbroken prefix of finished batches 0..k, in order (so a stopped run is
the same for any number of workers). Rules here read the prefix's new players part and keep running
counts; the statistics live in ``analysis.sequential``.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

from cardlab.analysis.matchups import with_win_share
from cardlab.analysis.sequential import ACCEPT_H0, ACCEPT_H1, SPRT, max_half_width
from cardlab.simulate.core.errors import UserError
from cardlab.simulate.core.runformat import part_name
from cardlab.simulate.core.wording import counted


def _players(out: Path, batch: int, dim: str) -> pl.DataFrame:
    frame = pl.read_parquet(out / "players" / part_name(batch))
    if dim not in frame.columns:
        raise UserError(f"--by {dim}: no such players column (columns: {', '.join(frame.columns)})")
    # the report's win rate (analysis.runs.WIN_SHARE_SQL): a draw shared by k seats counts 1/k
    scored = with_win_share(frame, out="score01")
    if scored.schema[dim] == pl.List(pl.String):
        scored = scored.explode(dim)
    return scored.with_columns(pl.col(dim).cast(pl.String).alias("value"))


class UntilCI:
    """Stop once every value of ``dim`` has a win-rate interval of half-width ≤ ``target``."""

    def __init__(
        self, target: float, dim: str = "strategy", level: float = 0.95, min_games: int = 30
    ) -> None:
        if not 0 < target < 0.5:
            raise UserError(f"--until-ci must be above 0 and below 0.5 (a half-width), got {target}")
        self.target, self.dim, self.level, self.min_games = target, dim, level, min_games
        self.counts = pl.DataFrame(schema={"value": pl.String, "wins": pl.Float64, "games": pl.Int64})
        self.fed = 0
        self.width = float("inf")

    def describe(self) -> dict:
        return {
            "rule": "until-ci",
            "half_width": self.target,
            "by": self.dim,
            "level": self.level,
            "min_games": self.min_games,
        }

    def __call__(self, out: Path, batches: list[int]) -> str | None:
        for batch in batches[self.fed :]:
            new = (
                _players(out, batch, self.dim)
                .group_by("value")
                .agg(pl.col("score01").sum().alias("wins"), pl.len().cast(pl.Int64).alias("games"))
            )
            merged = pl.concat([self.counts, new.select("value", "wins", "games")])
            self.counts = merged.group_by("value").agg(pl.col("wins").sum(), pl.col("games").sum())
        self.fed = len(batches)
        self.width = max_half_width(self.counts, self.level, self.min_games)
        if self.width <= self.target:
            games = int(self.counts["games"].min())
            return (
                f"until-ci: every {self.dim}'s {self.level:.0%} interval half-width ≤ {self.target} "
                f"(widest {self.width:.4f}, fewest games {games}) after {counted(len(batches), 'batch', 'batches')}"
            )
        return None

    def status(self) -> tuple[str, float | None]:
        """The progress bar's view: the widest half-width against the target, and how many times the games
        played so far the rule will likely need (a half-width shrinks like 1/√n: (width / target)²)."""
        if self.width == float("inf"):
            return f"until-ci: widest ±? → ±{self.target}", None
        return f"until-ci: widest ±{self.width:.3f} → ±{self.target}", max(
            1.0, (self.width / self.target) ** 2
        )

    def unmet(self) -> str:
        if self.width == float("inf"):  # a value below min_games has no interval to judge yet
            few = self.counts.filter(pl.col("games") < self.min_games).sort("games", "value")
            if few.height:
                value, games = few["value"][0], int(few["games"][0])
                return (
                    f"until-ci not met before the game cap ({counted(few.height, self.dim + ' value')} under "
                    f"{self.min_games} games, e.g. {value} with {games}; raise --max-games)"
                )
        return f"until-ci not met before the game cap (widest half-width {self.width:.4f} > {self.target})"


class SprtRule:
    """Wald's SPRT on games where A and B both sit: is A's win rate higher than B's by ≥ delta?

    Each game gives a pair (did an A seat win, did a B seat win) from the same seed, so the paired test
    applies: only games that one of them won and the other did not carry information.
    """

    def __init__(self, text: str, dim: str = "strategy", alpha: float = 0.05, beta: float = 0.05) -> None:
        parts = [p.strip() for p in text.split(",")]
        if len(parts) != 3:
            raise UserError(f"--sprt '{text}': expected A,B,DELTA (e.g. sensible,random,0.1)")
        self.a, self.b = parts[0], parts[1]
        try:
            delta = float(parts[2])
        except ValueError:
            raise UserError(f"--sprt '{text}': DELTA must be a number, got '{parts[2]}'") from None
        if not 0 < delta < 1:
            raise UserError(f"--sprt '{text}': DELTA must be between 0 and 1")
        if self.a == self.b:
            raise UserError(f"--sprt '{text}': A and B must differ")
        self.dim = dim
        self.test = SPRT(delta, alpha, beta, paired=True)
        self.fed = 0

    def describe(self) -> dict:
        return {
            "rule": "sprt",
            "a": self.a,
            "b": self.b,
            "delta": self.test.delta,
            "alpha": self.test.alpha,
            "beta": self.test.beta,
            "by": self.dim,
        }

    def __call__(self, out: Path, batches: list[int]) -> str | None:
        for batch in batches[self.fed :]:
            frame = _players(out, batch, self.dim)
            per_game = (
                frame.group_by("game_id")
                .agg(
                    (pl.col("value") == self.a).any().alias("has_a"),
                    (pl.col("value") == self.b).any().alias("has_b"),
                    pl.col("score01").filter(pl.col("value") == self.a).max().alias("a"),
                    pl.col("score01").filter(pl.col("value") == self.b).max().alias("b"),
                )
                .filter(pl.col("has_a") & pl.col("has_b"))
                .sort("game_id")
            )
            if batch == 0 and per_game.height == 0:
                raise UserError(f"--sprt: no game has both '{self.a}' and '{self.b}' in column '{self.dim}'")
            self.test.update(per_game["a"].to_numpy(), per_game["b"].to_numpy())
        self.fed = len(batches)
        decision = self.test.decision
        if decision == ACCEPT_H1:
            verdict = f"{self.a} is better than {self.b} by ≥ {self.test.delta}"
        elif decision == ACCEPT_H0:
            verdict = f"{self.a} is not better than {self.b} by {self.test.delta}"
        else:
            return None
        return f"sprt: {verdict} (LLR {self.test.llr:.2f}, {int(self.test.games)} paired games)"

    def status(self) -> tuple[str, float | None]:
        """The progress bar's view: the log-likelihood ratio between its bounds (no estimate of when)."""
        lo, hi = self.test.bounds
        return f"sprt: LLR {self.test.llr:+.2f} in ({lo:.2f}, {hi:.2f})", None

    def unmet(self) -> str:
        return f"sprt undecided before the game cap (LLR {self.test.llr:.2f}, bounds {self.test.bounds})"
