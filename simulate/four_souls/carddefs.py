"""Four Souls' card records: one distinct card's printed facts and encoded behaviour, made by the card loader
(``cards``, which re-exports :class:`Card`) and read by the engine and the players at every step.

Compiled with mypyc by ``pip install .`` (issue 20), like Gosu X's and Hidden Reason's ``carddefs``: as a
Python class, every field the compiled engine and players read (``card.name``, ``card.hp``, ``card.deck`` …,
about 4,700 reads a Four Souls game) was a generic attribute lookup. Frozen like the class it was; a compiled
frozen dataclass refuses the field writes ``copy`` and ``pickle`` make, so it is rebuilt by its constructor
from its fields (``__reduce__``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardlab.simulate.core.cardfiles import rebuilt_by_fields


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    deck: str
    kind: str
    copies: int
    players_3plus: bool
    hp: int | None
    evasion: int | None
    attack: int | None
    rewards: Mapping[str, int | str]  # {} when none
    soul: int  # 0 when none
    starting_item: str | None  # card id, characters only
    keywords: tuple[str, ...]
    abilities: tuple[Any, ...]  # validated plain data (dicts/lists/str/int) in the §1.1 form
    hook: str | None
    implemented: bool
    reason: str | None  # why not implemented
    source: str  # "decklists/four_souls/loot.yaml:212"
    set: str = "base_v2"  # the file's `set:` header (collection.PUBLISHED)
    reprint_of: str | None = None  # id of the card whose behaviour this reprint shares
    # FS-18.1: a double-faced challenge card's faces, one per difficulty symbol: (symbol, name, abilities)
    faces: tuple[tuple[str, str, tuple[Any, ...]], ...] = ()
    # FS-6.10: a double-faced card's back side, shown when the object is flipped: a card record of its own
    # (name, stats, abilities; the rest as the front's), None for a one-sided card
    back: Card | None = None
    # a card turned into an item with none of its other abilities: the item's (keywords, abilities), used by
    # the ``become_item`` verb; None: an item become from this card keeps the card's own abilities
    as_item: tuple[tuple[str, ...], tuple[Any, ...]] | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        return rebuilt_by_fields(self)
