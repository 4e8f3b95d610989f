"""`cardlab replay`: one game as text, from its logged events or played again live from its seed."""

from __future__ import annotations

import traceback

import click

from cardlab.analysis.runs import Run
from cardlab.simulate.core.events import event_words
from cardlab.simulate.core.runner import RunPlan, play_game, play_seed
from cardlab.simulate.core.seeds import game_seed


def describe(plan: RunPlan, row: tuple) -> str:
    """The game's own wording of an event, or a plain generic line."""
    if plan.spec.describe_event is not None:
        return plan.spec.describe_event(row)
    _turn, _phase, seat, kind, card, target, amount, detail = row
    who = "game" if seat == -1 else f"P{seat}"
    return f"{who}: {event_words(kind, card, target, amount, detail)}"


def _print_rows(plan: RunPlan, rows: list[tuple]) -> None:
    for seq, row in enumerate(rows):
        click.echo(f"{seq:>5}  T{row[0]:<3} {row[1]:<10} {describe(plan, row)}")


def replay_logged(run: Run, plan: RunPlan, game_id: int) -> None:
    game = run.db.execute(
        "SELECT seed, winners, end_reason, turns, first_seat FROM games WHERE game_id = ?", [game_id]
    ).fetchone()
    seats = run.db.execute(
        "SELECT seat, strategy, result FROM players WHERE game_id = ? ORDER BY seat", [game_id]
    ).fetchall()
    click.echo(f"game {game_id} of {run.path.name}: seed {game[0]}, {game[3]} turns, first seat {game[4]}")
    for seat, strategy, result in seats:
        click.echo(f"  seat {seat}: {strategy} — {result}")
    rows = run.db.execute(
        "SELECT turn, CAST(phase AS VARCHAR), seat, CAST(kind AS VARCHAR), CAST(card AS VARCHAR), "
        "CAST(target AS VARCHAR), amount, detail FROM events WHERE game_id = ? ORDER BY seq",
        [game_id],
    ).fetchall()
    _print_rows(plan, rows)
    click.echo(f"end: {game[2]}, winners {list(game[1])}")


def replay_live(
    plan: RunPlan, game_index: int | None = None, seed: int | None = None, run: Run | None = None
) -> int:
    """Play one game again with logging on; print it, or the exception it raises. Returns an exit code."""
    if seed is None:
        seed = game_seed(plan.run_seed, game_index)
        seating = plan.seating(game_index)
        click.echo(f"game {game_index}: seed {seed}, played live")
    else:
        game_index = _index_of_seed(run, seed) if run is not None else None
        seating = plan.seating(game_index if game_index is not None else 0)
        where = (
            f"game {game_index} of the run"
            if game_index is not None
            else "not a game of this run; seating of game 0"
        )
        click.echo(f"seed {seed} ({where}), played live")
    for seat, spec in enumerate(seating):
        click.echo(f"  seat {seat}: {spec.label}")
    try:
        result = (
            play_seed(plan, seed, seating, log_events=True)
            if game_index is None
            else play_game(plan, game_index, True)
        )
    except Exception as exc:
        click.echo("".join(traceback.format_exception(exc)), err=True)
        click.echo(f"reproduced: {type(exc).__name__}: {exc}", err=True)
        return 1
    _print_rows(plan, result.events.rows)
    click.echo(f"end: {result.end_reason}, winners {list(result.winners)}, {result.turns} turns")
    return 0


def _index_of_seed(run: Run, seed: int) -> int | None:
    for table in ("games", "errors"):
        found = run.db.execute(f"SELECT game_id FROM {table} WHERE seed = ?", [seed]).fetchone()
        if found:
            return int(found[0])
    return None
