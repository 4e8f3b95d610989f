"""Replacement effects and shields (FS-5.4–5.7, FS-6.21): damage, cents and reward replacements, ordered
by the affected player when they compete."""

from __future__ import annotations

from typing import Any

from . import dice
from . import vocabulary as V
from .abilities import Ability, CardRules
from .asking import ask
from .interpreter import run
from .items import DamageItem
from .state import EngineError, Game, Obj, Player
from .statics import cond, ctx_of, value


def _reps(o: Obj, name: str):
    rules: CardRules = o.rules
    for rep in rules.replaces:
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


def _modify(rep: dict, n: int, o: Obj | None, g: Game) -> int:
    if "roll" in rep:
        assert o is not None  # a rolled replacement is its object's
        return _rolled(rep["roll"], n, o, g)
    prev = rep.get("prevent")
    if prev is not None and prev is not False:
        if prev is True:  # all of it; a "then" still follows (A Dead Horse: prevent it, then roll)
            k = n
        elif isinstance(prev, int):
            k = min(n, prev)
        else:  # an expression (The Dead Cat: as many as its counters)
            assert o is not None  # an expression is read for its object
            ctx = ctx_of(g, o)
            ctx.ev = {"amount": n}
            k = max(0, min(n, int(value(ctx, prev))))
        if rep.get("then") is not None and k > 0:
            assert o is not None  # a "then" runs for its object
            ctx = ctx_of(g, o)
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


def _rolled(table: dict, n: int, o: Obj, g: Game) -> int:
    """A replacement that rolls as it applies (Poker Chip, Three Dollar Bill): its controller rolls a die at
    once — a replacement has no time for the stack, so nothing can answer or change that roll and it
    triggers nothing (our reading of FS-5.4 with FS-9.2) — and the row for the face changes the amount
    (``modify``) and/or runs an effect (``then``) for the object's controller; no row: unchanged."""
    seat = o.controller if o.controller >= 0 else g.active
    face = dice.die(g, seat)
    g.log.emit("roll", seat, o.phys.card.name, None, face, "replacement")
    row = dice.row_for(table, face)
    if not row:
        return n
    mod = row.get("modify")
    if mod:
        n = _modify({"modify": mod}, n, o, g)
    if row.get("then") is not None:
        ctx = ctx_of(g, o)
        ctx.ev = {"amount": n, "roll": face}
        run(ctx, row["then"])
    return n


def cond_ok(g: Game, o: Obj, rep: dict, extra: dict | None = None) -> bool:
    """Whether a replacement's ``if`` holds for ``o`` now (none: it always applies)."""
    c = rep.get("if")
    if c is None:
        return True

    ctx = ctx_of(g, o)
    ctx.ev = extra
    return cond(ctx, c)


def _order(g: Game, seat: int, apps: list, name_of) -> list:
    """FS-5.7: the affected player orders competing replacements (decision ``order_replacements``:
    options ``(name, index)``, the pick applies next)."""
    if len(apps) < 2:
        return apps

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
            _prevented_trigger(g, src, on_prev, name, seat, before - n)
    return n


def _prevented_trigger(g: Game, src: Any, on_prev: Any, name: str, seat: int, amount: int) -> None:
    """A shield's "when this prevents damage, …" rider (Host Hat) is a triggered ability (FS-4.9): it is
    queued now and goes on the stack at the next priority, its target chosen then (FS-4.2); ``event.amount``
    is the damage prevented. A loot card's rider (Blanks) has left play by now: the shield's controller's
    character holds it, so "you" is still that player."""

    if not isinstance(src, Obj):
        char = g.players[seat].character if 0 <= seat < g.n else None
        if char is None:
            raise EngineError(f"{name}: an on_prevent rider needs a player or an object as its source")
        src = char
    ctrl = src.controller
    order = 0 if ctrl < 0 else 1 + (ctrl - g.active) % g.n
    g.pending.append((order, Ability("on", on_prev, trigger="prevented"), src, {"amount": amount}))


def _first_this_turn(o: Obj, rep: dict) -> bool:
    """A replacement with ``first_each_turn: true`` (only the first damage to you in a turn,
    Mom's Heels) applies to one event a turn: True the first time (and marks it), False after; always True
    for the others. Its object's turn counts are cleared as each turn ends (turn.py)."""
    if not rep.get("first_each_turn"):
        return True
    if o.turn_counts is None:
        o.turn_counts = {}
    key = ("replace", id(rep))
    if o.turn_counts.get(key):
        return False
    o.turn_counts[key] = 1
    return True


def until_eot(g: Game, event: str, seat: int, n: int) -> int:
    """``n`` after the until-end-of-turn replacement an effect made on ``event`` for ``seat`` (``until:
    eot``, FS-5.2 / FS-5.4), if any."""
    rep = g.eot_replacements.get((event, seat))
    return n if rep is None else _modify(rep, n, None, g)


def _dealer_objects(g: Game, p: Player) -> list[Obj]:
    """The objects whose replacements of the damage ``p`` deals apply: their character, items and curses,
    and their souls that hold such a replacement ("while you control this soul", Unboxing's Delirium:
    a soul's text that names its controller works from the soul, our reading of FS-14.5)."""
    objs = g.player_objects(p)
    if p.souls:
        objs.extend(s for s in p.souls if s.rules is not None and s.rules.replaces)
    return objs


def _dealt(g: Game, d: DamageItem) -> list[tuple[Obj, dict]]:
    """The dealer's replacements that apply to damage ``d``, their conditions read now: a monster's own
    for its combat damage (Leaper), a player's objects' for the combat damage they deal (Cursed Eye) or
    for the other damage they deal: their loot, their items' and character's abilities, not a monster's
    or a room's text (Pyromaniac's +1, FS-5.4 / FS-6.21)."""
    src = d.src_obj
    ev = {"attack_roll": d.roll, "amount": d.amount}
    out: list[tuple[Obj, dict]] = []
    if d.combat and src is not None and src.kind == "monster":
        for rep, e in _reps(src, "combat_damage_from"):
            if e.get("combat_damage_from") == "you":
                continue  # a soul's "the damage you deal" (Delirium), asleep while its card is a monster
            if _roll_ok(e, d.roll) and cond_ok(g, src, rep, ev):
                out.append((src, rep))
    elif d.combat and src is None and d.src_seat >= 0:
        for held in _dealer_objects(g, g.players[d.src_seat]):
            for rep, e in _reps(held, "combat_damage_from"):
                if e.get("combat_damage_from") == "you" and _roll_ok(e, d.roll) and cond_ok(g, held, rep, ev):
                    out.append((held, rep))
    elif not d.combat and d.src_seat >= 0 and (src is None or src.controller == d.src_seat):
        for mine in _dealer_objects(g, g.players[d.src_seat]):
            for rep, e in _reps(mine, "damage_from"):
                if e.get("damage_from") == "you" and cond_ok(g, mine, rep, ev):
                    out.append((mine, rep))
    return out


def _app_name(a: tuple) -> str:
    return a[0].phys.card.name if a[0] is not None else "shield"


def damage_replacements(g: Game, d: DamageItem) -> int:
    """FS-6.21: damage modifiers apply on resolution; each replacement once per event (FS-5.6). FS-5.7:
    the affected player — the damaged player; for an object, its controller: an attackable item's player, the
    active player for the game's monsters and rooms ("you", FS-0.5) — orders every replacement that competes
    for the damage: the dealer's (a doubling) and the damaged one's (a prevention, a shield) together, since
    the order changes the outcome."""
    n = d.amount
    t = d.target
    dealt = _dealt(g, d)
    by_dealer = {id(rep) for _o, rep in dealt}
    apps: list[tuple[Any, Any]] = list(dealt)  # (object or None for a shield, its replacement)
    if isinstance(t, Player):
        apps += [(o, rep) for o in g.player_objects(t) for rep, _e in _reps(o, "damage_to")]
        shields = t.shields
        seat = t.seat
    else:  # an object's own replacements and shields put on it (Yum Heart; The Doodler: any damage)
        if d.combat:
            apps += [(t, rep) for rep, e in _reps(t, "combat_damage_to") if _roll_ok(e, d.roll)]
        apps += [(t, rep) for rep, _e in _reps(t, "damage_to")]
        shields = g.obj_shields.get(t.uid) or []
        seat = t.controller if t.controller >= 0 else g.active
    if shields:
        apps.append((None, None))
    if len(apps) > 1:
        apps = _order(g, seat, apps, _app_name)
    for o, rep in apps:
        if n <= 0:
            break  # all of it prevented: no event is left to change
        if id(rep) in by_dealer:
            n = _modify(rep, n, o, g)
        elif o is None:
            n = _shield(g, shields, n)
        elif cond_ok(g, o, rep, {"attack_roll": d.roll, "amount": n}) and (
            not isinstance(t, Player) or _first_this_turn(o, rep)
        ):
            n = _modify(rep, n, o, g)
    return n


def cents_replacements(g: Game, p: Player, n: int) -> int:
    """FS-5.4 / FS-5.7: would-gain-cents replacements of objects p controls (Counterfeit Penny, Bum-Bo!),
    in the order p chooses; an "instead" ends the gain."""
    apps = [(o, rep) for o in p.items for rep, _e in _reps(o, "would_gain_cents")]
    if not apps:
        return n
    apps = _order(g, p.seat, apps, lambda a: a[0].phys.card.name)
    for o, rep in apps:
        if not cond_ok(g, o, rep) or not _first_this_turn(o, rep):
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


def loot_replacements(g: Game, p: Player, n: int, why: str) -> int:
    """FS-5.4 / FS-5.7: replacements adding 1 to each loot, of the objects p
    controls (Bag-o-Holes, Lucky Toe), in the order p chooses; ``event.loot_step`` is true for the loot
    step's draw (FS-8.3), which Lucky Toe leaves alone."""
    apps = [(o, rep) for o in g.player_objects(p) if o.rules.replaces for rep, _e in _reps(o, "would_loot")]
    if not apps:
        return n
    apps = _order(g, p.seat, apps, lambda a: a[0].phys.card.name)
    for o, rep in apps:
        if cond_ok(g, o, rep, {"amount": n, "loot_step": why == "loot_step"}):
            n = _modify(rep, n, o, g)
    return n


def treasure_replacements(g: Game, p: Player, n: int, why: str) -> int:
    """FS-5.4 / FS-5.7: replacements changing how many treasures p would gain (+n treasure from an effect, a
    reward or a reroll, FS-1.3, FS-6.18; a purchase is not such a gain, FS-11.4): Damocles adds 1, of the
    objects p controls, in the order p chooses."""
    apps = [
        (o, rep)
        for o in g.player_objects(p)
        if o.rules.replaces
        for rep, _e in _reps(o, "would_gain_treasure")
    ]
    if not apps or n <= 0:
        return n
    apps = _order(g, p.seat, apps, lambda a: a[0].phys.card.name)
    for o, rep in apps:
        if cond_ok(g, o, rep, {"amount": n}):
            n = _modify(rep, n, o, g)
    return n


def reward_times(g: Game, m: Obj, roll: int | None) -> int:
    """How many times the dead monster's reward block is carried out (FS-1.31, FS-Q.26: "doubled" = twice):
    its own replacement (Dinga: ``rewards: self``), every object in play whose replacement doubles every
    monster's (``rewards: monsters``: Blessing of the Sack), and one an effect made till the end of the
    turn (``until: eot``, ``rewards: active``: A Lucky Penny!). Each applies once (FS-5.6)."""
    times = 1
    # event.boss: "rewards from non-boss monsters" (Club)
    ev = {"killing_attack_roll": roll, "boss": m.phys.card.kind in ("normal_boss", "epic_boss")}
    for o in (m, *(o for o in _reward_objs(g) if o is not m)):
        for rep, e in _reps(o, "rewards"):
            want = e.get("rewards", "self")
            if (want == "monsters" or (want == "self" and o is m)) and cond_ok(g, o, rep, ev):
                times *= _times(rep)
    rep = g.eot_replacements.get(("rewards", g.active))
    if rep is not None:
        times *= _times(rep)
    return times


def _times(rep: dict) -> int:
    mod = rep.get("modify") or {}
    return int(mod.get("repeat", mod.get("multiply", 2)))


def _reward_objs(g: Game) -> list[Obj]:
    """Objects in play (under a player, monsters, rooms) with a replacement: a table-wide reward one is
    among them (none in Base V2)."""
    objs = [o for p in g.players for o in g.player_objects(p)] + g.monsters()
    objs += [s[-1] for s in (g.rooms.slots if g.rooms is not None else ()) if s]
    return [o for o in objs if o.rules is not None and o.rules.replaces]


# The replaced events applied here (vocabulary.REPLACEMENTS: each word's handler is the function applying it).
V.REPLACEMENTS.implement(
    {
        "would_gain_cents": cents_replacements,
        "damage_to": damage_replacements,
        "combat_damage_to": damage_replacements,
        "combat_damage_from": _dealt,
        "damage_from": _dealt,
        "rewards": reward_times,
        "would_loot": loot_replacements,
        "would_gain_treasure": treasure_replacements,
    }
)
