"""`cardlab bench`: games/s, events/s and decisions/s of each engine on one core."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Sequence

from cardlab.simulate.core.game import GameSpec
from cardlab.simulate.core.runner import RunPlan, play_game
from cardlab.simulate.core.wording import counted

from .wiring import plan_from_options


def measure(plan: RunPlan, log_events: bool) -> dict[str, float]:
    """Play the plan's games in this process (one core) and time them.

    Rates are per second of this process's CPU time, so a busy machine does not halve them; the wall
    clock rate is reported beside them."""
    return measure_side_by_side([plan], log_events)[0]


def measure_side_by_side(plans: Sequence[RunPlan], log_events: bool) -> list[dict[str, float]]:
    """``measure`` for several plans at once, their games played in turn (game 0 of each plan, then game 1
    of each, …): a load that comes and goes on a shared machine falls on every plan alike, so the ratio
    of two plans' rates is paired game by game (issue 19's collection against Base V2). Each plan's first
    game is played once untimed before (imports, card compilation, caches warmed), so every row measures
    games, not start-up."""
    for plan in plans:
        with contextlib.suppress(Exception):  # a failing game is counted when it is timed, below
            play_game(plan, 0, log_events=log_events)
    sums = [dict.fromkeys(("cpu", "wall", "events", "decisions", "turns", "failed"), 0.0) for _ in plans]
    for index in range(max(p.n_games for p in plans)):
        for plan, s in zip(plans, sums, strict=True):
            if index >= plan.n_games:
                continue
            wall = time.perf_counter()
            started = time.process_time()
            try:
                result = play_game(plan, index, log_events=log_events)
            except Exception:
                result = None
            s["cpu"] += time.process_time() - started
            s["wall"] += time.perf_counter() - wall
            if result is None:
                s["failed"] += 1
                continue
            s["events"] += len(result.events.rows)
            s["decisions"] += result.decisions
            s["turns"] += result.turns
    return [_rates(plan.n_games, s) for plan, s in zip(plans, sums, strict=True)]


def _rates(n_games: int, s: dict[str, float]) -> dict[str, float]:
    played = n_games - s["failed"]
    seconds = s["cpu"] or 1e-9
    return {
        "games/s": n_games / seconds,
        "wall games/s": n_games / (s["wall"] or 1e-9),
        "events/s": s["events"] / seconds,
        "decisions/s": s["decisions"] / seconds,
        "turns/s": s["turns"] / seconds,
        "events/game": s["events"] / played if played else 0.0,
        "decisions/game": s["decisions"] / played if played else 0.0,
        "turns/game": s["turns"] / played if played else 0.0,
        "failed": s["failed"],
    }


HEADS = (
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
    "turns/game",
    "failed",
)


def _row(name: str, plan: RunPlan, log: bool, m: dict[str, float]) -> list[str]:
    return [
        name,
        str(plan.config.n_players),
        ",".join(s.label for s in plan.strategies),
        "logged" if log else "off",
        f"{m['games/s']:,.1f}",
        f"{m['wall games/s']:,.1f}",
        f"{m['events/s']:,.0f}",
        f"{m['decisions/s']:,.0f}",
        f"{m['events/game']:,.1f}" if log else "-",
        f"{m['decisions/game']:,.1f}",
        f"{m['turns/game']:,.1f}",
        str(int(m["failed"])),
    ]


def _ratio_line(
    name: str, compare: tuple[str, ...], log: bool, a: dict[str, float], b: dict[str, float]
) -> str:
    """The compared setting's rates over the base's: per game, and per decision and per turn (CPU time
    each costs), so a longer game is told apart from more work in each decision."""
    keys = ("games/s", "events/s", "decisions/s", "turns/s") if log else ("games/s", "decisions/s", "turns/s")
    per = ", ".join(f"{k} {b[k] / a[k]:.3f}" if a[k] else f"{k} -" for k in keys)
    return f"{name} {' '.join(compare)} / {name}, {'logged' if log else 'off'}: {per}"


def bench_table(
    specs: Sequence[GameSpec],
    n_games: int,
    players: int | None,
    strategy: Sequence[str],
    options: tuple[str, ...] = (),
    compare: tuple[str, ...] = (),
) -> str:
    """One row per game and logging mode; ``options`` (``NAME=VALUE``, as ``cardlab soak -o``) go to every
    game listed, so a game's throughput can be compared across its own settings (Four Souls ``sets=all``).
    ``compare`` (``NAME=VALUE`` too) adds a second row per game and mode with those options laid over
    ``options``, its games played in turn with the first row's, and the ratio of the two (issue 19: the
    whole collection against Base V2 in one command, ``cardlab bench four-souls --compare sets=all``)."""
    from .soak import parse_options

    rows = []
    ratios = []
    for spec in specs:
        parse_options(spec, compare, "--compare")  # a mistake there names --compare, not --option
        plans = [
            plan_from_options(
                spec,
                n_games=n_games,
                run_seed=20261121,
                n_players=players,
                strategy_texts=strategy,
                batch_size=n_games,
                max_turns=None,
                log_events=True,
                game_options=parse_options(spec, texts),
            )
            for texts in ((options, (*options, *compare)) if compare else (options,))
        ]
        names = [spec.name, f"{spec.name} {' '.join(compare)}"]
        for log in (True, False):
            ms = measure_side_by_side(plans, log)
            rows += [_row(n, p, log, m) for n, p, m in zip(names, plans, ms, strict=False)]
            if compare:
                ratios.append(_ratio_line(spec.name, compare, log, ms[0], ms[1]))
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(HEADS)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(HEADS, widths, strict=True))]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in rows]
    if ratios:
        lines += ["(rows with options compared: their games played in turn, game by game)", *ratios]
    from .compiled import describe

    return (
        "\n".join(lines)
        + f"\n({counted(n_games, 'game')} per row in this process after one untimed game; rates per CPU second of one core,"
        + " wall-clock rate beside)"
        + f"\n({describe()})"
    )
