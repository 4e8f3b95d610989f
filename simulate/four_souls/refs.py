"""The public handles a player sees in options and views (DESIGN: Decisions): seats, stack items and
objects' public stats — never a live engine object's internals."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .state import Obj


@dataclass(frozen=True, slots=True)
class SeatRef:
    """A player offered as an option (by seat)."""

    seat: int


class StackRef(NamedTuple):
    """An item on the stack as a player sees it (all public, FS-3.3): its position (0 = bottom), kind
    (loot | ability | roll | damage | death), card or source name, controller, a roll's current value
    or a damage amount, and whether it is an attack roll / combat damage."""

    index: int  # type: ignore[assignment]  # a field named like tuple.index, read as .index
    kind: str
    name: str
    controller: int
    value: int | None
    attack: bool


class ObjInfo(NamedTuple):
    """A public object's stats as a player sees them (read-only; a NamedTuple because strategies read
    thousands per game and a tuple is the cheapest immutable record to build)."""

    name: str
    kind: str
    controller: int
    charged: bool
    hp: int | None
    evasion: int | None
    attack: int | None
    soul: int
    rewards: tuple
    counters: int
    eternal: bool
    obj: Obj  # identity only: the handle to name this object in an answer
