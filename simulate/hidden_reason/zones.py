"""Moving cards between zones (HR-5): draws with hand overflow, entering and leaving the battlefield,
and the sweep of units at 0 durability."""

from __future__ import annotations

from .cards import CardDef
from .state import (
    ABYSS,
    BATTLEFIELD,
    DECK,
    GONE,
    HAND,
    MAX_HAND,
    OTHER_WORLD,
    Card,
    Game,
    PlayerState,
    StackItem,
)


def zone_list(g: Game, c: Card) -> list[Card]:
    """The list that currently holds ``c`` (battlefield by controller, other zones by owner)."""
    if c.zone == BATTLEFIELD:
        return g.players[c.controller].battlefield
    p = g.players[c.owner]
    if c.zone == HAND:
        return p.hand
    if c.zone == DECK:
        return p.deck
    if c.zone == OTHER_WORLD:
        return p.other_world
    if c.zone == ABYSS:
        return p.abyss
    return []  # stack: items live in g.stack


def put(g: Game, c: Card, zone: str) -> None:
    """Put a card that is in no zone list into ``zone`` of its owner (HR-5.6: each player's own)."""
    if c.token:
        cease(g, c, zone)
        return
    p = g.players[c.owner]
    c.zone = zone
    if zone == OTHER_WORLD:
        p.other_world.append(c)
    elif zone == ABYSS:
        p.abyss.append(c)
    elif zone == HAND:
        p.hand.append(c)
    elif zone == DECK:
        p.deck.append(c)


def to_hand(g: Game, p: PlayerState, c: Card, seen: bool = True) -> None:
    """HR-5.2 / HR-Q.14: a card that would enter a full hand (9) goes to the other world instead. ``seen``:
    every player saw which card it is (it comes from an open zone or the stack; a draw is not seen)."""
    if c.token:
        cease(g, c, HAND)
        return
    if len(p.hand) >= MAX_HAND:
        c.zone = OTHER_WORLD
        p.other_world.append(c)
        g.log.emit("overflow", p.seat, c.d.name)
    else:
        c.zone = HAND
        p.hand.append(c)
        if seen:
            g.shown.add(c.uid)
        elif g.shown:
            g.shown.discard(c.uid)


def draw(g: Game, p: PlayerState, n: int = 1, reason: str = "draw") -> None:
    """Draw ``n`` cards; drawing from an empty deck does nothing (HR-Q.16)."""
    for _ in range(n):
        if not p.deck:
            g.log.emit("draw", p.seat, None, None, 0, f"{reason}: deck empty")
            return
        c = p.deck.pop()
        g.log.emit("draw", p.seat, c.d.name, None, 1, reason)
        to_hand(g, p, c, seen=False)  # HR-5.4: only its owner sees what it draws


def enter_battlefield(g: Game, c: Card, controller: int, host: Card | None = None) -> bool:
    """Put ``c`` onto the battlefield, exhausted (HR-9.1). Returns False if uniqueness sent it away.

    HR-Q.23: a second unique card of the same name under one controller goes to the other world.
    """
    p = g.players[controller]
    d = c.d
    if d.unique and any(o.d.name == d.name and not o.silenced for o in p.battlefield):
        g.log.emit("unique_conflict", controller, d.name)
        put(g, c, OTHER_WORLD)
        return False
    c.reset()
    c.controller = controller
    c.zone = BATTLEFIELD
    c.epoch += 1
    c.entered = g.turn
    p.battlefield.append(c)
    if d.is_unit:
        g.log.emit("unit_deployed", controller, d.name, None, c.dur)
    elif host is not None:
        c.host = host
        host.implants.append(c)
        host.dur += d.grant_durability
        g.log.emit("implant_attached", controller, d.name, host.d.name, d.grant_durability)
    else:
        g.log.emit("permanent_deployed", controller, d.name)
    g.log.emit("exhausted", controller, d.name)
    if "enter" in d.trigger_map:
        queue_trigger(g, c, "enter")
    return True


def cease(g: Game, c: Card, where: str) -> None:
    """HR-14.2 (engine decision): a token that leaves the battlefield for any zone ceases to exist; it is
    never in a deck, hand, other world or abyss (so revive, recall and substitution cannot find it)."""
    c.zone = GONE
    g.log.emit("token_ceased", c.owner, c.d.name, None, None, f"instead of {where}")


def create_token(g: Game, d: CardDef, controller: int, source: str | None) -> Card:
    """HR-14.2: a new summoned-creature token enters the battlefield under ``controller`` (who owns it),
    exhausted like any permanent (HR-9.1); enter triggers fire as for a card."""
    c = Card(len(g.cards), d, controller, controller, zone="", token=True)
    g.cards.append(c)
    g.log.emit("token_created", controller, d.name, source)
    enter_battlefield(g, c, controller)
    return c


def leave_battlefield(g: Game, c: Card, dest: str, reason: str) -> None:
    """Remove a permanent (HR-4.4, HR-16.1): its implants go to their owners' other worlds (HR-4.11, HR-Q.26);
    a unit going to the other world fires its 'dies' trigger, which still resolves (HR-11.2)."""
    g.players[c.controller].battlefield.remove(c)
    d = c.d
    if d.is_unit:
        g.log.emit("unit_destroyed", c.controller, d.name, dest, c.dur, reason)
    else:
        g.log.emit("permanent_removed", c.controller, d.name, dest, None, reason)
    if c.host is not None:
        host = c.host
        host.implants.remove(c)
        c.host = None
        if (
            d.grant_durability and host.zone == BATTLEFIELD
        ):  # HR-4.11: it affects its unit only while attached
            host.dur = max(0, host.dur - d.grant_durability)  # tokens cannot go below none
            host.tapped_out = False
            g.log.emit(
                "durability_lost", host.controller, host.d.name, None, d.grant_durability, "implant left"
            )
    if c.implants:
        for imp in list(c.implants):
            imp.host = None
            leave_battlefield(g, imp, imp.d.host_leaves, "host left")  # HR-4.11 "unless it says otherwise"
    if dest == OTHER_WORLD and "dies" in d.trigger_map and not c.silenced:
        queue_trigger(g, c, "dies")
    c.reset()
    if dest == HAND:
        to_hand(g, g.players[c.owner], c)
    else:
        put(g, c, dest)


def sweep(g: Game) -> None:
    """HR-Q.7 / HR-4.4 / HR-13.8: units at ≤ 0 durability go to the other world at once. The one exception
    (HR-4.5) is a unit whose own tap for an action removed its last token: it leaves right after that action
    resolves. A unit brought to 0 by damage leaves even with an attack or ability pending (HR-13.1, HR-11.3)."""
    for p in g.players:
        if not p.battlefield:
            continue
        for c in [
            c for c in p.battlefield if c.d.is_unit and c.dur <= 0 and not (c.pending and c.tapped_out)
        ]:
            if c.zone == BATTLEFIELD:
                leave_battlefield(g, c, OTHER_WORLD, "durability")


def queue_trigger(g: Game, c: Card, event: str) -> None:
    """HR-11.2: a triggered ability waits to go on the stack (targets are chosen when it does)."""
    if c.silenced:
        return
    ability = c.d.trigger_map.get(event)
    if ability is not None:
        g.pending_triggers.append(StackItem("trigger", c.controller, c, ability, extra=event))
