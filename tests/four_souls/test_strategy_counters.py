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


def test_FS_13_1_FS_10_6_a_rivals_item_its_killer_takes_is_worth_more_than_one_destroyed():
    """P1 holds Charmed Vis as an attackable item (FS-10.6): killed by another player it goes to the killer
    (its would_die replacement, FS-13.1). For P0 that attack takes the item (mine now, P1's lost), not only
    destroys it: worth more than the same item without the replacement."""
    import dataclasses

    from cardlab.simulate.four_souls.fixtures import by_id, give_item
    from cardlab.simulate.four_souls.views import View

    g = strategy_table(2)
    vis = give_item(g, 1, by_id("soi-charmed_vis"))
    vis.rules = vis.phys.rules.as_item
    view, me = View(g, 0), g.io.strategies[0]
    taken = me._object_worth(view, view.info(vis.ref))
    vis.rules = dataclasses.replace(
        vis.rules, triggers={k: v for k, v in vis.rules.triggers.items() if k != "would_die"}
    )
    destroyed = me._object_worth(view, view.info(vis.ref))
    assert taken > destroyed
