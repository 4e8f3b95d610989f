"""Field and meta figures for 2-player games: what a deck scores against the field players bring, and which
decks survive in a field that adapts.

From a 2-player run's matchups (decks, alliances, characters …):

- **expected win rate against a field**: Σ_j f_j · P(i beats j) for a field of opponents given as shares f
  (default: every value equally often; a mirror counts ½);
- **the meta equilibrium**: the mix of values no other value can exploit — the symmetric Nash equilibrium
  of the zero-sum game whose payoff is P(i beats j) − P(j beats i), solved exactly as a linear programme.
  "If every player adapted to the field, these decks would be played, in these shares." Replicator
  dynamics settle on the same point in a zero-sum game, so it is also where an adapting field drifts.

Each figure has a bootstrap interval: whole games redrawn with replacement, everything recomputed. An
equilibrium need not be unique; the share of replicates in which a value is played at all ("in the meta")
says how firm its place is. Pairs that never met (or met rarely) are smoothed toward ½ by one virtual game
split evenly — stated in the notes with their count.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import polars as pl
from scipy.optimize import linprog

from cardlab.simulate.core.wording import counted, did_you_mean, listed

from .matchups import head_to_head
from .runs import RunError
from .small_samples import FLAG, too_few

BOOTSTRAP = 200
PRIOR = 1.0  # virtual games per pair, split evenly, so pairs that never met sit at ½
IN_META = 0.01  # a value with at least this equilibrium share is "in the meta"


@dataclass(slots=True)
class Meta:
    labels: list[str]
    table: pl.DataFrame  # value, games, field_rate (+ interval), eq_share (+ interval), in_meta share
    unmet_pairs: int
    field: dict[str, float]


def parse_field(text: str | None, labels: list[str]) -> dict[str, float]:
    """``'A=0.3,B=0.2'`` → shares for every label (the rest split evenly among unnamed labels);
    None or ``even`` → every label equally often. Empty (an unset shell variable) is refused: it read as
    ``even`` without a word."""
    if text is not None and not text.strip():
        raise RunError(f"--field {text!r}: empty (an unset shell variable?); leave it out or give 'even'")
    if text is None or text.strip() == "even":
        return {label: 1 / len(labels) for label in labels}
    named: dict[str, float] = {}
    for item in text.split(","):
        name, eq, value = item.partition("=")
        name = name.strip()
        if not eq:
            raise RunError(f"--field '{text}': '{item}' is not NAME=SHARE")
        if name not in labels:
            raise RunError(
                f"--field: no value '{name}' in this run{did_you_mean(name, labels)} (values: {listed(sorted(labels))})"
            )
        try:
            share = float(value)
        except ValueError:
            raise RunError(f"--field: share '{value}' of '{name}' is not a number") from None
        if not 0 <= share <= 1:
            raise RunError(f"--field: share {share} of '{name}' is outside 0..1")
        if name in named:  # `A=0.5,A=0.2`: the last share won without a word
            raise RunError(f"--field: '{name}' is given two shares ({named[name]:g} and {share:g}); give one")
        named[name] = share
    total = sum(named.values())
    rest = [label for label in labels if label not in named]
    if total > 1 + 1e-9 or (not rest and abs(total - 1) > 1e-6):
        raise RunError(f"--field: shares add up to {total:g}; they must add up to 1 (or less, the rest even)")
    left = (1 - total) / len(rest) if rest else 0.0
    return {label: named.get(label, left) for label in labels}


def _games(pairs: pl.DataFrame, labels: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One row per non-mirror game: row index, column index, the row's outcome (1, ½, 0)."""
    index = {label: n for n, label in enumerate(labels)}
    one_side = pairs.filter(pl.col("row") < pl.col("col"))  # each game once, from its smaller label
    i = np.array([index[x] for x in one_side["row"].to_list()], dtype=np.int64)
    j = np.array([index[x] for x in one_side["col"].to_list()], dtype=np.int64)
    return i, j, one_side["outcome"].to_numpy().astype(float)


def win_probabilities(i: np.ndarray, j: np.ndarray, o: np.ndarray, k: int, weight: np.ndarray | None = None):
    """P(row beats column) for every pair (smoothed), and the games of each pair."""
    w = np.ones(len(i)) if weight is None else weight
    score = np.zeros((k, k))
    games = np.zeros((k, k))
    np.add.at(score, (i, j), w * o)
    np.add.at(score, (j, i), w * (1 - o))
    np.add.at(games, (i, j), w)
    np.add.at(games, (j, i), w)
    p = (score + PRIOR / 2) / (games + PRIOR)
    np.fill_diagonal(p, 0.5)
    return p, games


def equilibrium(p: np.ndarray) -> np.ndarray:
    """The symmetric Nash equilibrium mix of the zero-sum game with payoff p − pᵀ (an exact LP)."""
    k = p.shape[0]
    payoff = p - p.T
    # variables: x (k shares), v; maximise v subject to (xᵀ payoff)_j ≥ v for every j, Σx = 1, x ≥ 0
    c = np.zeros(k + 1)
    c[-1] = -1.0
    a_ub = np.hstack([-payoff.T, np.ones((k, 1))])
    a_eq = np.hstack([np.ones((1, k)), np.zeros((1, 1))])
    bounds = [(0, None)] * k + [(None, None)]
    solved = linprog(c, A_ub=a_ub, b_ub=np.zeros(k), A_eq=a_eq, b_eq=[1.0], bounds=bounds, method="highs")
    if not solved.success:
        raise RunError(f"meta equilibrium: the linear programme failed ({solved.message})")
    x = np.clip(solved.x[:k], 0, None)
    return x / x.sum()


def meta(
    players: pl.DataFrame,
    field_text: str | None = None,
    level: float = 0.95,
    bootstrap: int = BOOTSTRAP,
    seed: int = 0,
) -> Meta:
    """Field win rates and the meta equilibrium of a 2-player players table (``game_id, seat, result,
    label``)."""
    pairs = head_to_head(players)
    labels = sorted(set(pairs["row"].to_list()))
    if len(labels) < 2:
        raise RunError("meta figures need at least two values that met")
    field = parse_field(field_text, labels)
    f = np.array([field[label] for label in labels])
    i, j, o = _games(pairs, labels)
    k = len(labels)
    p, games = win_probabilities(i, j, o, k)
    field_rate = p @ f
    eq = equilibrium(p)
    rng = np.random.default_rng(seed)
    boot_rate, boot_eq = [], []
    for _ in range(bootstrap):
        weight = rng.multinomial(len(i), np.full(len(i), 1 / len(i))).astype(float) if len(i) else None
        pb, _ = win_probabilities(i, j, o, k, weight)
        boot_rate.append(pb @ f)
        boot_eq.append(equilibrium(pb))
    tail = (1 - level) / 2 * 100
    br, be = np.array(boot_rate), np.array(boot_eq)
    rate_lo, rate_hi = np.percentile(br, [tail, 100 - tail], axis=0)
    eq_lo, eq_hi = np.percentile(be, [tail, 100 - tail], axis=0)
    in_meta = (be >= IN_META).mean(axis=0)
    unmet_of = ((games == 0) & ~np.eye(k, dtype=bool) & (f > 0)[None, :]).sum(axis=1)
    table = pl.DataFrame(
        {
            "value": labels,
            "games": games.sum(axis=1).astype(np.int64),
            "field share": f,
            "field win rate": field_rate,
            "fw_lower": rate_lo,
            "fw_upper": rate_hi,
            "meta share": eq,
            "ms_lower": eq_lo,
            "ms_upper": eq_hi,
            "in the meta": in_meta,
            "unmet": unmet_of.astype(np.int64),
        }
    ).sort("meta share", "field win rate", descending=True)
    unmet = int(((games == 0) & ~np.eye(k, dtype=bool)).sum() // 2)
    return Meta(labels, table, unmet, field)


def shown(result: Meta, dim: str) -> pl.DataFrame:
    t = result.table
    return pl.DataFrame(
        {
            dim: t["value"],
            "games": t["games"],
            "field share": [f"{x:.1%}" for x in t["field share"]],
            "win rate vs field": [
                f"{r:.1%} [{lo:.1%}, {hi:.1%}]"
                for r, lo, hi in zip(t["field win rate"], t["fw_lower"], t["fw_upper"], strict=True)
            ],
            "meta share": [
                f"{r:.1%} [{lo:.1%}, {hi:.1%}]"
                for r, lo, hi in zip(t["meta share"], t["ms_lower"], t["ms_upper"], strict=True)
            ],
            "in the meta": [f"{x:.0%} of replicates" for x in t["in the meta"]],
            "": [_flag(row) for row in t.iter_rows(named=True)],
        }
    )


def _flag(row: dict) -> str:
    """The small-sample flag of every rate table, and the opponents a value never met: the bootstrap
    redraws only games played, so a pair held at ½ by the prior adds no width: a few games can show an
    interval far narrower than the rate deserves."""
    few = too_few(row["games"], row["fw_lower"], row["fw_upper"])
    unmet = f"never met {row['unmet']} in the field" if row["unmet"] else ""
    return "; ".join(text for text in (FLAG if few else "", unmet) if text)


def meta_text(run_path: str, dim: str | None, field_text: str | None, level: float = 0.95) -> str:
    """`cardlab meta RUN`: the field and meta table of one players column of a 2-player run, as text."""
    from .dimensions import default_dimensions
    from .render import Report, Section, to_text
    from .runs import Run
    from .standings import labelled_players, scalar_text_column

    run = Run.open(run_path)
    if run.manifest.n_players != 2:
        raise RunError(
            f"{run.path.name}: meta figures are for 2-player runs (this one has {run.manifest.n_players})"
        )
    if dim is None:
        dims = [d for d in default_dimensions(run) if scalar_text_column(run, d)]
        if not dims:
            raise RunError(f"{run.path.name}: no text column to judge (give --by COLUMN)")
        dim = dims[0]
    elif dim not in run.columns("players") or not scalar_text_column(run, dim):
        texts = [d for d in run.columns("players") if scalar_text_column(run, d)]
        raise RunError(
            f"--by '{dim}': not a text column of {run.path.name}'s players table (text columns: {', '.join(texts)})"
        )
    result = meta(labelled_players(run, dim), field_text, level)
    header = [("run", run.path.name), ("by", dim), ("field", field_text or "even")]
    report = Report(run.path, run.path.name, header)
    note = (
        f"{counted(result.unmet_pairs, 'pair')} never met: each sits at ½ (one virtual game split evenly)"
        if result.unmet_pairs
        else ""
    )
    report.sections.append(
        Section(f"Field and meta by {dim} ({level:.0%} bootstrap intervals)", shown(result, dim), note=note)
    )
    if note:
        report.notes.append(note)
    return to_text(report)
