"""A card's compiled behaviour (rules.compile_card): its abilities and the flags the engine reads.

Compiled with mypyc by ``pip install .`` (issue 20): as Python classes, every field the compiled engine and
players read (``rules.triggers``, ``ab.topts`` …, about 20,000 reads a Four Souls game) was a generic
attribute lookup; a reader that names the type (``r: CardRules = o.rules``) reads a native field. A compiled
dataclass refuses the field writes ``copy`` and ``pickle`` make, so each is rebuilt by its constructor from
its fields (``__reduce__``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardlab.simulate.core.cardfiles import rebuilt_by_fields


@dataclass(slots=True)
class Ability:
    kind: str  # play | tap | paid | on | event
    do: Any
    targets: Any = None
    by: Any = None
    cost: Any = None
    trigger: str | None = None
    tparam: Any = None
    topts: dict[str, Any] = field(default_factory=dict)
    optional: bool = False
    index: int = 0
    simple: bool = False  # no targets and no leading tgt/modes: always usable (a fast legality check)
    on_roll: bool = False  # its only target is "a roll" on the stack (The D6, The Bone): legal iff one is

    def __reduce__(self) -> tuple[Any, ...]:
        return rebuilt_by_fields(self)


@dataclass(slots=True)
class CardRules:
    keywords: frozenset[str] = frozenset()
    play: Ability | None = None
    tap: list[Ability] = field(default_factory=list)
    paid: list[Ability] = field(default_factory=list)
    triggers: dict[str, list[Ability]] = field(default_factory=dict)
    # goals the card notes (static ``goal``, FS-16.2: Social Goals!): trigger name → ``kind="goal"`` abilities
    # whose ``cost`` holds the count that meets them; counted at once, never put on the stack
    goals: dict[str, list[Ability]] = field(default_factory=dict)
    events: list[Ability] = field(default_factory=list)
    statics: list[Any] = field(default_factory=list)
    replaces: list[Any] = field(default_factory=list)
    soul_when: Any = None
    forbid: bool = False
    starts_with_counters: int = 0
    starts_with_levels: int = 0  # FS-5.15: "this starts at level N"
    goes_first: bool = False
    souls_to_win: int = 0  # a soul's "players need at least N souls to win" while controlled (FS-14.1)
    enters_deactivated: bool = False  # "this enters play deactivated" (FS-5.5, FS-11.8)
    hook: str | None = None
    rewards: list[Ability] = field(default_factory=list)  # printed rewards that are effects (``reward:``)
    as_item: Any = None  # CardRules of the item it can become (``become_item``, card field ``as_item``)
    back: Any = None  # CardRules of its back side (FS-6.10, card field ``back``): what a flip shows
    items_have: Any = None  # CardRules every item in play has while this is in play (static ``items_have``)
    overlay: bool = False  # these are an ``items_have`` overlay's rules (or built on them: a gain, FS-5.2)

    text: Any = (
        None  # the encoded abilities it was compiled from (a changed number is compiled again: Magic Marker)
    )
    has_act: bool = False  # has a ↷ or $ ability (set by compile_card)
    acts: tuple[tuple[str, int, Ability], ...] = ()  # ("tap" | "paid", index, ability) for each activated one

    @property
    def activated(self) -> bool:
        return bool(self.tap or self.paid)

    def __reduce__(self) -> tuple[Any, ...]:
        return rebuilt_by_fields(self)
