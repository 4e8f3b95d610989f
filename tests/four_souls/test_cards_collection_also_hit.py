"""Issue 19: a missed attack roll that still deals the attacker's combat damage (FS-10.9): Gold Box Knight."""

from __future__ import annotations

from cardlab.simulate.four_souls.fixtures import add_slot_monster, attack_roll, by_id, position


def test_FS_10_9_knight_a_one_misses_but_the_attacker_still_hits_it():
    """Seat 0 (damage 1) rolls a 1 against Knight (evasion 6): seat 0 takes Knight's 1 and Knight takes 1;
    a 2 misses with no damage to Knight."""
    g = position(2)
    g.active = 0
    k = add_slot_monster(g, by_id("g2-knight"))
    attack_roll(g, k, 2)
    assert (g.players[0].damage, k.damage) == (1, 0)
    attack_roll(g, k, 1)
    assert (g.players[0].damage, k.damage) == (2, 1)
