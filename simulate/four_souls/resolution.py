"""Priority and resolution (FS-7): passing priority until all pass, resolving the top item (loot,
abilities, rolls FS-9, damage, deaths FS-13 with the monster death steps)."""

from __future__ import annotations

from typing import Any, cast

from . import (
    challenge,
    damage,
    dice,
    interpreter,
    items,
    replacements,
    resources,
    roll_reader,
    rooms,
    statics,
    targets,
    triggers,
    zones,
)
from .abilities import Ability
from .asking import ask, offer, stack_ref
from .checks import state_checks
from .coop import character_died
from .damage import death_penalty, resolve_damage, zero_hp
from .dice import clamp
from .items import AbilityItem, DamageItem, DeathItem, LootItem, RollItem, StackItem
from .plays import legal_actions, take_action
from .refs import StackRef
from .resources import gain_soul, give_reward
from .state import EngineError, Game, GameOver, Obj, Phys, Player, RunawayTurn
from .statics import Ctx
from .zones import event_done, put_in_monster_slot, remove_from_slot_only

BIG = 1 << 30


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
        decliners = g.cache.decliners or _decliners(g)
        views = g.views
        declined = 0  # added to the players' count at once (an attribute write of a Python object each)
        while passes < n:
            fn = decliners[seat]
            if fn is not None and fn("respond", views[seat], top):  # declined unseen (most windows)
                declined += 1
                passes += 1
                seat = (seat + 1) % n
                continue
            if declined:  # counted before anything the answer may raise (GameOver)
                g.io.declined += declined
                declined = 0
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
        if declined:
            g.io.declined += declined
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
    fn = (g.cache.decliners or _decliners(g))[seat]
    if fn is not None and fn("respond", g.views[seat], top):
        g.io.declined += 1
        return False
    return _respond(g, seat, top)


def _respond(g: Game, seat: int, top: StackRef | None) -> bool:
    """``respond`` once the strategy did not decline: list the legal responses and ask."""
    opts = legal_actions(g, seat)
    if not opts:
        return False
    choice = offer(g, seat, "respond", ("pass", *opts), top)
    if choice == "pass":
        return False
    return take_action(g, seat, choice)


def _decliners(g: Game) -> list:
    g.cache.decliners = g.io.decliners()
    return g.cache.decliners


def _top_ref(g: Game) -> StackRef:
    """The top item's StackRef, kept while the same item is on top at the same height with the same
    value (a priority round asks every player about the same top item)."""
    it: StackItem = g.stack[-1]
    key = (
        it,
        len(g.stack),
        it.value if isinstance(it, RollItem) else it.amount if isinstance(it, DamageItem) else None,
    )
    if g.cache.top_key != key:
        g.cache.top_key = key
        g.cache.top_ref = stack_ref(g, it)
    return g.cache.top_ref


# Stack resolutions in one turn before the runaway guard acts. The most any turn took in 1,050 soak games
# (random and sensible, sets=all and rooms, 2-4 players) was 949; a runaway turn's cost grows faster than
# its count as items pile up and the stack deepens (soak 1601's Glitch loop, old code: 1,000 resolutions
# 0.30 s of CPU, 2,000 0.67 s, 5,000 2.35 s, 10,000 9.2 s, 20,000 minutes), so the guard sits at 5,000.
RESOLUTION_CAP = 5_000


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
    item: StackItem = g.stack.pop()  # typed: its kind is a native read (compiled)
    k = item.kind
    if k == "roll":
        resolve_roll(g, cast(RollItem, item))
    elif k == "damage":
        resolve_damage(g, cast(DamageItem, item))
    elif k == "death":
        resolve_death(g, cast(DeathItem, item))
    elif k == "loot":
        resolve_loot(g, cast(LootItem, item))
    else:
        resolve_ability(g, cast(AbilityItem, item))
    items.off_stack(item)  # a loot or ability is done (only a roll goes back on the stack, FS-9.2(4))
    if g.wins_after:  # FS-14.3: "this player wins" after the ability resolves (FS-14.2: several = draw)
        if g.challenge and not g.challenge.competitive:
            g.wins_after = ()  # FS-18.7: in a challenge only its goal wins (its competitive side: FS-14.3)
            return
        g.over = True
        raise GameOver(g.wins_after)


def resolve_loot(g: Game, item: LootItem) -> None:
    c, ctx = item.phys, item.ctx
    ab = c.rules.play if item.play_rules is None else item.play_rules.play  # a changed number (Magic Marker)
    g.stop_effect = False
    if ab is not None:
        if targets.fizzles(ctx):
            g.log.emit("fizzled", item.controller, c.card.name)
        else:
            interpreter.run(ctx, ab.do)
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
    """FS-4.14 / FS-Q.22: the resolving ambush's controller chooses a monster slot not under attack ([A]'s
    glossary); the loot becomes a monster there, covering the top card, and the active player must attack
    it one more time this turn (an obligation that lapses if it leaves play first, FS-10.16)."""
    o = put_in_monster_slot(g, c, seat, choose_not_attacked=True)
    g.log.emit("ambush", seat, c.card.name, None, o.slot)
    g.must_attack.append((o, False))


def resolve_ability(g: Game, item: AbilityItem) -> None:
    ctx = item.ctx
    ab: Ability | None = item.ability
    g.stop_effect = False
    if ab is not None and (
        (ab.topts.get("if") is not None and not statics.cond(ctx, ab.topts["if"]))
        or (item.trigger is not None and triggers.condition_lost(g, ab, ctx.ev))
    ):
        g.log.emit("fizzled", item.controller, ctx.name)  # a condition no longer met (FS-6.8 [C])
    elif targets.fizzles(ctx):
        g.log.emit("fizzled", item.controller, ctx.name)
    elif (
        ab is not None
        and ab.optional
        and not ask(g, ctx.by if ctx.by is not None else ctx.you, "may", (True, False), ctx.name)
    ):
        pass
    elif ab is not None:
        if ab.optional:  # a player chose to carry out a "may": the runaway guard's player loop, not a card's
            g.acted = g.resolved
        interpreter.run(ctx, ab.do)
        g.stop_effect = False  # an ended repeat (`again`) stops this effect only, nothing run after it
    if item.event_obj is not None:
        event_done(g, item.event_obj)


def resolve_roll(g: Game, r: items.RollItem) -> None:
    if r.attack and g.attack is not None and (damage.attack_ended(g) or g.players[r.seat].dead):
        # FS-10.11: an attack roll of an attack that ended through a death or a cancellation fizzles — it
        # does not resolve, so nothing triggers on its result; FS-10.12: a dead player's roll too
        g.log.emit("fizzled", r.seat, r.name, None, r.value, "attack_roll")
        return
    # FS-9.2(4): "would roll N" triggers fire as the roll tries to resolve; if any, they go on top
    # and the roll waits. Once they resolved, a changed result (a reroll, even to the same number, or
    # a new value) goes back through step (3) to here and triggers again; an unchanged one resolves
    # (Dad's Lost Coin: each reroll of a 1 to a 1 may be rerolled again).
    if r.checked != r.changes:
        first = r.checked == -1  # a delayed one-shot is used up by the roll's first try only (Era Walk)
        r.checked = r.changes
        before = len(g.pending)
        triggers.fire(g, "would_roll", roll=r, value=r.value)
        delayed = _delayed_would_roll(g, r) if first and g.delayed else []
        if len(g.pending) > before or delayed:
            g.stack.append(r)
            g.stack.extend(delayed)  # above the roll: they resolve first, then the roll tries again
            return
    p = g.players[r.seat]
    extra = 0
    if r.attack:
        p.attack_rolls_this_turn += 1
        target: Obj | None = r.target  # the attacked object (typed: a native read, compiled)
        if target is not None:  # who rolled against what this turn (filter ``rolled_at``)
            g.rolled_at.add((target.uid, r.seat))
            g.rolls_on[target.uid] = g.rolls_on.get(target.uid, 0) + 1  # expression rolls_at (Null)
        extra, p.next_atk = p.next_atk, 0  # a bonus for the next attack roll is used by it, hit or miss
    final = clamp(r.value + statics.roll_bonus(g, p, r.attack))  # FS-9.2(5), FS-Q.14
    r.value = final
    g.log.emit("roll", r.seat, r.name, None, final, "final")
    if r.purpose == "attack":
        roll_resolved(g, r, extra)
    elif r.purpose in ("table", "group"):
        if r.purpose == "table":
            roll_reader.push_reader(g, r)
        else:
            roll_reader.group_die(g, r, final)  # FS-9.2(1): the last die of a group brings its reader
        ev = items.event_of(r)
        if ev is not None:
            zones.event_done(g, ev)  # FS-1.17: done now unless its reading ability (or a die) is on the stack
    elif r.purpose == "reward":
        resources.give_reward(
            g, g.players[r.seat], r.reward or "", final, r.name or "reward"
        )  # the roller (FS-Q.26)
    again, again_attack = _twice_in_a_row(g, r, final)
    triggers.fire(
        g, "rolled", roll=r, value=final, again=again, again_attack=again_attack
    )  # FS-4.11 / FS-Q.31
    if g.doomed_faces and final in g.doomed_faces:  # The Adversary: the player who named this face
        seat, name = g.doomed_faces[final]
        damage.push_damage(g, 1, g.players[seat], -1, None, False, None, name)
    if g.delayed:
        _delayed_rolled(g, r)


def _twice_in_a_row(g: Game, r: items.RollItem, final: int) -> tuple[bool, bool]:
    """Did this player's previous roll this turn come up the same — and, for an attack roll, their previous
    attack roll (two equal results back to back within one turn: Girlfriend,
    Fruitcake; "... on an attack roll": Euthanasia)? (trigger option ``twice_in_a_row``)"""
    now = (g.turn, final)
    again = g.last_rolls.get((r.seat, False)) == now
    g.last_rolls[(r.seat, False)] = now
    again_attack = False
    if r.attack:
        again_attack = g.last_rolls.get((r.seat, True)) == now
        g.last_rolls[(r.seat, True)] = now
    return again, again_attack


def _delayed_rolled(g: Game, r: items.RollItem) -> None:
    """Crystal Ball: a delayed one-shot trigger on the next roll to resolve."""

    for i, (name, _who, do, _repl, src) in enumerate(g.delayed):
        if name == "rolled" and do is not None:
            del g.delayed[i]
            ctx = Ctx(
                g, src.you, src.src, dict(src.binds), {"roll": r, "roller": r.seat}, r.value, None, src.name
            )
            item = items.AbilityItem(None, Ability("on", do), src.you, ctx, trigger="delayed")
            ctx.item = item
            g.stack.append(item)
            return


def _delayed_would_roll(g: Game, r: items.RollItem) -> list:
    """Delayed one-shots on the next roll (``next: {would_roll: any}``) or the next attack roll
    (``attack: true``), with ``until: eot`` only this turn (FS-4.9, FS-9.2(4)): the roll about to resolve
    uses up every waiting one that matches, one per ability that made them (two Polycephalus hits: -2 and -2
    on the same roll; Era Walk's four: one on each of the next four rolls). Their abilities read the roll
    as ``event.roll`` and go on the stack above it, the first made on top."""
    found: list = []
    makers: list = []
    keep: list = []
    for entry in g.delayed:
        name, who, do, _repl, src = entry
        if (
            name != "would_roll"
            or (who[0] and not r.attack)
            or (who[2] is not None and who[2] != r.seat)
            or any(src is m for m in makers)
        ):
            keep.append(entry)
            continue
        makers.append(src)
        ctx = Ctx(
            g, src.you, src.src, dict(src.binds), {"roll": r, "roller": r.seat}, r.value, None, src.name
        )
        ctx.watch = frozenset()  # no targets of its own: what its maker targeted may be gone
        item = items.AbilityItem(None, Ability("on", do), src.you, ctx, trigger="delayed")
        ctx.item = item
        found.append(item)
    if found:
        g.delayed[:] = keep
    return found[::-1]


def roll_resolved(g: Game, r: items.RollItem, extra: int = 0) -> None:
    """FS-10.9: hit (roll ≥ evasion) → attacker's damage to the target; miss → target's to the attacker.
    ``extra``: damage this roll alone adds on a hit (a buff until the next attack roll, Polar Star)."""
    a = g.attack
    t: Obj | None = r.target  # an attack roll's target: typed, its fields are native reads (compiled)
    if a is None or a.cancelled or t is None or statics.target_gone(g, t):
        return  # fizzles with its attack (FS-10.11)
    p = g.players[r.seat]
    if p.dead:
        return  # FS-10.12: dead players cannot make attack rolls
    lands = statics.attack_roll_hits(g, p, t, r.value, r.misses)  # read before this roll is the last one
    g.last_attack_roll[t.uid] = r.value
    if t.rules.statics and statics.attack_ends_on_roll(g, t) == p.attack_rolls_this_turn:
        _end_after_damage(g, t)  # below this roll's combat damage on the stack (Turdlings)
    mine = ("p", r.seat, p.attack_rolls_this_turn == 1)  # the attacker's damage stat (FS-6.21)
    if lands:
        n = damage.combat_stat(g, mine)
        damage.push_damage(
            g, n + extra, statics.defender(g, t), r.seat, None, True, r.value, "attack", mine, n
        )
    else:  # a defending player deals their own damage and is its source (FS-10.6)
        theirs = ("m", t)
        n = damage.combat_stat(g, theirs)
        src = t.controller if t.kind == "character" else -1
        damage.push_damage(g, n, p, src, t, True, r.value, t.phys.card.name, theirs, n)
        if t.rules.statics and statics.also_hit_on(g, t, r.value):  # the attacker's damage too (Knight)
            hit = damage.combat_stat(g, mine)
            damage.push_damage(
                g, hit + extra, statics.defender(g, t), r.seat, None, True, r.value, "attack", mine, hit
            )
        triggers.fire(g, "missed", seat=r.seat, target=t, roll=r)  # triggers on a missed attack roll


def _end_after_damage(g: Game, t: Obj) -> None:
    """FS-10.11: the monster's "cancel the attack after combat damage" (``attack_ends_on_roll``): a triggered
    ability of the game's ("you" = the active player) put on the stack before the roll's combat damage, so
    that damage resolves first; it cancels only an attack on this monster."""
    ctx = Ctx(g, g.active, t, {}, None, None, None, t.phys.card.name)
    ctx.watch = frozenset()
    item = AbilityItem(
        None, Ability("on", {"cancel_attack": {"target": "self"}}), g.active, ctx, trigger="delayed"
    )
    ctx.item = item
    g.stack.append(item)


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
        if v.kind == "monster":
            monster_dies(g, v, d.killer, d.roll)
        else:
            object_dies(g, v, d.killer, d.roll)


def player_dies(g: Game, p: Player, killer: int) -> None:
    """FS-13.8–13.11: death triggers, then the penalty; the active player's turn goes to its end."""
    p.dead = True
    p.deaths += 1
    if 0 <= killer != p.seat:
        g.players[killer].turn_kills += 1
    zero_hp(g, p)  # 0 HP (FS-6.3)
    g.log.emit("player_died", p.seat, None, killer if killer >= 0 else None)
    if g.coop and not g.challenge:  # FS-17.4 / FS-Q.32 (not in a challenge, FS-18.6): the timer goes down
        character_died(g, p.seat)
    if g.attack is not None and g.attack.target is p.character:
        g.attack.target = None  # FS-10.11: the attacked player died, the attack is over
    if p.seat == g.active:
        if g.attack is not None:
            g.attack.cancelled = True  # FS-13.8
        g.ending_turn = True  # FS-13.11
    floor = len(g.stack)
    triggers.fire(g, "dies", victim=p, killer=killer)
    if killer >= 0 and killer != p.seat:  # triggers on killing a player: not your own death
        triggers.fire(g, "killed", victim=p, killer=killer)
    priority(g, g.active, floor)  # death triggers resolve before the penalty (FS-13.8, FS-Q.11)
    # a dying player's curses left through their own "when you die" triggers (FS-4.16(2), FS-Q.11)
    lost = death_penalty(g, p)
    floor = len(g.stack)
    triggers.fire(g, "after_penalty", victim=p, item=lost)  # event.item: the card the penalty destroyed
    if g.pending:
        priority(g, g.active, floor)


def monster_dies(g: Game, m: Obj, killer: int, roll: int | None) -> None:
    """FS-13.4 monster death steps (no stack; priority only for triggers)."""
    slot = m.slot
    g.hold_slots.add(slot)
    remove_from_slot_only(g, m)
    g.temp.append(m)
    m.in_play = False
    ap = g.players[g.active]
    ap.kills += 1
    ap.turn_kills += 1
    g.monster_deaths += 1  # FS-16.3
    g.log.emit("monster_died", g.active, m.phys.card.name, killer if killer >= 0 else None)
    partners: list[int] = []
    if g.attack is not None and g.attack.target is m:
        partners = list(g.attack.partners)  # FS-10.7 (team-up): teamed-up players gain the rewards too
        g.attack.target = None
    taker = ap  # FS-1.15: the active player gains the rewards
    if killer >= 0 and statics.rewards_to_killer(m):  # only its killer does (Ultra Greed!, Requiem)
        taker = g.players[killer]
        partners = []
    floor = len(g.stack)
    triggers.fire(g, "dies", victim=m, killer=killer, killing_attack_roll=roll)
    if killer >= 0:  # triggers on killing a monster fire with the death triggers (step 2)
        triggers.fire(g, "killed", victim=m, killer=killer, killing_attack_roll=roll)
    if g.pending:
        priority(g, g.active, floor)  # step 2
    # step 3: rewards to the active player (FS-1.15)
    times = replacements.reward_times(g, m, roll)
    floor = len(g.stack)
    if g.cfg.has("nobody-leaves-hurt"):  # FS-20.8 / FS-Q.26: the AP twice, then each other player once
        for k in range(g.n):
            reward_block(g, m, g.players[(g.active + k) % g.n], 2 * times if k == 0 else times)
            triggers.fire(g, "gained_rewards", target=g.players[(g.active + k) % g.n], victim=m)
    else:
        reward_block(g, m, taker, times)
        triggers.fire(g, "gained_rewards", target=taker, victim=m)  # Lollypop (resolves in step 4)
        for q in partners:
            reward_block(g, m, g.players[q], times)
            triggers.fire(g, "gained_rewards", target=g.players[q], victim=m)
        if 0 <= killer != taker.seat and killer not in partners and statics.killer_rewards(g):
            reward_block(g, m, g.players[killer], times)  # FS-1.15 set aside: Multiplayer Update (a room)
            triggers.fire(g, "gained_rewards", target=g.players[killer], victim=m)
    triggers.fire(g, "after_rewards", victim=m)
    if g.pending:
        priority(g, g.active, floor)  # step 4
    if m in g.temp:  # step 5 (unless an ability moved the card: Rag Man, Delirium)
        g.temp.remove(m)
        soul = getattr(m.phys.card, "soul", 0) or 0
        owner = taker
        if soul and taker is ap and g.n > 1 and statics.soul_to_other(m):  # Charmed Monstro: AP picks another
            owner = ask(
                g, ap.seat, "choose_player", tuple(q for q in g.players if q is not ap), m.phys.card.name
            )
        if soul and not statics.souls_barred(g, owner):  # only the active player, once (FS-20.8); FS-14.5
            o = g.new_obj(m.phys, "soul", owner.seat)
            gain_soul(g, owner, o, "boss")
        elif not (g.challenge and challenge.left_play(g, m.phys)):  # FS-18.5: a minion card
            g.discard_of(m.phys).append(m.phys)  # FS-3.6: a dead ambush goes to the loot discard
    g.hold_slots.discard(slot)  # step 6: refill at the next priority
    if g.challenge:
        challenge.boss_died(g, slot)  # FS-18.4: the final boss is dead — the challenge is won


def object_dies(g: Game, o: Obj, killer: int, roll: int | None) -> None:
    """FS-13.2 / FS-10.6: an attackable item or room at 0 HP goes through the monster death steps with
    its own type: its own death triggers ("a monster dies" ones do not fire), its reward block to the
    active player (also when it died outside an attack), then it is destroyed (a room is discarded and
    its slot refills, FS-16.5)."""
    ap = g.players[g.active]
    g.log.emit("object_died", g.active, o.phys.card.name, killer if killer >= 0 else None, None, o.kind)
    if g.attack is not None and g.attack.target is o:
        g.attack.target = None
    floor = len(g.stack)
    triggers.fire(g, "dies", victim=o, killer=killer, killing_attack_roll=roll)
    if g.pending:
        priority(g, g.active, floor)
    reward_block(g, o, ap, 1)
    floor = len(g.stack)
    triggers.fire(g, "after_rewards", victim=o)  # step 4 (The Revenant flips back)
    if g.pending:
        priority(g, g.active, floor)
    o.dying = False
    if not o.in_play:
        return  # an ability moved it already
    room_soul: int = (o.phys.card.soul or 0) if o.kind == "room" else 0
    if room_soul and not statics.souls_barred(g, ap):
        zones.remove_from_slot(g, o)  # FS-14.5: a room with a soul (Gus) becomes the active player's soul
        gain_soul(g, ap, g.new_obj(o.phys, "soul", g.active), "room")
    elif o.kind == "room":
        rooms.discard(g, o, "killed")
    elif not damage.destroy(g, o, "killed") and o.in_play:
        if o.eternal:
            zones.returns_as_new(g, o)  # FS-13.5: an Eternal item (FS-4.12) comes back as a new object
        else:
            o.damage = 0  # its destruction was replaced (Bag Lunch's counter, FS-5.4): it stays, healed


def reward_block(g: Game, m: Obj, p: Player, times: int) -> None:
    """FS-13.4 step 3: ``p`` carries out ``m``'s reward block ``times`` times; ``p`` rolls a roll reward
    (one roll each time, FS-Q.26) and gets priority first after putting it on the stack (FS-7.4)."""
    effects = m.rules.rewards if m.rules is not None else ()
    printed = m.phys.card.rewards if m.face is None else m.face.rewards  # FS-6.10: the side that shows
    for _ in range(times):
        for key, val in (printed or {}).items():
            if val == "roll":
                floor = len(g.stack)
                dice.push_roll(g, p.seat, purpose="reward", reward=key, name=m.phys.card.name)
                priority(g, p.seat, floor)
            else:
                give_reward(g, p, key, int(val), m.phys.card.name)
        for ab in effects:  # a printed reward that is an effect: "you" is the player gaining it (FS-13.4)
            interpreter.run(Ctx(g, p.seat, m, name=m.phys.card.name), ab.do)
