"""Replaying one game: from its logged events, or played again live from its seed — told as a story
(turn by turn, each seat's state at the turn's start; the game's ``GameSpec.story``) or, with
``events=True``, as the numbered event list."""

from __future__ import annotations

import html
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from cardlab.analysis.runs import Run
from cardlab.simulate.core.events import EVENT_FIELDS
from cardlab.simulate.core.narrative import Event, event_line, seat_name, tell
from cardlab.simulate.core.runformat import check_not_run_record, write_atomic
from cardlab.simulate.core.runner import RunPlan, play_game, play_seed
from cardlab.simulate.core.wording import counted


@dataclass(slots=True)
class Replay:
    """One game as readable lines; a game played live that raised has the traceback in ``error`` and
    ``exit_code`` 1 (the CLI prints ``lines`` on stdout, ``error`` on stderr and exits with the code)."""

    lines: list[str] = field(default_factory=list)
    error: str = ""
    exit_code: int = 0

    title: str = "replay"

    @property
    def text(self) -> str:
        return "".join(line + "\n" for line in self.lines)

    def write_html(self, path: str | Path) -> None:
        """The page of :attr:`html`, written whole or not at all, never over a run's records."""
        check_not_run_record(path)
        write_atomic(Path(path), self.html.encode())

    @property
    def html(self) -> str:
        """The same content as one self-contained page: turns as sections, standings as lists."""
        body: list[str] = []
        for line in self.lines:
            text = html.escape(line.strip())
            if line.startswith(("Turn ", "At the end")):
                body.append(f"<h2>{text}</h2>")
            elif line.startswith("  · "):
                body.append(f'<p class="standing">{html.escape(line.strip()[2:])}</p>')
            elif line.startswith("  [") and line.endswith("]"):
                body.append(f'<h3 class="phase">{html.escape(line.strip()[1:-1])}</h3>')
            elif line.startswith("    "):
                body.append(f'<p class="event">{text}</p>')
            elif text:
                body.append(f"<p>{text}</p>")
        style = (
            "body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;line-height:1.35}"
            "h2{margin-top:1.6rem;border-bottom:1px solid #ccc}h3.phase{font-size:.9rem;color:#666;margin:.4rem 0}"
            ".standing{background:#f4f4f4;margin:.1rem 0;padding:.15rem .5rem;font-size:.92rem}"
            ".event{margin:.1rem 0 .1rem 1.5rem}"
        )
        return (
            f"<!doctype html>\n<html><head><meta charset='utf-8'><title>{html.escape(self.title)}</title>"
            f"<style>{style}</style></head><body>\n<h1>{html.escape(self.title)}</h1>\n"
            + "\n".join(body)
            + "\n</body></html>\n"
        )


def describe(plan: RunPlan, row: tuple) -> str:
    """The game's own wording of an event, or a plain generic line."""
    if plan.spec.describe_event is not None:
        return plan.spec.describe_event(row)
    return event_line(Event.of(row))


def _rows(plan: RunPlan, rows: list[tuple], seats: int, events: bool) -> list[str]:
    """The story of the game, or (``events``, or a game without a story) the numbered event list."""
    if plan.spec.story is not None and not events:
        return tell(plan.spec.story(seats), rows)
    return [f"{seq:>5}  T{row[0]:<3} {row[1]:<10} {describe(plan, row)}" for seq, row in enumerate(rows)]


def replay_logged(run: Run, plan: RunPlan, game_id: int, events: bool = False) -> Replay:
    game = run.db.execute(
        "SELECT seed, winners, end_reason, turns, first_seat FROM games WHERE game_id = ?", [game_id]
    ).fetchone()
    seats = run.db.execute(
        "SELECT seat, strategy, result FROM players WHERE game_id = ? ORDER BY seat", [game_id]
    ).fetchall()
    title = f"game {game_id} of {run.path.name}"
    out = Replay(
        [f"{title}: seed {game[0]}, {counted(game[3], 'turn')}, first {seat_name(game[4])}"], title=title
    )
    out.lines += [f"  {seat_name(seat)}: {strategy} — {result}" for seat, strategy, result in seats]
    columns = ", ".join(  # the row as the engine logged it (EventLog.rows), dictionary columns as text
        f"CAST({name} AS VARCHAR)" if name in ("phase", "kind", "card", "target") else name
        for name in EVENT_FIELDS
    )
    rows = run.db.execute(
        f"SELECT {columns} FROM events WHERE game_id = ? ORDER BY seq", [game_id]
    ).fetchall()
    out.lines += _rows(plan, rows, len(seats), events)
    winners = ", ".join(seat_name(w) for w in game[1]) or "none"
    out.lines.append(f"end: {game[2]}, winners: {winners}")
    return out


def replay_live(
    plan: RunPlan,
    game_index: int | None = None,
    seed: int | None = None,
    run: Run | None = None,
    events: bool = False,
) -> Replay:
    """Play one game again with logging on: its lines, or the exception it raises (exit code 1)."""
    out = Replay(title=f"game {game_index}" if seed is None else f"seed {seed}")
    if seed is None:
        seed = plan.seed_of(game_index)
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
    out.lines += [f"  {seat_name(seat)}: {spec.label}" for seat, spec in enumerate(seating)]
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
    out.lines += _rows(plan, result.events.rows, len(seating), events)
    winners = ", ".join(seat_name(w) for w in result.winners) or "none"
    out.lines.append(f"end: {result.end_reason}, winners: {winners}, {counted(result.turns, 'turn')}")
    return out


def _index_of_seed(run: Run, seed: int) -> int | None:
    if seed >= 2**63:  # a run's game seeds are 63-bit (seeds.derive_seed); DuckDB's integers end at 2**127
        return None
    for table in ("games", "errors"):
        found = run.db.execute(f"SELECT game_id FROM {table} WHERE seed = ?", [seed]).fetchone()
        if found:
            return int(found[0])
    return None
