"""The stack and priority (FS-7), state checks (deaths FS-13.1, refills FS-12, wins FS-14.1, bonus
souls FS-Q.23, triggers FS-4.9), and the game actions every part of the engine shares (gain, pay,
loot, discard, move, damage, death)."""

from __future__ import annotations

from typing import Any

from cardlab.simulate.core import Decision

from . import dice, statics, triggers
from . import effects as fx
from .state import EngineError, Game, GameOver, Obj, Phys, Player, RunawayTurn
from .views import SeatRef, StackRef

_NO_PLAYERS = frozenset({"respond", "action", "discard", "attack_target", "buy_target", "may"})

BIG = 1 << 30


# ----------------------------------------------------------------------------- stack items


class StackItem:
    __slots__ = ("controller",)
    kind = "item"


class LootItem(StackItem):
    __slots__ = ("phys", "ctx")
    kind = "loot"

    def __init__(self, phys: Phys, controller: int, ctx: Any):
        self.phys, self.controller, self.ctx = phys, controller, ctx

    def __repr__(self) -> str:
        return f"<loot {self.phys.card.name}>"


class AbilityItem(StackItem):
    __slots__ = ("src", "ability", "ctx", "trigger", "akind", "event_obj")
    kind = "ability"

    def __init__(self, src: Obj | None, ability: Any, controller: int, ctx: Any, trigger: str | None = None):
        self.src, self.ability, self.controller, self.ctx, self.trigger = (
            src,
            ability,
            controller,
            ctx,
            trigger,
        )
        self.akind = ability.kind if ability is not None else "hook"
        self.event_obj = None

    def __repr__(self) -> str:
        return f"<ability {self.ctx.name} {self.akind}>"


class RollItem(StackItem):
    """A die roll on the stack (FS-9.2). ``purpose``: attack | table | reward."""

    __slots__ = (
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
    )
    kind = "roll"

    def __init__(self, seat: int, value: int, purpose: str):
        self.controller = self.seat = seat
        self.value = value
        self.purpose = purpose
        self.attack = purpose == "attack"
        self.table = self.ctx = self.target = self.reward = self.name = None
        self.changes = 0  # results this roll has had beyond the first (rerolls, changed values)
        self.checked = -1  # ``changes`` when its would-roll triggers last looked (FS-9.2(4))

    def __repr__(self) -> str:
        return f"<roll {self.value} p{self.seat} {self.purpose}>"


class DamageItem(StackItem):
    __slots__ = ("amount", "target", "src_seat", "src_obj", "combat", "roll", "name", "then")
    kind = "damage"

    def __init__(self, amount, target, src_seat, src_obj, combat, roll, name):
        self.amount, self.target, self.src_seat, self.src_obj = amount, target, src_seat, src_obj
        self.combat, self.roll, self.name = combat, roll, name
        self.controller = src_seat
        self.then = None  # the rest of an "and" that waits for this damage (XIV Temperance)

    def __repr__(self) -> str:
        return f"<damage {self.amount} -> {tname(self.target)}>"


class DeathItem(StackItem):
    __slots__ = ("victim", "killer", "roll")
    kind = "death"

    def __init__(self, victim, killer: int, roll: int | None = None):
        self.victim, self.killer, self.roll = victim, killer, roll
        self.controller = victim.seat if isinstance(victim, Player) else -1

    def __repr__(self) -> str:
        return f"<death {tname(self.victim)}>"


def tname(t: Any) -> str:
    if isinstance(t, Player):
        return f"p{t.seat}"
    if isinstance(t, Obj):
        return t.phys.card.name
    if isinstance(t, Phys):
        return t.card.name
    return str(t)


# ----------------------------------------------------------------------------- decisions


def ask(g: Game, seat: int, kind: str, options: tuple, context: Any = None) -> Any:
    """Every choice goes through the player's strategy (DESIGN: Decisions). Players are offered as
    :class:`SeatRef` and stack items as :class:`StackRef`, so an option never exposes hidden state."""
    if len(options) == 1:
        return options[0]
    statics.settle_hp(g)  # the HP a strategy reads is settled (FS-6.20), whatever it reads
    if kind not in _NO_PLAYERS and any(type(o) is Player or isinstance(o, StackItem) for o in options):
        mapped = tuple(_public(g, o) for o in options)
        choice = g.io.ask(Decision(kind, seat, mapped, g.views[seat], context))
        return options[mapped.index(choice)]
    return g.io.ask(Decision(kind, seat, options, g.views[seat], context))


def _public(g: Game, o: Any) -> Any:
    if type(o) is Player:
        return SeatRef(o.seat)
    if isinstance(o, StackItem):
        return stack_ref(g, o)
    return o


def stack_ref(g: Game, it: StackItem) -> StackRef:
    """The public face of a stack item (FS-3.3: everything in play and on the stack is public)."""
    k = it.kind
    if k == "roll":
        name, value, atk = it.name or "roll", it.value, it.attack
    elif k == "damage":
        name, value, atk = it.name, it.amount, it.combat
    elif k == "loot":
        name, value, atk = it.phys.card.name, None, False
    elif k == "death":
        name, value, atk = tname(it.victim), None, False
    else:
        name, value, atk = it.ctx.name, None, False
    return StackRef(g.stack.index(it), k, name, it.controller, value, atk)


# ----------------------------------------------------------------------------- priority (FS-7)


def priority(
    g: Game, first: int | None = None, floor: int = 0, until_empty: bool = False, attack_over: Any = None
) -> None:
    """Pass priority until every player passes in succession with the stack back at ``floor`` (what
    was on it then, less anything removed from it meanwhile).

    FS-7.4: a player who adds something receives priority first; FS-7.5: after a resolution, or after
    triggered abilities are put on the stack, priority starts with the active player; FS-7.6: the top
    item resolves when all pass in succession. ``until_empty``: return as soon as the stack is empty
    again, without a further round — in the action phase the active player then holds priority, which
    is their next action decision, and the others get priority only after that player's next
    declaration (FS-7.7, FS-8.7); after an attack's target is chosen there is no window unless
    something triggered (FS-Q.6). ``attack_over``: the same once an attack has ended (FS-10.11).
    """
    n = g.n
    seat = g.active if first is None else first
    below = g.stack[:floor]  # "back at floor" = only these are left: one of them may be cancelled meanwhile
    while True:
        state_checks(g)
        if _at_floor(g.stack, below) and (until_empty or (attack_over is not None and attack_over())):
            return
        passes = 0
        top = _top_ref(g) if g.stack else None  # the same for every player until one of them acts
        decliners = g.decliners or _decliners(g)
        views = g.views
        while passes < n:
            fn = decliners[seat]
            if fn is not None and fn("respond", views[seat], top):  # declined unseen (most windows)
                g.io.declined += 1
                passes += 1
                seat = (seat + 1) % n
                continue
            if _respond(g, seat, top):
                height = len(g.stack)
                state_checks(g)
                if len(g.stack) > height:
                    seat = g.active  # triggers went on the stack (FS-7.5)
                passes = 0
                top = _top_ref(g) if g.stack else None
                continue
            passes += 1
            seat = (seat + 1) % n
        if _at_floor(g.stack, below):
            return
        resolve_top(g)
        seat = g.active


def _at_floor(stack: list, below: list) -> bool:
    """Nothing added since the window opened is left. Items are only ever added on top, so it is
    enough that the top one was already there; counting heights is not, because a response may cancel
    an item below the floor (Butter Bean on an ability under a death's step-4 trigger: the trigger
    would be left unresolved, soak bug "Rag Man in two zones")."""
    if not stack:
        return True
    if below:
        top = stack[-1]
        for it in below:
            if it is top:
                return True
    return False


def respond(g: Game, seat: int) -> bool:
    """Offer ``seat`` a response; False (without asking) when it has no legal one (FS-7, DESIGN) or
    when its strategy declines the window unseen (kernel ``Strategy.declines``: most windows)."""
    top = _top_ref(g) if g.stack else None
    fn = (g.decliners or _decliners(g))[seat]
    if fn is not None and fn("respond", g.views[seat], top):
        g.io.declined += 1
        return False
    return _respond(g, seat, top)


def _respond(g: Game, seat: int, top: StackRef | None) -> bool:
    """``respond`` once the strategy did not decline: list the legal responses and ask."""
    opts = legal_actions(g, seat)
    if not opts:
        return False
    view = g.views[seat]
    choice = g.io.ask(Decision("respond", seat, ("pass", *opts), view, top))
    if choice == "pass":
        return False
    return take_action(g, seat, choice)


def _decliners(g: Game) -> list:
    g.decliners = g.io.decliners()
    return g.decliners


def _top_ref(g: Game) -> StackRef:
    """The top item's StackRef, kept while the same item is on top at the same height with the same
    value (a priority round asks every player about the same top item)."""
    it = g.stack[-1]
    k = it.kind
    key = (it, len(g.stack), it.value if k == "roll" else it.amount if k == "damage" else None)
    if g.top_key != key:
        g.top_key = key
        g.top_ref = stack_ref(g, it)
    return g.top_ref


def legal_actions(g: Game, seat: int) -> list:
    """Loot plays and activated abilities ``seat`` could use now (cheap checks first: this runs at
    every priority window for every player, FS-7)."""
    p = g.players[seat]
    out: list = []
    forbid = statics.forbidden(g, seat) if g.forbid_on else ()
    if (p.loot_plays > 0 or p.unlimited_loot) and (p.hand or p.copies) and "play_loot" not in forbid:
        seen = set()
        for c in (*p.hand, *p.copies) if p.copies else p.hand:
            cid = c.card.id if not c.virtual else (c.card.id, True)
            if cid in seen:
                continue  # one option per distinct card (copies of a card play the same)
            seen.add(cid)
            play = c.rules.play
            if (play is not None and play.simple) or can_play_loot(g, seat, c):
                out.append(("loot", c))
    no_items = "activate_item" in forbid
    roll = None  # is a roll on the stack? (asked at most once)
    for o, kind, i, ab in _act_entries(g, p):
        if kind == "tap":
            if not o.charged:
                continue
        elif not can_pay_cost(g, p, o, ab.cost):
            continue
        if no_items and o.kind == "item":
            continue
        if ab.simple:
            out.append((kind, o, i))
        elif ab.on_roll:
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
    rooms = g.rslots and p.seat == g.active  # FS-4.6 / FS-16.2: a room's abilities are the active player's
    key = (g.obj_ver, len(p.items), rooms)
    if p.acts_key == key:
        return p.acts
    objs = (p.character, *p.items, *(s[-1] for s in g.rslots if s)) if rooms else (p.character, *p.items)
    p.acts = [(o, kind, i, ab) for o in objs for kind, i, ab in o.rules.acts]
    p.acts_key = key
    return p.acts


def _usable(g: Game, seat: int, o: Obj, ab: Any) -> bool:
    """A legal and meaningful choice: every target has a candidate, and one that its own cost does
    not certainly destroy (a "destroy N items" cost that takes all of the player's N destroyable
    items leaves none of them to target)."""
    ctx = fx.Ctx(g, seat, o, name=o.phys.card.name)
    if not fx.has_targets(ctx, ab):
        return False
    doomed = _doomed_by_cost(g.players[seat], ab.cost)
    if doomed and ab.targets:
        for sel in ab.targets.values():
            if all(c in doomed for c in fx.candidates(ctx, sel)):
                return False
    return True


def _doomed_by_cost(p: Player, cost: Any) -> list:
    """The items a cost must destroy whatever the player picks (FS-4.4)."""
    for c in cost or ():
        name, val = _cost_parts(c)
        if name == "destroy":
            mine = [x for x in p.items if not x.eternal]
            if len(mine) == _destroy_count(val):
                return mine
    return []


def can_play_loot(g: Game, seat: int, c: Phys) -> bool:
    r = c.rules
    if r.play is None:
        return "trinket" in r.keywords or "ambush" in r.keywords  # still become something (FS-4.13/4.14)
    ab = r.play
    if ab.simple:
        return True
    return fx.has_targets(fx.Ctx(g, seat, c, name=c.card.name), ab)


def take_action(g: Game, seat: int, choice: tuple) -> bool:
    p = g.players[seat]
    g.acted = g.resolved  # a player's choice (the runaway guard tells these loops from card loops)
    if choice[0] == "loot":
        c = choice[1]
        ctx = fx.Ctx(g, seat, c, name=c.card.name)
        ab = c.rules.play
        if ab is not None and not fx.prepare(ctx, ab):
            return False
        if c.virtual:
            p.copies.remove(c)  # FS-5.12: the copy stops existing once played (it lives on the stack)
        else:
            p.hand.remove(c)
        if not p.unlimited_loot:
            p.loot_plays -= 1
        item = LootItem(c, seat, ctx)
        ctx.item = item
        g.stack.append(item)
        g.log.emit("loot_played", seat, c.card.name, None, None, "copy" if c.virtual else None)
        if p.blank_cards and not c.virtual and "trinket" not in c.rules.keywords:
            p.blank_cards -= 1  # Blank Card: copy this loot card; the copy may be played this turn
            p.copies.append(Phys(-c.pid, c.card, c.rules, True))
        return True
    kind, o, i = choice
    ab = (o.rules.tap if kind == "tap" else o.rules.paid)[i]
    ctx = fx.Ctx(g, seat, o, name=o.phys.card.name)
    if kind == "tap":
        o.charged = False  # FS-4.7: the cost is deactivating
        if not fx.prepare(ctx, ab):
            o.charged = True
            return False
    else:
        # targets first (FS-4.2), then the cost: an offered $ ability always goes on the stack, even
        # when its cost takes away the last legal target (Contract From Below destroying two items;
        # the ability then fizzles, FS-6.8) — not a silent pass after the cost was paid
        if not can_pay_cost(g, p, o, ab.cost) or not fx.prepare(ctx, ab):
            return False
        pay_cost(g, p, o, ab.cost, ctx)
    item = AbilityItem(o, ab, seat, ctx)
    ctx.item = item
    g.stack.append(item)
    if o.kind == "item":
        g.log.emit("item_activated", seat, o.phys.card.name, None, None, kind)
        triggers.fire(g, "activated_item", activator=seat, obj=o)
    return True


# ----------------------------------------------------------------------------- costs (FS-4.4, FS-6.6)


def can_pay_cost(g: Game, p: Player, o: Obj, cost: Any) -> bool:
    for c in cost or ():
        name, val = _cost_parts(c)
        if name == "pay":
            cents = val.get("cents", 0) if isinstance(val, dict) else val
            hp = val.get("hp", 0) if isinstance(val, dict) else 0
            if p.cents < (cents or 0) or (hp and statics.player_hp(g, p) < hp):
                return False
        elif name == "discard_loot":
            if len(p.hand) < (val.get("n", 1) if isinstance(val, dict) else (val or 1)):
                return False
        elif name == "remove_counters":
            n = val.get("n", 1) if isinstance(val, dict) else val
            if o.counters + o.levels < n:
                return False
        elif name == "destroy":
            need = _destroy_count(val)
            if len([x for x in p.items if not x.eternal]) < need:
                return False
        elif name == "give" and not [x for x in p.items if not x.eternal and x is not o]:
            return False
    return True


def _cost_parts(c: Any) -> tuple[str, Any]:
    if isinstance(c, dict):
        name = next(iter(c))
        return name, c[name]
    return str(c), None


def _destroy_count(val: Any) -> int:
    if isinstance(val, dict):
        t = val.get("target", val)
        if isinstance(t, dict) and "count" in t:
            return int(t["count"])
        return int(val.get("n", 1)) if "n" in val else 1
    return 1


def pay_cost(g: Game, p: Player, o: Obj, cost: Any, ctx: Any) -> bool:
    if not can_pay_cost(g, p, o, cost):
        return False
    for c in cost or ():
        name, val = _cost_parts(c)
        if name == "pay":
            pay(g, p, val if isinstance(val, dict) else {"cents": val}, ctx.name)
        elif name == "discard_loot":
            discard_loot(g, p, val.get("n", 1) if isinstance(val, dict) else (val or 1), False, ctx.name)
        elif name == "remove_counters":
            n = val.get("n", 1) if isinstance(val, dict) else val
            take = min(n, o.counters)
            o.counters -= take
            o.levels -= n - take
        elif name == "destroy":
            for _ in range(_destroy_count(val)):
                opts = tuple(x for x in p.items if not x.eternal)
                destroy(g, ask(g, p.seat, "destroy_cost", opts, ctx.name), ctx.name)
        elif name == "give":
            opts = tuple(x for x in p.items if not x.eternal and x is not o)
            it = ask(g, p.seat, "give_item", opts, ctx.name)
            to = ask(g, p.seat, "choose_player", tuple(q for q in g.players if q is not p), ctx.name)
            move_item(g, it, to.seat, "give", ctx.name)
    return True


def pay(g: Game, p: Player, val: dict, why: str) -> bool:
    cents = val.get("cents", 0) or 0
    hp = val.get("hp", 0) or 0
    if p.cents < cents or (hp and statics.player_hp(g, p) < hp):
        return False  # FS-6.6: you cannot pay what you do not have
    if cents:
        p.cents -= cents
        g.pay_to_bank(cents)
        g.log.emit("cents_paid", p.seat, why, None, cents)
    if hp:
        p.damage += hp  # paying HP lowers HP, not max HP
        g.log.emit("damage", p.seat, why, f"p{p.seat}", hp, "paid")
    return True


# ----------------------------------------------------------------------------- resolution


RESOLUTION_CAP = 20_000  # stack resolutions in one turn before the runaway guard acts
_AUTOMATIC = 2_000  # resolutions with no player adding anything by choice: an automatic (card) loop


def resolve_top(g: Game) -> None:
    g.resolved += 1
    if g.resolved > RESOLUTION_CAP:
        if g.resolved - g.acted <= _AUTOMATIC:
            raise RunawayTurn(g.turn)  # players keep choosing to add items ($ abilities, FS-4.7)
        raise EngineError(
            f"more than {RESOLUTION_CAP} stack resolutions in turn {g.turn}, the last {_AUTOMATIC} "
            "without any player's choice: a card loop"
        )
    item = g.stack.pop()
    k = item.kind
    if k == "roll":
        dice.resolve_roll(g, item)
    elif k == "damage":
        resolve_damage(g, item)
    elif k == "death":
        resolve_death(g, item)
    elif k == "loot":
        resolve_loot(g, item)
    else:
        resolve_ability(g, item)
    if g.wins_after:  # FS-14.3: "this player wins" after the ability resolves (FS-14.2: several = draw)
        g.over = True
        raise GameOver(g.wins_after)


def resolve_loot(g: Game, item: LootItem) -> None:
    c, ctx = item.phys, item.ctx
    ab = c.rules.play
    g.stop_effect = False
    if ab is not None:
        if fx.fizzled(ctx):
            g.log.emit("fizzled", item.controller, c.card.name)
        else:
            fx.run(ctx, ab.do)
    kws = c.rules.keywords
    if c.virtual:
        return  # a copy exists only on the stack (FS-5.11, FS-5.12)
    if getattr(ctx, "moved", False):
        return  # the effect moved the card itself (XIX The Sun, Lost Soul)
    if "trinket" in kws:  # FS-4.13: it becomes an item of its player
        o = g.new_obj(c, "item", item.controller)
        g.players[item.controller].items.append(o)
        g.log.emit("item_gained", item.controller, c.card.name, None, None, "trinket")
        return
    if "ambush" in kws:
        ambush(g, c, item.controller)
        return
    g.loot_disc.append(c)


def ambush(g: Game, c: Phys, seat: int) -> None:
    """FS-4.14 / FS-Q.22: the resolving ambush's controller chooses a monster slot; the loot becomes a
    monster there, covering the top card, and the active player must attack it one more time this turn
    (an obligation that lapses if it leaves play first, FS-10.16)."""
    o = put_in_monster_slot(g, c, seat)
    g.log.emit("ambush", seat, c.card.name, None, o.slot)
    g.must_attack.append((o, False))


def resolve_ability(g: Game, item: AbilityItem) -> None:
    ctx = item.ctx
    ab = item.ability
    g.stop_effect = False
    if ab is not None and ab.topts.get("if") is not None and not fx.cond(ctx, ab.topts["if"]):
        g.log.emit("fizzled", item.controller, ctx.name)  # intervening if (FS-6.8 [C])
    elif fx.fizzled(ctx):
        g.log.emit("fizzled", item.controller, ctx.name)
    elif (
        ab is not None
        and ab.optional
        and not ask(g, ctx.by if ctx.by is not None else ctx.you, "may", (True, False), ctx.name)
    ):
        pass
    elif ab is not None:
        fx.run(ctx, ab.do)
    if item.event_obj is not None:
        event_done(g, item.event_obj)


def _event_of(r: RollItem) -> Any:
    """The event whose ability made this roll (its reader then belongs to the event too)."""
    ctx = r.ctx
    return (ctx.ev or {}).get("event_obj") if ctx is not None else None


def event_done(g: Game, ev: Obj) -> None:
    """FS-1.17: once every ability of an event has resolved or been cancelled, it is discarded."""
    for it in g.stack:
        if isinstance(it, AbilityItem) and it.event_obj is ev:
            return
        if type(it) is RollItem and _event_of(it) is ev:
            return  # a Roll- ability is its roll and the reading ability (FS-4.18): not done yet
    for t in g.pending:
        if t[2] is ev:
            return
    if ev.in_play:
        remove_from_slot(g, ev)
        g.monster_disc.append(ev.phys)
        g.log.emit("event_resolved", g.active, ev.phys.card.name)


# ----------------------------------------------------------------------------- state checks


def state_checks(g: Game) -> None:
    """Between stack events: win check (FS-14.1), bonus souls (FS-Q.23), deaths (FS-13.1), slot
    refills (FS-12.1) and pending triggers (FS-4.9), in that order, until nothing changes."""
    if g.log.n == g.checked_n and not g.pending and all(g.shop) and all(g.mslots) and all(g.rslots):
        return  # nothing happened since the last check and every slot is full
    for _ in range(200):
        n = g.log.n
        fresh = n != g.checked_n  # something happened since the last check (every change emits)
        if fresh:
            if g.log.ns != g.checked_ns:  # only a soul gained can make a winner (FS-14.1)
                g.checked_ns = g.log.ns
                check_win(g)
            if g.bonus and g.log.nb != g.checked_nb:
                g.checked_nb = g.log.nb
                check_bonus(g)
        changed = not (all(g.shop) and all(g.mslots) and all(g.rslots)) and refill_slots(g)
        if g.pending:
            triggers.flush(g)
            changed = True
        if fresh:
            g.checked_n = n
            statics.settle_hp(g)  # FS-6.20: a lost +HP item first removes damage, then deaths
            if push_deaths(g):
                changed = True
        if not changed:
            return
    raise EngineError("state checks did not settle (refill loop?)")


def check_win(g: Game) -> None:
    if g.coop:  # FS-17.5: solo/co-op replace the competitive win with the combined goal
        from .coop import check_goal

        check_goal(g)
        return
    need = g.cfg.souls_to_win
    winners = None
    for p in g.players:
        if (p.souls or p.char_soul) and p.soul_total() >= need:
            winners = (*winners, p.seat) if winners else (p.seat,)
    if winners:
        g.over = True
        raise GameOver(winners)  # FS-14.2: several at once = a draw among them


def _bonus_test(b: Phys):
    """A bonus soul's condition as ``first(g, order)``: the first player in ``order`` who meets it, or
    None. The common forms are plain loops (checked at every cents/hand/item change), anything else
    goes through the expression evaluator."""
    text = str(b.rules.soul_when)
    head, _sep, tail = text.partition(" >= ")
    n = int(tail) if tail.strip().isdigit() else None
    if head == "hand_size(player)" and n is not None:

        def first(g: Game, order: list) -> Player | None:
            for p in order:
                if len(p.hand) >= n:
                    return p
            return None

    elif head == "cents(player)" and n is not None:

        def first(g: Game, order: list) -> Player | None:
            for p in order:
                if p.cents >= n:
                    return p
            return None

    elif head.startswith("count(items(player, ") and head.endswith("))") and n is not None:
        first = _keyword_count_test(head[len("count(items(player, ") : -2].strip(), n)
    else:

        def first(g: Game, order: list) -> Player | None:
            from .effects import Ctx, cond

            for p in order:
                ctx = Ctx(g, p.seat, None, name=b.card.name)
                ctx.binds["player"] = p
                if cond(ctx, b.rules.soul_when):
                    return p
            return None

    return first


def _keyword_count_test(kw: str, n: int):
    """``count(items(player, kw)) >= n`` (Soul Of Guppy). First the items with ``kw`` on the whole
    table, counted again only when the objects version moves (an item leaving play only lowers the
    count): most of the game there are not ``n`` of them at all, and then no player is looked at."""
    table = [None, 0]  # [obj_ver, items with ``kw`` under any player]

    def first(g: Game, order: list) -> Player | None:
        if table[0] != g.obj_ver:
            table[0] = g.obj_ver
            table[1] = sum(1 for p in order for o in p.items if kw in o.rules.keywords)
        if table[1] < n:
            return None
        for p in order:
            if sum(1 for o in p.items if kw in o.rules.keywords) >= n:
                return p
        return None

    return first


def check_bonus(g: Game) -> None:
    """FS-14.8 / FS-Q.23: checked like the win check; ties go to the first in turn order from the AP."""
    order = g.players[g.active :] + g.players[: g.active]
    for b in list(g.bonus):
        first = g.bonus_tests.get(b.pid)
        if first is None:
            first = g.bonus_tests[b.pid] = _bonus_test(b)
        p = first(g, order)
        if p is not None:
            g.bonus.remove(b)
            o = g.new_obj(b, "soul", p.seat)
            g.log.emit("bonus_soul_gained", p.seat, b.card.name, None, o.soul_value)
            gain_soul(g, p, o, "bonus")


def push_deaths(g: Game) -> bool:
    """FS-13.1: an object at 0 HP whose death is not on the stack dies at the next priority.
    FS-10.13 / FS-5.9(f): monster deaths go on top of player deaths (resolve first)."""
    pushed = False
    n, a = g.n, g.active
    # FS-5.9(d): simultaneous player deaths go on the stack in reverse turn order from the active
    # player, so they resolve in turn order (the active player's first)
    for k in range(n - 1, -1, -1):
        p = g.players[(a + k) % n]
        if p.damage and not p.dead and not p.death_pending and statics.player_hp(g, p) <= 0:
            p.death_pending = True
            g.stack.append(DeathItem(p, g.last_damager.get(("p", p.seat), -1)))
            triggers.fire(g, "would_die", victim=p, death=g.stack[-1])
            pushed = True
    dying = [
        m
        for slot in g.mslots
        if slot
        and (m := slot[-1]).damage
        and m.kind == "monster"
        and not m.dying
        and statics.monster_hp(g, m) <= 0
    ]
    if len(dying) > 1:  # FS-4.10(1) / FS-5.9(e): the active player orders the game's deaths
        dying = ordered_by(g, a, dying, [m.phys.card.name for m in dying], "resolve first")
    for m in dying:
        m.dying = True
        g.stack.append(DeathItem(m, g.last_damager.get(("m", m.uid), g.active), g.killing_roll.get(m.uid)))
        pushed = True
    return pushed


def ordered_by(g: Game, chooser: int, objs: list, names: list, context: str) -> list:
    """``chooser`` orders simultaneous stack items (decision ``order_triggers``: options
    ``(name, index)``, the pick resolves first); returned in the order they go on the stack."""
    rest = list(zip(objs, names, strict=True))
    first_to_last: list = []
    while len(rest) > 1:
        opts = tuple((name, k) for k, (_o, name) in enumerate(rest))
        pick = ask(g, chooser, "order_triggers", opts, context)
        first_to_last.append(rest.pop(pick[1])[0])
    first_to_last.append(rest[0][0])
    return list(reversed(first_to_last))


def refill_slots(g: Game) -> bool:
    """FS-12.1: every slot must hold a card; refilled from the deck top at the next priority."""
    changed = False
    for i, slot in enumerate(g.shop):
        if not slot:
            c = g.draw(g.treasure, g.treasure_disc)
            if c is None:
                continue  # FS-Q.35
            o = g.new_obj(c, "item", -1, slot=i)
            slot.append(o)
            changed = True
    for i, slot in enumerate(g.mslots):
        while not slot and i not in g.hold_slots:
            if not _monster_left(g):
                break  # only events left: revealing them would cycle for ever (FS-Q.35 extended)
            c = g.draw(g.monster, g.monster_disc)
            if c is None:
                break
            reveal_into_slot(g, c, i)
            changed = True
            if not indomitable(c):
                break  # an Indomitable monster took a new slot (FS-4.17(1)): this one still needs a card
    for i, slot in enumerate(g.rslots):
        if not slot:
            from . import rooms

            changed = rooms.fill(g, i) or changed  # FS-16.5
    return changed


def _monster_left(g: Game) -> bool:
    """Does the monster deck or its discard still hold a card with a stat block (FS-1.12)?"""
    return any(c.card.hp is not None for z in (g.monster, g.monster_disc) for c in z)


def indomitable(x: Any) -> bool:
    """FS-4.17: a monster card (or a slot's top object) with the Indomitable keyword."""
    card = x.phys.card if isinstance(x, Obj) else x.card
    return x.rules is not None and "indomitable" in x.rules.keywords and card.hp is not None


def coverable_slots(g: Game) -> list[int]:
    """Monster slots a card may be put into: every slot whose top cannot refuse being covered
    (FS-4.17(2): an Indomitable monster cannot be covered)."""
    return [
        i
        for i, slot in enumerate(g.mslots)
        if not (slot and isinstance(slot[-1], Obj) and indomitable(slot[-1]))
    ]


def new_monster_slot(g: Game) -> int:
    """FS-4.17(1) / FS-3.12: expand monster slots by 1 (permanently); the new slot's index."""
    g.mslots.append([])
    g.log.emit("slots_expanded", g.active, None, "monster", len(g.mslots))
    return len(g.mslots) - 1


def reveal_into_slot(g: Game, c: Phys, i: int | None) -> Obj:
    """A monster-deck card (or an ambush, FS-4.14) enters slot ``i`` (covering what is there, FS-3.8).
    An Indomitable monster goes into a new slot instead (FS-4.17(1)); so does a card sent to a slot
    whose top is Indomitable (it cannot be covered, FS-4.17(2)) or with no slot to choose (``None``)."""
    top = g.mslots[i][-1] if i is not None and g.mslots[i] else None
    if i is None or indomitable(c) or (isinstance(top, Obj) and indomitable(top)):
        i = new_monster_slot(g)
    slot = g.mslots[i]
    if slot and isinstance(slot[-1], Obj):
        top = slot[-1]
        top.in_play = False  # covered: out of play, loses counters and damage (FS-5.14, FS-3.8)
        slot[-1] = top.phys
    is_monster = c.card.hp is not None
    o = g.new_obj(c, "monster" if is_monster else "event", -1, slot=i)
    slot.append(o)
    g.log.emit("monster_revealed", g.active, c.card.name, None, i, "monster" if is_monster else "event")
    if not is_monster:
        start_event(g, o)
    return o


def start_event(g: Game, o: Obj) -> None:
    """FS-1.17: an event's abilities trigger on entering play (a curse's first keyword ability among
    them, FS-4.16(1): it goes on the stack and gives the curse to a player when it resolves)."""
    if not o.rules.events:
        event_done(g, o)
        return
    for ab in o.rules.events:
        g.pending.append((0, ab, o, {"event_obj": o}))


def remove_from_slot(g: Game, o: Obj) -> None:
    """Take a slot's top object out of play and uncover the card beneath (FS-13.7)."""
    o.in_play = False
    for slots in (g.mslots, g.shop, g.rslots) if o.kind == "room" else (g.mslots, g.shop):
        for slot in slots:
            if slot and slot[-1] is o:
                slot.pop()
                if slot and isinstance(slot[-1], Phys):
                    c = slot.pop()
                    kind = "item" if slots is g.shop else ("monster" if c.card.hp is not None else "event")
                    u = g.new_obj(c, kind, -1, slot=o.slot)
                    slot.append(u)
                    if kind == "event":
                        start_event(g, u)
                return


# ----------------------------------------------------------------------------- resources


def gain_cents(g: Game, p: Player, n: int, why: str, from_bank: bool = True) -> bool:
    if n <= 0:
        return False
    n = statics.cents_replacements(g, p, n)  # FS-5.4: Counterfeit Penny, Bum-Bo!
    if n <= 0:
        return True
    got = g.take_from_bank(n)
    if got <= 0:
        return False
    p.cents += got
    g.log.emit("cents_gained", p.seat, why, None, got)
    return True


def lose_cents(g: Game, p: Player, n: int, why: str) -> bool:
    n = min(n, p.cents)
    if n <= 0:
        return False
    p.cents -= n
    g.pay_to_bank(n)
    g.log.emit("cents_lost", p.seat, why, None, n)
    return True


def loot(g: Game, p: Player, n: int, why: str) -> int:
    if g.delayed:
        for i, (name, _who, _do, repl, ctx) in enumerate(g.delayed):
            if name == "would_loot" and repl is not None:  # Compost: the next loot is replaced (FS-5.4)
                del g.delayed[i]
                sub = fx.Ctx(
                    g, ctx.you, ctx.src, dict(ctx.binds), {"amount": n, "target": p}, None, None, ctx.name
                )
                fx.run(sub, repl.get("instead"))
                return n
    if p.seat in g.loot_doublers:
        n *= 2  # Two of Clubs (FS-21: once, not multiplied again)
    drawn = 0
    for _ in range(n):
        c = g.draw(g.loot, g.loot_disc)
        if c is None:
            break
        p.hand.append(c)
        drawn += 1
    if drawn:
        g.log.emit("loot_drawn", p.seat, why, None, drawn)
    return drawn


def discard_loot(g: Game, p: Player, n: Any, rand: bool, why: str) -> int:
    """FS-6.4: the discarding player chooses (unless random); too few = the whole hand."""
    if n == "all":
        n = len(p.hand)
    any_number = n == "any_number"
    k = 0
    while p.hand and (any_number or k < n):
        if rand:
            c = p.hand[g.rng.randrange(len(p.hand))]
        else:
            opts = tuple(p.hand) + (("stop",) if any_number else ())
            c = ask(g, p.seat, "discard", opts, why)
            if c == "stop":
                break
        p.hand.remove(c)
        g.loot_disc.append(c)
        g.log.emit("loot_discarded", p.seat, c.card.name, None, None, why)
        k += 1
    return k


def transfer_loot(g: Game, frm: Player, to: Player, n: int, chooser: Player, random: bool, why: str) -> bool:
    moved = 0
    for _ in range(n):
        if not frm.hand:
            break
        if random or chooser is not frm and not any(c.pid in chooser.known for c in frm.hand):
            c = frm.hand[g.rng.randrange(len(frm.hand))]  # a hidden hand: a blind pick is random
        else:
            c = ask(g, chooser.seat, "choose_loot", tuple(frm.hand), why)
        frm.hand.remove(c)
        to.hand.append(c)
        moved += 1
    if moved:
        g.log.emit("loot_stolen" if chooser is to else "loot_given", to.seat, why, f"p{frm.seat}", moved)
    return moved > 0


def gain_treasure(g: Game, p: Player, why: str) -> bool:
    c = g.draw(g.treasure, g.treasure_disc)
    if c is None:
        return False
    o = g.new_obj(c, "item", p.seat)
    p.items.append(o)
    g.log.emit("item_gained", p.seat, c.card.name, None, None, why)
    return True


def card_to_player(g: Game, c: Phys, p: Player, why: str) -> None:
    """Gain a card from a deck: loot to hand, treasure into play (FS-1.3, FS-3.7)."""
    if c.card.deck == "loot":
        p.hand.append(c)
        g.log.emit("loot_drawn", p.seat, why, None, 1)
    elif c.card.deck == "treasure":
        o = g.new_obj(c, "item", p.seat)
        p.items.append(o)
        g.log.emit("item_gained", p.seat, c.card.name, None, None, why)
    else:
        g.discard_of(c).append(c)


def move_item(g: Game, o: Obj, to_seat: int, how: str, why: str) -> bool:
    """Give/steal/swap an object in play (FS-6.12): same object, new controller; counters stay."""
    if not o.in_play:
        return False
    if o.controller == to_seat:
        return False
    if o.controller >= 0:
        q = g.players[o.controller]
        lst = q.souls if o.kind == "soul" else q.items
        if o in lst:
            lst.remove(o)
        g.log.emit("item_lost", o.controller, o.phys.card.name, f"p{to_seat}", None, how)
    else:
        # from the shop: the slot refills from the deck (FS-12.1)
        for slot in g.shop:
            if slot and slot[-1] is o:
                slot.pop()
                if slot and isinstance(slot[-1], Phys):
                    u = g.new_obj(slot.pop(), "item", -1, slot=o.slot)
                    slot.append(u)
                break
    o.controller = to_seat
    g.obj_ver += 1  # a shop item's abilities start working under a player (trigger cache)
    if o.rules.forbid:
        g.forbid_on = True  # Trinity Shield now has a controller (FS-7.3)
    p = g.players[to_seat]
    if o.kind == "soul":
        p.souls.append(o)
        g.log.emit("soul_gained", to_seat, o.phys.card.name, None, o.soul_value, how)
    else:
        p.items.append(o)
        g.log.emit("item_gained", to_seat, o.phys.card.name, None, None, how)
    return True


def put_in_monster_slot(g: Game, c: Phys, chooser: int, choose_not_attacked: bool = False) -> Obj:
    opts = coverable_slots(g)
    if choose_not_attacked and g.attack is not None and g.attack.target is not None:
        opts = [i for i in opts if not (g.mslots[i] and g.mslots[i][-1] is g.attack.target)] or opts
    return reveal_into_slot(g, c, choose_slot(g, chooser, opts, c))


def choose_slot(g: Game, chooser: int, opts: list[int], c: Phys) -> int | None:
    """The chooser picks one of ``opts``; with none (every top Indomitable, FS-4.17(2)) or for an
    Indomitable card (FS-4.17(1)) there is no choice (``None``): the card takes a new slot."""
    if not opts or indomitable(c):
        return None
    return ask(g, chooser, "choose_slot", tuple(opts), c.card.name)


def move_cards(ctx: Any, p: dict) -> bool:
    """The generic zone change of vocabulary §2 ``move`` (FS-3.2): the forms Base V2 uses."""
    from .effects import candidates, player_of

    g = ctx.g
    cards = p.get("cards")
    to = p.get("to")
    pos = p.get("pos", "top")
    did = False
    if cards in ("self", "self_card"):
        refs = [ctx.src]
    elif isinstance(cards, str) and cards in ctx.binds:
        v = ctx.binds[cards]
        refs = v if isinstance(v, list) else [v]
    elif isinstance(cards, str) and cards.startswith("top("):
        deck_name = cards[4:-1]
        deck_name = ctx.binds.get(deck_name, deck_name)
        if deck_name in ("any_deck", "any_discard"):
            deck_name = ask(g, ctx.you, "choose_deck", ("loot", "treasure", "monster"), ctx.name)
            deck_name = deck_name + ("_discard" if cards[4:-1] == "any_discard" else "")
        base = str(deck_name).replace("_deck", "").replace("_discard", "")
        deck, disc = g.deck_pair(base)
        if str(deck_name).endswith("_discard"):
            refs = [disc.pop()] if disc else []
        else:
            c = g.draw(deck, disc)
            refs = [c] if c is not None else []
    elif isinstance(cards, dict) and "hand_card" in cards:
        opts = candidates(ctx, cards)
        refs = [ask(g, ctx.you, "choose_loot", tuple(opts), ctx.name)] if opts else []
        for c in refs:
            player_of(ctx, "you").hand.remove(c)
    elif isinstance(cards, dict) and "each" in cards:
        refs = candidates(ctx, cards["each"])
    elif isinstance(cards, (dict, str)):
        refs = candidates(ctx, cards)
        if isinstance(cards, dict) and "count" not in cards and len(refs) > 1 and not p.get("all"):
            refs = candidates(ctx, cards)
    else:
        raise EngineError(f"{ctx.name}: move of {cards!r} not implemented")
    for r in refs:
        if r is None:
            continue
        phys = r.phys if isinstance(r, Obj) else r
        if isinstance(r, Obj):
            if r.in_play:
                _leave_play(g, r)
            elif r in g.temp:
                g.temp.remove(r)
            elif phys in g.monster_disc:
                g.monster_disc.remove(phys)
        elif isinstance(r, Phys) and ctx.src is not None and isinstance(ctx.src, Phys) and r is ctx.src:
            ctx.moved = True
        elif isinstance(r, Phys):
            for z in (g.monster_disc, g.treasure_disc, g.loot_disc):
                if r in z:
                    z.remove(r)
                    break
        if isinstance(ctx.src, Obj) and r is ctx.src:
            ctx.moved = True
        if phys.virtual:
            continue  # FS-5.11: a copy exists only on the stack; moving it into a zone does nothing
        _place(g, phys, to, pos, ctx)
        did = True
    return did


def _leave_play(g: Game, o: Obj) -> None:
    if o.controller >= 0:
        q = g.players[o.controller]
        for lst in (q.items, q.souls, q.curses):
            if o in lst:
                lst.remove(o)
                break
        o.in_play = False
    else:
        remove_from_slot(g, o)


def _place(g: Game, c: Phys, to: Any, pos: Any, ctx: Any) -> None:
    deck_kind = c.card.deck
    if isinstance(to, dict) and "monster_slot" in to:
        to = "monster_slot"
    to = str(to)
    if to in ("its_discard", "discard") or to.endswith("_discard"):
        g.discard_of(c).append(c)
    elif to in ("its_deck_top", "deck_top") or to.endswith("_deck_top") or to.endswith("_deck"):
        deck, _ = g.deck_pair(deck_kind)
        if isinstance(pos, int):
            deck.insert(max(0, len(deck) - pos + 1), c)
        else:
            deck.append(c)
    elif to.endswith("_deck_bottom") or to == "bottom":
        deck, _ = g.deck_pair(deck_kind)
        deck.insert(0, c)
    elif to.startswith("monster_slot"):
        put_in_monster_slot(g, c, ctx.you, choose_not_attacked=True)
    else:
        g.discard_of(c).append(c)
        raise EngineError(f"move to '{to}' not implemented")


# ----------------------------------------------------------------------------- damage (FS-6.20)


def push_damage(
    g: Game,
    n: int,
    target: Any,
    src_seat: int,
    src_obj: Obj | None,
    combat: bool,
    roll: int | None,
    name: str,
) -> bool:
    if not isinstance(n, int) or n <= 0:
        return False  # zero damage cannot be dealt (FS-6.20)
    if isinstance(target, Obj) and not target.in_play:
        return False
    d = DamageItem(n, target, src_seat, src_obj, combat, roll, name)
    g.stack.append(d)
    g.last_damage = d
    triggers.fire(g, "damage_pending", target=target, damage=d)
    return True


def deal_divided(g: Game, n: int, targets: list, src_seat: int, src_obj: Obj | None, ctx: Any) -> bool:
    split = [0] * len(targets)
    for _ in range(n):
        i = ask(g, ctx.you, "divide_damage", tuple(range(len(targets))), ctx.name)
        split[i] += 1
    did = False
    for t, k in zip(targets, split, strict=True):
        did = push_damage(g, k, t, src_seat, src_obj, False, None, ctx.name) or did
    return did


def resolve_damage(g: Game, d: DamageItem) -> None:
    t = d.target
    if d.combat and (g.attack is None or g.attack.cancelled):
        g.log.emit("fizzled", d.src_seat, d.name, tname(t), d.amount, "combat")  # FS-10.11
        return
    if isinstance(t, Player):
        if t.dead:
            return  # FS-Q.21: dead players take no damage
    elif not t.in_play or t.dying:
        return
    amount = statics.damage_replacements(g, d)  # FS-6.21 modifiers and replacements at resolution
    if amount <= 0:
        g.log.emit("prevented", d.src_seat, d.name, tname(t), d.amount, "damage")
        return
    if isinstance(t, Player):
        hp = statics.player_hp(g, t)
        marked = min(amount, hp)
        t.damage += marked
        g.last_damager[("p", t.seat)] = d.src_seat if d.src_obj is None or d.src_obj.controller >= 0 else -1
        g.log.emit("damage", d.src_seat, d.name, f"p{t.seat}", amount, "combat" if d.combat else None)
    else:
        hp = statics.monster_hp(g, t)
        marked = min(amount, hp)
        t.damage += marked
        g.last_damager[("m", t.uid)] = d.src_seat
        if d.combat:
            g.killing_roll[t.uid] = d.roll
        g.log.emit("damage", d.src_seat, d.name, t.phys.card.name, amount, "combat" if d.combat else None)
    if d.then is not None:  # "and": the damage happened, so the rest of the effect happens now
        ctx, rest = d.then
        fx.run(ctx, {"and": rest})
    for event in ("damaged", "dealt_damage"):  # the target's and the source's triggers
        triggers.fire(
            g,
            event,
            target=t,
            amount=amount,
            combat=d.combat,
            attack_roll=d.roll,
            source=d.src_obj,
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
    if isinstance(t, Obj) and t.in_play and t.kind == "monster":
        if t.dying:
            return False  # its death is already on the stack (FS-13.1): destroying it again does nothing
        t.dying = True
        zero_hp(g, t)  # FS-6.3
        g.stack.append(DeathItem(t, killer))
        return True
    if isinstance(t, Obj) and t.in_play:
        return destroy(g, t, "kill")
    return False


def destroy(g: Game, o: Obj, why: str) -> bool:
    """FS-6.3 / FS-4.12: into its discard; Eternal items are not destroyed; The Chest becomes a soul."""
    if not o.in_play:
        return False
    if o.kind == "monster":
        return kill(g, o, g.active)
    if o.kind == "item" and o.eternal:
        return False
    for rep in o.rules.replaces:
        ev = rep.get("event")
        name = next(iter(ev)) if isinstance(ev, dict) else ev
        if name == "destroyed" and o.kind == "item" and o.controller >= 0:
            # The Chest: it becomes a soul of its controller instead (FS-14.5)
            q = g.players[o.controller]
            q.items.remove(o)
            o.kind = "soul"
            o.soul_value = getattr(o.phys.card, "soul", 0) or 1
            gain_soul(g, q, o, "destroyed")
            return True
    if o.controller >= 0:
        q = g.players[o.controller]
        _leave_play(g, o)
        if o.kind == "soul":
            g.log.emit("soul_lost", q.seat, o.phys.card.name, None, o.soul_value, why)
            put_away_soul(g, o)
        else:
            g.log.emit("item_destroyed", q.seat, o.phys.card.name, None, None, why)
            g.discard_of(o.phys).append(o.phys)
        return True
    _leave_play(g, o)
    g.discard_of(o.phys).append(o.phys)
    g.log.emit("item_destroyed", -1, o.phys.card.name, None, None, why)
    return True


def discard_curse(g: Game, c: Obj, why: str) -> None:
    """A curse leaves its bearer for the monster discard."""
    _leave_play(g, c)
    g.monster_disc.append(c.phys)
    g.log.emit("curse_discarded", c.controller, c.phys.card.name, None, None, why)


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
        gain_treasure(g, g.players[ctrl], why)
    return True


def become_soul(ctx: Any, p: dict) -> bool:
    g = ctx.g
    card = p.get("card", "self")
    you = g.players[ctx.you]
    src = ctx.src
    if isinstance(src, Phys) and src.virtual:
        return False  # a copy is not a card: it cannot become a soul (FS-5.11)
    if isinstance(src, Phys):  # Lost Soul: the loot on the stack becomes your soul (FS-14.5)
        ctx.moved = True
        o = g.new_obj(src, "soul", you.seat)
        o.soul_value = getattr(src.card, "soul", 0) or 1
        gain_soul(g, you, o, "loot")
        return True
    if isinstance(src, Obj):
        if src.in_play and src.kind == "item":
            q = g.players[src.controller] if src.controller >= 0 else you
            if src in q.items:
                q.items.remove(src)
            src.in_play = False
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


# ----------------------------------------------------------------------------- cancel / end turn


def cancel(g: Game, it: StackItem) -> None:
    """FS-6.9: removed unresolved; a cancelled loot goes to the discard; a cancelled death heals."""
    g.stack.remove(it)
    if isinstance(it, LootItem) and not it.phys.virtual:
        g.loot_disc.append(it.phys)
    elif isinstance(it, DeathItem):
        death_averted(g, it.victim)
    elif isinstance(it, AbilityItem) and it.event_obj is not None:
        event_done(g, it.event_obj)
    elif type(it) is RollItem and _event_of(it) is not None:
        event_done(g, _event_of(it))
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


# ----------------------------------------------------------------------------- deaths (FS-13)


def resolve_death(g: Game, d: DeathItem) -> None:
    v = d.victim
    if isinstance(v, Player):
        v.death_pending = False
        if v.dead:
            return
        player_dies(g, v, d.killer)
    else:
        if not v.in_play:
            return
        monster_dies(g, v, d.killer, d.roll)


def player_dies(g: Game, p: Player, killer: int) -> None:
    """FS-13.8–13.11: death triggers, then the penalty; the active player's turn goes to its end."""
    p.dead = True
    p.deaths += 1
    zero_hp(g, p)  # 0 HP (FS-6.3)
    g.log.emit("player_died", p.seat, None, f"p{killer}" if killer >= 0 else None)
    if g.coop:  # FS-17.4 / FS-Q.32: the solo/co-op timer goes down (the game may be lost here)
        from .coop import character_died

        character_died(g, p.seat)
    if p.seat == g.active:
        if g.attack is not None:
            g.attack.cancelled = True  # FS-13.8
        g.ending_turn = True  # FS-13.11
    floor = len(g.stack)
    triggers.fire(g, "dies", victim=p, killer=killer)
    priority(g, g.active, floor)  # death triggers resolve before the penalty (FS-13.8, FS-Q.11)
    # a dying player's curses left through their own "when you die" triggers (FS-4.16(2), FS-Q.11)
    death_penalty(g, p)
    floor = len(g.stack)
    triggers.fire(g, "after_penalty", victim=p)
    if g.pending:
        priority(g, g.active, floor)


def death_penalty(g: Game, p: Player) -> None:
    """FS-13.9: destroy a non-eternal item, discard a loot, lose 1¢, deactivate every ↷ object."""
    for k in range(1, g.n):  # a replacement of another player's penalty (Shadow), once (FS-5.6)
        q = g.players[(p.seat + k) % g.n]
        for o in q.items:
            for rep in o.rules.replaces:
                ev = rep.get("event")
                if isinstance(ev, dict) and "death_penalty" in ev and rep.get("instead") is not None:
                    ctx = fx.Ctx(g, q.seat, o, name=o.phys.card.name)
                    ctx.ev = {"victim": p}
                    fx.run(ctx, rep["instead"])
                    return
    opts = tuple(o for o in p.items if not o.eternal)
    if opts:
        destroy(g, ask(g, p.seat, "penalty_item", opts, "death penalty"), "death_penalty")
    if p.hand:
        discard_loot(g, p, 1, False, "death_penalty")
    lose_cents(g, p, 1, "death_penalty")
    for o in g.player_objects(p):
        if o.rules.tap:
            o.charged = False


def monster_dies(g: Game, m: Obj, killer: int, roll: int | None) -> None:
    """FS-13.4 monster death steps (no stack; priority only for triggers)."""
    slot = m.slot
    g.hold_slots.add(slot)
    remove_from_slot_only(g, m)
    g.temp.append(m)
    m.in_play = False
    ap = g.players[g.active]
    ap.kills += 1
    g.monster_deaths += 1  # FS-16.3
    g.log.emit("monster_died", g.active, m.phys.card.name, f"p{killer}" if killer >= 0 else None)
    if g.attack is not None and g.attack.target is m:
        g.attack.target = None
    floor = len(g.stack)
    triggers.fire(g, "dies", victim=m, killer=killer, killing_attack_roll=roll)
    if g.pending:
        priority(g, g.active, floor)  # step 2
    # step 3: rewards to the active player (FS-1.15)
    times = statics.reward_times(g, m, roll)
    if g.cfg.has("nobody-leaves-hurt"):  # FS-20.8 / FS-Q.26: the AP twice, then each other player once
        for k in range(g.n):
            reward_block(g, m, g.players[(g.active + k) % g.n], 2 * times if k == 0 else times)
    else:
        reward_block(g, m, ap, times)
    floor = len(g.stack)
    triggers.fire(g, "after_rewards", victim=m)
    if g.pending:
        priority(g, g.active, floor)  # step 4
    if m in g.temp:  # step 5 (unless an ability moved the card: Rag Man, Delirium)
        g.temp.remove(m)
        soul = getattr(m.phys.card, "soul", 0) or 0
        if soul:  # only the active player, once, in every variant (FS-20.8)
            o = g.new_obj(m.phys, "soul", g.active)
            gain_soul(g, ap, o, "boss")
        else:
            g.discard_of(m.phys).append(m.phys)  # FS-3.6: a dead ambush goes to the loot discard
    g.hold_slots.discard(slot)  # step 6: refill at the next priority


def reward_block(g: Game, m: Obj, p: Player, times: int) -> None:
    """FS-13.4 step 3: ``p`` carries out ``m``'s reward block ``times`` times; ``p`` rolls a roll reward
    (one roll each time, FS-Q.26) and gets priority first after putting it on the stack (FS-7.4)."""
    for _ in range(times):
        for key, val in (m.phys.card.rewards or {}).items():
            if val == "roll":
                from . import dice

                floor = len(g.stack)
                dice.push_roll(g, p.seat, purpose="reward", reward=key, name=m.phys.card.name)
                priority(g, p.seat, floor)
            else:
                give_reward(g, p, key, int(val), m.phys.card.name)


def gain_soul(g: Game, p: Player, o: Obj, how: str) -> None:
    """Every soul a player *gains* (FS-14.5, FS-6.11: boss, bonus, Lost Soul, an item become a soul,
    The Chest) comes here; a soul given, stolen or swapped moves with ``move_item`` and is not a gain.
    Super shop (FS-20.9) reacts to the gain."""
    p.souls.append(o)
    g.log.emit("soul_gained", p.seat, o.phys.card.name, None, o.soul_value, how)
    if g.cfg.has("super-shop"):
        from . import rule_variants

        rule_variants.super_shop(g, p)


def give_reward(g: Game, p: Player, key: str, n: int, name: str) -> None:
    if key == "cents":
        gain_cents(g, p, n, name)
    elif key == "loot":
        loot(g, p, n, name)
    elif key == "treasure":
        for _ in range(n):
            gain_treasure(g, p, name)
    g.log.emit("reward", p.seat, name, key, n)


def remove_from_slot_only(g: Game, m: Obj) -> None:
    """Take the dying monster off its slot; a covered card beneath enters play (FS-13.7)."""
    for slot in g.mslots:
        if slot and slot[-1] is m:
            slot.pop()
            if slot and isinstance(slot[-1], Phys):
                c = slot.pop()
                u = g.new_obj(c, "monster" if c.card.hp is not None else "event", -1, slot=m.slot)
                slot.append(u)
                if u.kind == "event":
                    start_event(g, u)
            return
