"""A roll table's reader (FS-4.18, FS-Q.28): the ability that applies a table's row once its roll resolved —
or, for dice rolled together (FS-9.2(1)), once the last of them left the stack, reading their final values.
Apart from resolution so a cancelled die of a group (``damage.cancel``) can hand its group on too."""

from __future__ import annotations

from . import items
from .abilities import Ability
from .dice import row_for
from .state import Game
from .statics import Ctx, names_used
from .targets import prepare


def push_reader(g: Game, r: items.RollItem) -> None:
    """FS-4.18 / FS-Q.28: the reading ability goes on the stack after the roll and reads its result (a
    group's: the sum of its final values, ``same_dice`` whether they all match)."""

    src = r.ctx
    group = r.group
    result = r.value if group is None else sum(group.finals)
    row = row_for(r.table, result) if group is None else r.table.get("any")
    if row is None or row == "nothing":
        return
    ctx = Ctx(g, src.you, src.src, dict(src.binds), src.ev, result, None, src.name, src.mode, src.by)
    ctx.line = src.line  # the reader of a copy's roll is still that copy (lineage.py)
    ab = Ability("on", row)

    # FS-4.18: the reader is a new ability; only the targets its row uses can make it fizzle (Glass
    # Cannon's row must not fizzle because the item it destroyed before rolling is gone, FS-6.8)
    before = frozenset(ctx.binds)
    if not prepare(ctx, ab):
        return
    if before:
        ctx.watch = names_used(row, before) | (frozenset(ctx.binds) - before)
    ctx.reads = r  # `roll_again`: the same table rolled anew by the same roller (Water Bottle)
    item = items.AbilityItem(
        src.src if not hasattr(src.src, "card") else None, ab, src.you, ctx, trigger="roll"
    )
    item.event_obj = (src.ev or {}).get("event_obj")  # the event waits for its reader (FS-1.17)
    ctx.item = item
    g.stack.append(item)


def group_die(g: Game, r: items.RollItem, final: int | None) -> None:
    """A die of a group left the stack: resolved with ``final``, or cancelled (None: it has no result).
    The last to leave puts the group's one reader on the stack (FS-9.2(1)); with no die resolved there is
    nothing to read."""
    group = r.group
    assert group is not None
    group.left -= 1
    if final is not None:
        group.finals.append(final)
        group.by.append(r.seat)
    if group.left == 0 and group.finals:
        push_reader(g, r)
