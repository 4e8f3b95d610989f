"""The turn (FS-8): start phase (recharge, start triggers, loot step), action phase (loot plays,
abilities, attacks FS-10, purchases FS-11, ending the turn), end phase (end triggers, hand limit,
healing and the end of "until end of turn" effects, FS-Q.1)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import (
    asking,
    attack,
    blank_card,
    checks,
    coop,
    counters,
    gains,
    plays,
    resolution,
    resources,
    rooms,
    soul_trading,
    statics,
    trade,
    triggers,
    two_player,
)
from . import vocabulary as V
from .asking import ask
from .rooms import discard, fill, room_objs
from .state import Game, GameOver, Obj, Player, RunawayTurn


def play_out(
    g: Game,
    max_turns: int,
    on_turn: Callable[[Game], None] | None = None,
    resume: Any = None,
    at: str = "action",
) -> tuple[tuple[int, ...], str, str | None]:
    """Play ``g`` on to its end (``play_turns``): the winners, the end reason (``win``, ``draw``, the
    co-op outcome, or ``turn_cap``) and its detail. ``run_game`` ends every game here, and so does a
    search's branch on a copied position (``branching.play_copy``)."""
    try:
        play_turns(g, max_turns, on_turn, resume, at)
    except GameOver as over:
        if g.coop:  # FS-17.5: every character wins together, or all lose to the timer
            reason, detail = coop.outcome(over.winners)
            return over.winners, reason, detail
        return over.winners, "win" if len(over.winners) == 1 else "draw", None  # FS-14.2
    except RunawayTurn:
        # FS-4.7: players kept repeating $ abilities; the game ends as a turn cap at its real turn, its
        # game_over event naming the guard (as the turn's turn_end does)
        return (), "turn_cap", "resolution_cap"
    return (), "turn_cap", None


def play_turns(
    g: Game,
    max_turns: int,
    on_turn: Callable[[Game], None] | None = None,
    resume: Any = None,
    at: str = "action",
) -> None:
    """Turns from where ``g`` stands (between two turns) until the turn cap; a game that ends raises
    ``GameOver`` (FS-14) or ``RunawayTurn``. ``run_game`` plays a whole game with it, and a copy of a
    position (``statecopy.copy_state``) plays on with it. ``on_turn(g)``: after every turn. With
    ``resume``, ``g`` stands at its active player's decision ``at`` (``action``'s question, or the target of
    the attack it declared: a copy taken there) and the turn goes on from the answer ``resume``."""
    if resume is not None:
        play_turn(g, resume, at)
        _turn_done(g, on_turn)
    while g.turn < max_turns:
        g.turn += 1
        play_turn(g)
        _turn_done(g, on_turn)


def _turn_done(g: Game, on_turn: Callable[[Game], None] | None) -> None:
    if g.coop:
        coop.turn_done(g)  # FS-17.4: the round's timer decrement (FS-Q.33: after the win check)
    g.extra_turn = bool(g.extra_turns)  # FS-8.12: an extra turn does not move its player's round
    g.active = g.extra_turns.pop(0) if g.extra_turns else (g.active + 1) % g.n  # FS-0.4, FS-8.12
    if on_turn is not None:
        on_turn(g)


def play_turn(g: Game, resume: Any = None, at: str = "action") -> None:
    """One turn (with ``resume``: its rest, from the decision ``at`` answered ``resume``: an action decision,
    or the target of an attack just declared, FS-10.2); a runaway turn
    (players repeating $ abilities for ever, FS-4.7) is logged as a ``turn_end`` with detail
    ``resolution_cap`` and re-raised: ``run_game`` ends the game as a turn cap."""
    g.between = False
    try:
        if resume is None:
            _play_turn(g)
        else:
            if at == "attack_target":
                attack.attack_chosen(g, g.active, resume)
                _action_phase(g)  # ``act`` declared the attack: the action phase goes on (FS-8.6)
            elif act(g, g.active, resume):
                _action_phase(g)
            _end_phase(g)
        g.between = True
    except RunawayTurn:
        g.log.emit("turn_end", g.active, None, None, g.turn, "resolution_cap")
        raise


def _play_turn(g: Game) -> None:
    ap = g.players[g.active]
    log = g.log
    log.turn = g.turn
    log.phase = "start"
    g.ending_turn = False
    g.attacks_used = g.deck_attacks = g.resolved = g.monster_deaths = 0
    g.must_attack.clear()
    g.may_attack.clear()
    g.team_ups.clear()
    g.attacked_uids.clear()
    g.last_attack_roll.clear()
    g.hit_player_uids.clear()
    g.marks.clear()
    g.owed_evasion.clear()
    g.deck_attacks_unlimited = False
    if not g.extra_turn:  # FS-8.12: the active player's round starts (a skipped turn counts as taken)
        for o in g.player_objects(ap):
            o.round_counts = None
        if ap.seat == g.first:  # the game's round, and its objects', runs from the first player's turn
            for o in (*g.monsters(), *g.shop_items(), *g.room_objs(), *g.bonus_objs.values()):
                o.round_counts = None
    ap.no_attacks, ap.no_attacks_next = ap.no_attacks_next, False  # "your next turn": this one, even skipped
    if ap.skip_next_turn:  # FS-5.4 skip: a skipped turn still counts as taken (FS-8.12)
        ap.skip_next_turn -= 1
        for o in g.player_objects(ap):
            o.no_recharge = False  # its controller's next turn came (skipped): Lil' Gish's mark lapses
        log.emit("turn_start", ap.seat, None, None, g.turn, "skipped")
        end_of_turn(g)
        log.emit("turn_end", ap.seat, None, None, g.turn, "skipped")
        return
    log.emit("turn_start", ap.seat, ap.character.phys.card.name if ap.character else None, None, g.turn)
    gains.expire(g, "turn_start", ap.seat)  # abilities gained up to this player's next turn end now (FS-5.2)
    gains.end_copies(g, ap.seat)  # copies made till this player's next turn end now (FS-5.10: Undefined)
    if g.stripped_start:
        counters.restore_stripped_at_start(
            g, ap.seat
        )  # stripped till this turn's start (Cow on a Trash Farm)
    recharge_step(g, ap)  # FS-8.1 (no priority)
    for m in g.monsters():
        m.charged = True
    for r in rooms.room_objs(g):
        r.charged = True  # the game's objects recharge like monsters (a room's ↷, FS-16.2)
        if r.rules.acts:  # the active player may use it this turn: a room holding (coverage)
            log.emit("room_turn", ap.seat, r.phys.card.name)
    # FS-8.2 start-of-turn triggers
    triggers.fire(g, "turn_start", seat=ap.seat)
    resolution.priority(g, g.active)
    # FS-8.3 loot step (an action, then a priority round; FS-Q.16)
    if not g.ending_turn:
        if g.cfg.has("two-player"):  # FS-20.11(b): look at 2, keep 1 (FS-Q.24)
            two_player.loot_step(g, ap, 1 + statics.count(g, ap, "loot_step") + statics.monster_loot_step(g))
        else:
            resources.loot(
                g, ap, 1 + statics.count(g, ap, "loot_step") + statics.monster_loot_step(g), "loot_step"
            )
        resolution.priority(g, g.active)
    # FS-8.4 action phase. A turn set to its end phase in the start phase — the active player died (FS-13.11:
    # [A]'s end-of-death step) or an effect ended the turn (FS-8.9) — has none, so no loot play either.
    if not g.ending_turn:
        log.phase = "action"
        ap.loot_plays += 1 + statics.count(g, ap, "loot_plays")
    atk = statics.count(g, ap, "attacks")
    g.attacks_left = resolution.BIG if atk == "unlimited" else 1 + atk
    g.purchases_left = 1 + statics.count(g, ap, "purchases")
    _action_phase(g)
    _end_phase(g)


def recharge_step(g: Game, ap: Player) -> None:
    """FS-8.1: the active player's character and items recharge; with a cap of N items recharged
    (``recharge_items``) they choose which N of their deactivated items do (decision ``choose_target``)."""
    limit = statics.recharge_limit(g, ap)
    stays = statics.character_stays(g, ap)  # the character stays spent in this recharge step
    kept = [o for o in g.player_objects(ap) if o.no_recharge]
    for o in kept:
        o.no_recharge = False  # Lil' Gish: this recharge step passes it by, once
    for o in g.player_objects(ap):
        if statics.self_recharge_only(o):
            continue  # Car Battery: only its own ability recharges it (FS-6.2)
        if (limit is None or o.kind != "item") and not (stays and o.kind == "character") and o not in kept:
            o.charged = True
    if limit is not None:
        spent = [o for o in ap.items if not o.charged and o not in kept and not statics.self_recharge_only(o)]
        for _ in range(min(limit, len(spent))):
            pick = ask(g, ap.seat, "choose_target", tuple(spent), "recharge step")
            pick.charged = True
            spent.remove(pick)


def _action_phase(g: Game) -> None:
    while not g.ending_turn:
        if not action(g):
            break


def _end_phase(g: Game) -> None:
    """FS-8.10 end phase ([A] order, FS-Q.1)."""
    ap = g.players[g.active]
    log = g.log
    log.phase = "end"
    if g.stack:
        resolution.priority(g, g.active)  # FS-Q.38: what is on the stack still resolves
    triggers.fire(g, "turn_end", seat=ap.seat)
    resolution.priority(g, g.active)
    limit = statics.hand_limit(g, ap)
    if len(ap.hand) > limit:  # FS-8.10(2), FS-Q.3
        resources.discard_loot(g, ap, len(ap.hand) - limit, False, "hand_limit")
    if g.rooms is not None and g.rooms.slots:
        room_step(g)  # FS-8.10(3), FS-16.3 (FS-17.7 in solo/co-op)
    end_of_turn(g)
    log.emit("turn_end", ap.seat, None, None, g.turn)


def _owed(g: Game) -> list:
    """Forced attacks still owed (FS-10.16); obligations on objects that left play lapse (if able). One
    owed on a monster slot (``("slot", k)``, Alt Art Gaper) names the slot's top monster once the active
    player can act (the slot refilled, FS-12.1), and lapses if the slot holds none."""
    kept: list = []
    for m in g.must_attack:
        t = m[0]
        if type(t) is tuple and t[0] == "slot":
            slot = g.mslots[t[1]] if t[1] < len(g.mslots) else []
            top = slot[-1] if slot else None
            if isinstance(top, Obj) and top.kind == "monster" and top.in_play:
                kept.append((top, m[1]))
        elif (
            type(t) is tuple and t[0] == "slots"
        ):  # one of these slots' top monsters, the active player's pick
            tops = [g.mslots[i][-1] for i in t[1] if i < len(g.mslots) and g.mslots[i]]
            live = tuple(x for x in tops if isinstance(x, Obj) and x.kind == "monster" and x.in_play)
            if live:
                pick = (
                    live[0]
                    if len(live) == 1
                    else asking.ask(g, g.active, "choose_target", live, "owed attack")
                )
                kept.append((pick, m[1]))
        elif not (isinstance(t, Obj) and not t.in_play):
            kept.append(m)
    g.must_attack[:] = kept
    return g.must_attack


def action(g: Game) -> bool:
    """One action-phase decision of the active player with an empty stack (FS-8.6). False = turn over."""
    seat = g.active
    ap = g.players[seat]
    checks.state_checks(g)
    if g.stack:
        resolution.priority(g, seat, until_empty=True)
        return True
    if ap.dead:
        return False
    owed = _owed(g)
    barred = ap.no_attacks or not attack.can_pay_tax(g, seat)
    if owed and barred:
        owed = []  # FS-10.2: an attack it cannot pay for cannot be declared: the forced ones lapse unmade
    if owed and not (g.attacks_left > 0 or statics.monster_attacks(g)):  # FS-10.16(c) "if able": none left
        g.must_attack[:] = owed = [m for m in owed if m[1] is not None]
    now = [m for m in owed if m[1] is True]
    opts: list = []
    if now:  # FS-10.16(b): must attack immediately
        opts.append(("attack", now[0]))
    else:
        opts.extend(plays.legal_actions(g, seat))
        kept = sum(1 for m in owed if m[1] is None)  # FS-10.16(c): the turn's own attacks these will use
        if barred:
            pass  # no attack this turn (FS-8.6: Alt Art Brimstone); Tax for the Mighty (FS-10.2): not without paying
        elif g.attacks_left > kept or statics.monster_attacks(g):  # FS-10.16: others may precede an owed one
            opts.append(("attack", None))
        elif g.may_attack:
            opts.append(("attack", ("may", g.may_attack[0])))
        elif g.deck_attacks_unlimited:
            opts.append(("attack", ("may", "monster_deck")))
        if owed:
            opts.append(("attack", owed[0]))
        if g.purchases_left > 0 and _can_buy(g, seat):
            opts.append(("buy",))
        # the variants' own states stand for ``cfg.has(...)``: made by setup exactly then (an interpreted
        # call on the configuration at every action decision otherwise, issue 20)
        if g.soul_trading is not None and soul_trading.can_sell(g, ap):  # FS-20.5, FS-Q.25
            opts.append(("sell_soul",))
        if g.trade is not None and trade.can_trade(g, seat):  # FS-20.4, FS-15.3
            opts.append(("trade",))
        if not owed and not _purchase_owed(g, seat):  # FS-8.8 (FS-Q.35: empty slots never block)
            opts.append(("end",))
    if not opts:
        return False
    return act(g, seat, asking.ask(g, seat, "action", tuple(opts), None))


def act(g: Game, seat: int, choice: tuple) -> bool:
    """Carry out the active player's answer to an action decision. False = turn over."""
    kind = choice[0]
    if kind == "end":
        g.log.emit("end_declared", seat)
        for k in range(1, g.n):  # FS-8.7: priority passes after the declaration
            s = (seat + k) % g.n
            if resolution.respond(g, s):
                # the responses resolve, and once priority passes with the stack empty the end
                # phase begins (FS-8.7): the action phase does not reopen
                resolution.priority(g, s)
                return False
        return False
    if kind == "attack":
        restrict = choice[1]
        if restrict is None:
            g.attacks_left = max(0, g.attacks_left - 1)  # an attack a monster allows uses none (FS-8.6)
            attack.declare_attack(g, seat)
        elif isinstance(restrict, tuple) and restrict and restrict[0] == "may":
            if g.may_attack:  # offered first; else the turn's unlimited deck attacks (Gold Key) offered it
                g.may_attack.pop(0)
            attack.declare_attack(g, seat, None if restrict[1] == "any" else restrict[1])
        else:
            g.must_attack.remove(restrict)
            if restrict[1] is None:  # FS-10.16(c): owed "if able", it is one of the turn's own attacks
                g.attacks_left = max(0, g.attacks_left - 1)
            target = restrict[0]
            attack.declare_attack(g, seat, None if target == "any" else target)
        return True
    if kind == "buy":
        purchase(g, seat)
        return True
    if kind == "sell_soul":
        soul_trading.sell(g, seat)
        return True
    if kind == "trade":
        trade.trade(g, seat)
        return True
    if plays.take_action(g, seat, choice):
        resolution.priority(g, seat, until_empty=True)
    return True


def _buy_options(g: Game, seat: int) -> list:
    p = g.players[seat]
    opts: list = []
    shop_price = statics.price(g, p, True)
    if p.cents >= shop_price:
        opts.extend(g.shop_items())
        if g.treasure_disc and statics.player_statics(g, p, "buys_discard_top"):
            opts.append(g.treasure_disc[-1])  # Recycling Sticker: the discard's top, bought as a shop item
    if p.cents >= statics.price(g, p, False) and (g.treasure or g.treasure_disc):
        opts.append("treasure_deck")
    return opts


def _purchase_owed(g: Game, seat: int) -> bool:
    """A purchase the player must still make before ending the turn (Everything Must Go: a shop item, if
    able: a purchase left, none bought this turn, a shop item they can pay for)."""
    p = g.players[seat]
    if g.purchases_left <= 0 or p.shop_buys > 0 or not any(g.shop) or not statics.must_purchase(g, p):
        return False
    return any(type(o) is Obj for o in _buy_options(g, seat))


def _can_buy(g: Game, seat: int) -> bool:
    return bool(_buy_options(g, seat))


def purchase(g: Game, seat: int) -> None:
    """FS-11: declare, priority passes, choose a shop item or the deck top at a price fixed now."""
    p = g.players[seat]
    g.purchases_left -= 1
    g.log.emit("purchase_declared", seat)
    triggers.fire(g, "purchase_declared", seat=seat)  # before the item is chosen (FS-11.2: The Stairway)
    resolution.priority(g, seat)
    if g.ending_turn or p.dead:
        return
    opts = _buy_options(g, seat)
    if not opts:
        g.purchases_left += 1  # FS-Q.9: a failed purchase is not used up
        g.log.emit("purchase", seat, None, None, 0, "failed")
        return
    choice = asking.ask(g, seat, "buy_target", tuple(opts), None)
    if choice == "treasure_deck":
        price = statics.price(g, p, False)
        c = g.draw(g.treasure, g.treasure_disc)
        if c is None:
            g.purchases_left += 1
            return
        p.cents -= price
        g.pay_to_bank(price)
        g.log.emit("cents_paid", seat, c.card.name, None, price, "purchase")
        o = g.new_obj(c, "item", seat)
        p.items.append(o)
        g.log.emit("purchase", seat, c.card.name, "treasure_deck", price)
        g.log.emit("item_gained", seat, c.card.name, None, None, "purchase")
        triggers.fire(g, "gained", item=o)
        triggers.fire(g, "purchased", seat=seat, item=o, shop=False, amount=price)
    elif type(choice) is not Obj:  # the treasure discard's top, bought as a shop item (Recycling Sticker)
        _buy_discard_top(g, p, choice)
    else:
        price = statics.price(g, p, True)
        p.cents -= price
        g.pay_to_bank(price)
        g.log.emit("cents_paid", seat, choice.phys.card.name, None, price, "purchase")
        g.log.emit("purchase", seat, choice.phys.card.name, "shop", price)
        resources.move_item(g, choice, seat, "purchase", "purchase")  # FS-11.4; the slot refills (FS-11.5)
        p.shop_buys += 1
        triggers.fire(g, "gained", item=choice)
        triggers.fire(g, "purchased", seat=seat, item=choice, shop=True, amount=price)
    checks.state_checks(g)


def _buy_discard_top(g: Game, p: Player, c: Any) -> None:
    """FS-11.3 read for Recycling Sticker (Summer): the treasure discard's top card, bought in the way
    a shop item is — at a shop item's price, counted as a shop purchase (FS-11.2) — enters play under the
    buyer. Our reading: no slot empties, so nothing refills (FS-11.5)."""
    price = statics.price(g, p, True)
    g.treasure_disc.remove(c)
    p.cents -= price
    g.pay_to_bank(price)
    g.log.emit("cents_paid", p.seat, c.card.name, None, price, "purchase")
    o = g.new_obj(c, "item", p.seat)
    p.items.append(o)
    g.log.emit("purchase", p.seat, c.card.name, "treasure_discard", price)
    g.log.emit("item_gained", p.seat, c.card.name, None, None, "purchase")
    p.shop_buys += 1
    triggers.fire(g, "gained", item=o)
    triggers.fire(g, "purchased", seat=p.seat, item=o, shop=True, amount=price)


def end_of_turn(g: Game) -> None:
    """FS-8.10(4): everything with HP heals to full, dead players included; "until end of turn" ends."""
    if g.next_events:  # a delayed death-prevention for this turn lapses (Holy Mantle)
        g.next_events[:] = [t for t in g.next_events if t[0] not in ("would_die", "dies")]  # Black Heart too
    if g.delayed:  # a one-shot on this turn's following (attack) roll lapses unused (Polycephalus, Parabite)
        g.delayed[:] = [t for t in g.delayed if not (t[0] == "would_roll" and t[1][1])]
    for p in g.players:
        p.damage = 0
        p.dead = False
        p.death_pending = False
        p.b_atk = p.b_hp = p.b_roll = p.next_atk = 0
        p.shields.clear()
        p.loot_plays = 0
        p.unlimited_loot = False
        p.attack_rolls_this_turn = 0
        p.shop_buys = 0
        p.attacked = False
        p.loots_played = p.acts_used = 0
        p.turn_kills = 0
        for o in g.player_objects(p):
            o.turn_counts = None
    for m in g.monsters():
        if not (m.damage and m.rules.statics and statics.keeps_damage(g, m)):  # FS-8.10(4): Mulligoon
            m.damage = 0
        m.b_atk = m.b_hp = m.b_ev = 0
        m.turn_counts = None
    for o in statics.attackable_objs(g, now=False):  # FS-10.6: attackable items and rooms have HP too
        o.damage = 0
    for o in (*g.room_objs(), *g.shop_items(), *g.bonus_objs.values()):  # the game's other objects: their
        o.turn_counts = None  # "each turn" counts start again too (a room's first attack each turn)
    g.obj_shields.clear()
    g.eot_replacements.clear()
    g.doomed_faces.clear()  # The Adversary's named faces last till end of turn
    blank_card.end_turn(g)  # Blank Card copies last until end of turn
    gains.expire(g, "eot")  # abilities gained till end of turn (FS-5.2)
    if g.copies:  # copied abilities end (FS-5.12): caches keyed by obj_ver list abilities again
        g.obj_ver += 1
        for o in g.copies:
            if o.copy_until_eot is not None:
                o.rules = o.copy_until_eot
                o.copy_until_eot = None
        g.copies.clear()
    g.must_attack.clear()
    g.may_attack.clear()
    g.team_ups.clear()  # FS-10.7 (team-up): a team-up not used by an attack this turn lapses
    g.pa_grants.clear()  # FS-10.6: players attackable for the turn no longer are
    g.eot_forbids.clear()  # FS-7.3: "can't … till end of turn" ends
    if g.possessed:
        g.possessed.clear()  # Possession: the use of another player's items lasts till end of turn
    if g.rolled_at:
        g.rolled_at.clear()  # attack rolls are counted per turn (Game Squid)
        g.rolls_on.clear()
    if g.eternal_eot:
        counters.end_eternal_eot(g)  # eternal given till end of turn ends (Algiz)
    if g.stripped:
        counters.restore_stripped(g)  # abilities stripped until its user's next turn is over (Club)


def room_step(g: Game) -> None:
    """FS-8.10(3) / FS-16.3: if any monster died this turn, the active player may discard each room;
    the emptied slot is refilled at once (a room revealed now misses this turn's end-of-turn triggers,
    which have resolved already, FS-16.4). Then FS-17.7 in solo/co-op. Nobody has priority in this step
    (FS-8.11, FS-7.8): what triggers now (a revealed room's "enters play") waits in ``Game.pending`` for the
    next priority, the next turn's start-of-turn window, where it goes on the stack with that turn's start
    triggers (FS-4.9, FS-Q.30) and "you" on the room is then that turn's active player (FS-0.5)."""

    if g.monster_deaths:
        for o in room_objs(g):
            if statics.room_stays(g, o):
                continue  # it cannot go to the discard now (Everything Must Go, Social Goals!)
            if ask(g, g.active, "discard_room", (True, False), o.phys.card.name):
                discard(g, o, "room_step")
                fill(g, o.slot)
    if g.coop:
        _stale_room(g)


def _stale_room(g: Game) -> None:
    """FS-17.7: at the end of a round (every character has had a turn since the last one, as the timer
    counts it, FS-17.4), a room slot whose top has not changed during the whole round is discarded and
    refilled."""
    seen = g.coop.round_seen | {g.active}
    if len(seen) < g.n:
        return
    if not g.rooms.changed:
        for o in room_objs(g):
            if statics.room_stays(g, o):
                continue
            discard(g, o, "stale")
            fill(g, o.slot)
    g.rooms.changed = False


# The per-turn counts the start of a turn reads (FS-8.3, FS-8.4, FS-8.6; vocabulary.STATICS).
V.STATICS.implement({key: _play_turn for key in ("loot_plays", "attacks", "purchases", "loot_step")})
V.STATICS.implement({"buys_discard_top": _buy_options})  # a purchase's options (Recycling Sticker, FS-11.3)
