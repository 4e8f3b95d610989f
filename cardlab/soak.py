"""`cardlab soak GAME`: many games with random players and every engine invariant checked after every
step, for each player count; crashes, invariant violations and turn caps counted (issue 8), and the
slowest game's time with its seed, so one game that runs away for minutes shows at once."""

from __future__ import annotations

import contextlib
import dataclasses
import time
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq

from cardlab.simulate.core.errors import UserError
from cardlab.simulate.core.game import GameSpec
from cardlab.simulate.core.runfolder import part_name
from cardlab.simulate.core.runner import execute, play_game
from cardlab.simulate.core.wording import listed

from .wiring import plan_from_options, players_text


def soak(
    spec: GameSpec,
    n_games: int,
    seed: int,
    jobs: int,
    out: Path,
    strategy: str,
    progress: bool,
    players: tuple[int, ...] = (),
    options: dict[str, Any] | None = None,
) -> list[dict]:
    """``n_games`` checked games split over ``players`` (default: every player count the game takes),
    with the game's ``options`` (e.g. a variant), each count its own run folder."""
    if spec.checked_play is None:
        raise UserError(f"game '{spec.name}' has no invariant-checking play yet (GameSpec.checked_play)")
    checked = dataclasses.replace(spec, play=spec.checked_play)
    lo, hi = spec.players_range
    counts = sorted(set(players)) or list(range(lo, hi + 1))
    for n in counts:  # before anything runs
        if not lo <= n <= hi:
            raise UserError(f"--players {n}: {spec.name} is for {players_text(spec)}")
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
            game_options=options,
        )
        if jobs == 1:
            _warm_up(plan)
        started = time.perf_counter()
        outcome = execute(plan, out / f"{n_players}p", jobs=jobs, progress=progress)
        wall = time.perf_counter() - started
        kinds = _error_kinds(out / f"{n_players}p", outcome.manifest)
        capped = _capped_seeds(out / f"{n_players}p") if outcome.turn_caps else []
        slowest, slow_seed = _slowest(out / f"{n_players}p") if outcome.games else (0.0, None)
        cap = getattr(plan.config, "max_turns", None)
        rows.append(
            {
                "players": n_players,
                "games": outcome.games,
                "crashes": sum(n for kind, n in kinds.items() if kind != "InvariantError"),
                "invariant violations": kinds.get("InvariantError", 0),
                "turn caps": outcome.turn_caps,
                "guard stops": sum(1 for _, turns in capped if cap and turns < cap),
                "games/s (one core)": outcome.games / outcome.seconds if outcome.seconds else 0.0,
                "games/s (wall)": outcome.games / wall if wall else 0.0,
                "slowest game (s)": slowest,
                "errors": dict(sorted(kinds.items())),
                "capped seeds": [seed for seed, _ in capped],
                "slowest seed": slow_seed,
            }
        )
    return rows


def _warm_up(plan: Any) -> None:
    """One untimed game before a one-process run, so that its first game is not charged with the
    process's start-up (card files read, rules compiled, caches filled: 0.6–1 s, which made game 0 the
    "slowest game" of quick soaks). Its result is dropped; a failure shows again in the run itself."""
    with contextlib.suppress(Exception):  # the run plays and records this game again
        play_game(plan, 0, log_events=False)


def _error_kinds(run: Path, manifest: dict) -> dict[str, int]:
    kinds: dict[str, int] = {}
    for entry in manifest["batches"]:
        if entry.get("failed"):
            table = pq.read_table(run / "errors" / part_name(entry["batch"]), columns=["error_type"])
            for kind in table.column("error_type").to_pylist():
                kinds[kind] = kinds.get(kind, 0) + 1
    return kinds


def _capped_seeds(run: Path) -> list[tuple[int, int]]:
    """The seeds (with the turn each ended at) of the games cut off at the turn cap, so each can be
    played again and read (`cardlab replay RUN --seed S --events`): a cap is counted, never explained,
    by the soak itself. One that ended before the cap's turn was stopped by an engine's runaway guard
    (Four Souls: the per-turn resolution guard, a ``turn_end`` event with detail ``resolution_cap``)."""
    games = pq.read_table(run / "games", columns=["seed", "end_reason", "turns"]).to_pylist()
    return sorted((int(r["seed"]), int(r["turns"])) for r in games if r["end_reason"] == "turn_cap")


def _slowest(run: Path) -> tuple[float, int]:
    """The longest game's time (its worker's wall clock, the games table's ``duration_s``) and its seed."""
    games = pq.read_table(run / "games", columns=["seed", "duration_s"]).to_pylist()
    top = max(games, key=lambda r: r["duration_s"])
    return float(top["duration_s"]), int(top["seed"])


def soak_table(rows: list[dict]) -> str:
    heads = [
        "players",
        "games",
        "crashes",
        "invariant violations",
        "turn caps",
        "guard stops",
        "games/s (one core)",
        "games/s (wall)",
        "slowest game (s)",
    ]
    cells = [[_cell(h, r[h]) for h in heads] for r in rows]
    widths = [max(len(h), *(len(c[i]) for c in cells)) for i, h in enumerate(heads)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(heads, widths, strict=True))]
    lines += ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) for row in cells]
    for r in rows:
        if r["errors"]:
            lines.append(
                f"{r['players']} players: " + ", ".join(f"{k} × {v}" for k, v in r["errors"].items())
            )
    for r in rows:
        if r["slowest seed"] is not None:
            lines.append(
                f"{r['players']} players: slowest game {r['slowest game (s)']:.2f} s, seed {r['slowest seed']}"
            )
    for r in rows:
        seeds = r.get("capped seeds") or []
        if seeds:
            lines.append(
                f"{r['players']} players: turn caps at seeds {listed(seeds, 5)} (cardlab replay RUN --seed S)"
            )
    return "\n".join(lines)


def _cell(head: str, value: Any) -> str:
    if head == "slowest game (s)":
        return f"{value:,.2f}"
    return f"{value:,.0f}" if isinstance(value, float) else f"{value:,}"


def parse_options(spec: GameSpec, texts: tuple[str, ...], flag: str = "--option") -> dict[str, Any]:
    """``--option NAME=VALUE`` (repeatable) → the game's options as ``cardlab simulate GAME --NAME``
    takes them; a repeatable option collects its values. One line naming ``flag`` (bench's ``--compare``
    reads the same words) and the text on a mistake."""
    known = {o.name: o for o in spec.options}
    out: dict[str, Any] = {}
    for text in texts:
        name, sep, raw = text.partition("=")
        opt = known.get(name.strip())
        if not sep or opt is None:
            names = ", ".join(known) or "none"
            raise UserError(f"{flag} {text!r}: expected NAME=VALUE with NAME one of {names}")
        key = opt.name.replace("-", "_")
        value = _option_value(opt, raw.strip(), f"{flag} {text!r}")
        if opt.multiple:
            out[key] = (*out.get(key, ()), value)
        elif key in out:  # the later one was played while the row's label named both
            raise UserError(f"{flag} {text!r}: {opt.name} is given twice; it takes one value")
        else:
            out[key] = value
    return out


def _option_value(opt: Any, raw: str, given: str) -> Any:
    if opt.kind is bool:
        if raw.lower() not in ("true", "false"):
            raise UserError(f"{given}: {opt.name} takes true or false")
        return raw.lower() == "true"
    if isinstance(opt.kind, tuple):
        if raw not in opt.kind:
            raise UserError(f"{given}: {opt.name} must be one of {', '.join(opt.kind)}")
        return raw
    try:
        return opt.kind(raw)
    except ValueError:
        kind = {int: "a whole number", float: "a number"}.get(opt.kind, opt.kind.__name__)
        raise UserError(f"{given}: {opt.name} takes {kind}") from None
