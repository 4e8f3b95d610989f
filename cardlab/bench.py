"""`cardlab bench`: games/s, events/s and decisions/s of each engine on one core."""

from __future__ import annotations

import time
from collections.abc import Sequence

from cardlab.simulate.core.game import GameSpec
from cardlab.simulate.core.runner import RunPlan, play_game

from .wiring import plan_from_options


def measure(plan: RunPlan, log_events: bool) -> dict[str, float]:
    """Play the plan's games in this process (one core) and time them.

    Rates are per second of this process's CPU time, so a busy machine does not halve them; the wall
    clock rate is reported beside them."""
    events = decisions = failed = 0
    wall = time.perf_counter()
    started = time.process_time()
    for index in range(plan.n_games):
        try:
            result = play_game(plan, index, log_events=log_events)
        except Exception:
            failed += 1
            continue
        events += len(result.events.rows)
        decisions += result.decisions
    seconds = time.process_time() - started
    wall = time.perf_counter() - wall
    played = plan.n_games - failed
    return {
        "games/s": plan.n_games / seconds,
        "wall games/s": plan.n_games / wall,
        "events/s": events / seconds,
        "decisions/s": decisions / seconds,
        "events/game": events / played if played else 0.0,
        "decisions/game": decisions / played if played else 0.0,
        "failed": failed,
    }


def bench_table(
    specs: Sequence[GameSpec],
    n_games: int,
    players: int | None,
    strategy: Sequence[str],
    options: tuple[str, ...] = (),
) -> str:
    """One row per game and logging mode; ``options`` (``NAME=VALUE``, as ``cardlab soak -o``) go to every
    game listed, so a game's throughput can be compared across its own settings (Four Souls ``sets=all``)."""
    from .soak import parse_options

    heads = [
        "game",
        "players",
        "strategy",
        "events",
        "games/s",
        "wall games/s",
        "events/s",
        "decisions/s",
        "events/game",
        "decisions/game",
        "failed",
    ]
    rows = []
    for spec in specs:
        plan = plan_from_options(
            spec,
            n_games=n_games,
            run_seed=20261121,
            n_players=players,
            strategy_texts=strategy,
            batch_size=n_games,
            max_turns=None,
            log_events=True,
            game_options=parse_options(spec, options),
        )
        for log in (True, False):
            m = measure(plan, log)
            rows.append(
                [
                    spec.name,
                    str(plan.config.n_players),
                    ",".join(s.label for s in plan.strategies),
                    "logged" if log else "off",
                    f"{m['games/s']:,.1f}",
                    f"{m['wall games/s']:,.1f}",
                    f"{m['events/s']:,.0f}",
                    f"{m['decisions/s']:,.0f}",
                    f"{m['events/game']:,.1f}" if log else "-",
                    f"{m['decisions/game']:,.1f}",
                    str(m["failed"]),
                ]
            )
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(heads)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(heads, widths, strict=True))]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in rows]
    from .compiled import describe

    return (
        "\n".join(lines)
        + f"\n({n_games} games per row in this process; rates per CPU second of one core, wall-clock rate beside)"
        + f"\n({describe()})"
    )
