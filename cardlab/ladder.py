"""The skill ladder (`cardlab ladder`): a round robin of policies on shared seeds.

Two players: one run per pair of policies, all on the same run seed (game i has the same deal in every
pair), the pair swapping seats game by game. More players: one run whose games cycle through every seating
of the policies. :func:`analysis.ladder.build_ladder` turns the folder into ratings, the win-rate matrix
and the skill and seed shares.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Sequence
from pathlib import Path

from cardlab.analysis.ladder import RECORD
from cardlab.simulate.core.game import GameSpec
from cardlab.simulate.core.runner import RunOutcome

from .runset import RunSettings, plans, play_set, policies_of


def run_ladder(
    spec: GameSpec,
    policies: Sequence[str],
    folder: Path,
    settings: RunSettings,
    on_start: Callable[[int, int, str], None] | None = None,
) -> list[RunOutcome]:
    """Play the ladder into ``folder`` (``n_games`` per pair, or in all for more than 2 players)."""
    labels = policies_of(spec, policies, "--strategy")
    lo, hi = spec.players_range
    n = (
        settings.n_players
        if settings.n_players is not None
        else (2 if lo <= 2 <= hi else spec.default_players)
    )
    settings = dataclasses.replace(settings, n_players=n, log_events=False)  # ratings need results only
    groups = list(itertools.combinations(labels, 2)) if n == 2 else [tuple(labels)]
    names = ["-".join(f"{labels.index(p):02d}" for p in group) if n == 2 else "all" for group in groups]
    record = {
        "game": spec.name,
        "policies": labels,
        "n_players": n,
        "n_games": settings.n_games,
        "run_seed": settings.seed,
        "runs": [{"run": name, "policies": list(group)} for name, group in zip(names, groups, strict=True)],
    }
    made = plans(spec, groups, settings)
    return play_set(folder, RECORD, record, list(zip(names, made, strict=True)), settings, on_start)
