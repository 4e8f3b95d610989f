"""Issue 19: non-combat damage its holder deals is 1 more (FS-5.4, FS-6.21): Star Promos' Pyromaniac."""

from __future__ import annotations

from cardlab.simulate.four_souls import damage, resources
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    attack_roll,
    by_id,
    character,
    deck,
    give_item,
    monster,
    position,
    real,
    settle,
)


def test_FS_6_21_pyromaniac_adds_one_to_its_holders_loot_damage_not_to_combat_or_others():
    """Seat 0 holds Pyromaniac: 1 non-combat damage seat 0 deals becomes 2; seat 0's combat hit deals its
    1; 1 non-combat damage from seat 1 stays 1."""
    g = position(2, chars=[character("A", hp=5), character("B", hp=5)])
    g.active = 0
    give_item(g, 0, by_id("p-pyromaniac"))
    m = add_slot_monster(g, monster("Wall", hp=9, evasion=3))
    damage.push_damage(g, 1, m, 0, None, False, None, "Bomb!")  # non-combat, seat 0 its source
    settle(g)
    assert m.damage == 2
    attack_roll(g, m, 5)
    assert m.damage == 3
    damage.push_damage(g, 1, m, 1, None, False, None, "test")
    settle(g)
    assert m.damage == 4


def test_FS_6_21_pyromaniac_gained_takes_up_to_two_bombs_from_the_loot_deck():
    """Gained from the treasure deck, Pyromaniac's holder takes both Bomb! cards of the loot deck into hand."""
    g = position(2)
    g.active = 0
    deck(g, "loot", [real("Bomb!"), real("A Penny!"), real("Bomb!"), real("A Penny!")])
    deck(g, "treasure", [by_id("p-pyromaniac")])
    resources.gain_treasure(g, g.players[0], "test")
    settle(g)
    assert sorted(c.card.name for c in g.players[0].hand) == ["Bomb!", "Bomb!"]
