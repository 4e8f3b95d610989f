"""A loot or an ability that left the stack (FS-7: resolved, or cancelled, FS-6.9) is freed by reference
counting alone, with its context: the two point at each other while it is on the stack, and a pair left
pointing at each other is found only by the cyclic collector (hundreds a game, and in every search
branch). The collector is held off here and asked afterwards what it would have had to free."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

from cardlab.simulate.four_souls import damage, plays, resolution
from cardlab.simulate.four_souls.fixtures import card, give_item, give_loot, position
from cardlab.simulate.four_souls.items import StackItem
from cardlab.simulate.four_souls.statics import Ctx


@contextmanager
def _collector_off() -> Iterator[list]:
    """Hold automatic collections off; on leaving, the stack items and contexts only a collection frees
    (in the yielded list)."""
    was = gc.isenabled()
    gc.collect()
    gc.disable()
    found: list = []
    try:
        yield found
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        found.extend(type(o).__name__ for o in gc.garbage if isinstance(o, (StackItem, Ctx)))
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was:
            gc.enable()


def _loot_played(seat: int = 0):
    g = position(2)
    g.active = seat
    c = give_loot(g, seat, card("Coin", abilities=({"play": {"do": {"gain_cents": 1}}},)))
    g.players[seat].loot_plays = 1
    assert plays.take_action(g, seat, ("loot", c))
    return g


def test_FS_7_a_resolved_loot_and_its_context_are_freed_without_the_collector():
    with _collector_off() as found:
        g = _loot_played()
        cents = g.players[0].cents
        resolution.resolve_top(g)
        assert g.players[0].cents == cents + 1 and not g.stack
    assert found == []


def test_FS_7_a_resolved_ability_and_its_context_are_freed_without_the_collector():
    with _collector_off() as found:
        g = position(2)
        g.active = 0
        coin = card("Purse", "treasure", "active", abilities=({"tap": {"do": {"gain_cents": 2}}},))
        purse = give_item(g, 0, coin)
        cents = g.players[0].cents
        assert plays.take_action(g, 0, ("tap", purse, 0))
        resolution.resolve_top(g)
        assert g.players[0].cents == cents + 2 and not g.stack
    assert found == []


def test_FS_6_9_a_cancelled_loot_and_its_context_are_freed_without_the_collector():
    with _collector_off() as found:
        g = _loot_played()
        cents = g.players[0].cents
        damage.cancel(g, g.stack[-1])
        assert g.players[0].cents == cents and not g.stack
    assert found == []
