"""Issue 19: the delayed one-shot on the next roll, ``next: {would_roll: any, attack?, until?}`` (FS-4.9,
FS-9.2(4)): Polycephalus, Parabite, Round Worm, Era Walk, Mutant Spider; and Cancer's first roll each turn."""

from __future__ import annotations

from cardlab.simulate.four_souls import damage, dice, plays, triggers, turn
from cardlab.simulate.four_souls.fixtures import (
    add_slot_monster,
    by_id,
    check_invariants,
    give_item,
    give_loot,
    loot_fillers,
    position,
    settle,
)
from cardlab.simulate.four_souls.state import Attack


def _roll(g, seat=0, attack=False):
    r = dice.push_roll(g, seat, "test")
    r.attack = attack
    settle(g)
    return r.value


def test_FS_4_9_polycephalus_hit_makes_this_turns_following_attack_roll_two_lower_then_lapses():
    """Gold Box Polycephalus takes 1 damage: a roll that is not an attack roll is untouched, the next attack
    roll has -2, the one after is plain. A second hit left unused lapses at the turn's end (FS-8.10)."""
    g = position(2, rolls=[5, 5, 5])
    g.active = 0
    poly = add_slot_monster(g, by_id("g2-polycephalus"))
    damage.push_damage(g, 1, poly, 0, None, False, None, "test")
    settle(g)
    assert (_roll(g), _roll(g, attack=True), _roll(g, attack=True)) == (5, 3, 5)
    damage.push_damage(g, 1, poly, 0, None, False, None, "test")
    settle(g)
    assert len(g.delayed) == 1
    turn.end_of_turn(g)
    assert not g.delayed
    check_invariants(g)


def test_FS_6_10_alt_art_polycephalus_flips_the_next_attack_roll():
    g = position(2, rolls=[2])
    g.active = 0
    poly = add_slot_monster(g, by_id("aa-polycephalus"))
    damage.push_damage(g, 1, poly, 0, None, False, None, "test")
    settle(g)
    assert _roll(g, attack=True) == 5


def test_FS_10_9_parabite_hears_combat_damage_only_and_round_worm_its_own_combat_damage():
    """Parabite: non-combat damage changes nothing; combat damage: next attack roll -1. Round Worm dealing
    combat damage: next attack roll +1 (the two add up on the same roll)."""
    g = position(2, rolls=[4, 4])
    g.active = 0
    para = add_slot_monster(g, by_id("g2-parabite"))
    worm = add_slot_monster(g, by_id("g2-round_worm"))
    damage.push_damage(g, 1, para, 0, None, False, None, "test")
    settle(g)
    assert not g.delayed and _roll(g, attack=True) == 4
    g.attack = Attack(seat=0, target=para)  # combat damage needs an attack in progress (FS-10.9)
    para.damage = 0  # the 1 combat damage leaves it alive: a dead target would end the attack (FS-10.11)
    damage.push_damage(g, 1, para, 0, None, True, 5, "test")
    damage.push_damage(g, 1, g.players[0], -1, worm, True, 1, "test")
    settle(g)
    assert len(g.delayed) == 2
    assert _roll(g, attack=True) == 4 + 1 - 1 and not g.delayed


def test_FS_4_9_era_walk_sets_the_next_four_rolls_to_its_result_one_each():
    """Era Walk rolls a 6: the next four rolls this turn (anyone's) come up 6, the fifth is its own."""
    g = position(2, rolls=[6, 1, 2, 3, 4, 5])
    loot_fillers(g, 5)
    g.active = 0
    walk = give_loot(g, 0, by_id("soi-era_walk"))
    g.players[0].loot_plays = 1
    assert plays.take_action(g, 0, ("loot", walk))
    settle(g)
    assert [_roll(g, seat=i % 2) for i in range(5)] == [6, 6, 6, 6, 5]
    check_invariants(g)


def test_FS_9_6_mutant_spider_rerolls_the_next_roll_with_four_dice_its_controller_keeps_one():
    """Mutant Spider (seat 0) used on seat 1's turn: seat 1's next roll (a 1) is rolled again with four
    dice (2, 6, 3, 4) and seat 0 keeps one (the lowest: they pick against the roller)."""
    low = lambda d: min(d.options) if d.kind == "choose_number" else None  # noqa: E731
    g = position(2, plans={0: low}, rolls=[1, 2, 6, 3, 4, 5])
    loot_fillers(g, 5)
    g.active = 1
    spider = give_item(g, 0, by_id("fsp2-mutant_spider"))
    assert plays.take_action(g, 0, ("tap", spider, 0))
    settle(g)
    assert _roll(g, seat=1) == 2
    assert _roll(g, seat=1) == 5  # used up


def test_FS_9_2_cancer_adds_one_to_its_holders_first_roll_each_turn_only():
    g = position(2, rolls=[3, 3, 3, 3])
    g.active = 0
    give_item(g, 0, by_id("g2-cancer"))
    assert (_roll(g, seat=1), _roll(g), _roll(g)) == (3, 4, 3)
    turn.end_of_turn(g)
    g.turn += 1
    assert _roll(g) == 4


def test_FS_9_2_alt_art_satan_turns_fives_into_sixes_and_the_third_six_kills_everyone():
    """Alt Art Satan!: rolls 5, 2, 6, 6: the 5 becomes a 6, the 2 stays; the third 6 of the turn kills both
    players (a 6 on an earlier turn does not count)."""
    g = position(2, rolls=[6, 5, 2, 6, 6])
    g.active = 0
    add_slot_monster(g, by_id("aa-satan"))
    assert _roll(g) == 6
    turn.end_of_turn(g)
    assert [_roll(g, seat=1), _roll(g), _roll(g)] == [6, 2, 6] and not any(p.dead for p in g.players)
    _roll(g)  # the third 6 this turn (a 5 made a 6 counts)
    assert all(p.dead for p in g.players)


def test_FS_9_2_telepathy_for_dummies_may_set_its_holders_next_roll_to_the_turn_start_roll():
    """Seat 0's turn start rolls a 2; seat 1's roll (5) is untouched; seat 0's next roll (6) becomes 2."""
    g = position(2, rolls=[2, 5, 6, 4])
    g.active = 0
    give_item(g, 0, by_id("fsp2-telepathy_for_dummies"))
    triggers.fire(g, "turn_start", seat=0)
    settle(g)
    assert (_roll(g, seat=1), _roll(g), _roll(g)) == (5, 2, 4)
