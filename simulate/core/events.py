"""The event log of one game: a flat list of rows, buffered in memory, written to Parquet per batch.

Engines set ``log.turn`` and ``log.phase`` as the game advances and call :meth:`EventLog.emit`; each row
gets its sequence number from its position. Event kinds are a small closed vocabulary per game
(``GameSpec.event_kinds``); the runner checks every kind against it when the batch is written.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

# Column order of one event row as stored in EventLog.rows (seq and game_id are added when written).
EVENT_FIELDS = ("turn", "phase", "seat", "kind", "card", "target", "amount", "detail")


class EventLog:
    """Append-only rows ``(turn, phase, seat, kind, card, target, amount, detail)``.

    ``seat`` is -1 for the game itself. With ``enabled=False`` nothing is stored (benchmarks measure
    the engine with and without logging).
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
        target: str | None = None,
        amount: int | None = None,
        detail: str | None = None,
    ) -> None:
        if self.enabled:
            self.rows.append((self.turn, self.phase, seat, kind, card, target, amount, detail))

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
    kind: str, card: object = None, target: object = None, amount: object = None, detail: object = None
) -> str:
    """The plain wording of an event: ``kind card → target (amount) [detail]``, empty parts left out.

    `cardlab replay` uses it for any event a game does not word itself; engines use it as their fallback.
    """
    parts = [kind]
    if card:
        parts.append(str(card))
    if target:
        parts.append(f"→ {target}")
    if amount is not None:
        parts.append(f"({amount})")
    if detail:
        parts.append(f"[{detail}]")
    return " ".join(parts)
