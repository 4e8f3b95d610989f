"""Where a copy comes from (FS-5.11, FS-5.13): every copy of a loot or of an ability remembers the cards
whose copying made it, its *line*, so a copy never copies back into its own line.

Why: two copiers can feed each other with no end and, often, no player choosing. ? Card copies an
item's ↷ ability; when that ability is Pop Pop!'s ("copy a loot being played"), the copy makes a new
? Card on the stack from one still there, which copies Pop Pop! again, and so on (soak: 4 players, seed
2976495117110088524, Strange Marble's copies of a revealed ? Card). The rules give a copy new targets
and choices as it goes on the stack and say nothing of such a circle; our reading (docs/rules/four_souls.md,
FS-5.13) is that a copy may not copy a card of its own line, so each copy in a chain needs a card not
yet used in it and the chain ends. A copy made by a player's own act (an activation, a loot play) starts
a new line; the line is kept only from the effect that makes the copy."""

from __future__ import annotations

from typing import Any

from .state import Obj


def key(x: Any) -> int:
    """The physical card behind an object, a loot card or a loot's copy (a copy's pid is the original's,
    negated)."""
    return abs(x.phys.pid) if isinstance(x, Obj) else abs(x.pid)


def ancestry(ctx: Any) -> frozenset:
    """The line of the effect ``ctx`` is running: the copies it came from and its own card."""
    src = ctx.src
    return ctx.line if src is None else ctx.line | {key(src)}


def may_copy(ctx: Any, x: Any) -> bool:
    """Whether the effect of ``ctx`` may copy ``x`` (a loot on the stack, a card, or an item whose ability
    is copied): not when ``x`` is a card of the effect's own line."""
    return key(x) not in ancestry(ctx)


def line_for(ctx: Any, x: Any) -> frozenset:
    """The line of a copy of ``x`` made by the effect of ``ctx``."""
    return ancestry(ctx) | {key(x)}
