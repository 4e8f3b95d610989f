"""A run set: several runs of one game on the same seeds in one folder, recorded in a JSON file
(``ensemble.json`` for `cardlab robust`, ``ladder.json`` for `cardlab ladder`).

Every plan is built before anything is written, so a bad policy or option fails with nothing on disk; the
record is written atomically before the first run; ``resume`` completes a set only with the same record.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardlab.simulate.core.decisions import parse_strategies
from cardlab.simulate.core.errors import UserError
from cardlab.simulate.core.game import GameSpec
from cardlab.simulate.core.runfolder import RunLock
from cardlab.simulate.core.runformat import LOCK, held_there, write_atomic
from cardlab.simulate.core.runner import RunOutcome, RunPlan, execute, option_differences
from cardlab.strategies import registry as strategy_registry

from .wiring import plan_from_options


@dataclass(slots=True)
class RunSettings:
    """What every run of a set shares (the simulate options)."""

    n_games: int
    seed: int
    n_players: int | None = None
    game_options: Mapping[str, Any] = field(default_factory=dict)
    batch_size: int = 250
    max_turns: int | None = None
    log_events: bool = True
    jobs: int = -1
    backend: str = "loky"
    scheduler: str | None = None
    resume: bool = False
    progress: bool = True
    mirror: bool = False  # --mirror: each deal in every seat rotation (RunPlan.seed_of)


def policies_of(spec: GameSpec, texts: Sequence[str], option: str) -> list[str]:
    """The set's policies as strategy labels (``sensible``, ``sensible:risk=0.3`` …), checked now."""
    labels = [s.label for s in parse_strategies(list(texts), strategy_registry.for_game(spec.name), option)]
    if len(labels) < 2:
        raise UserError(f"{option}: give at least two policies (e.g. {option} sensible,random)")
    repeated = sorted({x for x in labels if labels.count(x) > 1})
    if repeated:
        raise UserError(f"{option}: policy {', '.join(repeated)} is given twice")
    return labels


def plan_of(spec: GameSpec, settings: RunSettings, strategy_texts: Sequence[str]) -> RunPlan:
    """The plan of one run with these settings and strategies (rotated through the seats)."""
    plan = plan_from_options(
        spec,
        n_games=settings.n_games,
        run_seed=settings.seed,
        n_players=settings.n_players,
        strategy_texts=list(strategy_texts),
        batch_size=settings.batch_size,
        max_turns=settings.max_turns,
        log_events=settings.log_events,
        game_options=settings.game_options,
    )
    return dataclasses.replace(plan, mirror=True) if settings.mirror else plan


def plans(spec: GameSpec, seatings: Sequence[Sequence[str]], settings: RunSettings) -> list[RunPlan]:
    """One plan per seating (the strategies rotated through the seats), all on the same seed."""
    return [plan_of(spec, settings, seating) for seating in seatings]


def play_set(
    folder: Path,
    record_name: str,
    record: dict[str, Any],
    runs: Sequence[tuple[str, RunPlan]],
    settings: RunSettings,
    on_start: Callable[[int, int, str], None] | None = None,
) -> list[RunOutcome]:
    """Write ``record`` into ``folder/record_name`` (refusing a clash) and execute each (name, plan)."""
    what = record_name.removesuffix(".json")
    if settings.mirror:  # recorded only when set, so sets made before --mirror still resume
        record = {**record, "mirror": True}
    path = folder / record_name
    if settings.resume and not path.is_file():
        raise UserError(f"{folder}: nothing to resume (no {what} of that name){held_there(folder)}")
    with RunLock(folder):  # one command per set folder: two started at once cannot mix their records
        if path.exists() and not settings.resume:
            article = "an" if what[0] in "aeiou" else "a"  # it read "an ladder"
            raise UserError(
                f"{folder}: {article} {what} of that name exists (give --resume or another --name)"
            )
        if not settings.resume and any(p.name != LOCK for p in folder.iterdir()):  # a run's or a sweep's
            raise UserError(f"{folder}: folder exists and is not empty (give another --name)")
        if settings.resume:
            try:
                old = json.loads(path.read_text())
            except (OSError, ValueError):
                raise UserError(
                    f"{folder}: nothing to resume (no {what} of that name){held_there(folder)}"
                ) from None
            new = json.loads(json.dumps(record))
            if old != new:  # name each option that differs, so a person sees what to type back
                changed = option_differences(old, new, f"the {what}") if isinstance(old, dict) else ""
                raise UserError(f"{folder}: cannot resume: {changed or f'the {what} record differs'}")
        write_atomic(path, (json.dumps(record, indent=2) + "\n").encode())
        outcomes = []
        for index, (name, plan) in enumerate(runs):
            out = folder / name
            if on_start is not None:
                on_start(index, len(runs), " vs ".join(s.label for s in plan.strategies))
            again = settings.resume and (out / "manifest.json").exists()
            outcomes.append(
                execute(
                    plan,
                    out,
                    jobs=settings.jobs,
                    backend=settings.backend,
                    scheduler=settings.scheduler,
                    resume=again,
                    progress=settings.progress,
                )
            )
    return outcomes
