"""Putting an ability on the stack (FS-4.2): targets and 'choose one' modes are chosen now; an ability
with no legal target cannot be played."""

from __future__ import annotations

from typing import Any

from . import asking, items
from .abilities import Ability
from .selectors import base_objects, candidates, parse_sel, passes
from .state import Obj, Player
from .statics import Ctx, the_player, untargetable_seats


def prepare(ctx: Ctx, ab: Ability) -> bool:
    """Bind targets and 'choose one' modes when the item is put on the stack. False = cannot."""
    chooser = ctx.by if ctx.by is not None else ctx.you
    if ab.targets and not bind_targets(ctx, ab.targets, chooser):
        return False
    return _prepare_eff(ctx, ab.do, chooser)


def _prepare_eff(ctx: Ctx, eff: Any, chooser: int) -> bool:
    if not isinstance(eff, dict):
        return True
    if "tgt" in eff:
        by = eff.get("by")
        who = the_player(ctx, by).seat if by else chooser
        if not bind_targets(ctx, eff["tgt"], who):
            return False
        return _prepare_eff(ctx, eff.get("do"), chooser)
    if "modes" in eff:
        opts = eff["modes"]
        by = eff.get("by")
        who = the_player(ctx, by).seat if by else chooser
        legal = [i for i, o in enumerate(opts) if can_prepare(ctx, o)]
        if not legal:
            return False
        i = asking.ask(ctx.g, who, "choose_mode", tuple(legal), ctx.name)
        ctx.mode = i
        ctx.binds["__mode__"] = i
        return _prepare_eff(ctx, opts[i], chooser)
    for k in ("seq", "and"):
        if k in eff and eff[k]:
            return _prepare_eff(ctx, eff[k][0], chooser)
    return True


def can_prepare(ctx: Ctx, eff: Any) -> bool:
    """Cheap legality: does every leading target have at least one candidate?"""
    if not isinstance(eff, dict):
        return True
    if "tgt" in eff:
        return all(exists(ctx, sel) for sel in eff["tgt"].values())
    if "modes" in eff:
        return any(can_prepare(ctx, o) for o in eff["modes"])
    for k in ("seq", "and"):
        if k in eff and eff[k]:
            return can_prepare(ctx, eff[k][0])
    return True


def has_targets(ctx: Ctx, ab: Ability) -> bool:
    if ab.targets:
        for sel in ab.targets.values():
            if not exists(ctx, sel):
                return False
    return can_prepare(ctx, ab.do)


def _targetable(ctx: Ctx, opts: list, chooser: int) -> list:
    """FS-4.2 with an ``untargetable`` static in play (The Monster): a player other than its controller
    cannot choose that player, or an object that player controls, as a target."""
    guarded = untargetable_seats(ctx.g)
    if not guarded:
        return opts
    return [o for o in opts if _guarded_seat(o) not in guarded or _guarded_seat(o) == chooser]


def _guarded_seat(o: Any) -> int:
    if isinstance(o, Player):
        return o.seat
    if isinstance(o, Obj):
        return o.controller
    seat = getattr(o, "seat", None)  # a seat reference
    return seat if isinstance(seat, int) else -1


def exists(ctx: Ctx, sel: Any) -> bool:
    """Is there at least one legal choice? (legality checks run at every priority window: fast paths
    for the common selectors, the full candidate list otherwise)."""
    if untargetable_seats(ctx.g):  # The Monster: the full list, with the guarded choices taken out
        chooser = ctx.by if ctx.by is not None else ctx.you
        return bool(_targetable(ctx, candidates(ctx, sel), chooser))
    if isinstance(sel, str):
        g = ctx.g
        if sel == "roll":
            return any(type(it) is items.RollItem for it in g.stack)
        if sel in ("item", "monster"):
            if sel == "monster":
                return bool(g.monsters())
            return any(p.items for p in g.players) or bool(g.shop_items())
    head, flt, keys = parse_sel(sel)
    out, flt = base_objects(ctx, head, flt, keys)
    if not (flt or keys):
        return bool(out)
    return any(passes(ctx, o, flt, keys) for o in out)  # stops at the first legal choice


def bind_targets(ctx: Ctx, bindings: dict, chooser: int) -> bool:
    for var, sel in bindings.items():
        if var in ctx.binds:
            continue
        head, flt, keys = parse_sel(sel)
        opts = _targetable(ctx, candidates(ctx, sel), chooser)
        if not opts:
            return False
        if flt or keys:  # re-read on resolution (:func:`fizzles`)
            if ctx.sels is None:
                ctx.sels = {}
            ctx.sels[var] = (flt, keys)
        count = keys.get("count")
        most = count.get("up_to") if isinstance(count, dict) else None  # "up to N" (Hemoptysis)
        if count in ("any_number",) or most is not None:
            chosen: list = []
            while opts and (most is None or len(chosen) < most):
                done = ("done",) if most is None or chosen else ()  # "up to N": at least one
                pick = asking.ask(ctx.g, chooser, "choose_target", tuple(opts) + done, ctx.name)
                if pick == "done":
                    break
                chosen.append(pick)
                opts.remove(pick)
            ctx.binds[var] = chosen
        else:
            ctx.binds[var] = asking.ask(ctx.g, chooser, "choose_target", tuple(opts), ctx.name)
    return True


def fizzles(ctx: Ctx) -> bool:
    """FS-6.8 / FS-4.2: a target gone (FS-3.2: a moved card is a new object), or one that no longer meets
    what its selector asked ([A]: "a deactivated item" recharged in answer), makes the whole item fizzle on
    resolution. A multi-target choice (Restock's "any number of shop items") is a list: any of its targets
    lost fizzles it too, so a stale object is never moved a second time. ``ctx.watch``: the binds whose
    loss counts (None: all of them)."""
    sels = ctx.sels or {}
    watch = ctx.watch
    for var, ref in ctx.binds.items():
        if watch is not None and var not in watch:
            continue
        sel = sels.get(var)
        for r in ref if isinstance(ref, list) else (ref,):
            if isinstance(r, Obj):
                if not r.in_play:
                    return True
            elif isinstance(r, items.StackItem):
                if r not in ctx.g.stack:
                    return True
                continue
            elif not isinstance(r, Player):
                continue
            if sel is not None and not passes(ctx, r, sel[0], sel[1]):
                return True
    return False
