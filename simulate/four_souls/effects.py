"""The verb interpreter: runs an effect tree (vocabulary §1.10 combinators, §2 verbs) for one resolving
loot or ability. Every verb returns ``did`` (FS-5.8: ``and`` reads it).

Targets (``targets:`` and a leading ``tgt``/``modes``) are bound when the item is put on the stack
(FS-4.2, FS-4.3) by :func:`prepare`; everything else is decided on resolution.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from . import stack, statics
from . import vocabulary as V
from .exprs import compile_expr, evaluate
from .state import EngineError, Game, Obj, Phys, Player


@dataclass(slots=True, eq=False)
class Ctx:
    g: Game
    you: int  # the controller ("you", FS-0.5)
    src: Any = None  # the object whose ability this is (Obj), or the loot card (Phys)
    binds: dict = field(default_factory=dict)
    ev: dict | None = None  # the triggering event (amount, target, roll, damage, death, roller, ...)
    result: int | None = None  # the roll a table is reading
    item: Any = None  # the stack item being resolved
    name: str = ""
    mode: Any = None
    by: int | None = None  # who makes choices, when not the controller
    moved: bool = False  # the effect moved its own card (XIX The Sun, Lost Soul)
    watch: frozenset | None = None  # the binds whose loss fizzles this item (None: all of them)


def fizzled(ctx: Ctx) -> bool:
    """FS-6.8 / FS-4.2: a target gone or no longer legal makes the whole item fizzle. A multi-target
    choice (Restock's "any number of shop items") is a list: any of its targets lost fizzles it too
    (FS-3.2: a moved card is a new object), so a stale object is never moved a second time."""
    watch = ctx.watch
    for key, ref in ctx.binds.items():
        if watch is not None and key not in watch:
            continue
        if isinstance(ref, list):
            if any(_lost(ctx, r) for r in ref):
                return True
        elif _lost(ctx, ref):
            return True
    return False


def names_used(eff: Any, names: Any) -> frozenset:
    """Which of ``names`` (bind names such as ``I``) an effect mentions, in any field or expression."""
    found: set = set()
    todo = [eff]
    while todo:
        x = todo.pop()
        if isinstance(x, dict):
            todo.extend(x.keys())
            todo.extend(x.values())
        elif isinstance(x, (list, tuple)):
            todo.extend(x)
        elif isinstance(x, str):
            found.update(w for w in _WORD.findall(x) if w in names)
    return frozenset(found)


_WORD = re.compile(r"[A-Za-z_]\w*")


def _lost(ctx: Ctx, ref: Any) -> bool:
    if isinstance(ref, Obj):
        return not ref.in_play
    if isinstance(ref, stack.StackItem):
        return ref not in ctx.g.stack
    return False


# ----------------------------------------------------------------------------- references


def player_of(ctx: Ctx, x: Any) -> Player | None:
    g = ctx.g
    if x is None or x == "you":
        return g.players[ctx.you]
    if isinstance(x, Player):
        return x
    if isinstance(x, Obj):
        return g.players[x.controller] if x.controller >= 0 else None
    if isinstance(x, int):
        return g.players[x]
    if isinstance(x, str):
        if x == "active":
            return g.players[g.active]
        if x in ("roller", "attacker", "killer", "activator", "target"):
            v = (ctx.ev or {}).get(x)
            if v is None and x == "attacker" and g.attack is not None:
                v = g.attack.seat
            return player_of(ctx, v) if v is not None else None
        if x == "event.target":
            return player_of(ctx, (ctx.ev or {}).get("target"))
        if x in ctx.binds:
            return player_of(ctx, ctx.binds[x])
        if x.startswith(("left_of(", "right_of(")):
            inner = player_of(ctx, x[x.index("(") + 1 : -1])
            if inner is None:
                return None
            step = 1 if x.startswith("left") else -1
            return g.players[(inner.seat + step) % g.n]
    raise EngineError(f"{ctx.name}: cannot resolve player reference {x!r}")


def obj_of(ctx: Ctx, x: Any) -> Any:
    if x == "self" or x == "self_card":
        return ctx.src
    if isinstance(x, str):
        if x in ctx.binds:
            return ctx.binds[x]
        if x == "your_character":
            return ctx.g.players[ctx.you].character
        if x.startswith("event."):
            return (ctx.ev or {}).get(x[6:])
        if x in ("you", "active", "roller", "attacker", "killer", "activator") or x.startswith(
            ("left_of", "right_of")
        ):
            return player_of(ctx, x)
    return x


def value(ctx: Ctx, x: Any) -> Any:
    if x is None:
        return 1
    if isinstance(x, (bool, int)):
        return int(x)
    if isinstance(x, str):
        if x in ctx.binds and isinstance(ctx.binds[x], int):
            return ctx.binds[x]
        if x in ("all", "any_number", "unlimited", "full"):
            return x
        return evaluate(
            compile_expr(x),
            lambda n: _name(ctx, n),
            lambda f, a: _call(ctx, f, a),
            lambda b, a: _attr(ctx, b, a),
        )
    return x


def cond(ctx: Ctx, x: Any) -> bool:
    if isinstance(x, bool):
        return x
    return bool(value(ctx, x))


def _name(ctx: Ctx, n: str) -> Any:
    g = ctx.g
    if n == "result":
        return ctx.result
    if n in ctx.binds:
        return ctx.binds[n]
    if n == "your_turn":
        return g.active == _owner(ctx)
    if n == "level":
        return ctx.src.levels if isinstance(ctx.src, Obj) else 0
    if n == "attack_roll":
        return (ctx.ev or {}).get("attack_roll")
    if n == "killing_attack_roll":
        return (ctx.ev or {}).get("killing_attack_roll")
    if n in ("true", "false"):
        return n == "true"
    return n  # a word: a reference resolved by the calling function


def _attr(ctx: Ctx, base: str | None, a: str) -> Any:
    if base == "event":
        return (ctx.ev or {}).get(a)
    raise EngineError(f"{ctx.name}: unknown attribute {base}.{a}")


def _owner(ctx: Ctx) -> int:
    return ctx.src.controller if isinstance(ctx.src, Obj) and ctx.src.controller >= 0 else ctx.you


def _call(ctx: Ctx, f: str, args: list) -> Any:
    vals = [
        evaluate(
            a, lambda n: _name(ctx, n), lambda ff, aa: _call(ctx, ff, aa), lambda b, at: _attr(ctx, b, at)
        )
        for a in args
    ]
    if f in ("max", "min"):
        return max(vals) if f == "max" else min(vals)
    if f == "hand_size":
        return len(player_of(ctx, vals[0]).hand)
    if f == "cents":
        return player_of(ctx, vals[0]).cents
    if f == "counters":
        o = obj_of(ctx, vals[0])
        return o.counters + o.levels if isinstance(o, Obj) else 0
    if f == "hp":
        o = obj_of(ctx, vals[0])
        return statics.hp_of(ctx.g, o)
    if f == "items":
        pl = player_of(ctx, vals[0])
        kws = vals[1:]
        return [o for o in pl.items if all(k in o.rules.keywords for k in kws)]
    if f == "count":
        return len(vals[0]) if isinstance(vals[0], (list, tuple)) else int(vals[0])
    raise EngineError(f"{ctx.name}: unknown function {f}()")


# ----------------------------------------------------------------------------- selectors (§1.11)


_sel_cache: dict[int, tuple] = {}


def parse_sel(sel: Any) -> tuple[str, list, dict]:
    if isinstance(sel, str):
        return sel, [], {}
    hit = _sel_cache.get(id(sel))
    if hit is not None and hit[0] is sel:
        return hit[1]
    out = _parse_sel(sel)
    _sel_cache[id(sel)] = (sel, out)
    return out


def _parse_sel(sel: Any) -> tuple[str, list, dict]:
    if isinstance(sel, dict):
        head = next(k for k in sel if k != "count")
        filt = sel[head]
        flist: list = []
        fkeys: dict = {}
        for f in filt if isinstance(filt, list) else ([filt] if filt is not None else []):
            if isinstance(f, dict):
                fkeys.update(f)
            else:
                flist.append(f)
        if "count" in sel:
            fkeys["count"] = sel["count"]
        return head, flist, fkeys
    raise EngineError(f"bad selector {sel!r}")


def candidates(ctx: Ctx, sel: Any) -> list:
    """Legal choices for a selector, in a deterministic order."""
    head, flt, keys = parse_sel(sel)
    out, flt = _base(ctx, head, flt, keys)
    if head == "hand_card" and "controlled_by" in keys:  # the base already took that player's hand
        keys = {k: v for k, v in keys.items() if k != "controlled_by"}
    if flt or keys:
        out = [o for o in out if _passes(ctx, o, flt, keys)]
    return out


def _base(ctx: Ctx, head: str, flt: list, keys: dict) -> tuple[list, list]:
    """Every object of a selector's kind (before filters)."""
    g = ctx.g
    you = ctx.you
    if head in ("you", "active", "roller", "attacker", "killer", "activator", "self", "your_character"):
        r = obj_of(ctx, head)
        out = [r] if r is not None else []
    elif head in ("player", "living_player", "other_player", "non_active_player", "other_players"):
        out = list(g.players)
        if head in ("other_player", "other_players"):
            out = [p for p in out if p.seat != you]
        elif head == "non_active_player":
            out = [p for p in out if p.seat != g.active]
        elif head == "living_player":
            out = [p for p in out if not p.dead]
    elif head == "item":
        out = [o for p in g.players for o in p.items] + g.shop_items()
    elif head == "shop_item":
        out = g.shop_items()
    elif head in ("monster", "monsters", "other_monsters"):
        out = g.monsters()
    elif head == "player_or_monster":
        out = [p for p in g.players if not p.dead] + g.monsters()  # FS-Q.21: dead players not chosen
    elif head == "soul":
        out = [s for p in g.players for s in p.souls]
    elif head == "curse":
        out = [c for p in g.players for c in p.curses]
    elif head == "item_or_soul":
        out = [o for p in g.players for o in p.items + p.souls] + g.shop_items()
    elif head == "deck":
        out = ["treasure", "loot", "monster"]  # each deck (rooms are not used)
    elif head == "roll":
        out = [it for it in g.stack if isinstance(it, stack.RollItem)]
    elif head == "stack_item":
        out = [it for it in g.stack if not isinstance(it, (stack.DamageItem, stack.DeathItem))]
    elif head == "hand_card":
        p = player_of(ctx, keys.get("controlled_by", "you"))
        out = list(p.hand)
    elif head == "card_in":
        zone = keys.get("zone") or (flt[0] if flt else "monster_discard")
        out = list(reversed(_zone(g, zone)))
        flt = [f for f in flt if f != zone]
    else:
        raise EngineError(f"{ctx.name}: selector '{head}' not implemented")
    return out, flt


def _zone(g: Game, name: str) -> list:
    return {
        "monster_discard": g.monster_disc,
        "treasure_discard": g.treasure_disc,
        "loot_discard": g.loot_disc,
    }[name]


def _passes(ctx: Ctx, o: Any, flt: list, keys: dict) -> bool:
    g = ctx.g
    for f in flt:
        if f == "other" and o is ctx.src:
            return False
        if f == "not_self" and o is ctx.src:
            return False
        if f == "non_eternal" and getattr(o, "eternal", False):
            return False
        if f == "passive" and isinstance(o, Obj) and o.rules.activated:
            return False
        if f == "has_tap" and not (isinstance(o, Obj) and o.rules.tap):
            return False
        if f == "you_control" and _ctrl(o) != ctx.you:
            return False
        if f == "other_controls" and _ctrl(o) in (ctx.you, -1):
            return False
        if f == "player_controls" and _ctrl(o) < 0:
            return False
        if f == "not_active" and _ctrl(o) == g.active:
            return False
        if f == "not_attacked" and g.attack is not None and g.attack.target is o:
            return False
        if f == "non_attack" and getattr(o, "attack", False):
            return False
        if f == "non_event":
            card = o.card if isinstance(o, Phys) else o.phys.card
            if card.hp is None:
                return False
        if f == "guppy" and "guppy" not in _kw(o):
            return False
        if f in ("item_ability", "item_ability_or_loot"):
            is_item_ab = (
                isinstance(o, stack.AbilityItem)
                and not o.trigger
                and o.src is not None
                and o.src.kind == "item"
            )
            if not (is_item_ab or (f == "item_ability_or_loot" and isinstance(o, stack.LootItem))):
                return False
        if f in ("most_cents", "most_souls"):
            vals = [p.cents if f == "most_cents" else p.soul_total() for p in g.players]
            if (o.cents if f == "most_cents" else o.soul_total()) != max(vals):
                return False
        # (every other filter word is rejected when the card is compiled: rules.IMPLEMENTED_FILTERS)
    for k, v in keys.items():
        if k == "controlled_by" and _ctrl(o) != player_of(ctx, v).seat:
            return False
        if k == "not_controlled_by" and _ctrl(o) == player_of(ctx, v).seat:
            return False
        if k == "except" and o is player_of(ctx, v):
            return False
        if k in ("zone", "count"):
            continue
        if k == "name":
            card = o.card if isinstance(o, Phys) else o.phys.card
            if card.name != v and card.id != v:
                return False
    return True


def _ctrl(o: Any) -> int:
    if isinstance(o, Obj):
        return o.controller
    if isinstance(o, Player):
        return o.seat
    return -1


def _kw(o: Any) -> frozenset:
    if isinstance(o, Obj):
        return o.rules.keywords
    if isinstance(o, Phys):
        return o.rules.keywords
    return frozenset()


# ----------------------------------------------------------------------------- stacking (FS-4.2)


def prepare(ctx: Ctx, ab: Any) -> bool:
    """Bind targets and 'choose one' modes when the item is put on the stack. False = cannot."""
    chooser = ctx.by if ctx.by is not None else ctx.you
    if ab.targets and not _bind(ctx, ab.targets, chooser):
        return False
    return _prepare_eff(ctx, ab.do, chooser)


def _prepare_eff(ctx: Ctx, eff: Any, chooser: int) -> bool:
    if not isinstance(eff, dict):
        return True
    if "tgt" in eff:
        by = eff.get("by")
        who = player_of(ctx, by).seat if by else chooser
        if not _bind(ctx, eff["tgt"], who):
            return False
        return _prepare_eff(ctx, eff.get("do"), chooser)
    if "modes" in eff:
        opts = eff["modes"]
        by = eff.get("by")
        who = player_of(ctx, by).seat if by else chooser
        legal = [i for i, o in enumerate(opts) if can_prepare(ctx, o)]
        if not legal:
            return False
        i = stack.ask(ctx.g, who, "choose_mode", tuple(legal), ctx.name)
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


def has_targets(ctx: Ctx, ab: Any) -> bool:
    if ab.targets:
        for sel in ab.targets.values():
            if not exists(ctx, sel):
                return False
    return can_prepare(ctx, ab.do)


def exists(ctx: Ctx, sel: Any) -> bool:
    """Is there at least one legal choice? (legality checks run at every priority window: fast paths
    for the common selectors, the full candidate list otherwise)."""
    if isinstance(sel, str):
        g = ctx.g
        if sel == "roll":
            return any(type(it) is stack.RollItem for it in g.stack)
        if sel in ("item", "monster"):
            if sel == "monster":
                return bool(g.monsters())
            return any(p.items for p in g.players) or bool(g.shop_items())
    head, flt, keys = parse_sel(sel)
    out, flt = _base(ctx, head, flt, keys)
    if not (flt or keys):
        return bool(out)
    return any(_passes(ctx, o, flt, keys) for o in out)  # stops at the first legal choice


def _bind(ctx: Ctx, bindings: dict, chooser: int) -> bool:
    for var, sel in bindings.items():
        if var in ctx.binds:
            continue
        head, flt, keys = parse_sel(sel)
        opts = candidates(ctx, sel)
        if not opts:
            return False
        count = keys.get("count")
        if count in ("any_number",):
            chosen = []
            while opts:
                pick = stack.ask(ctx.g, chooser, "choose_target", tuple(opts) + ("done",), ctx.name)
                if pick == "done":
                    break
                chosen.append(pick)
                opts.remove(pick)
            ctx.binds[var] = chosen
        else:
            ctx.binds[var] = stack.ask(ctx.g, chooser, "choose_target", tuple(opts), ctx.name)
    return True


# ----------------------------------------------------------------------------- running effects


def run(ctx: Ctx, eff: Any) -> bool:
    if eff is None:
        return False
    if isinstance(eff, list):
        did = False
        for e in eff:
            did = run(ctx, e) or did
        return did
    if isinstance(eff, str):
        if eff == "nothing":
            return False
        f = VERB_FUNCS.get(eff)
        if f is None:
            raise EngineError(f"{ctx.name}: verb '{eff}' not implemented")
        return f(ctx, {})
    op = None
    for k in eff:
        if k in COMBINATOR_FUNCS or k in VERB_FUNCS:
            op = k
            break
    if op is None:
        raise EngineError(f"{ctx.name}: unknown effect {sorted(eff)}")
    if op in COMBINATOR_FUNCS:
        return COMBINATOR_FUNCS[op](ctx, eff)
    return VERB_FUNCS[op](ctx, _params(op, eff[op]))


def _params(verb: str, val: Any) -> dict:
    if isinstance(val, dict):
        return val
    spec = V.VERBS.get(verb)
    if val is None or spec is None or not spec.params:
        return {}
    if isinstance(val, list) and verb not in ("cancel",):
        return dict(zip(spec.params, val, strict=False))
    return {spec.params[0]: val}


# -- combinators


def _c_seq(ctx: Ctx, eff: dict) -> bool:
    did = False
    for e in eff["seq"]:
        did = run(ctx, e) or did
        if ctx.g.stop_effect:
            break
    return did


def _c_and(ctx: Ctx, eff: dict) -> bool:
    """FS-5.8: each part only if the previous took effect. A damage part takes effect when it
    resolves and is not prevented, so the rest waits on the damage item (XIV Temperance)."""
    parts = eff["and"]
    g = ctx.g
    for i, e in enumerate(parts):
        g.last_damage = None
        if not run(ctx, e):
            return False
        d = g.last_damage
        if d is not None and isinstance(e, dict) and "deal_damage" in e and i + 1 < len(parts):
            d.then = (ctx, parts[i + 1 :])
            return True
    return True


def _c_may(ctx: Ctx, eff: dict) -> bool:
    by = eff.get("by")
    who = player_of(ctx, by).seat if by else (ctx.by if ctx.by is not None else ctx.you)
    if stack.ask(ctx.g, who, "may", (True, False), ctx.name):
        return run(ctx, eff["may"])
    return False


def _c_modes(ctx: Ctx, eff: dict) -> bool:
    i = ctx.binds.get("__mode__")
    if i is None:  # a mode after "if you do" is picked on resolution (Chaos Card)
        by = eff.get("by")
        who = player_of(ctx, by).seat if by else (ctx.by if ctx.by is not None else ctx.you)
        legal = [k for k, o in enumerate(eff["modes"]) if can_prepare(ctx, o)]
        if not legal:
            return False
        i = stack.ask(ctx.g, who, "choose_mode", tuple(legal), ctx.name)
    return run(ctx, eff["modes"][i])


def _c_roll(ctx: Ctx, eff: dict) -> bool:
    """Roll- (FS-4.18, FS-Q.28): the roll goes on the stack; a reading item applies the final row."""
    by = eff.get("by")
    seat = player_of(ctx, by).seat if by else ctx.you
    from . import dice

    kept = None
    if eff.get("dice", 1) > 1:  # FS-9.6: several dice, keep one
        kept = dice.keep_one(ctx.g, seat, eff["dice"], eff.get("keep", "choose"), ctx.name)
    dice.push_roll(ctx.g, seat, purpose="table", table=eff["roll"], ctx=ctx, value=kept)
    return True


def row_for(table: dict, result: int) -> Any:
    for key, row in table.items():
        if _key_matches(key, result):
            return row
    return None


def _key_matches(key: Any, r: int) -> bool:
    if isinstance(key, int):
        return key == r
    k = str(key).strip()
    if k == "any":
        return True
    for part in k.replace(" or ", ",").split(","):
        part = part.strip()
        if "-" in part:
            lo, hi = part.split("-")
            if int(lo) <= r <= int(hi):
                return True
        elif part and int(part) == r:
            return True
    return False


def _each_members(ctx: Ctx, binding: Any) -> tuple[str | None, list]:
    if isinstance(binding, dict) and len(binding) == 1 and next(iter(binding)) not in V.SELECTORS:
        var, sel = next(iter(binding.items()))
    else:
        var, sel = None, binding
    head = parse_sel(sel)[0]
    members = candidates(ctx, sel)
    if head in ("player", "other_player", "living_player", "non_active_player", "other_players"):
        start = ctx.you if ctx.src is not None and _owner(ctx) >= 0 else ctx.g.active
        members.sort(key=lambda p: (p.seat - start) % ctx.g.n)  # FS-5.9(a)
    return var, members


def _c_each(ctx: Ctx, eff: dict) -> bool:
    var, members = _each_members(ctx, eff["each"])
    body = eff.get("do")
    did = False
    damage_first = _is_damage(body)
    if damage_first and members and isinstance(members[0], Player):
        # FS-5.9(d): damage to, or the deaths of, each player stack in reverse turn order
        members = list(reversed(members))
    elif (
        damage_first and len(members) > 1 and all(isinstance(m, Obj) and m.kind == "monster" for m in members)
    ):
        # FS-5.9(e): the ability's controller orders them (the active player for the game's)
        members = stack.ordered_by(
            ctx.g, ctx.you, members, [m.phys.card.name for m in members], "resolve first"
        )
    for m in members:
        sub = Ctx(
            ctx.g, ctx.you, ctx.src, dict(ctx.binds), ctx.ev, ctx.result, ctx.item, ctx.name, ctx.mode, ctx.by
        )
        sub.binds[var or "them"] = m
        sub.binds["__each__"] = m
        did = run(sub, body) or did
    return did


def _is_damage(body: Any) -> bool:
    return isinstance(body, dict) and ("deal_damage" in body or "kill" in body)


def _c_tgt(ctx: Ctx, eff: dict) -> bool:
    for var, sel in eff["tgt"].items():
        if var not in ctx.binds:  # a target inside a roll row: chosen as the reader goes on the stack
            by = eff.get("by")
            who = player_of(ctx, by).seat if by else (ctx.by if ctx.by is not None else ctx.you)
            if not _bind(ctx, {var: sel}, who):
                return False
        else:
            ref = ctx.binds[var]
            if isinstance(ref, Obj) and not ref.in_play:
                return False  # FS-6.8 fizzle
    return run(ctx, eff.get("do"))


def _c_choose(ctx: Ctx, eff: dict) -> bool:
    by = eff.get("by")
    who = player_of(ctx, by).seat if by else (ctx.by if ctx.by is not None else ctx.you)
    for var, sel in eff["choose"].items():
        ctx.binds.pop(var, None)
        if not _bind(ctx, {var: sel}, who):
            return False
    return run(ctx, eff.get("do"))


def _c_if(ctx: Ctx, eff: dict) -> bool:
    if cond(ctx, eff["if"]):
        return run(ctx, eff.get("then"))
    return run(ctx, eff.get("else"))


def _c_let(ctx: Ctx, eff: dict) -> bool:
    for var, val in eff["let"].items():
        if isinstance(val, dict) and any(k in VERB_FUNCS for k in val):
            ctx.g.last_count = 0
            run(ctx, val)
            ctx.binds[var] = ctx.g.last_count
        elif isinstance(val, dict) and "random" in val:
            opts = candidates(ctx, val["random"])
            ctx.binds[var] = ctx.g.rng.choice(opts) if opts else None
        elif isinstance(val, str) and val.startswith("random("):
            opts = candidates(ctx, val[7:-1])
            ctx.binds[var] = ctx.g.rng.choice(opts) if opts else None
        elif isinstance(val, str) and val.startswith("choose_number"):
            ctx.binds[var] = stack.ask(ctx.g, ctx.you, "choose_number", (1, 2, 3, 4, 5, 6), ctx.name)
        else:
            ctx.binds[var] = value(ctx, val)
    return True


def _c_nothing(ctx: Ctx, eff: dict) -> bool:
    return False


def _c_hook(ctx: Ctx, eff: dict) -> bool:
    from .hooks import HOOKS

    name = eff["hook"]
    fn = HOOKS.get(name)
    if fn is None:
        raise EngineError(f"hook '{name}' not implemented")
    return fn(ctx)


def _c_until(ctx: Ctx, eff: dict) -> bool:
    rep = eff["replace"]
    ev = rep.get("event")
    who = ev.get("would_loot") if isinstance(ev, dict) else "you"
    p = player_of(ctx, who)
    ctx.g.loot_doublers.add(p.seat)  # Two of Clubs: FS-21, repeat activations do not stack
    return True


def _c_next(ctx: Ctx, eff: dict) -> bool:
    """A delayed one-shot trigger or replacement (FS-4.9, FS-5.4): Crystal Ball, Compost."""
    trig = eff["next"] if isinstance(eff["next"], dict) else {eff["next"]: None}
    name = next(iter(trig))
    ctx.g.delayed.append((name, trig[name], eff.get("do"), eff.get("replace"), ctx))
    return True


COMBINATOR_FUNCS = {
    "next": _c_next,
    "seq": _c_seq,
    "and": _c_and,
    "may": _c_may,
    "modes": _c_modes,
    "roll": _c_roll,
    "each": _c_each,
    "tgt": _c_tgt,
    "choose": _c_choose,
    "if": _c_if,
    "let": _c_let,
    "nothing": _c_nothing,
    "hook": _c_hook,
    "until": _c_until,
}


# ----------------------------------------------------------------------------- verbs (§2)


def _who(ctx: Ctx, p: dict, key: str = "who") -> Player | None:
    x = p.get(key)
    if x is None and "__each__" in ctx.binds and isinstance(ctx.binds["__each__"], Player):
        return ctx.binds["__each__"]
    return player_of(ctx, x)


def gain_cents(ctx: Ctx, p: dict, who: Player | None = None) -> bool:
    g = ctx.g
    pl = who or _who(ctx, p)
    if pl is None:
        return False
    n = value(ctx, p.get("n"))
    return stack.gain_cents(g, pl, n, ctx.name)


def _v_gain_cents(ctx: Ctx, p: dict) -> bool:
    return gain_cents(ctx, p)


def _v_lose_cents(ctx: Ctx, p: dict) -> bool:
    pl = _who(ctx, p)
    if pl is None:
        return False
    n = value(ctx, p.get("n"))
    return stack.lose_cents(ctx.g, pl, pl.cents if n == "all" else n, ctx.name)


def _v_pay(ctx: Ctx, p: dict) -> bool:
    return stack.pay(ctx.g, ctx.g.players[ctx.you], p, ctx.name)


def _v_loot(ctx: Ctx, p: dict) -> bool:
    pl = _who(ctx, p)
    if pl is None:
        return False
    n = value(ctx, p.get("n"))
    if not isinstance(n, int) or n <= 0:
        return False
    if p.get("from") == "loot_discard":  # Compost: from the discard's top, then the deck
        g = ctx.g
        got = 0
        for _ in range(n):
            c = g.loot_disc.pop() if g.loot_disc else g.draw(g.loot, g.loot_disc)
            if c is None:
                break
            pl.hand.append(c)
            got += 1
        if got:
            g.log.emit("loot_drawn", pl.seat, ctx.name, "loot_discard", got)
        return got > 0
    return stack.loot(ctx.g, pl, n, ctx.name) > 0


def _v_discard_loot(ctx: Ctx, p: dict) -> bool:
    pl = _who(ctx, p)
    if pl is None or not pl.hand:
        ctx.g.last_count = 0
        return False
    n = value(ctx, p.get("n"))
    k = stack.discard_loot(ctx.g, pl, n, bool(p.get("random")), ctx.name)
    ctx.g.last_count = k
    return k > 0


def _v_gain_treasure(ctx: Ctx, p: dict) -> bool:
    pl = _who(ctx, p)
    n = value(ctx, p.get("n"))
    did = False
    for _ in range(n):
        did = stack.gain_treasure(ctx.g, pl, ctx.name) or did
    return did


def _what(ctx: Ctx, what: Any) -> tuple[str, Any, dict]:
    """Normalise a transfer's ``what``: ('cents', n) | ('loot', n) | ('item', obj|None) | ('soul', ...)."""
    if isinstance(what, dict):
        for k in ("cents", "loot", "soul", "item", "hand"):
            if k in what:
                return k, what[k], what
        raise EngineError(f"{ctx.name}: transfer of {what!r} not implemented")
    if isinstance(what, str):
        parts = what.split()
        if parts[0] in ("cents", "loot", "soul") and len(parts) >= 1:
            n = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 1
            return parts[0], n, {"random": "random" in parts}
        if what in ("self",):
            return "item", ctx.src, {}
        if what == "whole_hand":
            return "hand", None, {}
        ref = ctx.binds.get(what)
        if isinstance(ref, Obj):
            return ("soul" if ref.kind == "soul" else "item"), ref, {}
    raise EngineError(f"{ctx.name}: transfer of {what!r} not implemented")


def _v_steal(ctx: Ctx, p: dict) -> bool:
    g = ctx.g
    kind, n, opts = _what(ctx, p.get("what"))
    to = player_of(ctx, p.get("to", "you"))
    if isinstance(n, Obj):
        if not n.in_play:
            return False
        return stack.move_item(g, n, to.seat, "steal", ctx.name)
    frm = player_of(ctx, p.get("from"))
    if frm is None or frm is to:
        return False
    if kind == "cents":
        amt = min(value(ctx, n), frm.cents)
        if amt <= 0:
            return False
        frm.cents -= amt
        to.cents += amt
        g.log.emit("cents_stolen", to.seat, ctx.name, f"p{frm.seat}", amt)
        return True
    if kind == "loot":
        return stack.transfer_loot(
            g, frm, to, value(ctx, n), chooser=to, random=bool(opts.get("random")), why=ctx.name
        )
    if kind == "soul":
        if not frm.souls:
            return False
        s = stack.ask(g, to.seat, "choose_soul", tuple(frm.souls), ctx.name)
        return stack.move_item(g, s, to.seat, "steal", ctx.name)
    if kind == "item":
        opts_ = [o for o in frm.items if not o.eternal]
        if not opts_:
            return False
        it = stack.ask(g, to.seat, "choose_item", tuple(opts_), ctx.name)
        return stack.move_item(g, it, to.seat, "steal", ctx.name)
    return False


def _v_give(ctx: Ctx, p: dict) -> bool:
    g = ctx.g
    kind, n, opts = _what(ctx, p.get("what"))
    frm = player_of(ctx, p.get("from", "you"))
    to = player_of(ctx, p.get("to"))
    if to is None or frm is None or to is frm:
        return False
    if isinstance(n, Obj):
        return n.in_play and stack.move_item(g, n, to.seat, "give", ctx.name)
    if kind == "loot":
        return stack.transfer_loot(
            g, frm, to, value(ctx, n), chooser=frm, random=bool(opts.get("random")), why=ctx.name
        )
    if kind == "cents":
        amt = min(value(ctx, n), frm.cents)
        if amt <= 0:
            return False
        frm.cents -= amt
        to.cents += amt
        g.log.emit("cents_stolen", to.seat, ctx.name, f"p{frm.seat}", amt, "give")
        return True
    if kind == "soul":
        if not frm.souls:
            return False
        s = stack.ask(g, frm.seat, "choose_soul", tuple(frm.souls), ctx.name)  # FS-6.12: the giver picks
        return stack.move_item(g, s, to.seat, "give", ctx.name)
    raise EngineError(f"{ctx.name}: give of {kind} not implemented")


def _v_swap(ctx: Ctx, p: dict) -> bool:
    a = obj_of(ctx, p.get("a"))
    b = obj_of(ctx, p.get("b"))
    if isinstance(a, Obj) and isinstance(b, Obj):
        if not (a.in_play and b.in_play):
            return False
        ca, cb = a.controller, b.controller
        stack.move_item(ctx.g, a, cb, "swap", ctx.name)
        stack.move_item(ctx.g, b, ca, "swap", ctx.name)
        return True
    if isinstance(p.get("a"), dict) and isinstance(p.get("b"), dict):  # loot cards in hand (Incubus)
        ca, cb = candidates(ctx, p["a"]), candidates(ctx, p["b"])
        if not ca or not cb:
            return False
        pa = player_of(ctx, parse_sel(p["a"])[2].get("controlled_by", "you"))
        pb = player_of(ctx, parse_sel(p["b"])[2].get("controlled_by", "you"))
        if pa is pb:
            return False  # Incubus pointed at yourself: a card swapped with your own hand stays put
        x = stack.ask(ctx.g, ctx.you, "choose_loot", tuple(ca), ctx.name)
        y = stack.ask(ctx.g, ctx.you, "choose_loot", tuple(cb), ctx.name)
        pa.hand.remove(x)
        pb.hand.remove(y)
        pa.hand.append(y)
        pb.hand.append(x)
        ctx.g.log.emit("loot_given", pa.seat, ctx.name, f"p{pb.seat}", 1, "swap")
        return True
    raise EngineError(f"{ctx.name}: swap of {p!r} not implemented")


def _v_look_hand(ctx: Ctx, p: dict) -> bool:
    target = player_of(ctx, p.get("who"))
    viewer = player_of(ctx, p.get("viewer", "you"))
    if target is None:
        return False
    viewer.known.update(c.pid for c in target.hand)
    return True


def _v_peek(ctx: Ctx, p: dict) -> bool:
    g = ctx.g
    deck_name = p.get("deck")
    chooser = ctx.by if ctx.by is not None else ctx.you
    if deck_name in ("any", "deck:any", "any_deck"):
        deck_name = stack.ask(g, chooser, "choose_deck", ("loot", "treasure", "monster"), ctx.name)
    if deck_name in ctx.binds:
        deck_name = ctx.binds[deck_name]
    deck_name = str(deck_name).replace("_deck", "").replace("_top", "")
    deck, disc = g.deck_pair(deck_name)
    n = value(ctx, p.get("n", 1))
    if len(deck) < n and disc:  # FS-3.5: the deck reshuffles when it runs out
        card = g.draw(deck, disc)
        if card is not None:
            deck.append(card)
    cards = deck[-n:][::-1]  # top first
    if not cards:
        return False
    then = p.get("then", "back")
    if then == "back":
        return True
    del deck[len(deck) - len(cards) :]
    if then in ("any_order", "may_any_order"):
        order = []
        rest = list(cards)
        while len(rest) > 1:
            c = stack.ask(g, chooser, "order_top", tuple(rest), ctx.name)
            order.append(c)
            rest.remove(c)
        order.extend(rest)
        deck.extend(reversed(order))
    elif then == "may_bottom":
        keep = []
        for c in cards:
            if stack.ask(g, chooser, "bottom", (False, True), c.card.name):
                deck.insert(0, c)
            else:
                keep.append(c)
        deck.extend(reversed(keep))
    elif then == "one_top_rest_bottom":
        top = stack.ask(g, chooser, "order_top", tuple(cards), ctx.name)
        for c in cards:
            if c is not top:
                deck.insert(0, c)
        deck.append(top)
    elif then == "back_or_discard":
        for c in reversed(cards):
            if stack.ask(g, chooser, "discard_top", (False, True), c.card.name):
                disc.append(c)
            else:
                deck.append(c)
    elif then == "take_one":
        took = stack.ask(g, chooser, "take", tuple(cards), ctx.name)
        for c in cards:
            if c is not took:
                deck.insert(0, c)
        stack.card_to_player(g, took, g.players[ctx.you], ctx.name)
    else:
        deck.extend(reversed(cards))
        raise EngineError(f"{ctx.name}: peek then '{then}' not implemented")
    return True


def _v_search(ctx: Ctx, p: dict) -> bool:
    g = ctx.g
    deck_name = str(p.get("deck")).replace("_deck", "")
    deck, _disc = g.deck_pair(deck_name)
    flt = p.get("filter")
    found = None
    for c in reversed(deck):
        if _search_match(c, flt):
            found = c
            break
    if found is not None:
        deck.remove(found)
    g.rng.shuffle(deck)
    if found is None:
        return False
    then = p.get("then")
    if then == "gain":
        stack.card_to_player(g, found, g.players[ctx.you], ctx.name)
    elif then == "move_to_monster_slot":
        stack.put_in_monster_slot(g, found, ctx.you, choose_not_attacked=True)
    else:
        deck.append(found)
        raise EngineError(f"{ctx.name}: search then '{then}' not implemented")
    return True


def _search_match(c: Phys, flt: Any) -> bool:
    if isinstance(flt, str):
        return flt in c.rules.keywords or c.card.name == flt or c.card.id == flt
    if isinstance(flt, dict):
        if "name" in flt:
            return c.card.name == flt["name"] or c.card.id == flt["name"]
        if "keyword" in flt:
            return flt["keyword"] in c.rules.keywords
    return False


def _v_move(ctx: Ctx, p: dict) -> bool:
    return stack.move_cards(ctx, p)


def _v_expand_slots(ctx: Ctx, p: dict) -> bool:
    g = ctx.g
    n = value(ctx, p.get("n", 1))
    kind = p.get("kind")
    slots = g.shop if kind == "shop" else g.rslots if kind == "room" else g.mslots
    if kind == "room" and not g.rslots:
        return False  # no rooms in this game (FS-16 is optional): nothing to expand
    for _ in range(n):
        slots.append([])  # FS-6.7: new slots fill at the next priority (FS-12.4)
    return True


def _targets_of(ctx: Ctx, x: Any) -> list:
    if x is None and "__each__" in ctx.binds:
        return [ctx.binds["__each__"]]
    if x is None:
        return [ctx.g.players[ctx.you]]
    r = obj_of(ctx, x)
    if isinstance(r, list):
        return r
    if isinstance(r, str):
        r = player_of(ctx, r)
    return [r] if r is not None else []


def _v_deal_damage(ctx: Ctx, p: dict) -> bool:
    n = value(ctx, p.get("n"))
    to = p.get("to")
    targets = _targets_of(ctx, to)
    src_seat = ctx.you
    src_obj = ctx.src if isinstance(ctx.src, Obj) else None
    if (
        to in (None, "you")
        and "__each__" not in ctx.binds
        and src_obj is not None
        and src_obj.kind in ("monster", "event")
    ):
        src_obj = None  # "take N damage" from monster-deck text: the game is the source (FS-6.20)
    if p.get("divided") and len(targets) > 1:
        return stack.deal_divided(ctx.g, n, targets, src_seat, src_obj, ctx)
    did = False
    for t in targets:
        if isinstance(t, Player) and t.dead:
            continue  # FS-Q.21
        did = stack.push_damage(ctx.g, n, t, src_seat, src_obj, False, None, ctx.name) or did
    return did


def _v_heal(ctx: Ctx, p: dict) -> bool:
    n = value(ctx, p.get("n"))
    did = False
    for t in _targets_of(ctx, p.get("who")):
        did = stack.heal(ctx.g, t, n) or did
    return did


def _v_shield(ctx: Ctx, p: dict) -> bool:
    amount = p.get("amount", "all")
    for t in _targets_of(ctx, p.get("who")):
        if isinstance(t, (Player, Obj)):
            shields = t.shields if isinstance(t, Player) else ctx.g.obj_shields.setdefault(t.uid, [])
            on_prev = p.get("on_prevent")
            shields.append((amount, on_prev, ctx.you, ctx.name, ctx.src))
    return True


def _v_prevent(ctx: Ctx, p: dict) -> bool:
    what = p.get("what", "event.damage")
    n = p.get("n")
    ref = (ctx.ev or {}).get(str(what).replace("event.", ""))
    if ref is None or ref not in ctx.g.stack:
        return False
    if isinstance(ref, stack.DamageItem):
        if n is not None:
            ref.amount = max(0, ref.amount - value(ctx, n))
            if ref.amount:
                return True
        ctx.g.stack.remove(ref)
        ctx.g.log.emit("prevented", ctx.you, ctx.name, stack.tname(ref.target), ref.amount, "damage")
        return True
    if isinstance(ref, stack.DeathItem):
        ctx.g.stack.remove(ref)
        stack.death_averted(ctx.g, ref.victim)
        ctx.g.log.emit("prevented", ctx.you, ctx.name, stack.tname(ref.victim), None, "death")
        return True
    return False


def _v_become_curse(ctx: Ctx, p: dict) -> bool:
    """FS-4.16(1): this event becomes a curse; the active player chooses a player, who gains it."""
    g, o = ctx.g, ctx.src
    if not (isinstance(o, Obj) and o.in_play and o.kind == "event"):
        return False
    target = stack.ask(g, g.active, "give_curse", tuple(g.players), o.phys.card.name)
    stack.remove_from_slot(g, o)
    c = g.new_obj(o.phys, "curse", target.seat)
    target.curses.append(c)
    g.log.emit("curse_received", target.seat, o.phys.card.name, None, None, f"from p{g.active}")
    return True


def _v_discard_curse(ctx: Ctx, p: dict) -> bool:
    """FS-4.16(2): when its bearer dies, this curse goes to the discard (with the two-player rules,
    FS-20.11(c), it first passes once to the other player)."""
    g, c = ctx.g, ctx.src
    if not (isinstance(c, Obj) and c.in_play and c.kind == "curse"):
        return False
    if g.cfg.has("two-player"):
        from . import two_player

        return two_player.curse_on_death(g, c)
    stack.discard_curse(g, c, "death")
    return True


def _v_win(ctx: Ctx, p: dict) -> bool:
    """FS-14.3: "this player wins" — they win once the ability has resolved (``stack.resolve_top``)."""
    who = _targets_of(ctx, p.get("who", "you"))
    seats = [t.seat for t in who if isinstance(t, Player)]
    if not seats:
        return False
    ctx.g.wins_after = tuple(sorted(set(ctx.g.wins_after) | set(seats)))
    return True


def _v_kill(ctx: Ctx, p: dict) -> bool:
    did = False
    for t in _targets_of(ctx, p.get("target")):
        did = stack.kill(ctx.g, t, ctx.you) or did
    return did


def _v_destroy(ctx: Ctx, p: dict) -> bool:
    did = False
    for t in _targets_of(ctx, p.get("target", "self")):
        if isinstance(t, Obj):
            did = stack.destroy(ctx.g, t, ctx.name) or did
    return did


def _v_buff(ctx: Ctx, p: dict) -> bool:
    for t in _targets_of(ctx, p.get("target")):
        atk, hp, ev, roll = (int(p.get(k, 0) or 0) for k in ("atk", "hp", "ev", "roll"))
        t.b_atk += atk
        t.b_hp += hp
        if isinstance(t, Obj):
            t.b_ev += ev
        elif roll:
            t.b_roll += roll
    return True


def _v_cancel(ctx: Ctx, p: dict) -> bool:
    t = p.get("target")
    if t == "all":
        return stack.cancel_all(ctx.g, ctx.item)
    ref = obj_of(ctx, t)
    if ref in ctx.g.stack:
        stack.cancel(ctx.g, ref)
        return True
    return False


def _v_end_turn(ctx: Ctx, p: dict) -> bool:
    stack.end_turn(ctx.g)
    return True


def _v_extra_turn(ctx: Ctx, p: dict) -> bool:
    pl = player_of(ctx, p.get("who", "you"))
    ctx.g.extra_turns.append(pl.seat)
    return True


def _v_skip_turn(ctx: Ctx, p: dict) -> bool:
    pl = player_of(ctx, p.get("who", "you"))
    pl.skip_next_turn += 1
    return True


def _v_extra_loot_play(ctx: Ctx, p: dict) -> bool:
    pl = ctx.g.players[ctx.you]
    n = value(ctx, p.get("n", 1))
    if n == "unlimited":
        pl.unlimited_loot = True
    else:
        pl.loot_plays += n  # FS-Q.34: until end of turn, usable whenever they hold priority
    return True


def _v_extra_attack(ctx: Ctx, p: dict) -> bool:
    g = ctx.g
    who = player_of(ctx, p.get("who", "you"))
    if who.seat != g.active:
        return False  # an extra attack only matters on that player's turn (XI Strength)
    mode = p.get("mode", "may")
    target = p.get("target", "any")
    tgt = obj_of(ctx, target) if target not in ("any", "monster_deck") else target
    if mode == "may":
        g.may_attack.append(tgt)
        return True
    total = p.get("total_this_turn")
    if total is not None:
        owed = int(total) - g.deck_attacks  # FS-21 Ambush!: earlier deck attacks count
        for _ in range(max(0, owed)):
            g.must_attack.append(("monster_deck", False))
        return owed > 0
    additional = p.get("additional", True)
    del additional  # Monster Manual (additional: no) is an obligation like the others (FS-10.16(c))
    g.must_attack.append((tgt, p.get("timing") == "now"))
    return True


def _roll_ref(ctx: Ctx, p: dict) -> Any:
    r = obj_of(ctx, p.get("roll", "R"))
    if isinstance(r, stack.RollItem) and r in ctx.g.stack:
        return r
    return None


def _v_reroll(ctx: Ctx, p: dict) -> bool:
    r = _roll_ref(ctx, p)
    if r is None:
        return False
    from . import dice

    dice.reroll(ctx.g, r, ctx.name)
    return True


def _v_modify_roll(ctx: Ctx, p: dict) -> bool:
    r = _roll_ref(ctx, p)
    if r is None:
        return False
    delta = p.get("delta", 1)
    chooser = ctx.by if ctx.by is not None else ctx.you
    if isinstance(delta, list):
        d = stack.ask(ctx.g, chooser, "modify_roll", tuple(int(x) for x in delta), ctx.name)
    elif isinstance(delta, dict):
        up = int(delta.get("up_to", 1))
        opts = tuple(range(0, up + 1)) if up >= 0 else tuple(range(0, up - 1, -1))
        d = stack.ask(ctx.g, chooser, "modify_roll", opts, ctx.name)
    else:
        d = int(delta)
    from . import dice

    dice.set_value(ctx.g, r, r.value + d, ctx.name)
    return True


def _v_set_roll(ctx: Ctx, p: dict) -> bool:
    r = _roll_ref(ctx, p)
    if r is None:
        return False
    v = p.get("value")
    chooser = ctx.by if ctx.by is not None else ctx.you
    if isinstance(v, int):
        val = v
    elif isinstance(v, list):
        val = stack.ask(ctx.g, chooser, "set_roll", tuple(int(x) for x in v), ctx.name)
    elif str(v).strip() in ("any", "any 1..6", "1..6"):
        val = stack.ask(ctx.g, chooser, "set_roll", (1, 2, 3, 4, 5, 6), ctx.name)
    else:
        val = stack.ask(ctx.g, chooser, "set_roll", tuple(int(x) for x in str(v).split("or")), ctx.name)
    from . import dice

    dice.set_value(ctx.g, r, val, ctx.name)
    return True


def _v_flip_roll(ctx: Ctx, p: dict) -> bool:
    r = _roll_ref(ctx, p)
    if r is None:
        return False
    from . import dice

    dice.set_value(ctx.g, r, 7 - r.value, ctx.name)  # FS-6.10
    return True


def _v_recharge(ctx: Ctx, p: dict) -> bool:
    did = False
    for t in _targets_of(ctx, p.get("target", "self")):
        if isinstance(t, Obj) and t.in_play and not t.charged:
            t.charged = True
            did = True
    return did


def _v_deactivate(ctx: Ctx, p: dict) -> bool:
    did = False
    for t in _targets_of(ctx, p.get("target", "self")):
        if isinstance(t, Obj) and t.in_play and t.charged:
            t.charged = False
            did = True
    return did


def _v_reroll_item(ctx: Ctx, p: dict) -> bool:
    did = False
    for t in _targets_of(ctx, p.get("target")):
        if isinstance(t, Obj):
            did = stack.reroll_item(ctx.g, t, ctx.name) or did
    return did


def _v_become_copy(ctx: Ctx, p: dict) -> bool:
    me = obj_of(ctx, p.get("object", "self"))
    src = obj_of(ctx, p.get("source"))
    if not (isinstance(me, Obj) and isinstance(src, Obj) and me.in_play and src.in_play):
        return False
    if p.get("until", "eot") == "eot" and me.copy_until_eot is None:
        me.copy_until_eot = me.rules
        ctx.g.copies.append(me)
    me.rules = src.rules  # FS-5.10: abilities copied; counters, charge and starting-item are not
    ctx.g.trig_names.update(src.rules.triggers)
    ctx.g.obj_ver += 1
    if src.rules.forbid:
        ctx.g.forbid_on = True
    return True


def _v_become_soul(ctx: Ctx, p: dict) -> bool:
    return stack.become_soul(ctx, p)


def _v_add_counters(ctx: Ctx, p: dict) -> bool:
    t = obj_of(ctx, p.get("object", "self"))
    if not isinstance(t, Obj) or not t.in_play:
        return False
    n = value(ctx, p.get("n", 1))
    if p.get("kind") == "level":
        t.levels += n
    else:
        t.counters += n
    return n > 0


def _v_remove_counters(ctx: Ctx, p: dict) -> bool:
    t = obj_of(ctx, p.get("object", "self"))
    if not isinstance(t, Obj):
        return False
    n = value(ctx, p.get("n", 1))
    if t.counters + t.levels < n:
        return False
    take = min(n, t.counters)
    t.counters -= take
    t.levels -= n - take
    return True


VERB_FUNCS = {
    "become_curse": _v_become_curse,
    "discard_curse": _v_discard_curse,
    "win": _v_win,
    "gain_cents": _v_gain_cents,
    "lose_cents": _v_lose_cents,
    "pay": _v_pay,
    "loot": _v_loot,
    "discard_loot": _v_discard_loot,
    "gain_treasure": _v_gain_treasure,
    "steal": _v_steal,
    "give": _v_give,
    "swap": _v_swap,
    "look_hand": _v_look_hand,
    "peek": _v_peek,
    "search": _v_search,
    "move": _v_move,
    "expand_slots": _v_expand_slots,
    "deal_damage": _v_deal_damage,
    "heal": _v_heal,
    "shield": _v_shield,
    "prevent": _v_prevent,
    "kill": _v_kill,
    "destroy": _v_destroy,
    "buff": _v_buff,
    "cancel": _v_cancel,
    "end_turn": _v_end_turn,
    "extra_turn": _v_extra_turn,
    "skip_turn": _v_skip_turn,
    "extra_loot_play": _v_extra_loot_play,
    "extra_attack": _v_extra_attack,
    "reroll": _v_reroll,
    "modify_roll": _v_modify_roll,
    "set_roll": _v_set_roll,
    "flip_roll": _v_flip_roll,
    "recharge": _v_recharge,
    "deactivate": _v_deactivate,
    "reroll_item": _v_reroll_item,
    "become_copy": _v_become_copy,
    "become_soul": _v_become_soul,
    "add_counters": _v_add_counters,
    "remove_counters": _v_remove_counters,
}
