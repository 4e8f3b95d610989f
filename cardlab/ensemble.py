"""Policy ensembles (`cardlab robust`): the same seeds played once per policy, that policy in every seat.

The library call behind the command: :func:`run_ensemble` plays the runs into one folder and records them
in ``ensemble.json``; :func:`analysis.robust.build_ensemble` reads that folder back as one report saying
which conclusions hold under every policy and which depend on the players.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from analysis.robust import RECORD
from simulate.core.decisions import parse_strategies
from simulate.core.errors import UserError
from simulate.core.game import GameSpec
from simulate.core.runner import RunOutcome, execute
from strategies import registry as strategy_registry

from .wiring import plan_from_options


@dataclass(slots=True)
class EnsembleRun:
    label: str
    folder: Path
    outcome: RunOutcome


def policies_of(spec: GameSpec, texts: Sequence[str], option: str = "--ensemble") -> list[str]:
    """The ensemble's policies as strategy labels (``sensible``, ``sensible:risk=0.3`` …), checked now."""
    specs = parse_strategies(list(texts), strategy_registry.for_game(spec.name))
    labels = [s.label for s in specs]
    if len(labels) < 2:
        raise UserError(f"{option}: give at least two policies (e.g. {option} sensible,random)")
    repeated = sorted({x for x in labels if labels.count(x) > 1})
    if repeated:
        raise UserError(f"{option}: policy {', '.join(repeated)} is given twice")
    return labels


def run_ensemble(
    spec: GameSpec,
    policies: Sequence[str],
    folder: Path,
    *,
    n_games: int,
    seed: int,
    n_players: int | None = None,
    game_options: Mapping[str, Any] | None = None,
    batch_size: int = 250,
    max_turns: int | None = None,
    log_events: bool = True,
    jobs: int = -1,
    backend: str = "loky",
    scheduler: str | None = None,
    resume: bool = False,
    progress: bool = True,
    dimensions: Sequence[str] = (),
    on_start: Callable[[int, str], None] | None = None,
) -> list[EnsembleRun]:
    """Play ``n_games`` seeded games under each policy into ``folder/NN-name/`` and write ``ensemble.json``.

    Every plan is built before anything is written, so a bad policy or option fails with nothing on disk.
    """
    labels = policies_of(spec, policies)
    plans = [
        plan_from_options(
            spec,
            n_games=n_games,
            run_seed=seed,
            n_players=n_players,
            strategy_texts=[label],
            batch_size=batch_size,
            max_turns=max_turns,
            log_events=log_events,
            game_options=game_options,
        )
        for label in labels
    ]
    names = [f"{i:02d}-{plan.strategies[0].name}" for i, plan in enumerate(plans)]
    record = {
        "game": spec.name,
        "dimensions": list(dimensions),
        "policies": [{"label": label, "run": name} for label, name in zip(labels, names, strict=True)],
        "n_games": n_games,
        "run_seed": seed,
    }
    path = folder / RECORD
    if path.exists():
        try:
            old = json.loads(path.read_text())
        except ValueError:
            old = None
        if not resume:
            raise UserError(f"{folder}: an ensemble of that name exists (give --resume or another --name)")
        if old != record:
            raise UserError(
                f"{folder}: --resume with other policies, games or seed than the ensemble recorded"
            )
    elif resume:
        raise UserError(f"{folder}: nothing to resume (no ensemble of that name)")
    folder.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(record, indent=2) + "\n")
    tmp.replace(path)
    done = []
    for index, (label, name, plan) in enumerate(zip(labels, names, plans, strict=True)):
        out = folder / name
        if on_start is not None:
            on_start(index, label)
        again = resume and (out / "manifest.json").exists()
        outcome = execute(
            plan, out, jobs=jobs, backend=backend, scheduler=scheduler, resume=again, progress=progress
        )
        done.append(EnsembleRun(label, out, outcome))
    return done
