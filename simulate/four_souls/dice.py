"""Dice rolls (FS-9): a d6 put on the stack, open to rerolls and modifiers while it waits, "would
roll" triggers before it resolves, static modifiers and clamping on resolution, then the final result
is read (attack roll → combat damage, Roll- table → reading item, reward roll → the reward)."""

from __future__ import annotations

from typing import Any

from . import attack, stack, statics, triggers
from .state import Game


def clamp(v: int) -> int:
    return 1 if v < 1 else 6 if v > 6 else v  # FS-9.1


def push_roll(
    g: Game,
    seat: int,
    purpose: str,
    table: Any = None,
    ctx: Any = None,
    reward: str | None = None,
    name: str | None = None,
    target: Any = None,
    value: int | None = None,
) -> stack.RollItem:
    """FS-9.2(1): the roller rolls, then puts the roll on the stack (``value``: a die already rolled,
    the one kept of several, FS-9.6)."""
    r = stack.RollItem(seat, g.rng.randint(1, 6) if value is None else value, purpose)
    r.table, r.ctx, r.reward, r.target = table, ctx, reward, target
    r.name = name if name is not None else (ctx.name if ctx is not None else None)
    g.stack.append(r)
    g.log.emit("roll", seat, r.name, None, r.value, "initial")
    return r


def reroll(g: Game, r: stack.RollItem, why: str) -> None:
    """FS-6.17 / FS-9.3: the same roll gets a new result (not a new roll)."""
    r.value = g.rng.randint(1, 6)
    r.changes += 1  # a new result, even the same number: "would roll" triggers look again (FS-9.2(4))
    g.log.emit("roll", r.seat, why, r.name, r.value, "reroll")


def set_value(g: Game, r: stack.RollItem, v: int, why: str) -> None:
    v = clamp(v)
    if v != r.value:
        r.changes += 1
    r.value = v
    g.log.emit("roll", r.seat, why, r.name, r.value, "modified")


def resolve_roll(g: Game, r: stack.RollItem) -> None:
    # FS-9.2(4): "would roll N" triggers fire as the roll tries to resolve; if any, they go on top
    # and the roll waits. Once they resolved, a changed result (a reroll, even to the same number, or
    # a new value) goes back through step (3) to here and triggers again; an unchanged one resolves
    # (Dad's Lost Coin: each reroll of a 1 to a 1 may be rerolled again).
    if r.checked != r.changes:
        r.checked = r.changes
        before = len(g.pending)
        triggers.fire(g, "would_roll", roll=r, value=r.value)
        if len(g.pending) > before:
            g.stack.append(r)
            return
    p = g.players[r.seat]
    if r.attack:
        p.attack_rolls_this_turn += 1
    final = clamp(r.value + statics.roll_bonus(g, p, r.attack))  # FS-9.2(5), FS-Q.14
    r.value = final
    g.log.emit("roll", r.seat, r.name, None, final, "final")
    if r.purpose == "attack":
        attack.roll_resolved(g, r)
    elif r.purpose == "table":
        _push_reader(g, r)
        ev = stack._event_of(r)
        if ev is not None:
            stack.event_done(g, ev)  # FS-1.17: done now unless its reading ability went on the stack
    elif r.purpose == "reward":
        stack.give_reward(g, g.players[r.seat], r.reward, final, r.name or "reward")  # the roller (FS-Q.26)
    triggers.fire(g, "rolled", roll=r, value=final)  # FS-4.11, on top of the damage (FS-Q.31)
    if g.delayed:
        _delayed_rolled(g, r)


def _delayed_rolled(g: Game, r: stack.RollItem) -> None:
    """Crystal Ball: a delayed one-shot trigger on the next roll to resolve."""
    from .effects import Ctx
    from .rules import Ability

    for i, (name, _who, do, _repl, src) in enumerate(g.delayed):
        if name == "rolled" and do is not None:
            del g.delayed[i]
            ctx = Ctx(
                g, src.you, src.src, dict(src.binds), {"roll": r, "roller": r.seat}, r.value, None, src.name
            )
            item = stack.AbilityItem(None, Ability("on", do), src.you, ctx, trigger="delayed")
            ctx.item = item
            g.stack.append(item)
            return


def _push_reader(g: Game, r: stack.RollItem) -> None:
    """FS-4.18 / FS-Q.28: the reading ability goes on the stack after the roll and reads its result."""
    from .effects import Ctx, row_for
    from .rules import Ability

    src = r.ctx
    row = row_for(r.table, r.value)
    if row is None or row == "nothing":
        return
    ctx = Ctx(g, src.you, src.src, dict(src.binds), src.ev, r.value, None, src.name, src.mode, src.by)
    ab = Ability("on", row)
    from .effects import names_used, prepare

    # FS-4.18: the reader is a new ability; only the targets its row uses can make it fizzle (Glass
    # Cannon's row must not fizzle because the item it destroyed before rolling is gone, FS-6.8)
    before = frozenset(ctx.binds)
    if not prepare(ctx, ab):
        return
    if before:
        ctx.watch = names_used(row, before) | (frozenset(ctx.binds) - before)
    item = stack.AbilityItem(
        src.src if not hasattr(src.src, "card") else None, ab, src.you, ctx, trigger="roll"
    )
    item.event_obj = (src.ev or {}).get("event_obj")  # the event waits for its reader (FS-1.17)
    ctx.item = item
    g.stack.append(item)


def keep_one(g: Game, seat: int, n: int, keep: str, name: str) -> int:
    """FS-9.6: roll ``n`` dice and keep one (``highest``, ``lowest`` or the roller's ``choose``: decision
    ``choose_number``); only the kept result becomes the roll, the others trigger nothing (logged as
    ``roll`` with detail ``not_kept``, never on the stack)."""
    vals = [g.rng.randint(1, 6) for _ in range(n)]
    if keep == "highest":
        kept = max(vals)
    elif keep == "lowest":
        kept = min(vals)
    else:
        kept = stack.ask(g, seat, "choose_number", tuple(sorted(set(vals))), f"{name}: keep one die")
    rest = list(vals)
    rest.remove(kept)
    for v in rest:
        g.log.emit("roll", seat, name, None, v, "not_kept")
    return kept
