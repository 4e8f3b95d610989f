"""Gosu X's card definitions: one distinct card's printed facts and encoded behaviour, made by the card
loader (``cards``) and read by the engine and the players at every step.

Compiled with mypyc by ``pip install .`` (issue 20): as a Python class, every field the compiled engine and
players read (``d.level``, ``d.keywords``, ``d.clan`` …) was a generic attribute lookup. Frozen like the
class it was; a compiled frozen dataclass refuses the field writes ``copy`` and ``pickle`` make, so it is
rebuilt by its constructor from its fields (``__reduce__``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardlab.simulate.core.cardfiles import rebuilt_by_fields


@dataclass(frozen=True, slots=True)
class CardDef:
    """One distinct card: printed facts and encoded behaviour."""

    name: str
    clan: str
    level: int
    copies: int
    replace_cost: int | None
    slots: int
    keywords: frozenset[str]
    combat: int | None
    on_play: tuple[Any, ...]
    passive: dict[str, Any]
    on: tuple[Any, ...]
    feat: str | None
    tile: dict[str, Any] | None
    implemented: bool = True
    reason: str = ""
    fid: int = 0
    summary: str = ""
    group: str = field(default="")  # the name outside brackets (GX-12.10)

    def __reduce__(self) -> tuple[Any, ...]:
        return rebuilt_by_fields(self)
