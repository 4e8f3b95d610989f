"""Issue 19: a bad event that clears the table (FS-4.12, FS-12.1): Anniversary's Game Crash!."""

from __future__ import annotations

from cardlab.simulate.four_souls import zones
from cardlab.simulate.four_souls.fixtures import (
    add_shop_item,
    add_slot_monster,
    by_id,
    card,
    check_invariants,
    give_item,
    monster,
    phys,
    position,
    settle,
)


def test_FS_4_12_game_crash_destroys_every_item_but_eternal_ones_and_discards_the_monsters():
    """Seat 0's passive item and the shop item are destroyed, seat 1's eternal item stays; the active
    monster goes to the monster discard and its slot refills (FS-12.1)."""
    g = position(2)
    g.active = 0
    gear = give_item(g, 0, card("Gear", deck="treasure", kind="passive"))
    kept = give_item(g, 1, card("Keeper", deck="treasure", kind="passive"), eternal=True)
    shop = add_shop_item(g, card("Ware", deck="treasure", kind="passive"))
    m = add_slot_monster(g, monster("Blob"))
    g.monster.extend(phys(g, monster(f"Next{i}")) for i in range(3))  # the emptied slots refill from these
    ev = add_slot_monster(g, by_id("ani-game_crash"))
    zones.start_event(g, ev)
    settle(g)
    assert not gear.in_play and not shop.in_play and kept.in_play
    assert not m.in_play and m.phys in g.monster_disc
    assert g.mslots[0][-1].name.startswith("Next")
    check_invariants(g)
