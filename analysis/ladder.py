"""The skill ladder: policies rated against each other on shared seeds, and how much skill decides.

A ladder folder (`cardlab ladder`) holds, for 2 players, one run per pair of policies, every run on the same
seeds with the two policies swapping seats game by game; for more players, one run whose games cycle
through every seating of the policies. From them:

- **ratings** with intervals — Plackett–Luce on every game (Bradley–Terry in the 2-player case);
- the **win-rate matrix** (2 players): the row policy's score share against the column, draws counting ½;
- **how often the stronger player wins**, rung by rung from the weakest to the strongest and between the
  two ends, with the **skill share** it implies: if a share s of games were decided by skill and the rest
  by a fair coin, the stronger side would score (1 + s) / 2, so s = 2·score − 1 (0: a coin decides,
  1: the stronger always wins);
- the **seed share** (2 players): how much of who wins is fixed by the deal. Every pair played game i on
  the same seed with the same seating, so the per-seed results of all pairs form groups; the intraclass
  correlation of "seat 1 wins" within seeds (one-way ANOVA estimator) is the share of the variance of the
  outcome explained by the seed alone. 1: the deal decides whoever plays; 0: the deal does not matter.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl

from cardlab.simulate.core.runformat import RunFormatError, positive, read_set_record, run_in_set

from . import progress
from .matchups import with_win_share
from .ratings import plackett_luce
from .render import Report, Section
from .render import shown as quoted
from .runs import Run, RunError, open_every, open_in_set, unfinished_in_set
from .small_samples import FLAG, too_few
from .stats import clustered_rate, wilson

RECORD = "ladder.json"
BOOTSTRAP = 500


@dataclass(slots=True)
class Ladder:
    policies: list[str]
    n_players: int
    ratings: pl.DataFrame  # plackett_luce's columns, strongest first
    matrix: pl.DataFrame | None  # 2 players: row policy × column policy, score share [interval] n
    steps: pl.DataFrame | None  # 2 players: stronger, weaker, games, score, interval, skill share
    seed_share: tuple[float, float, float] | None  # 2 players: ICC of seat-1 wins within seeds, interval
    prior: float = 0.0  # > 0 when a policy never won (or never lost) and the ratings needed a prior


def read_record(folder: Path) -> dict:
    """The ``ladder.json`` a `cardlab ladder` run writes, its fields checked (one line when damaged)."""
    path = folder / RECORD
    spec = {"policies": [str], "n_players": int, "runs": [{"run": str, "policies": [str]}]}
    spec |= {"game": str, "mirror": bool}
    try:
        record = read_set_record(path, "ladder", spec, optional=("game", "mirror"))
        runs = [(run_in_set(folder, RECORD, r["run"]).name, r["policies"]) for r in record["runs"]]
        n_players = positive(str(path), "n_players", record["n_players"])
    except RunFormatError as exc:
        raise RunError(str(exc)) from None
    mirror = bool(record.get("mirror"))  # --mirror: the n_players games of a deal are one cluster
    return {
        "game": record.get("game"),
        "runs": runs,
        "policies": record["policies"],
        "n_players": n_players,
    } | {"mirror": mirror}


def ladder_players(folder: Path, step: Callable[[str], None] = progress.unseen) -> pl.DataFrame:
    """Every seat of every game of the ladder: run, game_id (the seed's index), gid (unique), seat,
    strategy, result, win_share (draws shared), and deal (the seed's index shared by every game played on
    it: game_id, or game_id // n_players under ``--mirror``); ``step`` is told each run read."""
    frames = []
    record = read_record(folder)

    def opened(name: str, policies: list[str]) -> Run:
        step(f"read {name}")
        return open_in_set(folder, name, "ladder", record["game"], policies)

    # every run that cannot be read is named, not only the first
    runs = open_every(functools.partial(opened, name, policies) for name, policies in record["runs"])
    for (name, _), run in zip(record["runs"], runs, strict=True):
        if run.manifest.n_players != record["n_players"]:  # the ratings and pairings read the record's
            raise RunError(
                f"{folder / RECORD}: 'n_players' is {record['n_players']}, but run {name} has "
                f"{run.manifest.n_players} players (a damaged record)"
            )
        frame = run.db.sql("SELECT game_id, seat, strategy, result FROM players").pl()
        frames.append(frame.with_columns(pl.lit(name).alias("run")))
    players = pl.concat(frames).with_columns(
        (pl.col("run") + ":" + pl.col("game_id").cast(pl.String)).alias("gid"),
        (pl.col("game_id") // record["n_players"] if record["mirror"] else pl.col("game_id")).alias("deal"),
    )
    return with_win_share(players, "result", "gid")


@dataclass(slots=True)
class PairScore:
    """One policy's score against another: total, games, and per deal (for a ``--mirror`` ladder)."""

    score: float = 0.0
    games: int = 0
    by_deal: dict[int, list[float]] | None = None

    def interval(self, level: float, clustered: bool) -> tuple[float, float]:
        """Wilson's interval, or under ``--mirror`` the one clustered by deal (stats.clustered_rate)."""
        if clustered and self.by_deal:
            _, lo, hi, _ = clustered_rate(
                [v[0] for v in self.by_deal.values()], [v[1] for v in self.by_deal.values()], level
            )
            return lo, hi
        return wilson(self.score, self.games, level)


def _pair_scores(players: pl.DataFrame) -> dict[tuple[str, str], PairScore]:
    """(a, b) → a's score against b, from 2-player games between different policies."""
    per_game = players.group_by("gid").agg(pl.col("strategy"), pl.col("win_share"), pl.col("deal").first())
    out: dict[tuple[str, str], PairScore] = {}
    for labels, shares, deal in per_game.select("strategy", "win_share", "deal").iter_rows():
        if len(labels) != 2 or labels[0] == labels[1]:
            continue
        for me, other, share in ((labels[0], labels[1], shares[0]), (labels[1], labels[0], shares[1])):
            acc = out.setdefault((me, other), PairScore(by_deal={}))
            acc.score += share
            acc.games += 1
            cell = acc.by_deal.setdefault(deal, [0.0, 0])
            cell[0] += share
            cell[1] += 1
    return out


def _cell(pair: PairScore, level: float, clustered: bool) -> str:
    """'rate [interval] n=games', and '*' for too few games as in a sweep's cells (analysis.small_samples)."""
    lo, hi = pair.interval(level, clustered)
    text = f"{pair.score / pair.games:.1%} [{lo:.1%}, {hi:.1%}] n={pair.games}"
    return text + " *" if too_few(pair.games, lo, hi) else text


def seed_share(
    players: pl.DataFrame, rng: np.random.Generator, level: float = 0.95
) -> tuple[float, float, float]:
    """ICC of "seat 0 wins" (draws ½) within seeds across the ladder's runs, with a bootstrap interval
    over seeds. Needs every seed played in at least two runs."""
    key = "deal" if "deal" in players.columns else "game_id"  # a deal's games share its seed
    seat0 = players.filter(pl.col("seat") == 0).select(key, "win_share")
    groups = seat0.group_by(key).agg(pl.col("win_share")).sort(key)["win_share"].to_list()
    groups = [np.asarray(g, float) for g in groups if len(g) >= 2]
    if len(groups) < 10:
        raise ValueError("too few seeds shared by the ladder's runs to measure the seed share")
    m = min(len(g) for g in groups)
    data = np.vstack([g[:m] for g in groups])  # balanced: every seed the same number of runs
    point = _icc(data)
    tail = (1 - level) / 2 * 100
    reps = [_icc(data[rng.integers(0, len(data), len(data))]) for _ in range(BOOTSTRAP)]
    lo, hi = np.nanpercentile(reps, [tail, 100 - tail])
    return point, float(lo), float(hi)


def _icc(data: np.ndarray) -> float:
    """One-way random-effects intraclass correlation of a seeds × runs matrix, clipped to [0, 1]."""
    k, m = data.shape
    grand = data.mean()
    msb = m * ((data.mean(axis=1) - grand) ** 2).sum() / (k - 1)
    msw = ((data - data.mean(axis=1, keepdims=True)) ** 2).sum() / (k * (m - 1))
    denominator = msb + (m - 1) * msw
    if denominator == 0:
        return float("nan")
    return float(min(1.0, max(0.0, (msb - msw) / denominator)))


NEVER_WON_PRIOR = 0.5  # virtual games against an average policy, only when a rating would be infinite


def ladder(folder: Path, level: float = 0.95, seed: int = 0) -> Ladder:
    """The ladder's figures, its steps on the report's progress bar (one per run read, then the ratings
    and, with 2 players, the matrix and the seed share)."""
    record = read_record(folder)
    steps = len(record["runs"]) + (3 if record["n_players"] == 2 else 1)
    with progress.stepping(f"report {folder.name}", steps) as step:
        return _measure(folder, record, level, seed, step)


def _measure(folder: Path, record: dict, level: float, seed: int, step: Callable[[str], None]) -> Ladder:
    players = ladder_players(folder, step)
    step("ratings")
    prior = 0.0
    mirror = record["mirror"]
    cluster = "deal" if mirror else None
    try:
        ratings = plackett_luce(players, label="strategy", game="gid", level=level, cluster=cluster)
    except ValueError:  # a policy that never won (or never lost) has no finite rating without a prior
        prior = NEVER_WON_PRIOR
        ratings = plackett_luce(
            players, label="strategy", game="gid", level=level, prior=prior, cluster=cluster
        )
    ratings = ratings.sort("rating", descending=True)
    policies = record["policies"]
    if record["n_players"] != 2:
        return Ladder(policies, record["n_players"], ratings, None, None, None, prior)
    step("matrix")
    scores = _pair_scores(players)
    matrix = pl.DataFrame(
        [
            {"policy": a}
            | {
                b: (_cell(scores[(a, b)], level, mirror) if (a, b) in scores else "—") if a != b else ""
                for b in policies
            }
            for a in policies
        ]
    )
    order = ratings.sort("rating")["label"].to_list()  # weakest first
    pairs = list(zip(order, order[1:], strict=False))
    if len(order) > 2:
        pairs.append((order[0], order[-1]))
    rows = []
    for weaker, stronger in pairs:
        if (stronger, weaker) not in scores:
            continue
        pair = scores[(stronger, weaker)]
        score, games = pair.score, pair.games
        lo, hi = pair.interval(level, mirror)
        rows.append(
            {
                "stronger": stronger,
                "weaker": weaker,
                "games": games,
                "stronger scores": f"{score / games:.1%} [{lo:.1%}, {hi:.1%}]",
                "skill share": f"{2 * score / games - 1:+.2f} [{2 * lo - 1:+.2f}, {2 * hi - 1:+.2f}]",
                "": FLAG if too_few(games, lo, hi) else "",
            }
        )
    step("seed share")
    try:
        share = seed_share(players, np.random.default_rng(seed), level)
    except ValueError:
        share = None
    return Ladder(policies, 2, ratings, matrix, pl.DataFrame(rows), share, prior)


def howto(level: float) -> list[str]:
    return [
        "Ratings: each policy's log-strength (Plackett–Luce; Bradley–Terry for 2 players), centred on 0, with "
        f"its {level:.0%} interval; 'win prob' is the chance to beat average opponents.",
        "The matrix cell is the row policy's score against the column (a win 1, a draw ½), with its interval "
        "and games; '*' marks too few games (under 30) or an interval wider than ±15 points. Every pair "
        "played the same seeds, swapping seats each game.",
        "Skill share: if a share s of games went to the stronger policy for sure and the rest were a coin "
        "toss, the stronger would score (1 + s) / 2; s near 0 means luck decides between those two.",
        "Seed share: how much of who wins is fixed by the deal itself — the intraclass correlation of 'the "
        "first seat wins' among all pairs that played the same seed (1: the deal decides; 0: it does not).",
    ]


def build_ladder(folder: Path, level: float = 0.95) -> Report:
    record = read_record(folder)
    result = ladder(folder, level)
    header = [
        ("ladder", folder.name),
        ("game", str(record["game"])),
        ("policies", ", ".join(map(quoted, record["policies"]))),
        ("players", str(record["n_players"])),
        ("runs", str(len(record["runs"]))),
    ]
    short = unfinished_in_set(folder, [name for name, _ in record["runs"]], "ladder")
    header += [short] if short else []
    report = Report(folder, folder.name, header, howto=howto(level))
    if record["mirror"]:
        header.append(("mirror", "each deal played in every seat rotation"))
        report.howto.append(
            "--mirror: the games of a deal are not independent, so the ratings' intervals are cluster-robust "
            "(sandwich) and the matrix's and skill shares' are clustered by deal (analysis.stats."
            "clustered_rate); the seed share groups a deal's games across every pair."
        )
    shown = result.ratings.select(
        pl.col("label").alias("policy"),
        pl.col("rating").round(3),
        pl.format("[{}, {}]", pl.col("lower").round(3), pl.col("upper").round(3)).alias("interval"),
        pl.col("games"),
        (pl.col("win_prob") * 100).round(1).alias("win prob %"),
    )
    report.sections.append(Section("Ratings (strongest first)", shown, group="Ladder"))
    if result.prior:
        report.notes.append(
            f"ratings: a policy never won (or never lost) a game, so its rating would be infinite; the ratings "
            f"use a prior of {result.prior} virtual games against an average policy — play more games"
        )
    if result.matrix is not None:
        report.sections.append(
            Section("Score of the row policy against the column", result.matrix, group="Ladder")
        )
    if result.steps is not None and result.steps.height:
        report.sections.append(
            Section("How often the stronger policy wins", result.steps, group="Skill and luck")
        )
    if result.seed_share is not None:
        point, lo, hi = result.seed_share
        frame = pl.DataFrame({"figure": ["seed share"], "value": [f"{point:.2f} [{lo:.2f}, {hi:.2f}]"]})
        report.sections.append(Section("How much the deal decides", frame, group="Skill and luck"))
    elif record["n_players"] == 2:
        report.notes.append("seed share: too few seeds shared by the ladder's runs")
    return report
