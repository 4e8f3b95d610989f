"""Damage (FS-6.20), healing, kills and destruction (FS-6.3), cancelling (FS-6.9), ending the turn
(FS-8.9) and the death penalty (FS-13.9)."""

from __future__ import annotations

from typing import Any

from . import challenge, interpreter, replacements, roll_reader, statics, triggers
from . import vocabulary as V
from .asking import ask
from .items import (
    AbilityItem,
    DamageItem,
    DeathItem,
    LootItem,
    RollItem,
    StackItem,
    event_of,
    log_target,
    off_stack,
)
from .resources import discard_loot, gain_soul, gain_treasure, lose_cents, move_item
from .state import Game, Obj, Phys, Player
from .zones import event_done, leave_play, went_on


def push_damage(
    g: Game,
    n: int,
    target: Any,
    src_seat: int,
    src_obj: Obj | None,
    combat: bool,
    roll: int | None,
    name: str,
    stat: Any = None,
    base: int = 0,
) -> bool:
    """Put ``n`` damage on the stack. Combat damage names its damage stat (``stat``, see :func:`combat_stat`)
    and that stat's value now (``base``): it is read again as the damage resolves (FS-6.21)."""
    if not isinstance(n, int) or n <= 0:
        return False  # zero damage cannot be dealt (FS-6.20)
    if isinstance(target, Obj) and not target.in_play:
        return False
    d = DamageItem(n, target, src_seat, src_obj, combat, roll, name)
    if stat is not None:
        d.stat = stat
        d.base = base
    g.stack.append(d)
    g.last_damage = d
    triggers.fire(g, "damage_pending", target=target, damage=d)
    return True


def deal_divided(g: Game, n: int, targets: list, src_seat: int, src_obj: Obj | None, ctx: Any) -> bool:
    """ "N damage divided as you choose": the split is chosen as the effect resolves (FS-4.3: only targets
    and modes are chosen as it goes on the stack), one point at a time; each target's share is then one
    damage on the stack (FS-6.20), a damage event of its own for triggers and prevention, in FS-5.9's
    order (:func:`interpreter.stack_order`)."""
    split = [0] * len(targets)
    for _ in range(n):
        i = ask(g, ctx.you, "divide_damage", tuple(range(len(targets))), ctx.name)
        split[i] += 1
    share = {id(t): k for t, k in zip(targets, split, strict=True)}
    did = False
    for t in interpreter.stack_order(ctx, [t for t in targets if share[id(t)]]):
        did = push_damage(g, share[id(t)], t, src_seat, src_obj, False, None, ctx.name) or did
    return did


def attack_ended(g: Game) -> bool:
    """FS-10.11: the attack under way has ended through a death or a cancellation (its target died or left
    play, its attacker died, or it was cancelled), so its unresolved attack rolls and combat damage fizzle
    when they come to resolve. An attack ended only by a 0-HP combatant whose death waits on the stack has
    not: that death may still be prevented."""
    a = g.attack
    if a is None:
        return False
    t = a.target
    return a.cancelled or t is None or not t.in_play or g.players[a.seat].dead


def combat_stat(g: Game, stat: Any) -> int:
    """The damage stat a combat damage item was made from, read now: an attacking player's (``("p", seat,
    first attack roll)``) or an attack target's (``("m", target)``)."""
    if stat[0] == "p":
        return statics.player_atk(g, g.players[stat[1]], first_attack_roll=stat[2])
    return statics.target_atk(g, stat[1])


def resolve_damage(g: Game, d: DamageItem) -> None:
    t: Player | Obj = d.target  # typed, as is its source: their fields are native reads (compiled)
    src: Obj | None = d.src_obj
    if d.combat and (g.attack is None or attack_ended(g)):
        g.log.emit("fizzled", d.src_seat, d.name, log_target(t), d.amount, "combat")  # FS-10.11
        return
    if d.stat is not None:  # FS-6.21: a +/-X to the damage stat made while it waited counts as it resolves
        d.amount += combat_stat(g, d.stat) - d.base
        d.stat = None
        if d.amount <= 0:
            return  # zero damage is not dealt (FS-6.20)
    if not isinstance(t, Player) and not t.in_play:
        return  # a dying monster is still in play: it takes the damage unmarked (FS-6.20, below)
    amount = replacements.damage_replacements(g, d)  # FS-6.21 modifiers and replacements at resolution
    if g.challenge:
        amount = challenge.armour(g, t, amount, d.combat)  # FS-18.3 boss armour
    if amount <= 0:
        g.log.emit("prevented", d.src_seat, d.name, log_target(t), d.amount, "damage")
        return
    if isinstance(t, Player):
        hp = statics.player_hp(g, t)
        marked = min(amount, hp)
        t.damage += marked
        # FS-6.20 / FS-Q.21: at 0 HP — dying, or dead this turn — the damage is dealt but not marked; a dying
        # player's death keeps its killer, and a dead one cannot die again (FS-13.12)
        if not (t.death_pending or t.dead):
            g.last_damager[("p", t.seat)] = d.src_seat if src is None or src.controller >= 0 else -1
            g.last_damager[("o", t.seat)] = src.uid if src is not None else -1  # "this kills a player"
        g.log.emit("damage", d.src_seat, d.name, t.seat, amount, "combat" if d.combat else None)
        if d.combat and src is not None and src.kind == "monster":
            g.hit_player_uids.add(src.uid)  # Hubert Cumberdale: it hit a player in this turn
    else:
        hp = statics.monster_hp(g, t)
        marked = min(amount, hp)
        t.damage += marked
        if not t.dying:  # FS-6.20: at 0 HP with its death on the stack it is dealt damage, not marked;
            g.last_damager[("m", t.uid)] = d.src_seat  # the death already names its killer and roll
            if d.combat:
                g.killing_roll[t.uid] = d.roll
        g.log.emit("damage", d.src_seat, d.name, t.phys.card.name, amount, "combat" if d.combat else None)
    if d.then is not None:  # "and": the damage happened, so the rest of the effect happens now
        ctx, rest = d.then
        interpreter.run(ctx, {"and": rest})
    for event in ("damaged", "dealt_damage"):  # the target's and the source's triggers
        triggers.fire(
            g,
            event,
            target=t,
            amount=amount,
            combat=d.combat,
            attack_roll=d.roll,
            source=src,
            src_seat=d.src_seat,
        )


def heal(g: Game, t: Any, n: Any) -> bool:
    if isinstance(t, Player):
        if t.dead or t.death_pending:
            return False  # FS-6.14
        before = t.damage
        t.damage = 0 if n == "full" else max(0, t.damage - n)
        return t.damage < before
    if isinstance(t, Obj) and t.in_play and not t.dying:
        before = t.damage
        t.damage = 0 if n == "full" else max(0, t.damage - n)
        return t.damage < before
    return False


def death_averted(g: Game, v: Any) -> None:
    """FS-6.9 / FS-6.16 / FS-Q.12: a cancelled or prevented death heals to at least 1 HP. A death
    always comes with 0 HP (damage, or a kill: FS-6.3), so that is exactly 1 HP."""
    if isinstance(v, Player):
        v.death_pending = False
        if statics.player_hp(g, v) < 1:
            v.damage = statics.player_max_hp(g, v) - 1
    else:
        v.dying = False
        if statics.monster_hp(g, v) < 1:
            v.damage = statics.monster_max_hp(g, v) - 1


def zero_hp(g: Game, v: Any) -> None:
    """FS-6.3: a destroyed or killed object's HP becomes 0 (all its max HP marked as damage)."""
    v.damage = (statics.player_max_hp if isinstance(v, Player) else statics.monster_max_hp)(g, v)
    v.max_seen = v.damage


def kill(g: Game, t: Any, killer: int) -> bool:
    """FS-6.3: the object dies (its death goes on the stack)."""
    if isinstance(t, Player):
        if t.dead or t.death_pending:
            return False  # FS-13.12: once per turn
        t.death_pending = True
        zero_hp(g, t)  # FS-6.3: its HP becomes 0 now; preventing the death leaves 1 (FS-Q.12)
        d = DeathItem(t, killer)
        g.stack.append(d)
        triggers.fire(g, "would_die", victim=t, death=d)
        return True
    if isinstance(t, Obj) and t.in_play and (t.kind == "monster" or _attackable_item(g, t)):
        if t.dying:
            return False  # its death is already on the stack (FS-13.1): destroying it again does nothing
        if g.challenge and challenge.is_boss(g, t):  # FS-18.3: an ability's kill is 3 damage
            return push_damage(g, challenge.ARMOUR, t, killer, None, False, None, "kill")
        t.dying = True
        zero_hp(g, t)  # FS-6.3
        d = DeathItem(t, killer)
        g.stack.append(d)
        # "if this would die" (Headless Horseman), its killer named as the state checks name it (Charmed Vis)
        triggers.fire(g, "would_die", victim=t, death=d, killer=killer)
        return True
    if isinstance(t, Obj) and t.in_play:
        return destroy(g, t, "kill")
    return False


def _attackable_item(g: Game, o: Obj) -> bool:
    """An item other cards let players attack (FS-10.6): destroyed or killed, it dies as a monster does."""
    return o.kind == "item" and o in statics.attackable_objs(g, now=False)


def destroy(g: Game, o: Obj, why: str, by: int = -1) -> bool:
    """FS-6.3 / FS-4.12: into its discard; Eternal items are not destroyed (in the shop they are: a shop
    item's abilities do not work, FS-1.5); The Chest becomes a soul. A monster, and an attackable item ([A] "Атакуемые предметы": destroyed even outside an attack, its
    reward block goes to the active player, FS-13.2), dies: its death goes on the stack, and resolving it
    (``why`` "killed", ``resolution.object_dies``) destroys the item. ``by``: the seat whose effect destroys
    it, its killer (the active player when no player's effect does)."""
    if not o.in_play:
        return False
    killer = g.active if by < 0 else by
    if o.kind == "monster":
        return kill(g, o, killer)
    if o.kind == "item" and o.eternal and o.controller >= 0:
        return False  # FS-4.12; a shop item's abilities do not work (FS-1.5), Eternal among them
    if why != "killed" and _attackable_item(g, o):
        return kill(g, o, killer)
    if o.kind == "curse" and pass_curse(g, o):
        return False  # it would go to the discard: it goes to another player instead (Curse of the Soulless)
    for rep in o.rules.replaces:
        ev = rep.get("event")
        name = next(iter(ev)) if isinstance(ev, dict) else ev
        if name != "destroyed" or o.kind != "item" or o.controller < 0:
            continue
        inst = rep.get("instead")
        if isinstance(inst, dict) and "add_counters" in inst:
            # Bag Lunch: a counter on it instead of its destruction, while the condition holds (FS-5.4)
            if replacements.cond_ok(g, o, rep):
                interpreter.run(statics.ctx_of(g, o), inst)
                return False
            continue
        if not statics.souls_barred(g, g.players[o.controller]):
            # The Chest: it becomes a soul of its controller instead (FS-14.5)
            q = g.players[o.controller]
            q.items.remove(o)
            o.kind = "soul"
            o.soul_value = getattr(o.phys.card, "soul", 0) or 1
            gain_soul(g, q, o, "destroyed")
            return True
    if o.controller >= 0:
        q = g.players[o.controller]
        leave_play(g, o)
        if o.kind == "soul":
            g.log.emit("soul_lost", q.seat, o.phys.card.name, None, o.soul_value, why)
            put_away_soul(g, o)
        else:
            g.log.emit("item_destroyed", q.seat, o.phys.card.name, None, None, why)
            g.discard_of(o.phys).append(o.phys)
            if o.rules.triggers:
                triggers.left_play(g, o, "destroyed")  # "when this is destroyed" (FS-4.9)
        return True
    leave_play(g, o)
    g.discard_of(o.phys).append(o.phys)
    g.log.emit("item_destroyed", -1, o.phys.card.name, None, None, why)
    return True


def discard_curse(g: Game, c: Obj, why: str) -> None:
    """A curse leaves its bearer for the monster discard; one that is never discarded (``passes_on``:
    Curse of the Soulless, Requiem) goes instead to another player its bearer picks (FS-5.4, a give)."""
    if pass_curse(g, c):
        return
    leave_play(g, c)
    g.monster_disc.append(c.phys)
    g.log.emit("curse_discarded", c.controller, c.phys.card.name, None, None, why)


def pass_curse(g: Game, c: Obj) -> bool:
    """FS-5.4: a curse with the static ``passes_on`` never reaches the discard: its bearer picks another
    player (decision ``choose_player``), who receives it (event ``curse_received``, FS-6.12). With no
    other player it goes to the discard after all."""
    if c.controller < 0 or not any("passes_on" in b for b in c.rules.statics):
        return False
    p = g.players[c.controller]
    others = tuple(q for q in g.players if q is not p)
    if not others:
        return False
    to = ask(g, p.seat, "choose_player", others, c.phys.card.name)
    p.curses.remove(c)
    c.controller = to.seat
    to.curses.append(c)
    g.obj_ver += 1  # its abilities now work for the new bearer
    g.log.emit("curse_received", to.seat, c.phys.card.name, p.seat)
    return True


def put_away_soul(g: Game, soul: Obj) -> None:
    """Where a lost soul card goes: a bonus soul or a starting item that became a soul (The Bone) leaves
    the game (FS-14.9, FS-14.5); any other to its deck's discard."""
    if soul.phys.card.deck == "bonus_soul" or soul.starting:
        g.removed.append(soul.phys)
    else:
        g.discard_of(soul.phys).append(soul.phys)


def reroll_item(g: Game, o: Obj, why: str) -> bool:
    """FS-6.18: destroy it; if you did, its controller gains 1 treasure (shop: refill the same slot)."""
    ctrl = o.controller
    if not destroy(g, o, why):
        return False
    if ctrl >= 0:
        for _ in range(replacements.treasure_replacements(g, g.players[ctrl], 1, why)):  # Damocles (FS-5.4)
            gain_treasure(g, g.players[ctrl], why)
    return True


def become_soul(ctx: Any, p: dict) -> bool:
    g = ctx.g
    card = p.get("card", "self")
    you = g.players[ctx.you]
    src = ctx.src
    if isinstance(src, Phys) and src.virtual:
        return False  # a copy is not a card: it cannot become a soul (FS-5.11)
    if statics.souls_barred(g, g.players[ctx.you]):
        return False  # FS-14.5: no one can gain a soul now (All Hallow's Eve); the card stays where it is
    if isinstance(src, Phys):  # Lost Soul: the loot on the stack becomes your soul (FS-14.5)
        if src in g.loot_disc:  # a Roll- loot was discarded as it resolved; its result reads on (FS-4.18)
            g.loot_disc.remove(src)
        elif went_on(g, src):
            return False  # it left that discard before its result was read: a new object (FS-3.2)
        ctx.moved = True
        if p.get("who") is not None:  # given to another player as a soul (Star Promos Lost Soul): a give,
            q = statics.the_player(
                ctx, p["who"]
            )  # not a gain (FS-6.12), so "gained a soul" triggers stay silent
            o = g.new_obj(src, "soul", q.seat)
            o.soul_value = getattr(src.card, "soul", 0) or 1
            q.souls.append(o)
            g.log.emit("soul_gained", q.seat, src.card.name, None, o.soul_value, "given")
            triggers.fire(g, "soul_entered", target=q, soul=o)
            return True
        o = g.new_obj(src, "soul", you.seat)
        o.soul_value = getattr(src.card, "soul", 0) or 1
        gain_soul(g, you, o, "loot")
        return True
    if isinstance(src, Obj):
        if src.in_play and src.kind == "item":  # a player's item, or one in a shop slot (FS-5.9(c)): it
            if not leave_play(g, src):  # leaves the slot, whose covered card shows again (FS-3.8)
                return False
        elif src.in_play and src.kind == "event":  # a monster-deck event: "this becomes a soul" (Holy Chest)
            if not leave_play(g, src):
                return False
        elif card == "self_card" or p.get("from"):
            phys = src.phys
            found = False
            for z in (g.treasure_disc, g.monster_disc, g.loot_disc):
                if phys in z:
                    z.remove(phys)
                    found = True
                    break
            if not found:
                return False
        else:
            return False
        o = g.new_obj(src.phys, "soul", you.seat)
        o.soul_value = getattr(src.phys.card, "soul", 0) or 1
        o.starting = src.starting
        gain_soul(g, you, o, "item")
        return True
    return False


def cancel(g: Game, it: StackItem) -> None:
    """FS-6.9: removed unresolved; a cancelled loot goes to the discard; a cancelled death heals."""
    g.stack.remove(it)
    off_stack(it)
    if isinstance(it, LootItem) and not it.phys.virtual:
        g.loot_disc.append(it.phys)
    elif isinstance(it, DeathItem):
        death_averted(g, it.victim)
    elif isinstance(it, AbilityItem) and it.event_obj is not None:
        event_done(g, it.event_obj)
    elif type(it) is RollItem:
        if it.group is not None:
            roll_reader.group_die(g, it, None)  # FS-9.2(1): the others of its group are read without it
        if event_of(it) is not None:
            event_done(g, event_of(it))
    g.log.emit("cancelled", it.controller, getattr(it, "name", None) or _item_name(it))


def _item_name(it: StackItem) -> str:
    if isinstance(it, LootItem):
        return it.phys.card.name
    if isinstance(it, AbilityItem):
        return it.ctx.name
    return it.kind


def cancel_all(g: Game, me: Any) -> bool:
    did = False
    for it in list(reversed(g.stack)):
        if it is me or it not in g.stack:
            continue
        cancel(g, it)
        did = True
    if g.attack is not None:
        g.attack.cancelled = True  # FS-10.11
    return did


def end_turn(g: Game) -> None:
    """FS-8.9 / FS-Q.38: the end phase starts once the stack is empty; any attack ends."""
    g.ending_turn = True
    if g.attack is not None:
        g.attack.cancelled = True


def _penalty_keeps(g: Game, p: Player) -> frozenset:
    """What p's ``penalty_keeps`` statics spare from the death penalty (Soulbond: cents and loot)."""
    found = statics.player_statics(g, p, "penalty_keeps")
    return frozenset(k for _o, v in found if isinstance(v, dict) for k, on in v.items() if on is True)


def death_penalty(g: Game, p: Player) -> Phys | None:
    """FS-13.9: destroy a non-eternal item, discard a loot, lose 1¢, deactivate every ↷ object. Returns the
    card of the item the penalty destroyed, if any (Isaac's Last Will takes it from the discard)."""
    for o in p.items:  # FS-5.4: your own replacement for the death penalty (Ball of Tumors)
        for rep in o.rules.replaces:
            ev = rep.get("event")
            if isinstance(ev, dict) and ev.get("death_penalty") == "you" and rep.get("instead") is not None:
                ctx = statics.Ctx(g, p.seat, o, name=o.phys.card.name)
                if rep.get("if") is None or statics.cond(ctx, rep["if"]):
                    interpreter.run(ctx, rep["instead"])
                    return None
    for k in range(1, g.n):  # a replacement of another player's penalty (Shadow), once (FS-5.6)
        q = g.players[(p.seat + k) % g.n]
        for o in q.items:
            for rep in o.rules.replaces:
                ev = rep.get("event")
                if (
                    isinstance(ev, dict)
                    and ev.get("death_penalty", "you") != "you"
                    and rep.get("instead") is not None
                ):
                    ctx = statics.Ctx(g, q.seat, o, name=o.phys.card.name)
                    ctx.ev = {"victim": p}
                    if rep.get("if") is not None and not statics.cond(ctx, rep["if"]):
                        continue  # its condition does not hold: the penalty is not replaced (FS-5.4)
                    interpreter.run(ctx, rep["instead"])
                    return None
    lost: Phys | None = None
    keep = _penalty_keeps(g, p)
    opts = tuple(o for o in p.items if not o.eternal) if "item" not in keep else ()
    if opts:
        if p.souls and _random_penalty(p):  # Unboxing's Delirium held as a soul: the item is drawn at random
            it = opts[g.streams("random pick", p.seat).randrange(len(opts))]
        else:
            it = ask(g, p.seat, "penalty_item", opts, "death penalty")
        to = statics.penalty_taker(g, p)  # Battle Royale: given to the active player instead (FS-6.12)
        given = to is not None and move_item(g, it, to, "give", "death_penalty")
        if not given and not _penalty_to_shop(g, p, it) and destroy(g, it, "death_penalty"):
            lost = it.phys
    if p.hand and "loot" not in keep:
        discard_loot(g, p, 1, False, "death_penalty")
    if "cents" not in keep:
        lose_cents(g, p, 1, "death_penalty")
    for o in g.player_objects(p):
        if o.rules.tap:
            o.charged = False
    return lost


def _penalty_to_shop(g: Game, p: Player, it: Obj) -> bool:
    """Summer's Shopkeeper (a ``penalty_to_shop`` static on a monster in play): the item the death penalty
    would destroy goes into a shop slot the dying player picks instead (FS-5.4), on top of the item there,
    which is covered till the slot's top leaves (FS-3.8). No shop slot: it is destroyed as usual."""
    found = statics.table_statics(g, "penalty_to_shop")
    if not any(o.in_play and o.kind == "monster" for o, _b in found):
        return False
    tops = tuple(s[-1] for s in g.shop if s and isinstance(s[-1], Obj))
    if not tops:
        return False
    under = ask(g, p.seat, "choose_target", tops, "Shopkeeper")
    slot = next(s for s in g.shop if s and s[-1] is under)
    if not move_item(g, it, -1, "give", "Shopkeeper", into=under):
        return False
    under.in_play = False
    slot.insert(len(slot) - 1, under.phys)  # the item logged as lost to the shop (move_item)
    return True


def _random_penalty(p: Player) -> bool:
    """A ``random_penalty_item`` static on a soul ``p`` controls: their death penalty's item is picked at
    random (FS-13.9; read from the soul, our reading of FS-14.5 for a soul whose text names its holder)."""
    return any("random_penalty_item" in b for s in p.souls if s.rules is not None for b in s.rules.statics)


# The death penalty's static and the replacements applied here (vocabulary.STATICS / REPLACEMENTS).
V.STATICS.implement(
    {
        "penalty_keeps": _penalty_keeps,
        "random_penalty_item": _random_penalty,
        "penalty_to_shop": _penalty_to_shop,
    }
)
V.REPLACEMENTS.implement({"destroyed": destroy, "death_penalty": death_penalty})


V.STATICS.implement({"passes_on": pass_curse})  # read when a curse would go to the discard (FS-5.4)
