"""Counters on a player that an ability in play reads against them (``valuing.per_counter_worths``, FS-5.14):
taken off in the one window the bearer still has when those counters kill it at each turn start."""

from __future__ import annotations

from cardlab.simulate.four_souls import counters, resolution
from cardlab.simulate.four_souls.fixtures import add_slot_monster, by_id, loot_fillers
from tests.four_souls.strategy_table import strategy_table


def test_FS_8_1_FS_5_14_the_counter_goes_in_the_turn_before_mine():
    """P1's turn, the stack empty: P0 (next to play) carries 3 spider counters and its charged character
    recharges at its turn start (FS-8.1), before Widow's rolls, so it takes one off now (a bearer hurt at
    every turn start may never reach its own action phase: the death penalty deactivates the character, FS-13.9)."""
    g = strategy_table(2, charged=True, hp=4)
    loot_fillers(g, 10)
    add_slot_monster(g, by_id("soi-widow"))
    counters.add(g, g.players[0], 3, "spider")
    g.active = 1
    resolution.priority(g, 1)
    assert counters.count(g.players[0], "spider") == 2
    assert not g.players[0].character.charged
