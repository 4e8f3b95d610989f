"""`cardlab soak GAME`: many games with random players and every engine invariant checked after every
step, for each player count; crashes, invariant violations and turn caps counted (issue 8)."""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path

import pyarrow.parquet as pq

from simulate.core.errors import UserError
from simulate.core.game import GameSpec
from simulate.core.runfolder import part_name
from simulate.core.runner import execute

from .wiring import plan_from_options


def soak(
    spec: GameSpec, n_games: int, seed: int, jobs: int, out: Path, strategy: str, progress: bool
) -> list[dict]:
    if spec.checked_play is None:
        raise UserError(f"game '{spec.name}' has no invariant-checking play yet (GameSpec.checked_play)")
    checked = dataclasses.replace(spec, play=spec.checked_play)
    lo, hi = spec.players_range
    counts = list(range(lo, hi + 1))
    rows = []
    for i, n_players in enumerate(counts):
        games = n_games // len(counts) + (1 if i < n_games % len(counts) else 0)
        if games == 0:
            continue
        plan = plan_from_options(
            checked,
            n_games=games,
            run_seed=seed,
            n_players=n_players,
            strategy_texts=[strategy],
            batch_size=max(1, min(500, games // 8 or 1)),
            max_turns=None,
            log_events=False,
        )
        started = time.perf_counter()
        outcome = execute(plan, out / f"{n_players}p", jobs=jobs, progress=progress)
        wall = time.perf_counter() - started
        kinds = _error_kinds(out / f"{n_players}p", outcome.manifest)
        rows.append(
            {
                "players": n_players,
                "games": outcome.games,
                "crashes": sum(n for kind, n in kinds.items() if kind != "InvariantError"),
                "invariant violations": kinds.get("InvariantError", 0),
                "turn caps": outcome.turn_caps,
                "games/s (one core)": outcome.games / outcome.seconds if outcome.seconds else 0.0,
                "games/s (wall)": outcome.games / wall if wall else 0.0,
                "errors": dict(sorted(kinds.items())),
            }
        )
    return rows


def _error_kinds(run: Path, manifest: dict) -> dict[str, int]:
    kinds: dict[str, int] = {}
    for entry in manifest["batches"]:
        if entry.get("failed"):
            table = pq.read_table(run / "errors" / part_name(entry["batch"]), columns=["error_type"])
            for kind in table.column("error_type").to_pylist():
                kinds[kind] = kinds.get(kind, 0) + 1
    return kinds


def soak_table(rows: list[dict]) -> str:
    heads = [
        "players",
        "games",
        "crashes",
        "invariant violations",
        "turn caps",
        "games/s (one core)",
        "games/s (wall)",
    ]
    cells = [[f"{r[h]:,.0f}" if isinstance(r[h], float) else f"{r[h]:,}" for h in heads] for r in rows]
    widths = [max(len(h), *(len(c[i]) for c in cells)) for i, h in enumerate(heads)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(heads, widths, strict=True))]
    lines += ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) for row in cells]
    for r in rows:
        if r["errors"]:
            lines.append(
                f"{r['players']} players: " + ", ".join(f"{k} × {v}" for k, v in r["errors"].items())
            )
    return "\n".join(lines)
