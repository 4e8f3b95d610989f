"""The skill ladder (`cardlab ladder`): a round robin of policies on shared seeds.

Two players: one run per pair of policies, all on the same run seed (game i has the same deal in every
pair), the pair swapping seats game by game. More players: one run whose games cycle through every seating
of the policies. :func:`analysis.ladder.build_ladder` turns the folder into ratings, the win-rate matrix
and the skill and seed shares.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from analysis.ladder import RECORD
from simulate.core.errors import UserError
from simulate.core.game import GameSpec
from simulate.core.runner import execute

from .ensemble import policies_of
from .wiring import plan_from_options


def run_ladder(
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
    jobs: int = -1,
    backend: str = "loky",
    scheduler: str | None = None,
    resume: bool = False,
    progress: bool = True,
    on_start: Callable[[int, int, str], None] | None = None,
) -> list[Path]:
    """Play the ladder into ``folder`` (``n_games`` per pair, or in all for more than 2 players)."""
    labels = policies_of(spec, policies, "--strategy")
    lo, hi = spec.players_range
    n_players = n_players if n_players is not None else (2 if lo <= 2 <= hi else spec.default_players)
    groups = list(itertools.combinations(labels, 2)) if n_players == 2 else [tuple(labels)]
    plans = [
        plan_from_options(
            spec,
            n_games=n_games,
            run_seed=seed,
            n_players=n_players,
            strategy_texts=list(group),
            batch_size=batch_size,
            max_turns=max_turns,
            log_events=False,  # ratings need results only
            game_options=game_options,
        )
        for group in groups
    ]
    names = [
        "-".join(f"{labels.index(p):02d}" for p in group) if n_players == 2 else "all" for group in groups
    ]
    record = {
        "game": spec.name,
        "policies": labels,
        "n_players": n_players,
        "n_games": n_games,
        "run_seed": seed,
        "runs": [{"run": name, "policies": list(group)} for name, group in zip(names, groups, strict=True)],
    }
    path = folder / RECORD
    if path.exists() and not resume:
        raise UserError(f"{folder}: a ladder of that name exists (give --resume or another --name)")
    if resume:
        try:
            old = json.loads(path.read_text())
        except (OSError, ValueError):
            raise UserError(f"{folder}: nothing to resume (no ladder of that name)") from None
        if old != record:
            raise UserError(f"{folder}: --resume with other policies, games or seed than the ladder recorded")
    folder.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(record, indent=2) + "\n")
    tmp.replace(path)
    outs = []
    for index, (name, group, plan) in enumerate(zip(names, groups, plans, strict=True)):
        out = folder / name
        if on_start is not None:
            on_start(index, len(plans), " vs ".join(group))
        again = resume and (out / "manifest.json").exists()
        execute(plan, out, jobs=jobs, backend=backend, scheduler=scheduler, resume=again, progress=progress)
        outs.append(out)
    return outs
