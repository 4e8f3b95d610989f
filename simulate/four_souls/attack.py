"""Attacks (FS-10): declaration with a priority round before the target (FS-10.2, FS-Q.6), attacking a
slot monster or the monster deck (FS-10.5), the roll → combat damage → death loop (FS-10.7–10.11).

:func:`run_attack` is the fight loop; tests call it directly for the exactness check."""

from __future__ import annotations

from typing import Any

from . import asking, dice, items, resolution, resources, rule_variants, statics, triggers, zones
from . import vocabulary as V
from .state import Attack, Game, Obj


def attack_options(g: Game, seat: int, restrict=None) -> list:
    opts: list  # monsters, items, rooms, players' characters and "monster_deck"
    """Legal targets: attackable monsters in slots, attackable items and rooms (FS-10.6, FS-16.6),
    other players when an ability allows (FS-10.6: their character stands for them) and the top of the
    monster deck."""
    if isinstance(restrict, Obj):
        opts = [restrict] if restrict.in_play and not statics.cant_be_attacked(g, restrict) else []
        if opts and restrict.kind == "character" and statics.target_gone(g, restrict):
            opts = []  # a player dead this turn cannot be attacked (FS-13.12)
        if opts and g.cfg.has("cannon-fodder"):  # FS-20.10: a forced attack on a boss is barred too
            opts = rule_variants.cannon_fodder(g, opts)
        return opts
    opts = []
    if restrict != "monster_deck":
        opts = [m for m in g.monsters() if not statics.cant_be_attacked(g, m)]
        if opts and g.cfg.has("cannon-fodder"):  # FS-20.10 / FS-Q.27
            opts = rule_variants.cannon_fodder(g, opts)
        opts += statics.other_attack_targets(g, seat)
    if g.monster or g.monster_disc:
        opts.append("monster_deck")
    return opts


def can_pay_tax(g: Game, seat: int) -> bool:
    """FS-10.2: ``seat`` can pay what declaring an attack costs (``attack_tax``: Tax for the Mighty)."""
    tax = statics.attack_tax(g, g.players[seat])
    return not tax or g.players[seat].cents >= tax * (g.n - 1)


def _pay_tax(g: Game, seat: int) -> None:
    """The attack's price: ``attack_tax`` ¢ for every other seat, going round from the attacker (a give, FS-6.12)."""
    tax = statics.attack_tax(g, g.players[seat])
    if tax:
        p = g.players[seat]
        for k in range(1, g.n):
            resources.give_cents(g, p, g.players[(seat + k) % g.n], tax, "attack_tax")


def declare_attack(g: Game, seat: int, restrict=None) -> None:
    """FS-10.2: declare (paying an attack tax first), priority passes, then the attacker chooses the target."""
    p = g.players[seat]
    _pay_tax(g, seat)
    g.attacks_used += 1
    g.log.emit("attack_declared", seat)
    triggers.fire(g, "attack_declared", seat=seat)
    resolution.priority(g, seat)
    if g.ending_turn or p.dead:
        g.log.emit("attack_ended", seat, None, None, None, "before_target")
        return
    opts = attack_options(g, seat, restrict)
    if not opts:
        g.log.emit("attack_ended", seat, None, None, None, "no_target")
        return
    attack_chosen(g, seat, asking.ask(g, seat, "attack_target", tuple(opts), None), restrict)


def attack_chosen(g: Game, seat: int, choice: Any, restrict=None) -> None:
    """The declared attack once its target is chosen (FS-10.2): a monster (FS-10.4) or the monster deck's top
    card (FS-10.5). A function of its own because the target is asked at one known point of the action
    loop (``turn.act`` is the one caller of :func:`declare_attack`, with the stack empty after the
    declaration's priority window), so a search's copy of the position resumes here
    (``turn.play_turn(at="attack_target")``, ``branching.play_copy``)."""
    if restrict is None:
        _owed_met(g, choice)
    if choice == "monster_deck":
        g.deck_attacks += 1
        c = g.draw(g.monster, g.monster_disc)
        if c is None:
            g.log.emit("attack_ended", seat, None, None, None, "empty_deck")
            return
        i = zones.choose_slot(g, seat, zones.coverable_slots(g), c)  # FS-10.5, FS-4.17 / FS-10.5(c)
        o = zones.reveal_into_slot(g, c, i)
        if o.kind != "monster":  # FS-10.5(a), FS-Q.7: an event ends the attack, which is used
            g.log.emit("attack_target", seat, c.card.name, None, None, "event")
            triggers.fire(g, "attacked", target=o)
            resolution.priority(g, g.active, until_empty=True)  # the event resolves; the attack is over
            g.log.emit("attack_ended", seat, c.card.name, None, None, "event")
            return
        if statics.cant_be_attacked(g, o):  # FS-10.5(b), FS-Q.8: the attack is used up
            g.log.emit("attack_target", seat, c.card.name, None, None, "unattackable")
            g.log.emit("attack_ended", seat, c.card.name, None, None, "unattackable")
            return
        run_attack(g, seat, o, deck=True)
        return
    if isinstance(choice, Obj) and choice.kind == "monster" and restrict is None:
        # a search's copy resumed here (turn.play_turn) passes no ``restrict``: in a branch of a restricted
        # extra attack the other player's pick is offered as in an ordinary attack (branches only)
        choice = _other_picks_monster(g, seat, attack_options(g, seat, None), choice)
    run_attack(g, seat, choice)


def _owed_met(g: Game, choice: Any) -> None:
    """FS-10.16(c): an attack owed "once each turn if able" asks only that an attack on its object be
    declared, so the turn's own attack chosen against that object meets it (it was one of the turn's
    attacks anyway); one owed on any target is met by any attack. Deck attacks owed up to a count this
    turn (Ambush!, FS-21: every deck attack of the turn counts) are met by a deck attack of the turn's own."""
    for m in g.must_attack:
        if (m[1] is None and (m[0] is choice or m[0] == "any" or (m[0] == "monster_deck" == choice))) or (
            m[1] == "total" and choice == "monster_deck"
        ):
            g.must_attack.remove(m)
            return


def _other_picks_monster(g: Game, seat: int, opts: list, choice: Obj) -> Obj:
    """Mom's Eye Shadow (a ``picks_attack_target`` static): when a rival's attack is declared against a
    monster, its holder may pick which monster in a slot they attack (FS-10.3); the first holder in turn
    order from the attacker decides. The attacker's own pick stays among the choices (a "may")."""
    found = statics.table_statics(g, "picks_attack_target")
    if not found:
        return choice
    holders = {o.controller for o, _b in found if o.in_play and o.controller >= 0 and o.controller != seat}
    if not holders:
        return choice
    picker = min(holders, key=lambda s: (s - seat) % g.n)
    monsters = tuple(o for o in opts if isinstance(o, Obj) and o.kind == "monster")
    if len(monsters) < 2:
        return choice
    picked = asking.ask(g, picker, "choose_target", monsters, "Mom's Eye Shadow")
    return picked if isinstance(picked, Obj) else choice


def run_attack(g: Game, seat: int, target: Obj, deck: bool = False) -> bool:
    """The attack loop (FS-10.7): roll, resolve, repeat until someone dies or the attack ends.
    Returns True when the target died."""
    p = g.players[seat]
    a = Attack(seat, target, deck_attack=deck)
    if g.team_ups:  # FS-10.7 (team-up): a team-up waits for the active player's next declared attack
        a.partners.extend(q for q in dict.fromkeys(g.team_ups) if q != seat)
        g.team_ups.clear()
    g.attack = a
    g.log.emit(
        "attack_target",
        seat,
        target.phys.card.name,
        None,
        statics.target_hp(g, target),
        "deck" if deck else {"monster": "slot", "character": "player"}.get(target.kind, target.kind),
    )
    g.attacked_uids.add(target.uid)  # "wasn't attacked this turn" (Alt Art Little Horn)
    if target.kind == "character":
        g.players[target.controller].attacked = True  # FS-10.6 (Battle Royale's death penalty)
    # FS-10.3 (Pride); deck: FS-10.5 (Angelic Intervention)
    triggers.fire(g, "attacked", target=target, deck=deck)
    killed = False
    resolution.priority(g, g.active, until_empty=True)  # triggers on the target choice (no window without)
    while True:
        if a.cancelled or p.dead or statics.player_hp(g, p) <= 0:
            break
        if a.target is None or statics.target_gone(g, target) or statics.target_hp(g, target) <= 0:
            killed = a.target is None or not target.in_play
            break
        # FS-10.10: the attacker makes the next roll; the runaway guard (FS-4.7) counts it as a player's
        # act, so an attack that can never end (FS-10.7: every roll misses and the miss deals 0) is ended
        # as a runaway turn, not reported as a card loop
        g.acted = g.resolved
        _attack_roll(g, seat, target)
        resolution.priority(g, seat, attack_over=lambda: _over(g, a, p, target))  # FS-7.4: roller first
        if _no_target(a):
            killed = True
            break
        if a.partners and _partner_rolls(g, a, p, target):
            killed = True
            break
    _fizzle_rest(g, a)
    g.attack = None
    g.log.emit("attack_ended", seat, target.phys.card.name, None, None, "killed" if killed else "ended")
    return killed


def _partner_rolls(g: Game, a: Attack, p, target: Obj) -> bool:
    """FS-10.7 (team-up): after each of the attacker's attack rolls, each teamed-up player still alive
    makes an attack roll of their own, in the order they joined, while the attack goes on. True when
    the target is gone."""
    for q in list(a.partners):
        if _over(g, a, p, target):
            break
        if g.players[q].dead:
            continue
        _attack_roll(g, q, target)
        resolution.priority(g, q, attack_over=lambda: _over(g, a, p, target))
        if _no_target(a):
            return True
    return False


def _attack_roll(g: Game, seat: int, target: Obj) -> None:
    """FS-10.8: ``seat`` makes an attack roll against ``target``. Faces that make it miss are named first
    when the target says so (Alt Art Mother!: the players left and right of the active player, each one
    face, before the die is rolled; with two players that one player names two)."""
    faces: tuple = ()
    if target.rules.statics and statics.named_faces(g, target):
        named = []
        for chooser in ((g.active + 1) % g.n, (g.active - 1) % g.n):
            named.append(asking.ask(g, chooser, "choose_number", (1, 2, 3, 4, 5, 6), target.phys.card.name))
        faces = tuple(named)
        g.log.emit("faces_named", g.active, target.phys.card.name, None, None, ",".join(map(str, faces)))
    r = dice.push_roll(g, seat, "attack", target=target, name=target.phys.card.name)
    r.misses = faces


def _no_target(a: Attack) -> bool:
    """The attack's target is gone (set to None meanwhile). A function, so that no reader narrows
    ``a.target`` from an earlier test: a compiled build would trust that narrowing (README "Compiled build")."""
    return a.target is None


def _over(g: Game, a: Attack, p, target: Obj) -> bool:
    """FS-10.11: the attack has ended (someone died or was at 0 HP, or it was cancelled)."""
    return (
        a.cancelled
        or p.dead
        or a.target is None
        or statics.target_gone(g, target)
        or statics.player_hp(g, p) <= 0
        or statics.target_hp(g, target) <= 0
    )


def _fizzle_rest(g: Game, a: Attack) -> None:
    """FS-10.11: unresolved attack rolls and combat damage of an ended attack fizzle."""
    for it in list(g.stack):
        if (isinstance(it, items.RollItem) and it.attack) or (isinstance(it, items.DamageItem) and it.combat):
            g.stack.remove(it)


V.STATICS.implement({"picks_attack_target": _other_picks_monster})  # Mom's Eye Shadow (FS-10.3)
