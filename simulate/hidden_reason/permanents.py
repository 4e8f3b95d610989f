"""The primitive changes to a permanent on the battlefield: durability tokens lost (HR-13.9), tapping
(HR-8, HR-4.3, HR-4.5) and energy tokens (HR-15.1). Verbs, hooks, costs and combat all use them."""

from __future__ import annotations

from .state import BATTLEFIELD, Card, Game


def lose_durability(g: Game, c: Card, n: int, reason: str) -> None:
    """HR-13.9: damage to a unit removes that many durability tokens (never healed, HR-Q.13)."""
    if n > 0 and c.zone == BATTLEFIELD and c.d.is_unit and c.dur > 0:
        n = n if n < c.dur else c.dur  # tokens cannot go below none
        c.dur -= n
        c.tapped_out = False  # HR-4.5: only an action's own tap marks the last token (tap_for_action)
        g.log.emit("durability_lost", c.controller, c.d.name, None, n, reason)


def tap(g: Game, c: Card, reason: str, cost_durability: bool = True) -> None:
    """HR-8, HR-4.3: tapping a unit costs it 1 durability, whoever taps it (Synergy excepted, HR-15.2)."""
    c.tapped = True
    g.log.emit("tap", c.controller, c.d.name, None, None, reason)
    if cost_durability and c.d.is_unit:
        lose_durability(g, c, 1, "tap")


def tap_for_action(g: Game, c: Card, reason: str, cost_durability: bool = True) -> None:
    """A unit taps as the cost of its own action (attack, retribution, ability): the action waits on the
    stack (``pending``); if this tap removed its last token, it stays until that action resolves (HR-4.5)."""
    tap(g, c, reason, cost_durability)
    c.pending += 1
    if cost_durability and c.d.is_unit and c.dur <= 0:
        c.tapped_out = True


def add_energy(g: Game, c: Card, n: int) -> None:
    """HR-15.1: energy tokens; the construction window opens the first time the card holds X (HR-Q.24)."""
    if n <= 0 or c.zone != BATTLEFIELD:
        return
    c.energy += n
    g.log.emit("energy", c.controller, c.d.name, None, n, value=c.energy)
    con = c.d.construction
    if con is not None and not c.silenced and c.window == -1 and c.energy >= con.x:
        c.window = g.turn
        g.log.emit("construction_ready", c.controller, c.d.name, None, c.energy)
