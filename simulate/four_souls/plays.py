"""What a player may do when they hold priority (FS-7): the legal loot plays and activated abilities,
and taking one (it goes on the stack)."""

from __future__ import annotations

from typing import Any

from . import blank_card, resources, selectors, statics, targets, triggers
from .abilities import Ability, CardRules
from .carddefs import Card
from .costs import can_pay_cost, doomed_by_cost, pay_cost
from .items import AbilityItem, LootItem, RollItem
from .state import Game, Obj, Phys, Player


def legal_actions(g: Game, seat: int) -> list:
    """Loot plays and activated abilities ``seat`` could use now (cheap checks first: this runs at
    every priority window for every player, FS-7)."""
    p = g.players[seat]
    out: list = []
    forbid = statics.forbidden(g, seat) if g.cache.forbid_on else ()
    copies = blank_card.copies(g, seat)
    cap_acts, cap_loot = statics.turn_limits(g)  # Shadow of Famine (FS-6.1, FS-8.4); None, None nearly always
    plays = p.loot_plays > 0 or p.unlimited_loot
    # FS-4.2: a "simple" ability's targets (players) always exist, unless an `untargetable` static bars a
    # player (The Monster of Summer): then each target is checked, so no option is offered whose stacking
    # fails and leaves the player asked again in the same position, without end
    guarded = bool(statics.untargetable_seats(g))
    if (
        (plays or copies)
        and (p.hand or copies)
        and "play_loot" not in forbid
        and (cap_loot is None or p.loots_played < cap_loot)
    ):
        seen = set()
        for c in (*p.hand, *copies) if copies else p.hand:
            free = bool(copies) and blank_card.is_free(g, c)  # FS-8.4: played without a loot play
            if not plays and not free:
                continue
            card: Card = c.card
            cid = card.id if not copies or (c.virtual is False and not free) else (card.id, c.virtual, free)
            if cid in seen:
                continue  # one option per distinct card (copies of a card play the same)
            seen.add(cid)
            rules: CardRules = c.rules
            play = rules.play
            if (play is not None and play.simple and not guarded) or can_play_loot(g, seat, c):
                out.append(("loot", c))
    no_items = "activate_item" in forbid
    if "activate_ability" in forbid:  # no activated ability at all (Alt Art Rag Mega)
        return out
    roll = None  # is a roll on the stack? (asked at most once)
    if cap_acts is not None and p.acts_used >= cap_acts:
        return out
    tax = statics.tap_price(g) if g.rooms is not None else -1  # Greed Mode (a room): -1 = none
    o: Obj
    kind: str
    i: int
    ab: Ability
    for o, kind, i, ab in _act_entries(g, p):
        if kind == "tap":
            if tax >= 0 and o.kind not in (
                "room",
                "monster",
            ):  # FS-4.4: a $ ability now — no charge needed, n¢ instead
                if p.cents < tax or (ab.cost and not can_pay_cost(g, p, o, ab.cost)):
                    continue
            elif not o.charged or (ab.cost and not can_pay_cost(g, p, o, ab.cost)):
                continue
        elif not can_pay_cost(g, p, o, ab.cost):
            continue
        if no_items and o.kind == "item":
            continue
        if ab.topts and not statics.cond(
            statics.Ctx(g, seat, o, name=o.phys.card.name) if o.kind == "monster" else statics.ctx_of(g, o),
            ab.topts["if"],
        ):
            continue  # a ↷ ability that says when it can be activated (Red Key, Friendly Ball)
        if ab.simple and not guarded:
            out.append((kind, o, i))
        elif ab.on_roll and not guarded:
            if roll is None:
                roll = any(type(it) is RollItem for it in g.stack)
            if roll:
                out.append((kind, o, i))
        elif _usable(g, seat, o, ab):
            out.append((kind, o, i))
    return out


def _act_entries(g: Game, p: Player) -> list:
    """``p``'s activated abilities (character first, then items in order), listed again only when
    objects entered play, changed controller or abilities, or ``p``'s item count changed."""
    rooms = (
        p.seat == g.active and g.rooms is not None and bool(g.rooms.slots)
    )  # FS-4.6 / FS-16.2: a room's abilities are the active player's
    victim = g.possessed.get(p.seat, -1) if g.possessed else -1  # Possession: their items too, this turn
    key = (
        g.obj_ver,
        len(p.items),
        rooms,
        p.seat == g.active,
        victim,
        len(g.players[victim].items) if victim >= 0 else 0,
    )
    hit = g.cache.acts.get(p.seat)
    if hit is not None and hit[0] == key:
        return hit[1]
    assert p.character is not None  # every seat plays a character (FS-2.7)
    objs = (p.character, *p.items, *(s[-1] for s in g.rooms.slots if s)) if rooms else (p.character, *p.items)
    # a monster's activated abilities: each says in its `if` who may use it, read for the player asking
    # (Shopkeeper!: the active player; Widow: a player with a spider counter; FS-4.6)
    objs = (*objs, *(m for m in g.monsters() if _acts(m)))
    if g.challenge and g.challenge.cards:  # FS-18.1: the challenge card is the game's; anyone may use it
        objs = (*objs, *g.challenge.cards)
    if victim >= 0:  # FS-4.6 read through Possession: activated as though this player controlled them
        objs = (*objs, *g.players[victim].items)
    acts = [(o, kind, i, ab) for o in objs for kind, i, ab in _acts(o)]
    g.cache.acts[p.seat] = (key, acts)
    return acts


def _acts(o: Obj) -> tuple:
    """``o``'s activated abilities as ``(kind, index, ability)`` (``CardRules.acts``), read natively."""
    rules: CardRules = o.rules
    return rules.acts


def activatable(g: Game, seat: int, o: Obj) -> list[tuple[str, int, Any]]:
    """The ↷ and $ abilities of ``o`` that ``seat`` could activate now (Telekinesis makes them activate one):
    a ↷ one needs ``o`` upright; each needs its cost payable and a legal target for each it names."""
    p = g.players[seat]
    out: list[tuple[str, int, Any]] = []
    for kind, i, ab in o.rules.acts:
        if kind == "tap" and not o.charged:
            continue
        if ab.cost and not can_pay_cost(g, p, o, ab.cost):
            continue
        if (ab.simple and not statics.untargetable_seats(g)) or _usable(g, seat, o, ab):  # FS-4.2
            out.append((kind, i, ab))
    return out


def _usable(g: Game, seat: int, o: Obj, ab: Ability) -> bool:
    """A legal and meaningful choice: every target has a candidate, and one that its own cost does
    not certainly destroy (a "destroy N items" cost that takes all of the player's N destroyable
    items leaves none of them to target)."""
    ctx = statics.Ctx(g, seat, o, name=o.phys.card.name)
    if not targets.has_targets(ctx, ab):
        return False
    doomed = doomed_by_cost(g.players[seat], o, ab.cost)
    if doomed and ab.targets:
        for sel in ab.targets.values():
            if all(c in doomed for c in selectors.candidates(ctx, sel)):
                return False
    return True


def can_play_loot(g: Game, seat: int, c: Phys) -> bool:
    r: CardRules = c.rules
    if r.play is None:
        return "trinket" in r.keywords or "ambush" in r.keywords  # still become something (FS-4.13/4.14)
    ab = r.play
    if ab.simple and not statics.untargetable_seats(g):  # FS-4.2: a barred player is no target
        return True
    return targets.has_targets(statics.Ctx(g, seat, c, name=c.card.name), ab)


def _pay_loot_cost(g: Game, p: Player, cost: Any, ctx: statics.Ctx) -> None:
    """A loot card's own cost (FS-4.4), paid as it is played, after its targets and once it left the hand:
    discarding loot (Fiend Fire: the rest of the hand). The cards it took are kept for ``discarded_count``."""
    taken: list = []
    for c in cost if isinstance(cost, list) else [cost]:
        val = c.get("discard_loot") if isinstance(c, dict) else None
        n = val.get("n", 1) if isinstance(val, dict) else (val or 1)
        before = list(p.hand)
        resources.discard_loot(g, p, n, False, ctx.name)
        taken.extend(x for x in before if x not in p.hand)
    ctx.ev = {**(ctx.ev or {}), "discarded": taken}


def take_action(g: Game, seat: int, choice: tuple) -> bool:
    p = g.players[seat]
    g.acted = g.resolved  # a player's choice (the runaway guard tells these loops from card loops)
    if choice[0] == "loot":
        c: Phys = choice[1]  # typed, as is the object below: their fields are native reads (compiled)
        ctx = statics.Ctx(g, seat, c, name=c.card.name)
        ab = c.rules.play
        if ab is not None and not targets.prepare(ctx, ab):
            return False
        free = blank_card.is_free(g, c)  # Baba's copy, a card under Rusty Spoons: no loot play used
        if not c.virtual and not free:
            if any(x is c for x in p.hand):
                p.hand.remove(c)
            else:
                blank_card.take_from_loot_top(g, seat, c)  # Glitter Bombs: it comes off the loot deck's top
        if not p.unlimited_loot and not free:
            p.loot_plays -= 1
        p.loots_played += 1
        if ab is not None and ab.cost:
            _pay_loot_cost(g, p, ab.cost, ctx)
        item = LootItem(c, seat, ctx)
        ctx.item = item
        g.stack.append(item)
        g.log.emit("loot_played", seat, c.card.name, None, None, "copy" if c.virtual else None)
        triggers.fire(
            g, "play_loot", seat=seat, loot=item
        )  # heard by cards in play (Conjoined Fatty, FS-8.4)
        blank_card.loot_played(g, seat, c)  # FS-5.12: a played copy stops existing; a pending copy is made
        return True
    o: Obj
    kind, o, i = choice
    ab = (o.rules.tap if kind == "tap" else o.rules.paid)[i]
    ctx = statics.Ctx(g, seat, o, name=o.phys.card.name)
    tax = (
        statics.tap_price(g)
        if kind == "tap" and g.rooms is not None and o.kind not in ("room", "monster")
        else -1
    )
    if tax >= 0:  # Greed Mode (a room): the ↷ ability is a $ ability costing tax ¢ (FS-4.4), targets first
        if p.cents < tax or (ab.cost and not can_pay_cost(g, p, o, ab.cost)) or not targets.prepare(ctx, ab):
            return False
        resources.pay(g, p, {"cents": tax}, o.phys.card.name)
        if ab.cost:
            pay_cost(g, p, o, ab.cost, ctx)
    elif kind == "tap":
        if ab.cost and not can_pay_cost(g, p, o, ab.cost):
            return False
        o.charged = False  # FS-4.7: the cost is deactivating (and any other cost it names, FS-4.4)
        if not targets.prepare(ctx, ab):
            o.charged = True
            return False
        if ab.cost:
            pay_cost(g, p, o, ab.cost, ctx)
    else:
        # targets first (FS-4.2), then the cost: an offered $ ability always goes on the stack, even
        # when its cost takes away the last legal target (Contract From Below destroying two items;
        # the ability then fizzles, FS-6.8) — not a silent pass after the cost was paid
        if not can_pay_cost(g, p, o, ab.cost) or not targets.prepare(ctx, ab):
            return False
        pay_cost(g, p, o, ab.cost, ctx)
    ab_item = AbilityItem(o, ab, seat, ctx)
    ctx.item = ab_item
    g.stack.append(ab_item)
    p.acts_used += 1
    if o.kind == "item":
        g.log.emit("item_activated", seat, o.phys.card.name, None, None, kind)
        triggers.fire(g, "activated_item", activator=seat, obj=o)
    elif o.kind == "character":
        triggers.fire(g, "activated_character", activator=seat, obj=o)
    elif o.kind == "room":  # FS-16.2: the active player uses a room's ability (logged like an item's use)
        g.log.emit("room_activated", seat, o.phys.card.name, None, None, kind)
    return True
