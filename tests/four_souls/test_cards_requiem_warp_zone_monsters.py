"""Requiem and Warp Zone monsters and loot at work: a position, the card acting, the exact outcome, the
rule in each name."""

from __future__ import annotations

from cardlab.simulate.four_souls import attack, damage, plays, resolution, statics, triggers
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    attack_roll,
    by_id,
    card,
    character,
    check_invariants,
    deck,
    give_loot,
    position,
    settle,
)


def test_FS_10_7_sisters_vis_the_named_player_rolls_after_the_attacker_and_gains_a_treasure():
    """Seat 0 attacks Sisters Vis (6 HP, evasion 4, 5 damage on it) and names seat 1 (the first choice): seat 0
    misses (3) and takes 2, seat 1 hits (5) for the kill. Seat 0 gains the soul and a treasure, seat 1 a
    treasure; seat 2 nothing."""
    g = position(3, chars=[character("A", hp=3), character("B", hp=3), character("C", hp=3)], rolls=[3, 5])
    g.active = 0
    deck(g, "treasure", [card(f"T{i}", "treasure", "passive") for i in range(3)])
    vis = add_slot_monster(g, by_id("r-sisters_vis"))
    vis.damage = 5
    assert attack.run_attack(g, 0, vis)
    settle(g)
    assert [s.phys.card.name for s in g.players[0].souls] == ["Sisters Vis"]
    assert [len(p.items) for p in g.players] == [1, 1, 0]
    assert [p.damage for p in g.players] == [2, 0, 0]
    check_invariants(g)


def test_FS_5_4_FS_10_11_a_dead_horse_a_hit_is_replaced_by_a_roll_that_ends_the_attack_on_it():
    """A hit (5) on A Dead Horse deals nothing: the roll that replaces it shows 2, so the attack ends."""
    g = position(2, rolls=[2])
    g.active = 0
    horse = add_slot_monster(g, by_id("rwz-a_dead_horse"))
    attack_roll(g, horse, 5)
    assert horse.in_play and horse.damage == 0
    assert g.attack is not None and g.attack.cancelled and g.players[0].cents == 0


def test_FS_5_4_a_dead_horse_damage_from_a_card_becomes_3_cents_on_a_high_roll():
    g = position(2, rolls=[4])
    g.active = 1
    horse = add_slot_monster(g, by_id("rwz-a_dead_horse"))
    assert damage.push_damage(g, 3, horse, 0, None, False, None, "Test")
    settle(g)
    assert horse.in_play and horse.damage == 0
    assert [p.cents for p in g.players] == [0, 3]


def test_FS_4_14_FS_3_12_greed_butt_played_as_an_ambush_expands_the_monster_slots():
    g = position(2)
    g.active = 0
    add_slot_monster(g, card("A", "monster", "basic", hp=2, evasion=3, attack=1, rewards={"cents": 1}))
    butt = give_loot(g, 0, by_id("rwz-greed_butt"))
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", butt))
    resolution.priority(g, 0, until_empty=True)
    settle(g)
    assert len(g.mslots) == 2
    assert g.mslots[0][-1].phys is butt and g.mslots[1] == []
    check_invariants(g)


def test_FS_10_8_FS_8_3_the_radiance_loses_evasion_per_dead_player_and_adds_a_loot_step_draw():
    g = position(2)
    g.active = 0
    rad = add_slot_monster(g, by_id("rwz-the_radiance"))
    assert statics.evasion(g, rad) == 6 and statics.monster_loot_step(g) == 1
    triggers.fire(g, "dies", victim=g.players[1], killer=-1)
    settle(g)
    assert statics.evasion(g, rad) == 5


def test_FS_1_15_FS_10_7_ultra_greed_every_other_player_rolls_and_only_its_killer_gains_the_rewards():
    """Seat 0 attacks Ultra Greed! (8 HP, evasion 5, 7 damage on it): seats 1 and 2 team up. Seat 0 misses
    (4) and takes 1, seat 1 misses (2) and takes 1, seat 2 hits (6) for the kill: seat 2 alone gains the
    40c and the soul."""
    g = position(3, chars=[character("A", hp=3), character("B", hp=3), character("C", hp=3)], rolls=[4, 2, 6])
    g.active = 0
    greed = add_slot_monster(g, by_id("r-ultra_greed"))
    greed.damage = 7
    assert attack.run_attack(g, 0, greed)
    settle(g)
    assert [p.cents for p in g.players] == [0, 0, 40]
    assert [[s.phys.card.name for s in p.souls] for p in g.players] == [[], [], ["Ultra Greed!"]]
    assert [p.damage for p in g.players] == [1, 1, 0]
    check_invariants(g)


def test_FS_10_9_FS_5_4_the_gorm_an_attack_roll_of_1_hits_it_for_double_damage():
    """Evasion 5: a 3 misses (the attacker takes 1), a 1 hits for 2 (damage 1, doubled)."""
    g = position(2, chars=[character("A", hp=4), character("B")])
    g.active = 0
    gorm = add_slot_monster(g, by_id("rwz-the_gorm"))
    attack_roll(g, gorm, 3)
    assert gorm.damage == 0 and g.players[0].damage == 1
    attack_roll(g, gorm, 1)
    assert gorm.damage == 2 and g.players[0].damage == 1


def test_FS_8_10_the_gorm_each_turn_end_takes_one_loot_card_from_the_active_player():
    g = position(2)
    g.active = 1
    add_slot_monster(g, by_id("rwz-the_gorm"))
    for i in range(2):
        give_loot(g, 1, card(f"L{i}"))
    triggers.fire(g, "turn_end", seat=1)
    settle(g)
    assert len(g.players[1].hand) == 1 and len(g.loot_disc) == 1


def test_FS_14_5_charmed_monstro_the_active_player_hands_its_soul_to_another_player():
    """Seat 0 kills Charmed Monstro (hit of 6 for its last HP): seat 0 gains the 2 treasures, seat 1 (the
    first other player offered) its soul."""
    g = position(3)
    g.active = 0
    deck(g, "treasure", [card(f"T{i}", "treasure", "passive") for i in range(2)])
    monstro = add_slot_monster(g, by_id("r-charmed_monstro"))
    monstro.damage = 3
    attack_roll(g, monstro, 6)
    assert [len(p.items) for p in g.players] == [2, 0, 0]
    assert [[s.phys.card.name for s in p.souls] for p in g.players] == [[], ["Charmed Monstro"], []]
    check_invariants(g)
