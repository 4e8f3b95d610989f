"""Targeting (HR-10) and the derived values of permanents: attack with statics, exhaustion, shroud."""

from __future__ import annotations

from itertools import combinations

from .state import ABILITY_ITEMS, BATTLEFIELD, STACK, WAITING, Card, Game, PlayerState, StackItem


def cost_of(p: PlayerState, c: Card) -> int:
    """A card's play cost after its controller's static discounts (HR-11.1)."""
    d = c.d
    cost = d.cost
    if d.type == "tactic":
        for o in p.battlefield:
            if o.d.tactic_discount and not o.silenced:
                cost -= o.d.tactic_discount
    return cost if cost > 0 else 0


def player_ref(seat: int) -> int:
    """Players are targeted as negative numbers: seat 0 → -1, seat 1 → -2 …"""
    return -seat - 1


def ref_seat(ref: int) -> int:
    return -ref - 1


def exhausted(g: Game, c: Card) -> bool:
    """HR-9.1 / HR-Q.6: a permanent is exhausted until the start of the next turn of any player."""
    return c.entered == g.turn


def attack_of(g: Game, c: Card) -> int:
    """A unit's attack now: printed + counters + until-end-of-turn + implants + allies' statics (HR-11.1)."""
    atk = c.d.attack + c.atk_mod + c.temp_atk
    for imp in c.implants:
        if not imp.silenced:  # HR-15.7: a silenced implant has lost its features
            atk += imp.d.grant_attack
    for other in g.players[c.controller].battlefield:
        bonus = other.d.allies_attack
        if bonus and other is not c and not other.silenced:
            atk += bonus
    return atk if atk > 0 else 0


def shrouded(c: Card) -> bool:
    """Shroud forbids opponents' targeting; forbidding wins over allowing (HR-1.1)."""
    if c.d.shroud and not c.silenced:
        return True
    return any(imp.d.grant_shroud and not imp.silenced for imp in c.implants)  # HR-15.7


def warded(g: Game, c: Card) -> bool:
    """A 'retribution_ward' static of the unit's controller forbids retribution against their units."""
    return any(o.d.retribution_ward and not o.silenced for o in g.players[c.controller].battlefield)


def legal_target(g: Game, seat: int, kind: str, ref: int | None, source: Card | None = None) -> bool:
    """HR-10.3: is ``ref`` still there and still of the stated kind for a card controlled by ``seat``?"""
    if ref is None:
        return False
    if ref < 0:
        s = ref_seat(ref)
        if kind == "player":
            return 0 <= s < g.n
        return kind == "opponent" and s != seat and 0 <= s < g.n
    c = g.cards[ref]
    if kind == "ability":  # HR-7.2: an ability on the stack, its costs paid, not yet resolving
        return waiting_ability(g, c) is not None
    if kind == "spell":  # HR-7.2: only a card whose cost is paid and that has not begun resolving
        return (
            c.zone == STACK
            and c is not source
            and any(it.source is c and it.kind == "card" and it.stage == WAITING for it in g.stack)
        )
    if c.zone != BATTLEFIELD:
        return False
    if c.controller != seat and shrouded(c):
        return False
    if kind == "enemy_unit":
        return c.d.is_unit and c.controller != seat
    if kind == "own_unit":
        return c.d.is_unit and c.controller == seat
    if kind == "unit":
        return c.d.is_unit
    if kind == "enemy_permanent":
        return c.controller != seat
    if kind == "own_permanent":
        return c.controller == seat
    if kind == "construction":
        return c.controller == seat and c.d.construction is not None and not c.silenced and c.window != -2
    return kind == "permanent"


def waiting_ability(g: Game, c: Card) -> StackItem | None:
    """The ability of ``c`` that a "target ability" names: the last one put on the stack whose costs are
    paid and that has not begun resolving (HR-7.2). An ability is not a card, so it is named by its source."""
    for it in reversed(g.stack):
        if it.source is c and it.kind in ABILITY_ITEMS and it.stage == WAITING:
            return it
    return None


def target_choices(g: Game, seat: int, ability, source: Card | None = None) -> list:
    """The legal target choices of a block: refs, or tuples of different refs when it takes several
    (HR-10.1: as many as it says, fewer only if fewer exist)."""
    legal = targets_for(g, seat, ability.target, source)
    count = ability.count
    if count == 1 or len(legal) <= 1:
        return legal
    return list(combinations(legal, min(count, len(legal))))


def targets_for(g: Game, seat: int, kind: str, source: Card | None = None) -> list[int]:
    """Every legal target of ``kind`` for ``seat`` right now, in a stable order."""
    if kind in ("opponent", "player"):
        return [player_ref(s) for s in range(g.n) if kind == "player" or s != seat]
    if kind == "ability":
        return list(
            dict.fromkeys(it.source.uid for it in g.stack if it.kind in ABILITY_ITEMS and it.stage == WAITING)
        )
    if kind == "spell":
        return [
            it.source.uid
            for it in g.stack
            if it.kind == "card" and it.stage == WAITING and it.source is not source
        ]
    out = []
    for p in g.players:
        if kind in ("enemy_unit", "enemy_permanent") and p.seat == seat:
            continue
        if kind in ("own_unit", "own_permanent", "construction") and p.seat != seat:
            continue
        for c in p.battlefield:
            if legal_target(g, seat, kind, c.uid, source):
                out.append(c.uid)
    return out


def target_name(g: Game, ref) -> str | int | None:
    """How a target appears in the event log: a seat (an int, the log's ``target_seat``) or a card name;
    several targets are joined with ' + ' (a seat among them written 'seat N')."""
    if ref is None:
        return None
    if isinstance(ref, tuple):
        return " + ".join(_named(target_name(g, r)) for r in ref)
    if ref < 0:
        return ref_seat(ref)
    return g.cards[ref].d.name


def _named(target: str | int | None) -> str:
    return f"seat {target}" if isinstance(target, int) else target or ""


def stamp(g: Game, item: StackItem) -> None:
    """Remember which battlefield 'object' the source and permanent targets were (HR-10.3, HR-Q.12)."""
    if item.source is not None:
        item.src_epoch = item.source.epoch
    t = item.target
    if isinstance(t, tuple):
        item.tgt_epoch = tuple(g.cards[r].epoch if r >= 0 else -1 for r in t)
    elif t is not None and t >= 0 and g.cards[t].zone == BATTLEFIELD:
        item.tgt_epoch = g.cards[t].epoch
    if item.ability is not None and item.ability.target == "ability" and isinstance(t, int):
        item.aimed = waiting_ability(g, g.cards[t])  # the very ability targeted (HR-10.2: never changes)
