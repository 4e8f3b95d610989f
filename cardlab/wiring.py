"""From command-line options (or a run's manifest) to a RunPlan: game spec + config + strategies."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from cardlab.analysis.card_summaries import summarizer
from cardlab.simulate import games as game_registry
from cardlab.simulate.core.cardfiles import other_games_cards
from cardlab.simulate.core.decisions import parse_strategies
from cardlab.simulate.core.errors import UserError
from cardlab.simulate.core.game import GameSpec, check_config_numbers
from cardlab.simulate.core.runformat import Manifest
from cardlab.simulate.core.runner import RunPlan, check_seed
from cardlab.strategies import registry as strategy_registry


def default_options(spec: GameSpec) -> dict[str, Any]:
    """The game's own options at their defaults, keyed as make_config takes them."""
    return {opt.name.replace("-", "_"): opt.default for opt in spec.options}


def default_strategy(spec: GameSpec, available: Mapping[str, type]) -> str:
    if spec.default_strategy in available:
        return spec.default_strategy
    if "random" in available:
        return "random"
    raise UserError(f"game '{spec.name}' has no strategies yet")


def players_text(spec: GameSpec) -> str:
    """'2–4 players', or '2 players' for a game with one count (never '2–2')."""
    lo, hi = spec.players_range
    return f"{lo} players" if lo == hi else f"{lo}–{hi} players"


def plan_from_options(
    spec: GameSpec,
    *,
    n_games: int,
    run_seed: int,
    n_players: int | None,
    strategy_texts: Sequence[str],
    batch_size: int,
    max_turns: int | None,
    log_events: bool,
    game_options: Mapping[str, Any] | None = None,
) -> RunPlan:
    lo, hi = spec.players_range
    n_players = spec.default_players if n_players is None else n_players
    if not lo <= n_players <= hi:
        raise UserError(f"--players {n_players}: {spec.name} is for {players_text(spec)}")
    max_turns = spec.default_max_turns if max_turns is None else max_turns
    if max_turns < 1:
        raise UserError(f"--max-turns must be at least 1, got {max_turns}")
    check_seed(run_seed)
    options = dict(default_options(spec))
    options.update(game_options or {})
    try:
        config = spec.make_config(n_players=n_players, max_turns=max_turns, **options)
    except UserError:  # another game's card files: say so rather than their first unknown field
        other = other_games_cards(spec.name, options.get("cards"))
        if other:
            raise UserError(other) from None
        raise
    check_config_numbers(config)
    available = strategy_registry.for_game(spec.name)
    texts = list(strategy_texts) or [default_strategy(spec, available)]
    strategies = tuple(parse_strategies(texts, available))
    recorded = {"n_players": n_players, "max_turns": max_turns}
    recorded.update({k: list(v) if isinstance(v, tuple) else v for k, v in options.items()})
    coverage = spec.coverage.describe(config) if spec.coverage else None
    summarize = summarizer(coverage, spec.analysis)  # the card counts a report reads (issue 20)
    return RunPlan(
        spec, config, n_games, run_seed, strategies, batch_size, log_events, recorded, summarize=summarize
    )


def plan_from_manifest(manifest: Manifest) -> RunPlan:
    """Rebuild the plan a run was made with (for replay), from what its manifest recorded."""
    spec = game_registry.get(manifest.game)
    options = {k: tuple(v) if isinstance(v, list) else v for k, v in manifest.options.items()}
    n_players = options.pop("n_players", manifest.n_players)
    max_turns = options.pop("max_turns", spec.default_max_turns)
    plan = plan_from_options(
        spec,
        n_games=manifest.n_games,
        run_seed=manifest.run_seed,
        n_players=n_players,
        strategy_texts=manifest.strategies,
        batch_size=manifest.batch_size,
        max_turns=max_turns,
        log_events=manifest.log_events,
        game_options=options,
    )
    return dataclasses.replace(plan, mirror=manifest.mirror)


def check_card_data_unchanged(manifest: Manifest, plan: RunPlan) -> None:
    """Playing a run's game again live needs the card data it was played with: refuse, in one line,
    when the card files (or ratio file) changed since, instead of replaying a different game."""
    now = plan.spec.card_data_hash(plan.config)
    if now != manifest.card_data_hash:
        raise UserError(
            f"the card data changed since this run (hash {manifest.card_data_hash}, now {now}): "
            "playing it again would give another game; restore the cards the run used"
        )
