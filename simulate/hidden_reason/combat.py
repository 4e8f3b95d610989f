"""The attack phase (HR-12.7, HR-13): declare attackers and retribution, simultaneous damage, sweep."""

from __future__ import annotations

from cardlab.simulate.core import Decision

from . import permanents, resources, zones
from .stack import run_stack
from .state import BATTLEFIELD, OTHER_WORLD, Card, Game
from .targets import attack_of, exhausted, shrouded, warded
from .views import View

ATTACK = "attack"
HOLD = "hold"


def can_fight(g: Game, c: Card) -> bool:
    """HR-13.5: not exhausted, untapped, and at least 1 durability token to tap."""
    return c.d.is_unit and not c.tapped and c.dur >= 1 and not exhausted(g, c)


def retribution_targets(g: Game, c: Card) -> list[int]:
    """HR-13.6 / HR-Q.9 / HR-Q.10: any opponent's unit whose cost × 2 ≤ this unit's attack."""
    atk = attack_of(g, c)
    out = []
    for s in g.opponents(c.controller):
        for t in g.players[s].battlefield:
            if t.d.is_unit and 2 * t.d.cost <= atk and not shrouded(t) and not warded(g, t):
                out.append(t.uid)
    return out


def retribution_legal(g: Game, c: Card, t: Card) -> bool:
    """HR-Q.9: checked again at the damage step with the attack value then."""
    return (
        c.zone == BATTLEFIELD
        and t.zone == BATTLEFIELD
        and t.controller != c.controller
        and 2 * t.d.cost <= attack_of(g, c)
        and not shrouded(t)
        and not warded(g, t)
    )


def attack_phase(g: Game) -> None:
    ap = g.active
    p = g.players[ap]
    log = g.log
    # (a) Start of combat: the active player passes priority to the opponents (HR-12.7a).
    run_stack(g, (ap + 1) % g.n)
    fighters = [c for c in p.battlefield if can_fight(g, c)]
    if not fighters:
        return
    # (b) Attack step: each chosen unit attacks the boss or is tapped for retribution (HR-13.4).
    attackers: list[Card] = []
    avengers: list[tuple[Card, Card]] = []
    for c in fighters:
        if not can_fight(g, c):
            continue
        opts: list = [ATTACK, HOLD]
        opts.extend(("retribution", t) for t in retribution_targets(g, c))
        choice = g.seats.ask(Decision("attack", ap, opts, View(g, ap), c.uid))
        if choice == ATTACK:
            attackers.append(c)
        elif choice != HOLD:
            avengers.append((c, g.cards[choice[1]]))
    if not attackers and not avengers:
        return
    epochs = {c.uid: c.epoch for c in attackers}
    epochs.update((c.uid, c.epoch) for c, _ in avengers)
    epochs.update((t.uid, t.epoch) for _, t in avengers)
    # HR-13.7: all chosen units are tapped together, each losing 1 durability (HR-4.3).
    for c in attackers:
        permanents.tap_for_action(g, c, "attack")
        log.emit("attack", ap, c.d.name, "boss", attack_of(g, c))
        if "attacks" in c.d.trigger_map:
            zones.queue_trigger(g, c, "attacks")
    for c, t in avengers:
        permanents.tap_for_action(g, c, "retribution")
        log.emit("retribution", ap, c.d.name, t.d.name, attack_of(g, c), "declared")
    # Players may respond before damage (HR-7.3); the active player first.
    run_stack(g)
    # (c) Damage step: all at once (HR-13.1, HR-6.4, HR-13.6).
    hitters = 0
    last = None
    for c in attackers:
        c.pending -= 1 if c.pending > 0 else 0
        if c.zone != BATTLEFIELD or c.controller != ap or c.epoch != epochs[c.uid]:
            continue  # left (and maybe came back as a new object) before damage
        amount = attack_of(g, c)
        if amount > 0:
            g.boss_hp -= amount
            p.boss_damage += amount
            hitters += 1
            last = c.d.name
            log.emit("boss_damage", ap, c.d.name, "boss", amount, value=g.boss_hp)
    for c, t in avengers:
        c.pending -= 1 if c.pending > 0 else 0
        if retribution_legal(g, c, t) and c.epoch == epochs[c.uid] and t.epoch == epochs[t.uid]:
            p.retributions += 1
            log.emit("retribution", ap, c.d.name, t.d.name, attack_of(g, c), "resolved")
            zones.leave_battlefield(g, c, OTHER_WORLD, "retribution")
            zones.leave_battlefield(g, t, OTHER_WORLD, "destroyed")
        else:
            log.emit("fizzled", ap, c.d.name, t.d.name, None, "retribution cancelled")  # HR-Q.9
    if hitters:
        resources.gain_temp(g, p, hitters)  # HR-6.4: one resource per unit that dealt damage
        if g.boss_hp <= 0:
            resources.lethal(g, (ap,), last)
    # HR-4.5 / HR-12.7(d): units at 0 durability leave now.
    zones.sweep(g)
