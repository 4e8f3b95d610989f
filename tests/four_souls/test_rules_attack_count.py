"""[A]'s attack count (000_…txt, FS-10.1): by default the active player may attack once a turn; killing a
monster outside an attack (a loot, an ability) is not an attack. Exact outcomes, rule IDs in the names."""

from __future__ import annotations

from cardlab.simulate.four_souls import plays, resolution
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    card,
    check_invariants,
    deck,
    give_loot,
    kinds,
    monster,
    position,
)


def test_FS_10_1_a_monster_killed_by_a_loot_uses_no_attack():
    """P0 kills a 1-HP monster with a loot on their turn: it dies and pays its reward, P0 has used no
    attack this turn and may still declare one."""
    g = position(2)
    g.active = 0
    add_slot_monster(g, monster("Fly", hp=1, rewards={"cents": 2}))
    deck(g, "monster", [monster("Next", hp=3)])
    pebble = card(
        "Pebble",
        abilities=({"play": {"targets": {"M": "monster"}, "do": {"deal_damage": {"n": 1, "to": "M"}}}},),
    )
    g.attacks_left = left = 1  # the action phase began (FS-8.6)
    c = give_loot(g, 0, pebble)
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", c))
    resolution.priority(g, 0, until_empty=True)
    assert [r[4] for r in kinds(g, "monster_died")] == ["Fly"] and g.players[0].cents == 2
    assert g.attacks_left == left and g.attacks_used == 0 and not kinds(g, "attack_declared")
    check_invariants(g)
