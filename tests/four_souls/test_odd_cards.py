"""The collection's odd cards (issue 19): Four Souls+'s Dingle and the Dick Knots promo (printed "1x"
stats), from the bundled card files. Exact outcomes, rule IDs in the names."""

from __future__ import annotations

from cardlab.simulate.four_souls import cards, resolution, statics, triggers
from cardlab.simulate.four_souls.damage import push_damage
from cardlab.simulate.four_souls.fixtures import add_slot_monster, check_invariants, kinds, phys, position

POOL = cards.load_pool(None).by_id
DINGLE, DICK_KNOT = POOL["fsp2-dingle"], POOL["dk-dick_knot"]


def test_FS_6_20_dingle_only_damage_from_the_active_player_makes_them_roll():
    """Seat 1's damage (not the active player's) rolls nothing; seat 0's does: a 2 hurts seat 0, and a 5 on
    the next hit hurts Dingle once more (its own damage rolls nothing again)."""
    g = position(2, rolls=[2, 5])
    d = add_slot_monster(g, DINGLE)
    g.active = 0
    push_damage(g, 1, d, 1, None, False, None, "test")
    resolution.priority(g, 0, until_empty=True)
    assert d.damage == 1 and not kinds(g, "roll")
    push_damage(g, 1, d, 0, None, False, None, "test")
    resolution.priority(g, 0, until_empty=True)
    assert d.damage == 2 and g.players[0].damage == 1
    g.players[0].damage = 0
    d.damage = 0
    push_damage(g, 1, d, 0, None, False, None, "test")
    resolution.priority(g, 0, until_empty=True)
    assert (
        d.damage == 2 and g.players[0].damage == 0 and len(kinds(g, "roll")) == 4
    )  # two rolls, each logged twice
    check_invariants(g)


def test_FS_5_14_dick_knot_its_1x_stats_grow_with_its_counters_and_6_counters_end_it_and_its_attacker():
    """Printed "1x" read as 1: each attack declared adds a counter, +1 evasion and +1 damage each
    (FS-5.14); a turn starting with 6 counters on it kills it, then the active player (FS-13)."""
    g = position(2)
    k = add_slot_monster(g, DICK_KNOT)
    g.monster.extend(phys(g, DINGLE) for _ in range(1))  # its slot refills
    g.active = 1
    assert (statics.evasion(g, k), statics.monster_atk(g, k)) == (1, 1)
    for _ in range(2):
        triggers.fire(g, "attack_declared", seat=1)
        resolution.priority(g, 1, until_empty=True)
    assert k.counters == 2 and (statics.evasion(g, k), statics.monster_atk(g, k)) == (3, 3)
    k.counters = 5
    triggers.fire(g, "turn_start", seat=1)
    resolution.priority(g, 1, until_empty=True)
    assert k.in_play and not g.players[1].dead
    k.counters = 6
    triggers.fire(g, "turn_start", seat=1)
    resolution.priority(g, 1, until_empty=True)
    assert not k.in_play and g.players[1].dead and not g.players[0].dead
