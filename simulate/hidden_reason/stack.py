"""Casting, activating and the shared stack (HR-7, HR-10, HR-11, HR-15): legal options, paying,
priority rounds (HR-Q.4) and resolution.

Options are small tuples a strategy returns unchanged:
``("cast", uid, target)``, ``("act", uid, index, target)``, ``("synergy", uid, "give"|"take", other_uid)``,
``("scrap", uid, scrapped_uid, target)``, ``("build", uid, target)``, ``("substitute", uid, returned_uid)``,
and ``PASS``. A target is a card uid, a player as ``-(seat + 1)``, a tuple of those, or None.
"""

from __future__ import annotations

from typing import Any

from cardlab.simulate.core import Decision

from . import effects, zones
from .cards import Ability
from .resources import pay
from .state import BATTLEFIELD, DECLARED, OTHER_WORLD, RESOLVING, STACK, WAITING, Card, Game, StackItem
from .targets import cost_of, legal_target, target_choices, target_name, targets_for
from .views import View

PASS = ("pass",)
SUBSTITUTION_COST = 2  # HR-15.4
MAX_PLAYS_PER_TURN = 1000  # a designer's card that pays for itself could otherwise loop forever


def _with_targets(
    g: Game, seat: int, out: list, head: tuple, ab: Ability | None, source: Card | None, known: dict
) -> None:
    """HR-10.2: an item needing a target can only be played if one can be chosen. ``known`` caches the
    targets of each kind within one option search (only 'spell' depends on the source)."""
    if ab is None or ab.target is None:
        out.append((*head, None))
    elif ab.count == 1:
        kind = ab.target
        found = known.get(kind) if kind != "spell" else None
        if found is None:
            found = known[kind] = targets_for(g, seat, kind, source)
        for t in found:
            out.append((*head, t))
    else:
        for t in target_choices(g, seat, ab, source):
            out.append((*head, t))


def options(g: Game, seat: int, main: bool) -> list[tuple]:
    """Everything ``seat`` may do now. ``main``: the active player's placement phase with an empty
    stack (HR-12.6, HR-Q.5), where every card type may be played; otherwise tactic speed only."""
    p = g.players[seat]
    out: list[tuple] = []
    known: dict[str, list] = {}
    pool = p.pool
    for c in p.hand:
        d = c.d
        if not main and d.type != "tactic":
            continue
        if (d.cost if d.type != "tactic" else cost_of(p, c)) > pool:
            continue
        if d.unique and any(o.d.name == d.name and not o.silenced for o in p.battlefield):
            continue  # HR-15.6 / HR-Q.23: cannot be played while you control one
        if d.play is not None:
            _with_targets(g, seat, out, ("cast", c.uid), d.play, c, known)
        else:
            out.append(("cast", c.uid, None))
    own_turn = seat == g.active
    turn = g.turn
    for c in p.battlefield:
        d = c.d
        if not d.has_ability or c.silenced:
            continue  # HR-15.7: no features, no abilities
        if d.construction is not None and c.window >= 0:  # HR-15.1: "at any time" once complete
            _with_targets(g, seat, out, ("build", c.uid), d.construction.ability, c, known)
        if c.entered == turn:
            continue  # HR-9.1: no abilities while exhausted (triggers excepted)
        can_tap = not c.tapped and (not d.is_unit or c.dur >= 1)
        for i, ab in enumerate(d.activated):
            if ab.cost > pool or (ab.tap and not can_tap):
                continue
            _with_targets(g, seat, out, ("act", c.uid, i), ab, c, known)
        if d.synergy and not c.tapped:  # HR-15.2
            for o in p.battlefield:
                if o is c:
                    continue
                if c.energy:
                    out.append(("synergy", c.uid, "give", o.uid))
                if o.energy:
                    out.append(("synergy", c.uid, "take", o.uid))
        if d.scrap is not None and can_tap:  # HR-15.3
            for o in p.battlefield:
                if o is not c:
                    _with_targets(g, seat, out, ("scrap", c.uid, o.uid), d.scrap, c, known)
        if d.substitution and own_turn and pool >= SUBSTITUTION_COST:  # HR-15.4 / HR-Q.22
            for m in p.other_world:
                if m.d.mitsim and m.d.cost <= d.cost:
                    out.append(("substitute", c.uid, m.uid))
    return out


def act(g: Game, seat: int, opt: tuple) -> None:
    """Carry out a chosen option: pay, then put the card or ability on the stack (HR-7.1)."""
    g.plays += 1
    if g.plays > MAX_PLAYS_PER_TURN:
        raise RuntimeError(
            f"more than {MAX_PLAYS_PER_TURN} plays in turn {g.turn}: a card loop? last: {g.cards[opt[1]].d.name}"
        )
    p = g.players[seat]
    kind = opt[0]
    c = g.cards[opt[1]]
    log = g.log
    if kind == "cast":
        # HR-7.1 (1) declare: the card leaves the hand for the stack, its cost not yet paid.
        p.hand.remove(c)
        c.zone = STACK
        item = StackItem("card", seat, c, c.d.play, opt[2], stage=DECLARED)
        g.stack.append(item)
        stamp(g, item)
        log.emit("card_declared", seat, c.d.name, target_name(g, opt[2]), None, c.d.type)
        stage_window(g, item, "before_payment")  # HR-7.1: opponents may respond before (2)
        cost = cost_of(p, c)
        if cost > p.pool:  # a response took the discount away: the play is undone (HR-8.1: cost must be paid)
            _unstack(g, item)
            c.zone = ""
            zones.to_hand(g, p, c)
            log.emit("fizzled", seat, c.d.name, None, cost, "cost cannot be paid")
            return
        # HR-7.1 (2) pay; from now on the card waits on the stack and may be cancelled (HR-7.2).
        pay(p, cost)
        item.stage = WAITING
        p.cards_cast += 1
        log.emit("card_cast", seat, c.d.name, target_name(g, opt[2]), cost, c.d.type)
        return
    elif kind == "act":
        ab = c.d.activated[opt[2]]
        pay(p, ab.cost)
        item = StackItem("ability", seat, c, ab, opt[3])
        if ab.tap:
            effects.tap_for_action(g, c, "ability")
            item.tapped_source = True
        g.stack.append(item)
        log.emit("ability_activated", seat, c.d.name, target_name(g, opt[3]), ab.cost)
    elif kind == "synergy":
        effects.tap_for_action(g, c, "synergy", cost_durability=False)  # HR-15.2: no durability lost
        g.stack.append(StackItem("synergy", seat, c, None, None, True, (opt[2], opt[3])))
        log.emit("ability_activated", seat, c.d.name, g.cards[opt[3]].d.name, 0, f"synergy {opt[2]}")
    elif kind == "scrap":
        effects.tap_for_action(g, c, "scrap")
        scrapped = g.cards[opt[2]]
        log.emit("scrap", seat, c.d.name, scrapped.d.name)
        zones.leave_battlefield(g, scrapped, OTHER_WORLD, "scrapped")
        g.stack.append(StackItem("ability", seat, c, c.d.scrap, opt[3], True))
        log.emit("ability_activated", seat, c.d.name, target_name(g, opt[3]), 0, "scrap")
    elif kind == "build":
        c.window = -2  # used: no second activation, no overload
        g.stack.append(StackItem("construction", seat, c, c.d.construction.ability, opt[2]))
        log.emit("ability_activated", seat, c.d.name, target_name(g, opt[2]), 0, "construction")
    elif kind == "substitute":
        pay(p, SUBSTITUTION_COST)
        log.emit("substitution", seat, c.d.name, g.cards[opt[2]].d.name, SUBSTITUTION_COST)
        zones.leave_battlefield(g, c, OTHER_WORLD, "sacrificed")
        g.stack.append(StackItem("substitution", seat, c, None, None, False, opt[2]))
        log.emit(
            "ability_activated", seat, c.d.name, g.cards[opt[2]].d.name, SUBSTITUTION_COST, "substitution"
        )
    else:
        raise ValueError(f"unknown option {opt!r}")
    stamp(g, g.stack[-1])


def stamp(g: Game, item: StackItem) -> None:
    """Remember which battlefield 'object' the source and permanent targets were (HR-10.3, HR-Q.12)."""
    if item.source is not None:
        item.src_epoch = item.source.epoch
    t = item.target
    if isinstance(t, tuple):
        item.tgt_epoch = tuple(g.cards[r].epoch if r >= 0 else -1 for r in t)
    elif t is not None and t >= 0 and g.cards[t].zone == BATTLEFIELD:
        item.tgt_epoch = g.cards[t].epoch


def _legal_now(g: Game, item: StackItem, kind: str, src: Card, ref: int, epoch: int) -> bool:
    if not legal_target(g, item.controller, kind, ref, src):
        return False
    return epoch < 0 or ref < 0 or g.cards[ref].epoch == epoch


def _live_targets(g: Game, item: StackItem, kind: str, src: Card):
    """HR-10.3 / HR-Q.11: the targets still legal (an illegal one is not affected); None if none is."""
    t = item.target
    if isinstance(t, tuple):
        live = tuple(
            r for r, e in zip(t, item.tgt_epoch, strict=True) if _legal_now(g, item, kind, src, r, e)
        )
        return live or None
    return t if _legal_now(g, item, kind, src, t, item.tgt_epoch) else None


def push_triggers(g: Game) -> None:
    """HR-11.2: waiting triggers go on the stack; targets are chosen now; no legal target = nothing."""
    pending, g.pending_triggers = g.pending_triggers, []
    for item in pending:
        ab = item.ability
        src = item.source
        if ab is not None and ab.target is not None:
            choices = target_choices(g, item.controller, ab, src)
            if not choices:
                g.log.emit("trigger", item.controller, src.d.name, None, None, f"{item.extra}: no target")
                continue
            item.target = g.seats.ask(
                Decision("choose_target", item.controller, choices, View(g, item.controller), item.extra)
            )
        g.stack.append(item)
        stamp(g, item)
        g.log.emit("trigger", item.controller, src.d.name, target_name(g, item.target), None, item.extra)


def priority_round(g: Game, start: int, main_seat: int = -1, context: str | None = None) -> int | None:
    """HR-Q.4: from ``start`` clockwise, each player (but ``main_seat``) may act; returns the seat that
    acted, None if all pass. ``context`` names an HR-7.1 stage window."""
    n = g.n
    for i in range(n):
        s = (start + i) % n
        if s == main_seat:
            continue
        opts = options(g, s, False)
        if not opts:
            continue  # nothing legal: pass without asking (DESIGN: asking costs time)
        opts.insert(0, PASS)
        choice = g.seats.ask(Decision("respond", s, opts, View(g, s), context))
        if choice != PASS:
            act(g, s, choice)
            return s
    return None


def stage_window(g: Game, item: StackItem, stage: str) -> None:
    """HR-7.1: before a stage of playing a card, its controller's opponents may play tactics and abilities.
    Their plays go on top of the card and resolve (everyone may answer them, HR-7.3) before the stage goes
    on; the window closes when every opponent passes in a row. The card itself cannot be cancelled here
    (HR-7.2: only after its cost is paid and before it resolves)."""
    floor = len(g.stack)
    seat = item.controller
    start = (seat + 1) % g.n
    while True:
        acted = priority_round(g, start, seat, stage)
        if acted is None:
            return
        run_stack(g, acted, floor=floor)


def run_stack(g: Game, start: int | None = None, main: bool = False, floor: int = 0) -> None:
    """HR-7.3 / HR-7.5: players act, the top item resolves when all pass in a row, until the stack is empty
    and nobody acts. The player who just acted acts first again; after a resolution the active player.

    ``main``: in the active player's placement phase, an emptied stack hands back to the placement loop,
    whose ``action`` decision is the active player's first chance to act (then the others, HR-Q.4).
    ``floor``: stop once the stack is back down to that many items (an HR-7.1 stage window)."""
    first = g.active if start is None else start
    while True:
        if g.pending_triggers:
            push_triggers(g)
        acted = priority_round(g, first)
        if acted is not None:
            first = acted
            continue
        if len(g.stack) <= floor:
            return
        resolve_top(g)
        if (main or floor) and len(g.stack) <= floor and not g.pending_triggers:
            return
        first = g.active


def _fizzle(g: Game, item: StackItem, why: str) -> None:
    src = item.source
    g.log.emit(
        "fizzled",
        item.controller,
        src.d.name if src is not None else None,
        target_name(g, item.target),
        None,
        why,
    )


def resolve_top(g: Game) -> None:
    """Resolve the last item added (HR-7.3), then sweep units at 0 durability (HR-Q.7)."""
    item = g.stack[-1]  # stays on the stack while it resolves (choices made meanwhile see it there)
    kind = item.kind
    src = item.source
    log = g.log
    ab = item.ability
    live = item.target
    if ab is not None and ab.target is not None:
        live = _live_targets(g, item, ab.target, src)
    if kind == "card":
        d = src.d
        if live is None and ab is not None and ab.target is not None:
            # HR-10.3 / HR-Q.11: every target is illegal — cancelled, to the other world.
            _unstack(g, item)
            src.zone = ""
            zones.put(g, src, OTHER_WORLD)
            _fizzle(g, item, "illegal target")
        elif d.is_permanent:  # HR-7.4
            _unstack(g, item)
            log.emit("card_resolved", item.controller, d.name, target_name(g, live))
            src.zone = ""
            host = g.cards[live] if d.type == "implant" else None
            zones.enter_battlefield(g, src, item.controller, host)
        else:
            log.emit("card_resolved", item.controller, d.name, target_name(g, live))
            # HR-7.1: opponents may respond once more before (4) its effect is carried out; the card is
            # resolving and can no longer be cancelled (HR-7.2). Targets lost meanwhile are not affected;
            # if every target was lost, the effect does nothing (HR-10.3, HR-Q.11).
            item.stage = RESOLVING
            stage_window(g, item, "before_effect")
            if ab.target is not None:
                live = _live_targets(g, item, ab.target, src)
            if live is None and ab.target is not None:
                _fizzle(g, item, "targets lost before its effect")  # HR-10.3 / HR-Q.11: nothing happens
            else:
                effects.apply(g, item, ab.effects, live)  # HR-Q.11: only the legal targets
            _unstack(g, item)
            if src.zone == STACK:
                src.zone = ""
                zones.put(g, src, OTHER_WORLD)
    else:
        _unstack(g, item)
    if kind in ("ability", "trigger", "construction", "synergy"):
        if kind != "trigger" and src.d.is_unit and (src.zone != BATTLEFIELD or src.epoch != item.src_epoch):
            _fizzle(g, item, "source unit gone")  # HR-Q.12
        elif live is None and ab is not None and ab.target is not None:
            _fizzle(g, item, "illegal target")  # HR-10.3, HR-11.2
        else:
            log.emit("card_resolved", item.controller, src.d.name, target_name(g, live), None, kind)
            if kind == "synergy":
                _synergy(g, src, *item.extra)
            else:
                effects.apply(g, item, ab.effects, live)
            if kind == "construction" and src.zone == BATTLEFIELD:
                zones.leave_battlefield(g, src, OTHER_WORLD, "construction used")
    elif kind == "overload":
        log.emit("card_resolved", item.controller, src.d.name, None, None, "overload")
        effects.apply(g, item, src.d.construction.overload, None)
    elif kind == "substitution":
        back = g.cards[item.extra]
        p = g.players[item.controller]
        if back.zone == OTHER_WORLD and back in p.other_world:
            log.emit("card_resolved", item.controller, src.d.name, back.d.name, None, "substitution")
            p.other_world.remove(back)
            log.emit("returned", item.controller, back.d.name, "battlefield")
            zones.enter_battlefield(g, back, item.controller)  # HR-15.4: exhausted, enter triggers fire
        else:
            _fizzle(g, item, "returned card gone")
    if item.tapped_source and src.pending > 0:
        src.pending -= 1
    zones.sweep(g)


def _unstack(g: Game, item: StackItem) -> None:
    for i in range(len(g.stack) - 1, -1, -1):
        if g.stack[i] is item:
            del g.stack[i]
            return


def _synergy(g: Game, c: Card, direction: str, other_uid: int) -> None:
    """HR-15.2: move up to X energy tokens between this card and another."""
    o = g.cards[other_uid]
    if o.zone != BATTLEFIELD:
        return
    x = c.d.synergy
    if direction == "give":
        n = min(x, c.energy)
        c.energy -= n
        effects.add_energy(g, o, n)
    else:
        n = min(x, o.energy)
        o.energy -= n
        effects.add_energy(g, c, n)


def ask_main(g: Game, seat: int, opts: list[Any]) -> Any:
    """The active player's placement-phase decision (PASS ends the phase unless others act)."""
    return g.seats.ask(Decision("action", seat, opts, View(g, seat)))
