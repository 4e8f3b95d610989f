"""A game told as a story a person can follow (`cardlab replay`): turn by turn, what each seat holds as
each turn opens, then what happens in words — one seat naming everywhere ("seat 0" is the
players table's ``seat`` 0).

The kernel owns the layout; each game owns a :class:`Story` (its ``GameSpec.story``): the state a
player tracks, folded from the events alone — so a logged game and a game played again tell the same
story — and the wording of its events. A story tracks only what the events determine exactly; its
totals at the end are checked against the players table by the tests.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .events import EVENT_FIELDS, event_words


def seat_name(seat: int | None) -> str:
    """The one way commands and reports name a seat (the ``seat`` column's number)."""
    return "the game" if seat is None or seat < 0 else f"seat {seat}"


def target_seat(target: object) -> int | None:
    """The seat an :class:`Event`'s ``target`` is (a seat is an int: the log's ``target_seat``), or None
    when it names a thing (a card, a monster, a zone)."""
    return target if isinstance(target, int) and not isinstance(target, bool) else None


def target_name(target: object) -> str:
    """An event's ``target`` in words: a seat by :func:`seat_name`, anything else as it is."""
    seat = target_seat(target)
    return seat_name(seat) if seat is not None else str(target)


@dataclass(slots=True, frozen=True)
class Event:
    """One logged event by field name (the row's order is :data:`EVENT_FIELDS`). ``target`` is what the
    event was aimed at as ``EventLog.emit`` took it: a seat (an int, the row's ``target_seat``) or a name."""

    turn: int
    phase: str
    seat: int
    kind: str
    card: str | None
    target: str | int | None
    amount: int | None
    detail: str | None
    value: int | None

    @classmethod
    def of(cls, row: Sequence) -> Event:
        v = dict(zip(EVENT_FIELDS, row, strict=True))
        target = v["target_seat"] if v["target_seat"] is not None else v["target"]
        return cls(
            v["turn"],
            v["phase"],
            v["seat"],
            v["kind"],
            v["card"],
            target,
            v["amount"],
            v["detail"],
            v["value"],
        )

    @property
    def who(self) -> str:
        return seat_name(self.seat)


def event_line(e: Event) -> str:
    """An event in plain words, its seat and a seat target named as everywhere: the line of a game that
    words nothing itself (`cardlab replay --events`)."""
    target = target_name(e.target) if e.target is not None else None
    return f"{e.who}: {event_words(e.kind, e.card, target, e.amount, e.detail, e.value)}"


class Story(ABC):
    """What one game's players track, and its events in words. A game subclasses it (``GameSpec.story``
    is the subclass); :func:`tell` drives it."""

    def __init__(self, seats: int):
        self.seats = seats

    def starts_turn(self, e: Event) -> bool:
        """Whether ``e`` opens a turn (its seat is the turn's player)."""
        return e.kind == "turn_start"

    def turn_title(self, e: Event) -> str:
        return f"Turn {e.turn} — {e.who}"

    @abstractmethod
    def see(self, e: Event) -> str | None:
        """Update the tracked state with ``e``; its line, or None when it says nothing new (a roll's
        first reading, folded into the final one; bookkeeping)."""

    @abstractmethod
    def status(self, seat: int) -> str:
        """What ``seat`` holds now, in one line."""

    def table_status(self) -> str | None:
        """What the whole table shares now (a boss's HP), if anything."""
        return None


def tell(story: Story, rows: Iterable[Sequence], header: Sequence[str] = ()) -> list[str]:
    """The game as lines: ``header``, the setup, then each turn under a title with every seat's state at
    its start, then the state at the end."""
    lines = list(header)
    phase = None
    for row in rows:
        e = Event.of(row)
        if story.starts_turn(e):
            lines += ["", story.turn_title(e), *_standings(story)]
            phase = None
        if e.phase != phase and e.phase not in ("turn", "start"):
            lines.append(f"  [{e.phase}]")
        phase = e.phase
        text = story.see(e)
        if text:
            lines.append(f"    {text}")
    lines += ["", "At the end", *_standings(story)]
    return lines


def _standings(story: Story) -> list[str]:
    out = [f"  · {seat_name(s)}: {story.status(s)}" for s in range(story.seats)]
    table = story.table_status()
    return [f"  · {table}", *out] if table else out
