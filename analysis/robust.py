"""Policy sensitivity: which balance conclusions survive a change of players.

A balance figure is measured with some players. An *ensemble* plays the same seeds once per policy, that
policy in every seat, and this module sets the runs side by side for one players column (character, clan,
deck …): the win rate under each policy, the band between the lowest and the highest, the rank under each,
how well the policies' orderings agree (Spearman's ρ and Kendall's τ-b, corrected for the win rates' noise, with paired-bootstrap
intervals: see :func:`reflected_interval`),
and every ranking claim the separate reports would make, marked

- **robust** — it holds under every policy of the ensemble, or
- **depends on the players** — it holds under some policies only (which ones are named; a claim that is
  reversed under another policy says so).

A claim is "X is above Y" (their intervals do not overlap) or "X is above / below the even share" (the
interval excludes 1 / players). Intervals apart is the same test every other table of a report uses to
call a difference clear; it is conservative, so "depends on the players" never comes from noise alone
claiming the opposite.

Pairing: the runs of an ensemble share their seeds (game i has the same deal under every policy), so the
bootstrap redraws whole games jointly across policies; runs with different seeds are redrawn
independently and the report says so.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl

from cardlab.simulate.core.runformat import RunFormatError, read_set_record, run_in_set

from . import progress
from .compare import compare  # the one paired difference of two runs
from .dimensions import default_dimensions  # the one place that knows which columns are design choices
from .queries import dimension_expr
from .render import Report, Section, shown, to_text
from .runs import Run, RunError, open_every, open_in_set, unfinished_in_set
from .winrates import winrate_by

BOOTSTRAP = 1000
MIN_VALUES = 3  # fewer values than this: rank correlations are not shown
SUFFIXES = ("", "_corrected", "_lower", "_upper")
PerGame = tuple[np.ndarray, np.ndarray, np.ndarray]  # game ids; per game × value: seats, wins


@dataclass(slots=True)
class Ensemble:
    """The figures of one players column across the policies of an ensemble."""

    dim: str
    policies: list[str]
    rates: pl.DataFrame  # long: policy, value, games, wins, baseline, win_rate, lower, upper, too_few, rank
    correlations: pl.DataFrame  # policy_a, policy_b, values, spearman (+ interval), kendall (+ interval)
    claims: pl.DataFrame  # claim, verdict, holds_under, reversed_under
    paired: bool  # the runs share their seeds (games redrawn jointly)


def ranks(values: np.ndarray) -> np.ndarray:
    """Average ranks (1 = largest), ties sharing the mean of their places."""
    order = np.argsort(-values, kind="stable")
    ranked = np.empty(len(values))
    ranked[order] = np.arange(1, len(values) + 1)
    for v in np.unique(values):
        tied = values == v
        if tied.sum() > 1:
            ranked[tied] = ranked[tied].mean()
    return ranked


def spearman(a: np.ndarray, b: np.ndarray) -> float:
    """Spearman's ρ: the correlation of the two rankings (ties averaged); NaN when either is constant."""
    ra, rb = ranks(np.asarray(a, float)), ranks(np.asarray(b, float))
    if ra.std() == 0 or rb.std() == 0:
        return float("nan")
    return float(np.corrcoef(ra, rb)[0, 1])


def kendall(a: np.ndarray, b: np.ndarray) -> float:
    """Kendall's τ-b (ties in either ranking handled); NaN when either is constant."""
    a, b = np.asarray(a, float), np.asarray(b, float)
    i, j = np.triu_indices(len(a), 1)
    da, db = np.sign(a[i] - a[j]), np.sign(b[i] - b[j])
    concordant = float((da * db).sum())
    pairs_a, pairs_b = float(np.count_nonzero(da)), float(np.count_nonzero(db))
    if pairs_a == 0 or pairs_b == 0:
        return float("nan")
    return concordant / np.sqrt(pairs_a * pairs_b)


def _per_game(run: Run, dim: str, values: Sequence[str]) -> PerGame:
    """game ids, and per game × value: seats and wins (the same win as every win-rate table)."""
    value = dimension_expr(run, dim)
    frame = run.db.sql(
        "SELECT game_id, value, CAST(count(*) AS DOUBLE) AS seats, CAST(sum(w) AS DOUBLE) AS wins FROM "
        f"(SELECT game_id, CAST({value} AS VARCHAR) AS value, win_share AS w FROM players) "
        "GROUP BY game_id, value"
    ).pl()
    games = np.sort(frame["game_id"].unique().to_numpy())
    row = {g: n for n, g in enumerate(games.tolist())}
    col = {v: n for n, v in enumerate(values)}
    seats = np.zeros((len(games), len(values)))
    wins = np.zeros((len(games), len(values)))
    for g, v, n, w in frame.iter_rows():
        if v in col:
            seats[row[g], col[v]] += n
            wins[row[g], col[v]] += w
    return games, seats, wins


def _same_seeds(runs: Mapping[str, Run]) -> bool:
    keys = {(r.manifest.run_seed, r.manifest.n_games) for r in runs.values()}
    return len(keys) == 1


def _bootstrap_rates(
    data: Mapping[str, PerGame], paired: bool, rng: np.random.Generator, reps: int
) -> dict[str, np.ndarray]:
    """reps × values win rates per policy, games redrawn with replacement (jointly when paired)."""
    out: dict[str, np.ndarray] = {}
    shared = None
    for policy, (games, seats, wins) in data.items():
        n = len(games)
        if paired:
            shared = shared if shared is not None else rng.multinomial(n, np.full(n, 1 / n), size=reps)
            counts = shared
        else:
            counts = rng.multinomial(n, np.full(n, 1 / n), size=reps)
        with np.errstate(invalid="ignore", divide="ignore"):
            out[policy] = (counts @ wins) / (counts @ seats)
    return out


def reflected_interval(point: float, reps: np.ndarray, level: float) -> tuple[float, float, float]:
    """A rank correlation corrected for the noise of the win rates, with its reflected bootstrap interval.

    Why not the plain percentiles: the measured ρ (or τ) correlates win rates that carry sampling noise, so
    it is pulled towards 0 from the agreement of the true rates, and the redrawn replicates, noisier still,
    are pulled further. The distance from the point to the replicates estimates that pull; the corrected
    figure is ``2·point − mean(reps)`` and the interval the percentile interval reflected about the point
    (``[2·point − q_hi, 2·point − q_lo]``, the "basic" bootstrap), both kept within [−1, 1]. In simulated
    ensembles (docs/statistics.md) the plain percentile interval covered the true rates' ρ 0–93 % of
    the time and this one 80–90 %; the worst case of the percentiles was many values with few seats each.
    """
    reps = reps[~np.isnan(reps)]
    if not len(reps) or np.isnan(point):
        return float("nan"), float("nan"), float("nan")
    tail = (1 - level) / 2
    lo_q, hi_q = np.quantile(reps, [tail, 1 - tail])
    corrected = float(np.clip(2 * point - reps.mean(), -1, 1))
    lo, hi = np.clip([2 * point - hi_q, 2 * point - lo_q], -1, 1)
    return corrected, float(lo), float(hi)


def _correlations(
    rates: pl.DataFrame, boot: dict[str, np.ndarray], values: Sequence[str], level: float
) -> pl.DataFrame:
    policies = list(boot)
    rows = []
    for a_i, a in enumerate(policies):
        for b in policies[a_i + 1 :]:
            ra = _ordered(rates, a, values)
            rb = _ordered(rates, b, values)
            keep = ~(np.isnan(ra) | np.isnan(rb))
            row: dict[str, object] = {"policy_a": a, "policy_b": b, "values": int(keep.sum())}
            if keep.sum() < MIN_VALUES:  # two values agree or disagree perfectly: no correlation to speak of
                rows.append(row | {f"{n}{s}": np.nan for n in ("spearman", "kendall") for s in SUFFIXES})
                continue
            for name, fn in (("spearman", spearman), ("kendall", kendall)):
                point = fn(ra[keep], rb[keep])
                reps = np.array([fn(x[keep], y[keep]) for x, y in zip(boot[a], boot[b], strict=True)])
                corrected, lo, hi = reflected_interval(point, reps, level)
                row |= {name: point, f"{name}_corrected": corrected, f"{name}_lower": lo, f"{name}_upper": hi}
            rows.append(row)
    return pl.DataFrame(rows)


def _ordered(rates: pl.DataFrame, policy: str, values: Sequence[str]) -> np.ndarray:
    """The policy's win rate per value in ``values`` order; NaN where it has too few seats to rank."""
    sub = rates.filter((pl.col("policy") == policy) & ~pl.col("too_few"))
    by_value = dict(sub.select("value", "win_rate").iter_rows())
    return np.array([by_value.get(v, np.nan) for v in values], dtype=float)


def _claims(rates: pl.DataFrame, policies: list[str]) -> pl.DataFrame:
    """Every ranking claim that holds under at least one policy, with its verdict."""
    holds: dict[tuple[str, str, str], set[str]] = {}
    for policy in policies:
        sub = rates.filter((pl.col("policy") == policy) & ~pl.col("too_few"))
        rows = sub.select("value", "lower", "upper", "baseline").rows()
        for value, lower, upper, baseline in rows:
            if lower > baseline:
                holds.setdefault((value, "above", "the even share"), set()).add(policy)
            if upper < baseline:
                holds.setdefault((value, "below", "the even share"), set()).add(policy)
            for other, _, o_upper, _ in rows:
                if other != value and lower > o_upper:
                    holds.setdefault((value, "above", other), set()).add(policy)
    out = []
    for (x, relation, y), under in holds.items():
        if y == "the even share":
            opposite = (x, "below" if relation == "above" else "above", y)
        else:
            opposite = (y, "above", x)
        reversed_under = sorted(holds.get(opposite, set()))
        robust = len(under) == len(policies)
        verdict = "robust" if robust else "depends on the players"
        out.append(
            {
                "claim": f"{x} is {relation} {y}",
                "verdict": verdict,
                "holds_under": ", ".join(shown(p) for p in policies if p in under),
                "reversed_under": ", ".join(map(shown, reversed_under)),
            }
        )
    schema = {"claim": pl.String, "verdict": pl.String, "holds_under": pl.String, "reversed_under": pl.String}
    frame = pl.DataFrame(out, schema=schema)
    return frame.sort(pl.col("verdict") != "robust", "claim")


def ensemble(
    runs: Mapping[str, Run],
    dim: str,
    level: float = 0.95,
    min_games: int = 30,
    bootstrap: int = BOOTSTRAP,
    seed: int = 0,
) -> Ensemble:
    """Set the runs of an ensemble (policy label → run) side by side for the players column ``dim``."""
    if len(runs) < 2:
        raise RunError("an ensemble needs at least two policies")
    games = {r.game for r in runs.values()}
    if len(games) != 1:
        raise RunError(f"an ensemble compares runs of one game, not {', '.join(sorted(games))}")
    frames = []
    for policy, run in runs.items():
        table = winrate_by(run, dim, level, min_games)
        rank = ranks(table["win_rate"].to_numpy())
        frames.append(table.with_columns(pl.lit(policy).alias("policy"), pl.Series("rank", rank)))
    rates = pl.concat(frames, how="diagonal_relaxed").select(
        "policy", "value", "games", "wins", "baseline", "win_rate", "lower", "upper", "too_few", "rank"
    )
    values = sorted(set(rates["value"].to_list()))
    paired = _same_seeds(runs)
    rng = np.random.default_rng(seed)
    data = {p: _per_game(run, dim, values) for p, run in runs.items()}
    boot = _bootstrap_rates(data, paired, rng, bootstrap)
    correlations = _correlations(rates, boot, values, level)
    return Ensemble(dim, list(runs), rates, correlations, _claims(rates, list(runs)), paired)


def wide_table(result: Ensemble) -> pl.DataFrame:
    """One row per value: the win rate [interval] under each policy, the min–max band and the ranks."""
    rows = []
    by_value = result.rates.partition_by("value", as_dict=True)
    for (value,), sub in sorted(by_value.items()):
        cells = {r["policy"]: r for r in sub.iter_rows(named=True)}
        row: dict[str, object] = {result.dim: value}
        rates = []
        for policy in result.policies:
            r = cells.get(policy)
            if r is None:
                row[policy] = "—"
                continue
            rates.append(r["win_rate"])
            few = " (few games)" if r["too_few"] else ""
            row[policy] = f"{r['win_rate']:.1%} [{r['lower']:.1%}, {r['upper']:.1%}] n={r['games']}{few}"
        row["band"] = f"{min(rates):.1%} – {max(rates):.1%}" if rates else "—"
        row["ranks"] = " / ".join(f"{cells[p]['rank']:g}" if p in cells else "—" for p in result.policies)
        rows.append(row)
    return pl.DataFrame(rows)


# ---- the ensemble folder and its report ------------------------------------------------------------

RECORD = "ensemble.json"


def read_record(folder: Path) -> dict:
    """The ``ensemble.json`` a `cardlab robust` run writes: game, dimensions, policies and their runs,
    its fields checked (one line when damaged)."""
    path = folder / RECORD
    spec = {"policies": [{"label": str, "run": str}], "dimensions": [str], "game": str}
    try:
        record = read_set_record(
            path, "ensemble", spec, optional=("dimensions", "game"), empty=("dimensions",)
        )
        policies = [(p["label"], run_in_set(folder, RECORD, p["run"]).name) for p in record["policies"]]
    except RunFormatError as exc:
        raise RunError(str(exc)) from None
    return {"game": record.get("game"), "policies": policies, "dimensions": record.get("dimensions") or []}


def open_runs(*folders: Path) -> list[dict[str, Run]]:
    """Policy label → its run, for every policy of the ensemble in each of ``folders``; runs that cannot be
    read are refused together, each named."""
    records = [(folder, read_record(folder)) for folder in folders]
    wanted = [(folder, label, run, r["game"]) for folder, r in records for label, run in r["policies"]]
    runs = iter(
        open_every(
            functools.partial(open_in_set, folder, run, "robust", game, [label])
            for folder, label, run, game in wanted
        )
    )
    return [{label: next(runs) for label, _ in r["policies"]} for _, r in records]


def _pct(x: float) -> str:
    return "" if x != x else f"{x:+.2f}"


def _interval(lo: float, hi: float) -> str:
    return "—" if lo != lo or hi != hi else f"[{_pct(lo)}, {_pct(hi)}]"


def _correlation_frame(result: Ensemble) -> pl.DataFrame:
    c = result.correlations
    return pl.DataFrame(
        {
            "policies": [f"{a} vs {b}" for a, b in zip(c["policy_a"], c["policy_b"], strict=True)],
            "values": c["values"],
            "Spearman ρ": [_pct(x) for x in c["spearman"]],
            "ρ corrected": [_pct(x) for x in c["spearman_corrected"]],
            "ρ interval": [
                _interval(lo, hi) for lo, hi in zip(c["spearman_lower"], c["spearman_upper"], strict=True)
            ],
            "Kendall τ-b": [_pct(x) for x in c["kendall"]],
            "τ corrected": [_pct(x) for x in c["kendall_corrected"]],
            "τ interval": [
                _interval(lo, hi) for lo, hi in zip(c["kendall_lower"], c["kendall_upper"], strict=True)
            ],
        }
    )


def howto(level: float, policies: Sequence[str]) -> list[str]:
    return [
        f"The same seeds were played once per policy ({', '.join(policies)}), that policy in every seat. Each "
        f"cell is the win rate under that policy with its {level:.0%} Wilson interval and its number of seats; "
        "'band' is the lowest to the highest of them and 'ranks' the place under each policy (1 = best).",
        "Rank correlations say how much the policies agree on the order: +1 the same order, 0 no relation. "
        "'values' counts those ranked: the ones with enough seats under both policies. Win rates measured "
        "on finite games carry noise, which pulls a rank correlation towards 0; 'corrected' removes the "
        "pull as the bootstrap measures it (whole games redrawn with replacement, the same games under "
        "every policy when the seeds are shared), and the interval is for the corrected figure, so it "
        "may lie above the measured one when the values have few games each.",
        "A claim is 'X is above Y' when X's interval lies wholly above Y's, or 'X is above/below the even "
        "share' when its interval excludes 1/players. A claim is **robust** when it holds under every "
        "policy; it **depends on the players** when it holds under some only — then the balance figure "
        "describes those players as much as the game. 'reversed under' names policies where the opposite "
        "claim holds.",
    ]


def build_ensemble(
    folder: Path, by: list[str] | None = None, level: float = 0.95, min_games: int = 30
) -> Report:
    """The report of an ensemble folder: per players column, the table under each policy, the rank
    correlations and the claims with their verdicts."""

    record = read_record(folder)
    (runs,) = open_runs(folder)
    first = next(iter(runs.values()))
    dims = by or record["dimensions"] or [d for d in default_dimensions(first) if d != "strategy"]
    m = first.manifest
    header = [
        ("ensemble", folder.name),
        ("game", f"{m.title} ({m.game})"),
        ("policies", ", ".join(map(shown, runs))),
        ("games per policy", ", ".join(f"{r.manifest.n_games:,}" for r in runs.values())),
        ("players", str(m.n_players)),
        ("run seed", str(m.run_seed)),
    ]
    short = unfinished_in_set(folder, [run for _, run in record["policies"]], "robust")
    header += [short] if short else []
    report = Report(folder, folder.name, header, howto=howto(level, list(runs)))
    for dim in progress.steps(dims, f"report {folder.name}", lambda d: f"by {d}"):
        result = ensemble(runs, dim, level, min_games)
        if not result.paired:
            report.notes.append(f"{dim}: the runs do not share their seeds; games were redrawn per run")
        group = f"By {dim}"
        report.sections.append(
            Section(f"Win rate by {dim} under each policy", wide_table(result), group=group)
        )
        report.sections.append(
            Section(f"Rank agreement between policies ({dim})", _correlation_frame(result), group=group)
        )
        counts = result.claims.group_by("verdict").len()
        note = (
            ", ".join(f"{n} {v}" for v, n in sorted(counts.iter_rows())) or "no claim holds under any policy"
        )
        report.sections.append(
            Section(
                f"Which conclusions about {dim} survive a change of players",
                result.claims.rename({"holds_under": "holds under", "reversed_under": "reversed under"}),
                note=note,
                group=group,
            )
        )
    return report


# ---- comparing two ensembles: does a change help a value under every policy? ------------------------


def compare_ensembles(
    runs_a: Mapping[str, Run], runs_b: Mapping[str, Run], dim: str, level: float = 0.95
) -> pl.DataFrame:
    """B − A per value of ``dim`` under each policy (paired: the same seeds), and whether the change
    helps or hurts that value under every policy of the ensemble or under some only.

    Both must be ensembles (:func:`open_runs`) of the same policies (e.g. before and after a card change)."""

    if list(runs_a) != list(runs_b):
        raise RunError(
            f"the ensembles have different policies ({', '.join(runs_a)} vs {', '.join(runs_b)}): "
            "compare ensembles of the same policies"
        )
    tables = {p: compare(runs_a[p], runs_b[p], dim, level).result.by_label for p in runs_a}
    values = sorted({v for t in tables.values() for v in t["label"].to_list()})
    rows = []
    for value in values:
        row: dict[str, object] = {dim: value}
        helps, hurts = [], []
        for policy, table in tables.items():
            hit = table.filter(pl.col("label") == value)
            if not hit.height:
                row[policy] = "—"
                continue
            r = hit.row(0, named=True)
            few = " (few games)" if r["too_few"] else ""
            row[policy] = f"{r['diff']:+.1%} [{r['lower']:+.1%}, {r['upper']:+.1%}] n={r['games']}{few}"
            if not r["too_few"] and r["lower"] > 0:
                helps.append(policy)
            if not r["too_few"] and r["upper"] < 0:
                hurts.append(policy)
        row["verdict"] = _change_verdict(helps, hurts, list(tables))
        rows.append(row)
    return pl.DataFrame(rows)


def _change_verdict(helps: list[str], hurts: list[str], policies: list[str]) -> str:
    if len(helps) == len(policies):
        return "helps under every policy (robust)"
    if len(hurts) == len(policies):
        return "hurts under every policy (robust)"
    parts = []
    if helps:
        parts.append(f"helps under {', '.join(helps)}")
    if hurts:
        parts.append(f"hurts under {', '.join(hurts)}")
    return (
        "; ".join(parts) + " only (depends on the players)" if parts else "no clear change under any policy"
    )


def compare_ensembles_text(folder_a: Path, folder_b: Path, dim: str | None, level: float = 0.95) -> str:
    """`cardlab compare ENSEMBLE_A ENSEMBLE_B` as text; ``dim`` None: the game's first dimension."""

    runs_a, runs_b = open_runs(folder_a, folder_b)  # every run of both that cannot be read, named at once
    if dim is None or dim == "strategy":  # one policy per run: strategy says nothing
        first = next(iter(runs_a.values()))
        dims = read_record(folder_a)["dimensions"] or [
            d for d in default_dimensions(first) if d != "strategy"
        ]
        if not dims:
            raise RunError(f"{folder_a}: no dimension to compare by (give --by COLUMN)")
        dim = dims[0]
    table = compare_ensembles(runs_a, runs_b, dim, level)
    header = [("A", folder_a.name), ("B", folder_b.name)]
    report = Report(folder_b, folder_b.name, header)
    report.sections.append(
        Section(f"Win rate by {dim}: B − A under each policy (paired {level:.0%} interval)", table)
    )
    return to_text(report)
