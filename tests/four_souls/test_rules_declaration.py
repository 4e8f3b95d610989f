"""[A]'s attack-declaration examples (000_…txt, FS-10.3): an ability about attacking "a monster" does not
see an attack on the monster deck (the top card is no monster when it is chosen), while a card's ability
about being attacked itself acts in both cases. Exact outcomes, rule IDs in the names."""

from __future__ import annotations

from cardlab.simulate.four_souls import attack, statics
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    card,
    deck,
    give_item,
    give_loot,
    kinds,
    monster,
    position,
    real,
)


def _deck_attack(d):
    if d.kind == "attack_target":
        return "monster_deck"
    return 0 if d.kind == "choose_slot" else None


def test_FS_10_3_an_ability_about_attacking_a_monster_skips_an_attack_on_the_monster_deck():
    """[A]: an ability about the declaration of an attack on a monster does not act on an attack on the
    monster deck. P0 holds Dad's Ring (when its holder's attack is on a monster, roll: 5-6 it has -1
    evasion) and attacks the monster deck: the revealed monster is fought, but Dad's Ring rolls nothing and
    the monster keeps its evasion. Before, the ring rolled (a 5) and took 1 off."""
    g = position(2, plans={0: _deck_attack}, rolls=[5, 1])
    ring = give_item(g, 0, by_id("p-dads_ring"))
    add_slot_monster(g, monster("Blob"))
    (wall,) = deck(g, "monster", [monster("Wall", hp=5, evasion=4, attack=2)])
    g.active = 0
    attack.declare_attack(g, 0)
    target = g.mslots[0][-1]
    assert target.phys is wall and statics.evasion(g, target) == 4
    assert not [r for r in kinds(g, "roll") if r[4] == ring.phys.card.name]


def test_FS_10_3_a_cards_ability_about_being_attacked_acts_when_a_deck_attack_reveals_it():
    """[A]: a card's own "when this is attacked" (Pride) acts both in a slot and when a deck attack reveals
    it. P0 attacks the monster deck and reveals Pride: its ability goes on the stack and P0, the active
    player, picks P1, who discards 2 loot."""

    def p0(d):
        if d.kind == "choose_target":
            return next(o for o in d.options if getattr(o, "seat", None) == 1)
        return _deck_attack(d)

    g = position(2, plans={0: p0}, rolls=[1, 1, 1, 1, 1, 1])
    add_slot_monster(g, monster("Blob"))
    deck(g, "monster", [real("Pride")])
    for i in range(2):
        give_loot(g, 1, card(f"L{i}"))
    g.active = 0
    attack.declare_attack(g, 0)
    assert not g.players[1].hand
    assert [r[4] for r in kinds(g, "attack_target")][:1] == ["Pride"]
