"""`cardlab compare RUN_A RUN_B`: what did a change do? Paired differences over games with the same seeds.

Two runs made with the same ``--seed`` play game *i* from the same seed, so game-by-game differences
cancel most of the luck of the dice: the interval on B − A is much narrower than comparing two
independent win rates (statistics in ``analysis.paired``).
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from .paired import PairedComparison, paired_compare
from .runs import Run, RunError


@dataclass(slots=True)
class Comparison:
    a: Run
    b: Run
    dim: str
    differences: list[tuple[str, str, str]]  # (setting, A, B)
    result: PairedComparison


def _players(run: Run, dim: str) -> pl.DataFrame:
    columns = run.columns("players")
    if dim not in columns:
        raise RunError(f"--by: no players column '{dim}' in {run.path.name}")
    return run.db.sql(f'SELECT game_id, seat, result, "{dim}" AS label FROM players').pl()


def _flatten(prefix: str, value: object, out: dict[str, object]) -> None:
    if isinstance(value, dict):
        for key, inner in value.items():
            _flatten(f"{prefix}.{key}" if prefix else key, inner, out)
    else:
        out[prefix] = value


def setting_differences(a: Run, b: Run) -> list[tuple[str, str, str]]:
    """Which recorded settings differ between the two runs (config, strategies, card data)."""
    rows = []
    for key in ("strategies", "n_players", "card_data_hash", "config_hash"):
        if a.manifest.get(key) != b.manifest.get(key):
            rows.append((key, str(a.manifest.get(key)), str(b.manifest.get(key))))
    fa: dict[str, object] = {}
    fb: dict[str, object] = {}
    _flatten("", a.manifest.get("config", {}), fa)
    _flatten("", b.manifest.get("config", {}), fb)
    for key in sorted(set(fa) | set(fb)):
        if fa.get(key) != fb.get(key):
            rows.append((f"config.{key}", str(fa.get(key, "—")), str(fb.get(key, "—"))))
    return rows


def compare(a: Run, b: Run, dim: str = "strategy", level: float = 0.95) -> Comparison:
    if a.game != b.game:
        raise RunError(f"cannot compare a {a.game} run with a {b.game} run")
    if a.manifest["run_seed"] != b.manifest["run_seed"]:
        raise RunError(
            f"runs have different seeds ({a.manifest['run_seed']} vs {b.manifest['run_seed']}): "
            "a paired comparison needs both made with the same --seed"
        )
    result = paired_compare(_players(a, dim), _players(b, dim), level=level)
    if result.games == 0:
        raise RunError("the runs share no game: nothing to compare")
    return Comparison(a, b, dim, setting_differences(a, b), result)


def _pct(x: float) -> str:
    return "" if x != x else f"{100 * x:.1f}%"


def to_text(c: Comparison, level: float = 0.95) -> str:
    r = c.result
    lines = [f"A: {c.a.path.name}", f"B: {c.b.path.name}", "", "What differs (A → B):"]
    lines += [f"  {key}: {va} → {vb}" for key, va, vb in c.differences] or ["  nothing recorded differs"]
    lines += ["", f"Win rate by {c.dim}: B − A with a paired {level:.0%} interval (Newcombe)"]
    heads = [c.dim, "games", "A", "B", "B − A", f"{level:.0%} CI", ""]
    rows = []
    for row in r.by_label.iter_rows(named=True):
        rows.append(
            [
                str(row["label"]),
                str(row["games"]),
                _pct(row["rate_a"]),
                _pct(row["rate_b"]),
                f"{100 * row['diff']:+.1f} pts",
                f"[{100 * row['lower']:+.1f}, {100 * row['upper']:+.1f}]",
                "few games" if row["too_few"] else "",
            ]
        )
    widths = [max(len(h), *(len(x[i]) for x in rows)) for i, h in enumerate(heads)]
    lines.append("  ".join(h.ljust(w) for h, w in zip(heads, widths, strict=True)).rstrip())
    lines += ["  ".join(v.ljust(w) for v, w in zip(x, widths, strict=True)).rstrip() for x in rows]
    lines += [
        "",
        f"Games whose outcome changed: {r.winner_changed} of {r.games} ({_pct(r.changed_rate)}, "
        f"{level:.0%} CI [{_pct(r.changed_lower)}, {_pct(r.changed_upper)}])",
    ]
    if r.unmatched_a or r.unmatched_b:
        lines.append(f"Seats in one run only: {r.unmatched_a} in A, {r.unmatched_b} in B (left out)")
    if r.label_changed:
        lines.append(f"Seats whose {c.dim} differs between the runs: {r.label_changed} (left out)")
    return "\n".join(lines) + "\n"
