"""Issue 19: attack rolls that miss whatever the evasion (static ``miss_on``, FS-10.9): Number One."""

from __future__ import annotations

from cardlab.simulate.four_souls import statics
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    attack_roll,
    by_id,
    give_item,
    monster,
    position,
)


def test_FS_10_9_number_one_makes_your_attack_rolls_of_six_and_one_miss_and_lowers_evasion_on_your_turn():
    """Evasion 3 (2 with Number One on seat 0's turn): a 6 misses (seat 0 takes the monster's 1 damage), a
    4 hits (the monster takes 1), a 1 misses."""
    g = position(2, rolls=[])
    g.active = 0
    m = add_slot_monster(g, monster("M", hp=5, evasion=3))
    give_item(g, 0, by_id("box-number_one"))
    me = g.players[0]
    assert statics.evasion(g, m) == 2
    attack_roll(g, m, 6)
    assert (me.damage, m.damage) == (1, 0)
    attack_roll(g, m, 4)
    assert (me.damage, m.damage) == (1, 1)
    attack_roll(g, m, 1)
    assert (me.damage, m.damage) == (2, 1)
    g.active = 1
    assert statics.evasion(g, m) == 3
