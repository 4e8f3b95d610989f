"""Hidden Reason's card definitions: a card's printed facts and encoded behaviour, made by the card loader
(``cards``) and read by the engine and the players at every step.

Compiled with mypyc by ``pip install .`` (issue 20): as Python classes, every field the compiled engine read
(``d.type``, ``d.cost``, ``ab.target`` …) was a generic attribute lookup, about 40 % of a compiled game's
instructions. Frozen like the classes they were; a compiled frozen dataclass cannot be copied or
unpickled field by field (its fields refuse the writes), so each says how it is rebuilt: by its
constructor, from its fields (``__reduce__``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardlab.simulate.core.cardfiles import rebuilt_by_fields

Effect = tuple[str, Any]


@dataclass(frozen=True, slots=True)
class Ability:
    """One block of behaviour: an optional target kind, the effects, and (activated only) its cost."""

    effects: tuple[Effect, ...]
    target: str | None = None
    cost: int = 0
    tap: bool = False
    count: int = 1  # HR-10.1 "one or more targets": choose this many different targets (fewer if short)

    def __reduce__(self) -> tuple[Any, ...]:
        return rebuilt_by_fields(self)


@dataclass(frozen=True, slots=True)
class Construction:
    """HR-15.1: fires once the card holds ``x`` energy; ``overload`` if unused in time."""

    x: int
    ability: Ability
    overload: tuple[Effect, ...] = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return rebuilt_by_fields(self)


@dataclass(frozen=True, slots=True)
class CardDef:
    """A card's printed facts and encoded behaviour (immutable, shared by every copy)."""

    name: str
    type: str
    cls: str
    cost: int
    attack: int = 0
    durability: int = 0
    unique: bool = False
    mitsim: bool = False
    hunger: bool = False
    substitution: bool = False
    synergy: int = 0
    shroud: bool = False
    allies_attack: int = 0
    tactic_discount: int = 0
    retribution_ward: bool = False
    play: Ability | None = None  # strategies/tactics: what resolving does; implants: attach target
    grant_attack: int = 0
    grant_durability: int = 0
    grant_shroud: bool = False
    host_leaves: str = "other_world"  # HR-4.11 / HR-Q.26 default
    triggers: tuple[tuple[str, Ability], ...] = ()
    activated: tuple[Ability, ...] = ()
    construction: Construction | None = None
    scrap: Ability | None = None
    implemented: bool = True
    reason: str = ""
    text: str = ""
    file: str = ""
    line: int = 0
    trigger_map: dict[str, Ability] = field(default_factory=dict, compare=False, hash=False)
    has_ability: bool = False  # derived: anything a player can activate (speeds up option search)
    is_unit: bool = False  # derived from type
    is_permanent: bool = False  # derived from type (HR-4.12)

    def __reduce__(self) -> tuple[Any, ...]:
        return rebuilt_by_fields(self)
