"""Static abilities and replacement effects (FS-4.8, FS-5.2–5.7): stats, counts and modifiers computed
on demand from the objects in play, so they last exactly while their source is in play (FS-5.3)."""

from __future__ import annotations

import operator
import re
from typing import Any

from .state import EngineError, Game, Obj, Player


def _ctx(g: Game, o: Obj):
    from .effects import Ctx

    you = o.controller if o.controller >= 0 else g.active
    return Ctx(g, you, o, name=o.phys.card.name)


def _holds(g: Game, o: Obj, body: dict) -> bool:
    c = body.get("if")
    if c is None:
        return True
    fast = _FAST.get(c, _UNSEEN) if isinstance(c, str) else None
    if fast is _UNSEEN:
        fast = _FAST[c] = _fast_condition(c)
    if fast is not None:
        return fast(g, o)
    from .effects import cond

    return cond(_ctx(g, o), c)


_UNSEEN = object()
_FAST: dict[str, Any] = {}
_OPS = {"==": operator.eq, ">=": operator.ge, "<=": operator.le, ">": operator.gt, "<": operator.lt}
_SIMPLE = re.compile(r"(cents|hand_size|hp|level)(?:\((you|self)\))? (==|>=|<=|>|<) (\d+)")


def _fast_condition(c: str) -> Any:
    """The few condition shapes statics use all the time, read straight off the state with the
    expression evaluator's meaning (``effects._name`` / ``_call``: "you" is the object's controller, or
    the active player for a monster; "self" the object), or None for the evaluator."""
    if c == "your_turn":
        return lambda g, o: o.controller < 0 or o.controller == g.active
    m = _SIMPLE.fullmatch(c)
    if m is None:
        return None
    f, arg, op, n = m.group(1), m.group(2), _OPS[m.group(3)], int(m.group(4))
    if f == "cents" and arg == "you":
        return lambda g, o: op(g.players[o.controller if o.controller >= 0 else g.active].cents, n)
    if f == "hand_size" and arg == "you":
        return lambda g, o: op(len(g.players[o.controller if o.controller >= 0 else g.active].hand), n)
    if f == "hp" and arg == "self":
        return lambda g, o: op(hp_of(g, o), n)
    if f == "level" and arg is None:
        return lambda g, o: op(o.levels, n)
    return None


def _num(v: Any) -> Any:
    if isinstance(v, dict):
        return v.get("n", 1)
    if v is True:
        return 1
    return v


def player_statics(g: Game, p: Player, key: str) -> list | tuple:
    """(object, value) for each static ``key`` of the objects ``p`` controls whose condition holds."""
    owned = owned_statics(g, p, key)
    if not owned:  # most players have none for most keys
        return ()
    return [(o, body[key]) for o, body in owned if _holds(g, o, body)]


def owned_statics(g: Game, p: Player, key: str) -> list:
    """(object, body) for each static ability with ``key`` on the objects ``p`` controls (character,
    items, curses, in that order), conditions not checked. Listed again only when objects entered play,
    changed controller or abilities, or ``p``'s item or curse count changed (the key ``_act_entries``
    trusts): HP, attack, prices and counts read it many times a turn."""
    rooms = g.rslots and p.seat == g.active  # FS-16.2: "you" on a room is the active player
    ver = (g.obj_ver, len(p.items), len(p.curses), rooms)
    if p.statics_key != ver:
        p.statics_key = ver
        p.statics_by = {}
    found = p.statics_by.get(key)
    if found is None:
        ch = p.character
        objs = (ch, *p.items, *p.curses) if ch is not None else (*p.items, *p.curses)
        if rooms:
            objs = (*objs, *(s[-1] for s in g.rslots if s))
        found = p.statics_by[key] = [(o, body) for o in objs for body in o.rules.statics if key in body]
    return found


def player_max_hp(g: Game, p: Player) -> int:
    base = p.character.phys.card.hp if p.character is not None else 2
    extra = 0
    if p.items:
        for _o, v in player_statics(g, p, "hp"):
            extra += _num(v)
    return (base or 0) + p.b_hp + extra


def player_hp(g: Game, p: Player) -> int:
    return max(0, _settled_max(p, player_max_hp(g, p)) - p.damage)


def _settled_max(o: Obj | Player, top: int) -> int:
    """FS-6.20: lowering max HP removes that much marked damage (empty heart containers are lost
    first); it is not healing. Every HP read settles a drop since the last read; the engine reads HP
    at every decision (``stack.ask``) and state check, so strategies' reads change nothing."""
    drop = o.max_seen - top
    if drop > 0 and o.damage:
        o.damage = max(0, o.damage - drop)
    o.max_seen = top
    return top


def settle_hp(g: Game) -> None:
    """Settle every player's and slot monster's max-HP drops (FS-6.20) before anyone decides."""
    for p in g.players:
        player_hp(g, p)
    for slot in g.mslots:
        if slot and isinstance(slot[-1], Obj):
            monster_hp(g, slot[-1])


def player_atk(g: Game, p: Player, first_attack_roll: bool = False) -> int:
    base = p.character.phys.card.attack if p.character is not None else 1
    total = (base or 0) + p.b_atk
    for _o, v in player_statics(g, p, "atk"):
        if isinstance(v, dict) and v.get("first_attack_roll") and not first_attack_roll:
            continue
        total += _num(v)
    return max(0, total)


def monster_max_hp(g: Game, m: Obj) -> int:
    return (m.phys.card.hp or 0) + m.b_hp


def monster_hp(g: Game, m: Obj) -> int:
    return max(0, _settled_max(m, monster_max_hp(g, m)) - m.damage)


def hp_of(g: Game, o: Any) -> int:
    if isinstance(o, Player):
        return player_hp(g, o)
    if isinstance(o, Obj):
        return monster_hp(g, o)
    return 0


def monster_atk(g: Game, m: Obj) -> int:
    total = (m.phys.card.attack or 0) + m.b_atk
    for body in m.rules.statics:
        if "atk" in body and _holds(g, m, body):
            total += _num(body["atk"])
    return max(0, total)


def _all_static_objs(g: Game):
    for p in g.players:
        if p.character is not None:
            yield p.character
        yield from p.items
        yield from p.curses
    yield from g.monsters()
    for s in g.rslots:
        if s:
            yield s[-1]  # FS-16.2: rooms' statics work like any card's


def _live(o: Obj) -> bool:
    """Still one of ``_all_static_objs``: in play under a player (not as a soul), a monster or a room."""
    return o.in_play and (o.kind in ("monster", "room") or (o.controller >= 0 and o.kind in _PLAYER_KINDS))


_PLAYER_KINDS = frozenset(("character", "item", "curse"))


def evasion_objs(g: Game) -> list[Obj]:
    """The objects with an evasion static, listed again only when objects entered play, changed
    controller or copied abilities (the same key as the trigger cache); only a few cards have one."""
    key = g.obj_ver
    if g.ev_key != key:
        g.ev_objs = [
            o for o in _all_static_objs(g) if o.rules.statics and any("evasion" in b for b in o.rules.statics)
        ]
        g.ev_key = key
    return g.ev_objs


def evasion(g: Game, m: Obj) -> int:
    """Monster evasion: printed + buffs + static modifiers, clamped to 1..6 (FS-10.8, FS-Q.39)."""
    ev = (m.phys.card.evasion or 0) + m.b_ev
    for o in evasion_objs(g):
        if not _live(o):
            continue
        for body in o.rules.statics:
            v = body.get("evasion")
            if v is None:
                continue
            who = v.get("who", "monsters") if isinstance(v, dict) else "monsters"
            if who == "self" and o is not m:
                continue
            if who == "other_monsters" and o is m:
                continue
            if _holds(g, o, body):  # the condition last: it is the costly part
                ev += _num(v)
    return 1 if ev < 1 else 6 if ev > 6 else ev


def cant_be_attacked(g: Game, m: Obj) -> bool:
    return any("cant_be_attacked" in body and _holds(g, m, body) for body in m.rules.statics)


def roll_bonus(g: Game, p: Player, attack: bool) -> int:
    """Static roll modifiers applied when a roll resolves (FS-9.4, FS-Q.14) plus roll buffs."""
    bonus = p.b_roll
    if attack:
        for _o, v in player_statics(g, p, "attack_roll"):
            if isinstance(v, dict) and v.get("first_each_turn") and p.attack_rolls_this_turn != 1:
                continue
            bonus += _num(v)
    return bonus


def count(g: Game, p: Player, key: str) -> Any:
    """Per-turn counts (FS-8.4, FS-8.6, FS-8.3): +N from statics, or 'unlimited'."""
    total = 0
    for _o, v in player_statics(g, p, key):
        v = _num(v)
        if v == "unlimited":
            return "unlimited"
        total += v
    return total


def price(g: Game, p: Player, shop: bool) -> int:
    """FS-11.3: 10¢, minus static discounts (Steamy Sale! only for shop items)."""
    base = 10
    for _o, v in player_statics(g, p, "price"):
        what = v.get("what", "shop_item") if isinstance(v, dict) else "shop_item"
        if what == "shop_item" and not shop:
            continue
        base += _num(v)
    return max(0, base)


def forbidden(g: Game, seat: int) -> tuple | set[str]:
    """FS-7.3 restrictions from other players' statics (Trinity Shield)."""
    out: set[str] | None = None
    key = g.obj_ver
    if g.forbid_key != key:  # objects entered play or changed: list the forbidding ones again
        g.forbid_objs = [o for p in g.players for o in p.items if o.rules.forbid]
        g.forbid_key = key
    for o in g.forbid_objs:
        if not o.in_play or o.controller in (seat, -1):
            continue
        for body in o.rules.statics:
            v = body.get("forbid")
            if v is not None and _holds(g, o, body):
                acts = v.get("actions", ()) if isinstance(v, dict) else ()
                out = out or set()
                out.update([acts] if isinstance(acts, str) else acts)
    return out or ()


# ----------------------------------------------------------------------------- replacements (FS-5.4)


def _reps(o: Obj, name: str):
    for rep in o.rules.replaces:
        ev = rep.get("event")
        if isinstance(ev, dict):
            if name in ev:
                yield rep, ev
        elif ev == name:
            yield rep, {}


def _roll_ok(ev: dict, roll: int | None) -> bool:
    want = ev.get("attack_roll")
    if want is None:
        return True
    if roll is None:
        return False
    if isinstance(want, (list, tuple)):
        return roll in want
    return roll == want


def _modify(rep: dict, n: int, o: Obj, g: Game | None = None) -> int:
    prev = rep.get("prevent")
    if prev is not None and prev is not False:
        if prev is True:
            return 0
        if isinstance(prev, int):
            k = min(n, prev)
        else:  # an expression (The Dead Cat: as many as its counters)
            from .effects import value

            ctx = _ctx(g, o)
            ctx.ev = {"amount": n}
            k = max(0, min(n, int(value(ctx, prev))))
        if rep.get("then") is not None and k > 0:
            from .effects import run

            ctx = _ctx(g, o)
            ctx.ev = {"amount": n, "prevented": k}
            run(ctx, rep["then"])
        return n - k
    mod = rep.get("modify") or {}
    if "add" in mod:
        n += int(mod["add"])
    if "multiply" in mod:
        n *= int(mod["multiply"])
    if "reduce_to" in mod:
        n = min(n, int(mod["reduce_to"]))
    return n


def _cond_ok(g: Game, o: Obj, rep: dict, extra: dict | None = None) -> bool:
    c = rep.get("if")
    if c is None:
        return True
    from .effects import cond

    ctx = _ctx(g, o)
    ctx.ev = extra
    return cond(ctx, c)


def _order(g: Game, seat: int, apps: list, name_of) -> list:
    """FS-5.7: the affected player orders competing replacements (decision ``order_replacements``:
    options ``(name, index)``, the pick applies next)."""
    if len(apps) < 2:
        return apps
    from .stack import ask

    out, rest = [], list(apps)
    while len(rest) > 1:
        opts = tuple((name_of(a), i) for i, a in enumerate(rest))
        out.append(rest.pop(ask(g, seat, "order_replacements", opts, "apply first")[1]))
    return out + rest


def _shield(g: Game, shields: list, n: int) -> int:
    amount, on_prev, seat, name, src = shields.pop(0)  # FS-Q.19: the next instance this turn
    before = n
    if amount == "all":
        n = 0
    elif isinstance(amount, dict) and "reduce_to" in amount:
        n = min(n, int(amount["reduce_to"]))
    elif isinstance(amount, dict) and "up_to" in amount:
        n = max(0, n - int(amount["up_to"]))
    else:
        n = max(0, n - int(amount))
    if n < before:
        g.log.emit("prevented", seat, name, None, before - n, "shield")
        if on_prev is not None:
            _prevented_trigger(g, src, on_prev, name)
    return n


def _prevented_trigger(g: Game, src: Any, on_prev: Any, name: str) -> None:
    """A shield's "when this prevents damage, …" rider (Host Hat) is a triggered ability (FS-4.9): it is
    queued now and goes on the stack at the next priority, its target chosen then (FS-4.2)."""
    from .rules import Ability

    if not isinstance(src, Obj):
        raise EngineError(f"{name}: an on_prevent rider needs an item or character as its source")
    ctrl = src.controller
    order = 0 if ctrl < 0 else 1 + (ctrl - g.active) % g.n
    g.pending.append((order, Ability("on", on_prev, trigger="prevented"), src, {}))


def damage_replacements(g: Game, d: Any) -> int:
    """FS-6.21: damage modifiers apply on resolution; each replacement once per event (FS-5.6); a
    player orders the ones that compete for their damage (FS-5.7)."""
    n = d.amount
    t = d.target
    src = d.src_obj
    ev = {"attack_roll": d.roll, "amount": n}
    if d.combat and src is not None and src.kind == "monster":
        for rep, e in _reps(src, "combat_damage_from"):
            if _roll_ok(e, d.roll) and _cond_ok(g, src, rep, ev):
                n = _modify(rep, n, src, g)
    if isinstance(t, Player):
        apps = [(o, rep) for o in g.player_objects(t) for rep, _e in _reps(o, "damage_to")]
        if t.shields:
            apps.append((None, None))
        if len(apps) > 1:
            apps = _order(g, t.seat, apps, lambda a: a[0].phys.card.name if a[0] is not None else "shield")
        for o, rep in apps:
            if n <= 0:
                break
            if o is None:
                n = _shield(g, t.shields, n)
            elif _cond_ok(g, o, rep, {"attack_roll": d.roll, "amount": n}):
                n = _modify(rep, n, o, g)
        return n
    # a monster's own replacements and shields put on it (Yum Heart): "you" on a monster is the active
    # player (FS-0.5), who orders them when they compete (FS-5.7)
    apps = [(t, rep) for rep, e in _reps(t, "combat_damage_to") if _roll_ok(e, d.roll)] if d.combat else []
    shields = g.obj_shields.get(t.uid)
    if shields:
        apps.append((None, None))
    if len(apps) > 1:
        apps = _order(g, g.active, apps, lambda a: t.phys.card.name if a[0] is not None else "shield")
    for o, rep in apps:
        if n <= 0:
            break
        if o is None:
            n = _shield(g, shields, n)
        elif _cond_ok(g, t, rep, {"attack_roll": d.roll, "amount": n}):
            n = _modify(rep, n, t, g)
    return n


def cents_replacements(g: Game, p: Player, n: int) -> int:
    """FS-5.4 / FS-5.7: would-gain-cents replacements of objects p controls (Counterfeit Penny, Bum-Bo!),
    in the order p chooses; an "instead" ends the gain."""
    apps = [(o, rep) for o in p.items for rep, _e in _reps(o, "would_gain_cents")]
    if not apps:
        return n
    apps = _order(g, p.seat, apps, lambda a: a[0].phys.card.name)
    for o, rep in apps:
        if not _cond_ok(g, o, rep):
            continue
        inst = rep.get("instead")
        if isinstance(inst, dict) and "add_counters" in inst:  # Bum-Bo!: level counters instead
            spec = inst["add_counters"]
            if isinstance(spec, dict) and spec.get("kind") == "level":
                o.levels += n
            else:
                o.counters += n
            return 0
        n = _modify(rep, n, o, g)
    return n


def reward_times(g: Game, m: Obj, roll: int | None) -> int:
    times = 1
    for rep, _e in _reps(m, "rewards"):
        ev = {"killing_attack_roll": roll}
        if _cond_ok(g, m, rep, ev):
            mod = rep.get("modify") or {}
            times *= int(mod.get("repeat", mod.get("multiply", 2)))
    return times
