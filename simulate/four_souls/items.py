"""What goes on the stack (FS-7): loot, abilities, rolls, damage and deaths.

Compiled with mypyc by ``pip install .`` (issue 20): as Python classes, each item was built by an
interpreted ``__init__`` (about 390 a Four Souls game) and each field the compiled engine and players
read (about 12,000 reads a game) was a generic attribute lookup. ``kind`` is a field set by each class's
``__init__`` (a native field, not a class attribute). A search's copy deep-copies the items on the stack
(``statecopy.copy_state``): ``__deepcopy__`` copies every field (``FIELDS``) through the copy's memo, the
item entered in it first, as the deep copy of a Python class did. The copy is built by its class's
``__init__`` from the original's arguments (``INIT``), then every field is replaced: a compiled class's
``__new__`` runs its ``__init__``, so a bare ``cls.__new__(cls)`` would ask for them.

Each class's own fields are written once, as a module constant that is both its ``__slots__`` and, after
the base's, the rest of its ``FIELDS``, so no slot is left out of a copy. The constant is the module's
because a compiled class body cannot read its own ``__slots__`` (a KeyError as the module loads).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .state import Obj, Phys, Player

_STACK = ("controller", "kind")


class StackItem:
    __slots__ = _STACK
    FIELDS: ClassVar[tuple[str, ...]] = _STACK
    INIT: ClassVar[tuple[str, ...]] = ()  # the fields that are its __init__'s arguments, in order
    kind: str
    controller: int

    def __deepcopy__(self, memo: dict) -> Any:
        cls = type(self)
        out = cls(*[getattr(self, name) for name in self.INIT])
        memo[id(self)] = out
        for name in self.FIELDS:
            setattr(out, name, copy.deepcopy(getattr(self, name), memo))
        return out


_LOOT = ("phys", "ctx", "copied", "play_text", "play_rules")


class LootItem(StackItem):
    __slots__ = _LOOT
    FIELDS: ClassVar[tuple[str, ...]] = _STACK + _LOOT
    INIT: ClassVar[tuple[str, ...]] = ("phys", "controller", "ctx")

    def __init__(self, phys: Phys, controller: int, ctx: Any):
        self.kind = "loot"
        self.phys, self.controller, self.ctx = phys, controller, ctx
        self.copied = False  # a copy of it was put on the stack (FS-5.11: "not already copied")
        self.play_text: Any = None  # its text with a number changed while on the stack (Magic Marker)
        self.play_rules: Any = None  # that text compiled: it resolves with it

    def __repr__(self) -> str:
        return f"<loot {self.phys.card.name}>"


_ABILITY = ("src", "ability", "ctx", "trigger", "akind", "event_obj")


class AbilityItem(StackItem):
    __slots__ = _ABILITY
    FIELDS: ClassVar[tuple[str, ...]] = _STACK + _ABILITY
    INIT: ClassVar[tuple[str, ...]] = ("src", "ability", "controller", "ctx", "trigger")

    def __init__(self, src: Obj | None, ability: Any, controller: int, ctx: Any, trigger: str | None = None):
        self.kind = "ability"
        self.src, self.ability, self.controller, self.ctx, self.trigger = (
            src,
            ability,
            controller,
            ctx,
            trigger,
        )
        self.akind = ability.kind if ability is not None else "hook"
        self.event_obj: Any = None  # the event (Obj) whose ability this is: it waits for it (FS-1.17)

    def __repr__(self) -> str:
        return f"<ability {self.ctx.name} {self.akind}>"


_ROLL = (
    "seat",
    "value",
    "attack",
    "purpose",
    "table",
    "ctx",
    "checked",
    "changes",
    "target",
    "reward",
    "name",
    "heard",
    "misses",
    "group",
)


@dataclass(slots=True)
class RollGroup:
    """Dice rolled together (FS-9.2(1)): all rolled, then each its own roll on the stack, open to answers;
    one reader reads them all once the last has left the stack. ``finals``: the results of those that
    resolved, in the order they did, ``by`` their rollers (a roll-off's dice are several players');
    ``left``: how many are still on the stack."""

    left: int
    finals: list[int] = field(default_factory=list)
    by: list[int] = field(default_factory=list)


class RollItem(StackItem):
    """A die roll on the stack (FS-9.2). ``purpose``: attack | table | reward."""

    __slots__ = _ROLL
    FIELDS: ClassVar[tuple[str, ...]] = _STACK + _ROLL
    INIT: ClassVar[tuple[str, ...]] = ("seat", "value", "purpose")

    def __init__(self, seat: int, value: int, purpose: str):
        self.kind = "roll"
        self.controller = self.seat = seat
        self.value = value
        self.purpose = purpose
        self.attack = purpose == "attack"
        self.table: Any = None
        self.ctx: Any = None
        self.target: Any = None
        self.reward: str | None = None
        self.name: str | None = None
        self.changes = 0  # results this roll has had beyond the first (rerolls, changed values)
        self.checked = -1  # ``changes`` when its would-roll triggers last looked (FS-9.2(4))
        self.heard: set | None = None  # (object, ability) of `once_per_roll` triggers that saw it already
        self.misses: tuple = ()  # faces named before it was rolled that make it a miss (Alt Art Mother!)
        self.group: RollGroup | None = None  # the dice rolled together with it (FS-9.2(1))

    def __repr__(self) -> str:
        return f"<roll {self.value} p{self.seat} {self.purpose}>"


_DAMAGE = ("amount", "target", "src_seat", "src_obj", "combat", "roll", "name", "then", "stat", "base")


class DamageItem(StackItem):
    __slots__ = _DAMAGE
    FIELDS: ClassVar[tuple[str, ...]] = _STACK + _DAMAGE
    INIT: ClassVar[tuple[str, ...]] = ("amount", "target", "src_seat", "src_obj", "combat", "roll", "name")

    def __init__(self, amount, target, src_seat, src_obj, combat, roll, name):
        self.kind = "damage"
        self.amount, self.target, self.src_seat, self.src_obj = amount, target, src_seat, src_obj
        self.combat, self.roll, self.name = combat, roll, name
        self.controller = src_seat
        self.then = None  # the rest of an "and" that waits for this damage (XIV Temperance)
        # combat damage: whose damage stat it is (("p", seat, first attack roll) or ("m", target)) and that
        # stat as it was put on the stack, so a change before it resolves counts (FS-6.21)
        self.stat = None
        self.base = 0

    def __repr__(self) -> str:
        return f"<damage {self.amount} -> {tname(self.target)}>"


_DEATH = ("victim", "killer", "roll")


class DeathItem(StackItem):
    __slots__ = _DEATH
    FIELDS: ClassVar[tuple[str, ...]] = _STACK + _DEATH
    INIT: ClassVar[tuple[str, ...]] = ("victim", "killer", "roll")

    def __init__(self, victim, killer: int, roll: int | None = None):
        self.kind = "death"
        self.victim, self.killer, self.roll = victim, killer, roll
        self.controller = victim.seat if isinstance(victim, Player) else -1

    def __repr__(self) -> str:
        return f"<death {tname(self.victim)}>"


def off_stack(item: StackItem) -> None:
    """The item left the stack for good (resolved or cancelled): its context lets go of it. A loot or an
    ability and its context point at each other (``ctx.item``, read while it resolves: ``again``, ``cancel``
    all but this); after that nothing reads a context's ``item`` (a delayed trigger keeps its maker's
    context for its controller, source and binds only), so breaking the pair here frees both by reference
    counting, not the cyclic collector (about 730 pairs a four-player game, and every search branch's)."""
    if isinstance(item, (LootItem, AbilityItem)):
        ctx = item.ctx
        if ctx is not None and ctx.item is item:
            ctx.item = None


def log_target(t: Any) -> str | int:
    """An event's target: a player as its seat (the log's ``target_seat``), anything else by name."""
    return t.seat if isinstance(t, Player) else tname(t)


def tname(t: Any) -> str:
    if isinstance(t, Player):
        return f"p{t.seat}"
    if isinstance(t, Obj):
        return t.phys.card.name
    if isinstance(t, Phys):
        return t.card.name
    return str(t)


def event_of(r: RollItem) -> Any:
    """The event whose ability made this roll (its reader then belongs to the event too)."""
    ctx = r.ctx
    return (ctx.ev or {}).get("event_obj") if ctx is not None else None
