"""`cardlab compare RUN_A RUN_B`: what did a change do? Paired differences over games with the same seeds.

Two runs made with the same ``--seed`` play game *i* from the same seed, so game-by-game differences
cancel most of the luck of the dice: the interval on B − A is much narrower than comparing two
independent win rates (statistics in ``analysis.paired``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import polars as pl

from cardlab.simulate.core.wording import listed

from . import luck
from .paired import PairedComparison, paired_compare
from .queries import check_column
from .runs import Run, RunError
from .small_samples import FLAG

POOR_PAIRING = 0.9  # below this share of seats keeping their label, the runs are closer to independent


@dataclass(slots=True)
class Comparison:
    a: Run
    b: Run
    dim: str
    differences: list[tuple[str, str, str]]  # (setting, A, B)
    result: PairedComparison


def _players(run: Run, dim: str) -> pl.DataFrame:
    """game_id, seat, result, label — and deal (the game's group) for a ``--mirror`` run."""
    check_column(run, dim)  # a typo listed the columns in a report, not in a comparison
    deal = f", game_id // {int(run.manifest.n_players)} AS deal" if run.manifest.mirror else ""
    return run.db.sql(f'SELECT game_id, seat, result, "{dim}" AS label{deal} FROM players').pl()


def _flatten(prefix: str, value: object, out: dict[str, object]) -> None:
    if isinstance(value, dict):
        for key, inner in value.items():
            _flatten(f"{prefix}.{key}" if prefix else key, inner, out)
    else:
        out[prefix] = value


def _entry(value: object) -> str:
    return "/".join(map(str, value)) if isinstance(value, list | tuple) else str(value)


def _changed(key: str, va: object, vb: object) -> tuple[str, str, str]:
    """One 'what differs' row; for two lists, only the entries that differ (a ratio's changed category,
    not all 26 of them)."""
    if (
        isinstance(va, list)
        and isinstance(vb, list)
        and (len(va) > 6 or len(vb) > 6 or any(isinstance(x, list | dict) for x in va + vb))
    ):
        only_a = [x for x in va if x not in vb]
        only_b = [x for x in vb if x not in va]
        shared = len(va) - len(only_a)
        tail = f" ({shared} other entries the same)" if shared else ""
        return (key, ", ".join(map(_entry, only_a)) or "—", (", ".join(map(_entry, only_b)) or "—") + tail)
    return (key, "—" if va is None else str(va), "—" if vb is None else str(vb))


def setting_differences(a: Run, b: Run) -> list[tuple[str, str, str]]:
    """Which recorded settings differ between the two runs (config, strategies, card data): only the keys
    whose values differ, and for list values only the entries that differ."""
    rows = []
    for key in ("strategies", "n_players", "card_data_hash", "config_hash"):
        if getattr(a.manifest, key) != getattr(b.manifest, key):
            rows.append(_changed(key, getattr(a.manifest, key), getattr(b.manifest, key)))
    fa: dict[str, object] = {}
    fb: dict[str, object] = {}
    _flatten("", a.manifest.config, fa)
    _flatten("", b.manifest.config, fb)
    for key in sorted(set(fa) | set(fb)):
        if fa.get(key) != fb.get(key):
            rows.append(_changed(f"config.{key}", fa.get(key), fb.get(key)))
    return rows


def default_dimension(run: Run) -> str:
    """The game's main column (character, clans, deck) when the run has it with more than one value,
    else strategy: what a designer compares after a card or ratio change."""
    data = run.analysis
    main = data.main_column if data is not None else None
    if main and main in run.columns("players"):
        quoted = '"' + main.replace('"', '""') + '"'
        count = run.db.execute(f"SELECT count(DISTINCT {quoted}) FROM players").fetchone()
        if count and count[0] > 1:
            return main
    return "strategy"


def compare(a: Run, b: Run, dim: str | None = None, level: float = 0.95) -> Comparison:
    """Paired B − A per value of ``dim`` (default :func:`default_dimension`)."""
    dim = dim or default_dimension(a)
    if a.game != b.game:
        raise RunError(f"cannot compare a {a.game} run with a {b.game} run")
    if a.manifest.run_seed != b.manifest.run_seed:
        raise RunError(
            f"runs have different seeds ({a.manifest.run_seed} vs {b.manifest.run_seed}): "
            "a paired comparison needs both made with the same --seed"
        )
    if a.manifest.mirror != b.manifest.mirror:
        raise RunError(
            "one run was made with --mirror and the other without: their games have different seeds and do "
            "not pair (make both with or both without --mirror)"
        )
    mirror = a.manifest.mirror
    result = paired_compare(
        _players(a, dim), _players(b, dim), level=level, cluster="deal" if mirror else None
    )
    if result.games == 0:
        raise RunError("the runs share no game: nothing to compare")
    if result.by_label.height == 0:  # e.g. every seat played another strategy in B: no pair to difference
        raise RunError(
            f"no seat has the same {dim} in both runs ({_labels(a, dim)} in A, {_labels(b, dim)} in B): "
            f"nothing to compare by {dim} (try --by seat)"
        )
    return Comparison(a, b, dim, setting_differences(a, b), result)


def _labels(run: Run, dim: str, shown: int = 4) -> str:
    """The run's values of ``dim`` for a message: the first few, sorted."""
    values = sorted(map(str, _players(run, dim)["label"].unique().drop_nulls().to_list()))
    return listed(values, shown)


def even_shift(c: Comparison) -> float:
    """B's even share minus A's (1/k of each run's players): the part of every B − A that a change of the
    player count makes by itself (2 → 3 players: −16.7 points with no change in strength); 0 when equal."""
    ka, kb = int(c.a.manifest.n_players), int(c.b.manifest.n_players)
    return 1 / kb - 1 / ka if ka != kb else 0.0


def even_share_note(c: Comparison) -> list[str]:
    """Why the table of runs of different player counts has an "over even" column: each run's rates sit around its own even share (1/players)."""
    ka, kb = int(c.a.manifest.n_players), int(c.b.manifest.n_players)
    return [
        f"note: A has {ka} players and B {kb}: a seat's even share is {_pct(1 / ka)} in A and {_pct(1 / kb)} "
        f"in B, so every B − A holds {100 * even_shift(c):+.1f} pts from the player count alone;",
        "  \"over even\" is B − A of each rate's distance from its run's even share (the same interval, moved)",
    ]


def _pct(x: float) -> str:
    return "" if x != x else f"{100 * x:.1f}%"


def to_text(c: Comparison, level: float = 0.95) -> str:
    r = c.result
    lines = [f"A: {c.a.path.name}", f"B: {c.b.path.name}", "", "What differs (A → B):"]
    lines += [f"  {key}: {va} → {vb}" for key, va, vb in c.differences] or ["  nothing recorded differs"]
    lines += [
        "",
        f"Win rate by {c.dim}: B − A with a paired {level:.0%} interval (Newcombe); seats that kept their "
        f"{c.dim} in both runs; a draw among k seats counts 1/k",
    ]
    if "deff" in r.by_label.columns:
        lines.append(
            "--mirror runs: the games of a deal are not independent, so each interval is Newcombe's scaled by "
            "√(design effect) of clustering by deal"
        )
    shift = even_shift(c)
    if shift:
        lines += even_share_note(c)
    heads = [c.dim, "seats", "A", "B", "B − A", f"{level:.0%} CI"]
    heads += ["B − A over even", f"over even {level:.0%} CI"] if shift else []
    rows = []
    for row in r.by_label.iter_rows(named=True):
        cells = [str(row["label"]), str(row["games"]), _pct(row["rate_a"]), _pct(row["rate_b"])]
        for moved in (0.0, shift) if shift else (0.0,):
            cells += [
                f"{100 * (row['diff'] - moved):+.1f} pts",
                f"[{100 * (row['lower'] - moved):+.1f}, {100 * (row['upper'] - moved):+.1f}]",
            ]
        rows.append([*cells, FLAG if row["too_few"] else ""])
    heads.append("note")
    widths = [max(len(h), *(len(x[i]) for x in rows)) for i, h in enumerate(heads)]
    lines.append("  ".join(h.ljust(w) for h, w in zip(heads, widths, strict=True)).rstrip())
    lines += ["  ".join(v.ljust(w) for v, w in zip(x, widths, strict=True)).rstrip() for x in rows]
    lines += [
        "",
        f"Games whose outcome changed: {r.winner_changed} of {r.games} ({_pct(r.changed_rate)}, "
        f"{level:.0%} CI [{_pct(r.changed_lower)}, {_pct(r.changed_upper)}])",
    ]
    share = r.paired_share
    lines.append(
        f"Paired: {r.seats - r.label_changed:,} of {r.seats:,} seats ({_pct(share)}) kept their {c.dim}; "
        f"{r.games_same:,} of {r.games:,} games with every seat's {c.dim} the same"
    )
    gain = r.pairing_gain
    if gain == gain:
        worth = "every seat's result is the same in both runs" if gain == math.inf else f"×{gain:,.1f}"
        lines.append(
            f"Worth of pairing: {worth} — the paired B − A is as certain as two independent runs of "
            f"{'any number of' if gain == math.inf else f'{gain:,.1f} times as many'} games (the variance "
            "of a seat's difference, independent over paired)"
        )
    if share == share and share < POOR_PAIRING:
        lines.append(
            f"warning: poorly paired — {_pct(1 - share)} of seats got a different {c.dim} in B, so the "
            "runs did not replay the same setups: rows compare fewer seats and their intervals are closer "
            "to two independent samples'. Runs pair when they differ only in what setup does not draw "
            "from (card numbers, effects, the contents of one deck)."
        )
    if r.unmatched_a or r.unmatched_b:
        lines.append(f"Seats in one run only: {r.unmatched_a} in A, {r.unmatched_b} in B (left out)")
    if r.label_changed:
        lines.append(f"Seats whose {c.dim} differs between the runs: {r.label_changed} (left out)")
    lines += luck.paired_lines(c.a, c.b, c.dim, level)
    return "\n".join(lines) + "\n"
