"""Policy ensembles (`cardlab robust`): the same seeds played once per policy, that policy in every seat.

The library call behind the command: :func:`run_ensemble` plays the runs into one folder and records them
in ``ensemble.json``; :func:`analysis.robust.build_ensemble` reads that folder back as one report saying
which conclusions hold under every policy and which depend on the players.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from cardlab.analysis.robust import RECORD
from cardlab.simulate.core.game import GameSpec
from cardlab.simulate.core.runner import RunOutcome

from .runset import RunSettings, plans, play_set, policies_of


def run_ensemble(
    spec: GameSpec,
    policies: Sequence[str],
    folder: Path,
    settings: RunSettings,
    dimensions: Sequence[str] = (),
    on_start: Callable[[int, int, str], None] | None = None,
) -> list[RunOutcome]:
    """Play ``settings.n_games`` seeded games under each policy into ``folder/NN-name/``."""
    labels = policies_of(spec, policies, "--ensemble")
    made = plans(spec, [[label] for label in labels], settings)
    names = [f"{i:02d}-{plan.strategies[0].name}" for i, plan in enumerate(made)]
    record = {
        "game": spec.name,
        "dimensions": list(dimensions),
        "policies": [{"label": label, "run": name} for label, name in zip(labels, names, strict=True)],
        "n_games": settings.n_games,
        "run_seed": settings.seed,
    }
    return play_set(folder, RECORD, record, list(zip(names, made, strict=True)), settings, on_start)
