"""Requiem cards on attack rolls and monster deaths, encoded with existing words: Fire Mind (combat
damage doubled on a 6 dealt and on a 1 taken), Jar of Flies (counters from monster deaths, spent for a
loot or a damage); Dogma of Unboxing (an attack roll of 1 kills every player; its death kills the other monsters:
the text an earlier Requiem file held, Requiem's own Dogma is tested in test_cards_collection_outside_the_game.py)."""

from __future__ import annotations

from cardlab.simulate.four_souls import dice, plays
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    give_item,
    loot_fillers,
    monster,
    position,
    settle,
)
from cardlab.simulate.four_souls.resolution import monster_dies
from cardlab.simulate.four_souls.state import Attack


def _attack_roll(g, target) -> None:
    g.attack = Attack(seat=0, target=target)
    dice.push_roll(g, 0, "attack", target=target)
    settle(g)


def test_FS_6_21_fire_mind_doubles_combat_damage_dealt_on_a_six_and_taken_on_a_one():
    """Damage 1 against evasion 3: a 6 hits for 2, a 5 for 1; a 1 misses and the monster's 2 becomes 4."""
    g = position(2, rolls=[6, 5, 1])
    give_item(g, 0, by_id("r-fire_mind"))
    g.active = 0
    blob = add_slot_monster(g, monster(hp=9, evasion=3, attack=2))
    _attack_roll(g, blob)
    assert blob.damage == 2
    _attack_roll(g, blob)
    assert blob.damage == 3
    g.players[0].damage = -2  # room for 4 damage without a death (2 HP)
    _attack_roll(g, blob)
    assert g.players[0].damage == 2


def test_FS_4_4_jar_of_flies_counts_monster_deaths_and_spends_one_or_three():
    """Three monster deaths give three counters; spending all three (the second ability's cost) hurts one
    monster by 1 and empties the jar; with one counter only the first is offered, and it loots 1."""
    g = position(2)
    loot_fillers(g, 5)
    jar = give_item(g, 0, by_id("r-jar_of_flies"))
    g.active = 0
    for i in range(3):
        monster_dies(g, add_slot_monster(g, monster(f"M{i}")), 0, None)
        settle(g)
    assert jar.counters == 3
    _loot, hurt = (o for o in plays.legal_actions(g, 0) if len(o) > 1 and o[1] is jar)  # in card order
    assert plays.take_action(g, 0, hurt)
    settle(g)
    hurt_total = sum(m.damage for m in g.monsters())  # the dead ones came back to their slots (no deck)
    assert (jar.counters, hurt_total, len(g.players[0].hand)) == (0, 1, 0)
    jar.counters, jar.charged = 1, True
    assert (
        len([o for o in plays.legal_actions(g, 0) if len(o) > 1 and o[1] is jar]) == 1
    )  # 1 counter: loot only
    assert plays.take_action(g, 0, next(o for o in plays.legal_actions(g, 0) if len(o) > 1 and o[1] is jar))
    settle(g)
    assert (jar.counters, len(g.players[0].hand)) == (0, 1)


def test_FS_6_3_dogma_an_attack_roll_of_1_kills_every_player_and_its_death_kills_the_other_monsters():
    """An attack roll of 1 on Dogma: all three players die. Dogma's death (another table): the other
    monster dies too, no player does."""
    g = position(3, rolls=[1])
    g.active = 0
    dogma = add_slot_monster(g, by_id("box-dogma"))
    other = add_slot_monster(g, monster("Other"))
    _attack_roll(g, dogma)
    assert all(p.dead for p in g.players)
    g2 = position(2)
    g2.active = 0
    dogma2 = add_slot_monster(g2, by_id("box-dogma"))
    other2 = add_slot_monster(g2, monster("Other"))
    monster_dies(g2, dogma2, 0, None)
    settle(g2)
    assert not other2.in_play and not g2.players[0].dead and other.in_play
