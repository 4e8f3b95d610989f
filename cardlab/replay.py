"""Replaying one game as text: from its logged events, or played again live from its seed."""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field

from cardlab.analysis.runs import Run
from cardlab.simulate.core.events import event_words
from cardlab.simulate.core.runner import RunPlan, play_game, play_seed
from cardlab.simulate.core.seeds import game_seed


@dataclass(slots=True)
class Replay:
    """One game as readable lines; a game played live that raised has the traceback in ``error`` and
    ``exit_code`` 1 (the CLI prints ``lines`` on stdout, ``error`` on stderr and exits with the code)."""

    lines: list[str] = field(default_factory=list)
    error: str = ""
    exit_code: int = 0

    @property
    def text(self) -> str:
        return "".join(line + "\n" for line in self.lines)


def describe(plan: RunPlan, row: tuple) -> str:
    """The game's own wording of an event, or a plain generic line."""
    if plan.spec.describe_event is not None:
        return plan.spec.describe_event(row)
    _turn, _phase, seat, kind, card, target, amount, detail = row
    who = "game" if seat == -1 else f"P{seat}"
    return f"{who}: {event_words(kind, card, target, amount, detail)}"


def _rows(plan: RunPlan, rows: list[tuple]) -> list[str]:
    return [f"{seq:>5}  T{row[0]:<3} {row[1]:<10} {describe(plan, row)}" for seq, row in enumerate(rows)]


def replay_logged(run: Run, plan: RunPlan, game_id: int) -> Replay:
    game = run.db.execute(
        "SELECT seed, winners, end_reason, turns, first_seat FROM games WHERE game_id = ?", [game_id]
    ).fetchone()
    seats = run.db.execute(
        "SELECT seat, strategy, result FROM players WHERE game_id = ? ORDER BY seat", [game_id]
    ).fetchall()
    out = Replay(
        [f"game {game_id} of {run.path.name}: seed {game[0]}, {game[3]} turns, first seat {game[4]}"]
    )
    out.lines += [f"  seat {seat}: {strategy} — {result}" for seat, strategy, result in seats]
    rows = run.db.execute(
        "SELECT turn, CAST(phase AS VARCHAR), seat, CAST(kind AS VARCHAR), CAST(card AS VARCHAR), "
        "CAST(target AS VARCHAR), amount, detail FROM events WHERE game_id = ? ORDER BY seq",
        [game_id],
    ).fetchall()
    out.lines += _rows(plan, rows)
    out.lines.append(f"end: {game[2]}, winners {list(game[1])}")
    return out


def replay_live(
    plan: RunPlan, game_index: int | None = None, seed: int | None = None, run: Run | None = None
) -> Replay:
    """Play one game again with logging on: its lines, or the exception it raises (exit code 1)."""
    out = Replay()
    if seed is None:
        seed = game_seed(plan.run_seed, game_index)
        seating = plan.seating(game_index)
        out.lines.append(f"game {game_index}: seed {seed}, played live")
    else:
        game_index = _index_of_seed(run, seed) if run is not None else None
        seating = plan.seating(game_index if game_index is not None else 0)
        where = (
            f"game {game_index} of the run"
            if game_index is not None
            else "not a game of this run; seating of game 0"
        )
        out.lines.append(f"seed {seed} ({where}), played live")
    out.lines += [f"  seat {seat}: {spec.label}" for seat, spec in enumerate(seating)]
    try:
        result = (
            play_seed(plan, seed, seating, log_events=True)
            if game_index is None
            else play_game(plan, game_index, True)
        )
    except Exception as exc:
        out.error = (
            "".join(traceback.format_exception(exc)) + "\n" + f"reproduced: {type(exc).__name__}: {exc}\n"
        )
        out.exit_code = 1
        return out
    out.lines += _rows(plan, result.events.rows)
    out.lines.append(f"end: {result.end_reason}, winners {list(result.winners)}, {result.turns} turns")
    return out


def _index_of_seed(run: Run, seed: int) -> int | None:
    for table in ("games", "errors"):
        found = run.db.execute(f"SELECT game_id FROM {table} WHERE seed = ?", [seed]).fetchone()
        if found:
            return int(found[0])
    return None
