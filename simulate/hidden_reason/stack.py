"""Casting, activating and the shared stack (HR-7, HR-10, HR-11, HR-15): legal options, paying,
priority rounds (HR-Q.4) and resolution.

Options are small tuples a strategy returns unchanged:
``("cast", uid)``, ``("act", uid, index, target)``, ``("synergy", uid, "give"|"take", other_uid)``,
``("scrap", uid, scrapped_uid, target)``, ``("build", uid, target)``,
``("substitute", uid, sacrificed_uid, returned_uid)`` and ``PASS``. A target is a card uid, a player as
``-(seat + 1)``, a tuple of those, or None. A card's targets are not part of its option: they are chosen
when it is paid for (HR-10.2), by a ``choose_target`` decision with context ``("pay", uid)``; an
ability's are chosen when it is activated (its option).
"""

from __future__ import annotations

from typing import Any

from cardlab.simulate.core import Decision

from . import effects, permanents, zones
from .cards import Ability
from .resources import pay
from .state import (
    BATTLEFIELD,
    DECLARED,
    OTHER_WORLD,
    RESOLVING,
    STACK,
    WAITING,
    Card,
    Game,
    PlayerState,
    StackItem,
)
from .targets import cost_of, legal_target, stamp, target_choices, target_name, targets_for
from .views import View

PASS = ("pass",)
SUBSTITUTION_COST = 2  # HR-15.4
MAX_PLAYS_PER_TURN = 1000  # a designer's card that pays for itself could otherwise loop forever


def _targets_now(g: Game, seat: int, ab: Ability, source: Card | None, known: dict) -> list:
    """The target choices of a block now. ``known`` caches the targets of each kind within one option
    search (only 'spell' depends on the source)."""
    if ab.count != 1:
        return target_choices(g, seat, ab, source)
    kind = ab.target
    assert kind is not None  # only an ability with a target is asked for its targets
    found = known.get(kind) if kind != "spell" else None
    if found is None:
        found = known[kind] = targets_for(g, seat, kind, source)
    return found


def _with_targets(
    g: Game, seat: int, out: list, head: tuple, ab: Ability | None, source: Card | None, known: dict
) -> None:
    """HR-10.2: an ability needing a target can only be activated if one can be chosen; its targets are
    chosen with the activation (one option per choice)."""
    if ab is None or ab.target is None:
        out.append((*head, None))
    else:
        for t in _targets_now(g, seat, ab, source, known):
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
        ab = d.play
        if ab is not None and ab.target is not None and not _targets_now(g, seat, ab, c, known):
            continue  # HR-10.2: cannot be played if its targeting requirements cannot be met
        out.append(("cast", c.uid))
    own_turn = seat == g.active
    turn = g.turn
    # A permanent whose ability is declared but not yet paid for (HR-7.1) activates nothing more until it
    # is: its costs (a tap, resources) would otherwise be promised twice.
    declaring = {it.source.uid for it in g.stack if it.stage == DECLARED and it.kind != "card"}
    bearers: list[Card] = []  # ready to use substitution
    for c in p.battlefield:
        d = c.d
        if not d.has_ability or c.silenced or c.uid in declaring:
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
        if d.synergy and not c.tapped:  # HR-15.2: named by one other card; the move may reach others
            for o in synergy_partners(g, c):
                if c.energy:
                    out.append(("synergy", c.uid, "give", o.uid))
                if o.energy:
                    out.append(("synergy", c.uid, "take", o.uid))
        if d.scrap is not None and can_tap:  # HR-15.3
            for o in p.battlefield:
                if o is not c:
                    _with_targets(g, seat, out, ("scrap", c.uid, o.uid), d.scrap, c, known)
        if d.substitution and own_turn and pool >= SUBSTITUTION_COST:  # HR-15.4 / HR-Q.22
            bearers.append(c)
    if bearers:
        _substitutions(p, bearers, out)
    return out


def _substitutions(p: PlayerState, bearers: list[Card], out: list) -> None:
    """HR-15.4 / HR-Q.22: a bearer's controller sacrifices any mitsim they control (the bearer or another)
    and returns a mitsim of equal or lower cost from their other world. Which bearer's ability is used
    changes nothing, so each (sacrificed, returned) pair is offered once: through the sacrificed card's own
    keyword when it can use it, else through the first bearer."""
    ready = {b.uid for b in bearers}
    back = [m for m in p.other_world if m.d.mitsim]
    for s in p.battlefield:
        if not s.d.mitsim:
            continue
        source = s.uid if s.uid in ready else bearers[0].uid
        for m in back:
            if m.d.cost <= s.d.cost:
                out.append(("substitute", source, s.uid, m.uid))


def act(g: Game, seat: int, opt: tuple) -> None:
    """Carry out a chosen option: play a card or activate an ability through the stages of HR-7.1 —
    (1) declare (it goes on the stack), a window for the opponents, (2) pay; (3) and (4) on resolution."""
    g.plays += 1
    if g.plays > MAX_PLAYS_PER_TURN:
        raise RuntimeError(
            f"more than {MAX_PLAYS_PER_TURN} plays in turn {g.turn}: a card loop? last: {g.cards[opt[1]].d.name}"
        )
    if opt[0] == "cast":
        _cast(g, seat, g.cards[opt[1]])
    else:
        _activate(g, seat, opt)


def _cast(g: Game, seat: int, c: Card) -> None:
    p = g.players[seat]
    log = g.log
    # HR-7.1 (1) declare: the card leaves the hand for the stack, its cost not yet paid, no target yet.
    p.hand.remove(c)
    c.zone = STACK
    item = StackItem("card", seat, c, c.d.play, None, stage=DECLARED)
    g.stack.append(item)
    stamp(g, item)
    log.emit("card_declared", seat, c.d.name, None, None, c.d.type)
    stage_window(g, item, "before_payment")  # HR-7.1: opponents may respond before (2)
    # HR-7.1 (2) pay, choosing the targets now (HR-10.2). A response that made the cost unpayable (a tactic
    # discount destroyed) or left no legal target means the card cannot be played: the play is undone.
    cost = cost_of(p, c)
    ab = c.d.play
    why = "cost cannot be paid" if cost > p.pool else None
    if why is None and ab is not None and ab.target is not None:
        choices = target_choices(g, seat, ab, c)
        if choices:
            item.target = g.seats.ask(Decision("choose_target", seat, choices, View(g, seat), ("pay", c.uid)))
            stamp(g, item)
        else:
            why = "no legal target"
    if why is not None:
        _unstack(g, item)
        c.zone = ""
        zones.to_hand(g, p, c)
        log.emit("fizzled", seat, c.d.name, None, cost, why)
        return
    # From now on the card waits on the stack and may be cancelled (HR-7.2).
    pay(p, cost)
    item.stage = WAITING
    p.cards_cast += 1
    log.emit("card_cast", seat, c.d.name, target_name(g, item.target), cost, c.d.type)


# The stack item kind and the event detail of each activated ability option.
_ABILITY_KINDS = {
    "act": ("ability", None),
    "synergy": ("synergy", "synergy"),
    "scrap": ("ability", "scrap"),
    "build": ("construction", "construction"),
    "substitute": ("substitution", "substitution"),
}


def _activate(g: Game, seat: int, opt: tuple) -> None:
    """HR-11.3 / HR-7.1: an ability is activated exactly as a tactic is played, but only the ability goes
    on the stack: (1) declared with its targets (HR-10.2), a window for the opponents, then (2) its costs
    (resources, tap, scrap, sacrifice) are paid; a cost a response made unpayable undoes it."""
    how = opt[0]
    if how not in _ABILITY_KINDS:
        raise ValueError(f"unknown option {opt!r}")
    c = g.cards[opt[1]]
    kind, detail = _ABILITY_KINDS[how]
    if how == "synergy":
        detail = f"synergy {opt[2]}"
    extra: Any  # StackItem.extra: per-kind data
    if how == "act":
        ab, target, extra = c.d.activated[opt[2]], opt[3], None
    elif how == "scrap":
        ab, target, extra = c.d.scrap, opt[3], (opt[2], g.cards[opt[2]].epoch)
    elif how == "build":
        ab, target, extra = c.d.construction.ability, opt[2], None
        c.window = -2  # used: no second activation, no overload
    elif how == "synergy":
        ab, target, extra = None, None, (opt[2], opt[3])
    else:  # substitute: the sacrificed card (as when chosen) and the card to return
        ab, target, extra = None, None, (opt[2], g.cards[opt[2]].epoch, opt[3])
    item = StackItem(kind, seat, c, ab, target, extra=extra, stage=DECLARED)
    g.stack.append(item)
    stamp(g, item)
    named = (
        g.cards[opt[3]].d.name
        if how == "synergy"
        else g.cards[opt[3]].d.name
        if how == "substitute"
        else None
    )
    shown = named if named is not None else target_name(g, target)
    g.log.emit("ability_declared", seat, c.d.name, shown, None, detail)
    stage_window(g, item, "before_payment")  # HR-7.1: opponents may respond before (2)
    cost = _ability_cost(g, item, how, opt)
    if cost is None:
        _unstack(g, item)
        g.log.emit("fizzled", seat, c.d.name, shown, None, "cost cannot be paid")
        return
    _pay_ability(g, item, how, cost)
    item.stage = WAITING  # paid: from now on it may be cancelled (HR-7.2)
    g.log.emit("ability_activated", seat, c.d.name, shown, cost, detail)


def _can_tap(g: Game, item: StackItem) -> bool:
    """HR-8.4: a tap cost needs the same permanent, still on the battlefield, untapped (a unit with a token)."""
    c = item.source
    return (
        c.zone == BATTLEFIELD
        and c.epoch == item.src_epoch
        and not c.tapped
        and (not c.d.is_unit or c.dur >= 1)
    )


def _ability_cost(g: Game, item: StackItem, how: str, opt: tuple) -> int | None:
    """The resources an ability costs now, or None if a part of its cost can no longer be paid."""
    p = g.players[item.controller]
    c = item.source
    if how == "act":
        ab = item.ability
        assert ab is not None  # an activated ability's item carries it
        ok = ab.cost <= p.pool and (not ab.tap or _can_tap(g, item))
        return ab.cost if ok else None
    if how == "synergy":
        return 0 if _can_tap(g, item) else None
    if how == "scrap":
        return 0 if _still_yours(g, item) and _can_tap(g, item) else None
    if how == "substitute":
        there = c.zone == BATTLEFIELD and c.epoch == item.src_epoch and _still_yours(g, item)
        return SUBSTITUTION_COST if there and p.pool >= SUBSTITUTION_COST else None
    return 0  # build: no cost (HR-15.1)


def _still_yours(g: Game, item: StackItem) -> bool:
    """The permanent a scrap or substitution cost names (``item.extra[:2]``: uid, epoch when chosen) is
    still that same card, on the battlefield under the activating player's control."""
    uid, epoch = item.extra[:2]
    card = g.cards[uid]
    return card.zone == BATTLEFIELD and card.epoch == epoch and card.controller == item.controller


def _pay_ability(g: Game, item: StackItem, how: str, cost: int) -> None:
    p = g.players[item.controller]
    c = item.source
    if cost:
        pay(p, cost)
    if how == "act":
        if item.ability is not None and item.ability.tap:
            permanents.tap_for_action(g, c, "ability")
            item.tapped_source = True
    elif how == "synergy":
        permanents.tap_for_action(g, c, "synergy", cost_durability=False)  # HR-15.2: no durability lost
        item.tapped_source = True
    elif how == "scrap":
        permanents.tap_for_action(g, c, "scrap")
        scrapped = g.cards[item.extra[0]]
        g.log.emit("scrap", p.seat, c.d.name, scrapped.d.name)
        zones.leave_battlefield(g, scrapped, OTHER_WORLD, "scrapped")
        item.tapped_source = True
    elif how == "substitute":
        g.log.emit("substitution", p.seat, c.d.name, g.cards[item.extra[2]].d.name, cost)
        sacrificed = g.cards[item.extra[0]]
        zones.leave_battlefield(g, sacrificed, OTHER_WORLD, "sacrificed")  # its unit_destroyed names it


def _legal_now(g: Game, item: StackItem, kind: str, src: Card, ref: int, epoch: int) -> bool:
    if kind == "ability":  # the ability chosen, still waiting on the stack (HR-10.3)
        it = item.aimed
        return it is not None and it.stage == WAITING and any(x is it for x in g.stack)
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
            assert ab is not None  # a strategy or tactic resolves its play
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
    elif kind == "trigger":
        _unstack(g, item)
        if live is None and ab is not None and ab.target is not None:
            _fizzle(g, item, "illegal target")  # HR-11.2: no legal target, it does nothing
        else:
            assert ab is not None  # a trigger's item carries its ability
            log.emit("card_resolved", item.controller, src.d.name, target_name(g, live), None, kind)
            effects.apply(g, item, ab.effects, live)
    elif kind == "overload":
        _unstack(g, item)
        construction = src.d.construction
        assert construction is not None  # only a construction overloads (HR-15.1)
        log.emit("card_resolved", item.controller, src.d.name, None, None, "overload")
        effects.apply(g, item, construction.overload, None)
    else:
        _resolve_ability(g, item, live)
    if item.tapped_source and src.pending > 0:
        src.pending -= 1
    zones.sweep(g)


def _ability_fails(g: Game, item: StackItem, live, lost: bool) -> bool:
    """HR-Q.12 / HR-10.3: an activated ability whose unit is gone (save a substitution bearer that was
    itself the sacrifice: its cost), or whose every target is illegal, does nothing (``lost``: lost in the
    window before its effect)."""
    src = item.source
    ab = item.ability
    if (
        not (item.kind == "substitution" and item.extra[0] == src.uid)
        and src.d.is_unit
        and (src.zone != BATTLEFIELD or src.epoch != item.src_epoch)
    ):
        _fizzle(g, item, "source unit gone")
    elif live is None and ab is not None and ab.target is not None:
        _fizzle(g, item, "targets lost before its effect" if lost else "illegal target")
    elif item.kind == "substitution" and g.cards[item.extra[2]] not in g.players[item.controller].other_world:
        _fizzle(g, item, "returned card gone")
    else:
        return False
    return True


def _resolve_ability(g: Game, item: StackItem, live) -> None:
    """HR-11.3: an activated ability resolves as a tactic does (HR-7.1): checked at (3), then a last window
    for the opponents (it can no longer be cancelled, HR-7.2), then (4) its effect on what is still legal."""
    src = item.source
    ab = item.ability
    log = g.log
    kind = item.kind
    if _ability_fails(g, item, live, False):
        _unstack(g, item)
        return
    shown = g.cards[item.extra[2]].d.name if kind == "substitution" else target_name(g, live)
    log.emit("card_resolved", item.controller, src.d.name, shown, None, kind)
    item.stage = RESOLVING
    stage_window(g, item, "before_effect")
    if ab is not None and ab.target is not None:
        live = _live_targets(g, item, ab.target, src)
    _unstack(g, item)
    if _ability_fails(g, item, live, True):
        return
    if kind == "synergy":
        _synergy(g, src, *item.extra)
    elif kind == "substitution":
        back = g.cards[item.extra[2]]
        g.players[item.controller].other_world.remove(back)
        log.emit("returned", item.controller, back.d.name, "battlefield")
        zones.enter_battlefield(g, back, item.controller)  # HR-15.4: exhausted, enter triggers fire
    else:
        assert ab is not None  # an activated, construction or scrap ability's item carries it
        effects.apply(g, item, ab.effects, live)
        if kind == "construction" and src.zone == BATTLEFIELD:
            zones.leave_battlefield(g, src, OTHER_WORLD, "construction used")


def _unstack(g: Game, item: StackItem) -> None:
    for i in range(len(g.stack) - 1, -1, -1):
        if g.stack[i] is item:
            del g.stack[i]
            return


def synergy_partners(g: Game, c: Card) -> list[Card]:
    """HR-15.2 ([H] glossary): synergy moves energy to or from "other cards" — any card on the battlefield
    but itself, whoever controls it (the text names no controller); a summoned-creature token is no card
    (HR-14.2). Its controller's own cards come first."""
    seats = [(c.controller + k) % len(g.players) for k in range(len(g.players))]
    return [o for s in seats for o in g.players[s].battlefield if o is not c and not o.token]


def _synergy(g: Game, c: Card, direction: str, named_uid: int) -> None:
    """HR-15.2 ([H] glossary: "no more than X" tokens, "onto other cards" / "from other cards"): any number of
    energy tokens up to X move from this card onto other cards, or from other cards onto it, spread as its
    controller likes. They pick one token at a time (decision ``synergy_token``: the card it goes to or comes
    from, or ``"done"``), the card named as the synergy was activated offered first; then the tokens move,
    card by card in the order first picked."""
    x = c.d.synergy
    give = direction == "give"
    left = {o.uid: o.energy for o in synergy_partners(g, c)}  # what each card still holds, as picked
    plan: dict[int, int] = {}
    mine = c.energy
    for _ in range(x):
        opts: list[Any] = [uid for uid, n in left.items() if give or n > 0]
        if (give and mine <= 0) or not opts:
            break
        if named_uid in opts:
            opts.remove(named_uid)
            opts.insert(0, named_uid)
        pick = g.seats.ask(
            Decision(
                "synergy_token", c.controller, opts + ["done"], View(g, c.controller), (c.uid, direction)
            )
        )
        if pick == "done":
            break
        plan[pick] = plan.get(pick, 0) + 1
        mine += -1 if give else 1
        left[pick] -= 0 if give else 1
    total = sum(plan.values())
    if give:
        c.energy -= total
    for uid, n in plan.items():
        o = g.cards[uid]
        if give:
            permanents.add_energy(g, o, n)
        else:
            o.energy -= n
    if total and not give:
        permanents.add_energy(g, c, total)


def ask_main(g: Game, seat: int, opts: list[Any]) -> Any:
    """The active player's placement-phase decision (PASS ends the phase unless others act)."""
    return g.seats.ask(Decision("action", seat, opts, View(g, seat)))
