"""Python hooks for the few cards the vocabulary cannot express. Each is named in a card file
(``hook: NAME``; the card loader knows the names from the registry ``cards.HOOKS``, to which this module
binds the handlers) and tested in tests/hidden_reason/test_mechanics.py."""

from __future__ import annotations

from typing import Any

from . import cards, resources, zones
from .permanents import add_energy
from .state import OTHER_WORLD, Game, StackItem


def rally_cry(g: Game, item: StackItem, target: Any) -> None:
    """One blow to the boss equal to the number of units you control (one source: +1 resource, HR-3.4)."""
    n = sum(1 for c in g.players[item.controller].battlefield if c.d.is_unit)
    name = item.source.d.name if item.source is not None else None
    resources.damage_boss(g, item.controller, n, name)


def overclock(g: Game, item: StackItem, target: Any) -> None:
    """Double the energy on the target construction (may open its window at once, HR-Q.24)."""
    c = g.cards[target]
    add_energy(g, c, c.energy)


def mass_return(g: Game, item: StackItem, target: Any) -> None:
    """Every mitsim of cost ≤ 1 in your other world returns to the battlefield, exhausted (HR-9.4)."""
    p = g.players[item.controller]
    for c in [c for c in p.other_world if c.d.mitsim and c.d.cost <= 1]:
        p.other_world.remove(c)
        g.log.emit("returned", p.seat, c.d.name, "battlefield")
        zones.enter_battlefield(g, c, p.seat)


def grave_tax(g: Game, item: StackItem, target: Any) -> None:
    """Each opponent puts the top card of their deck into their other world (milling, public)."""
    for s in g.opponents(item.controller):
        p = g.players[s]
        if p.deck:
            c = p.deck.pop()
            zones.put(g, c, OTHER_WORLD)
            g.log.emit("discard", s, c.d.name, None, None, "milled")


cards.HOOKS.implement(
    {"rally_cry": rally_cry, "overclock": overclock, "mass_return": mass_return, "grave_tax": grave_tax}
)
