"""The event log of one game: a flat list of rows, buffered in memory, written to Parquet per batch.

Engines set ``log.turn`` and ``log.phase`` as the game advances and call :meth:`EventLog.emit`; each row
gets its sequence number from its position. Event kinds are a small closed vocabulary per game
(``GameSpec.event_kinds``); the runner checks every kind against it when the batch is written.

Compiled with mypyc by ``pip install .`` (issue 20): the compiled engines call ``emit`` at every event. The log
is a native class that Python subclasses may extend (Four Souls' ``FSLog``) and that copies and pickles as a
Python object would (``serializable``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from mypy_extensions import mypyc_attr

# Column order of one event row as stored in EventLog.rows (seq and game_id are added when written); the
# two columns of format 3 come last so that a row's first eight fields keep their places.
EVENT_FIELDS = ("turn", "phase", "seat", "kind", "card", "target", "amount", "detail", "target_seat", "value")


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class EventLog:
    """Append-only rows ``(turn, phase, seat, kind, card, target, amount, detail, target_seat, value)``.

    ``seat`` is -1 for the game itself. A target is a player or a thing: ``emit`` takes either a seat (an
    int, stored in ``target_seat`` with the same encoding as ``seat``) or a name (a card, a monster, a
    zone: stored in ``target``), so a seat never becomes text. ``value`` is a number the event reports
    beside ``amount`` (Hidden Reason: the boss's HP left after damage), so nothing numeric hides in
    ``detail``. With ``enabled=False`` nothing is stored (benchmarks measure the engine with and without
    logging).
    """

    __slots__ = ("rows", "enabled", "turn", "phase")

    def __init__(self, enabled: bool = True) -> None:
        self.rows: list[tuple[Any, ...]] = []
        self.enabled = enabled
        self.turn = 0
        self.phase = "setup"

    def emit(
        self,
        kind: str,
        seat: int = -1,
        card: str | None = None,
        target: str | int | None = None,
        amount: int | None = None,
        detail: str | None = None,
        value: int | None = None,
    ) -> None:
        if self.enabled:
            row: tuple[Any, ...]
            if type(target) is int:  # a seat (``type``: a C macro compiled, where ``__class__`` is a lookup)
                row = (self.turn, self.phase, seat, kind, card, None, amount, detail, target, value)
            else:
                row = (self.turn, self.phase, seat, kind, card, target, amount, detail, None, value)
            self.rows.append(row)

    def __len__(self) -> int:
        return len(self.rows)

    def of_kind(self, kind: str) -> list[tuple[Any, ...]]:
        """Rows of one kind — handy in rule-scenario tests."""
        return [row for row in self.rows if row[3] == kind]


HELD_AT_END = "held_at_end"  # one event per card a seat still holds when the game ends (coverage, issue 13)


def log_held_at_end(log: EventLog, seat: int, cards: Iterable[str]) -> None:
    """Write what ``seat`` still holds at the end of the game, one event per card, so that a card's
    holdings can be split into used / lost / kept to the end (analysis.coverage)."""
    for name in cards:
        log.emit(HELD_AT_END, seat, name)


def event_words(
    kind: str,
    card: object = None,
    target: object = None,
    amount: object = None,
    detail: object = None,
    value: object = None,
) -> str:
    """The plain wording of an event: ``kind card → target (amount) = value [detail]``, empty parts left
    out; a seat target arrives already named (simulate.core.narrative.target_name).

    `cardlab replay` uses it for any event a game does not word itself; engines use it as their fallback.
    """
    parts = [kind]
    if card:
        parts.append(str(card))
    if target or target == 0:
        parts.append(f"→ {target}")
    if amount is not None:
        parts.append(f"({amount})")
    if value is not None:
        parts.append(f"= {value}")
    if detail:
        parts.append(f"[{detail}]")
    return " ".join(parts)
