"""Passive and eternal items, characters and monsters whose printed ability is a condition or a count: each
scenario sets the condition on and off (souls held, items held, counters, whose turn it is) or makes the
trigger happen, and asserts the exact outcome. These cards had no scenario of their own."""

from __future__ import annotations

import pytest

from cardlab.simulate.four_souls import damage, dice, statics, triggers, zones
from cardlab.simulate.four_souls import fixtures as fx
from tests.four_souls.printed_cards import hurt, pick, soul, table, toy, use

# ---- statics gated by a count


@pytest.mark.parametrize(("souls", "bonus"), [(0, 0), (1, 1), (2, 1), (3, 2)])
def test_FS_1_22_the_baleful_gains_one_attack_with_one_or_two_souls_and_two_with_three(souls, bonus):
    g = table(chars=[fx.by_id("r-the_baleful"), fx.character("Other")])
    atk = statics.player_atk(g, g.players[1])
    for i in range(souls):
        soul(g, 0, f"S{i}")
    assert statics.player_atk(g, g.players[0]) == 1 + bonus
    assert statics.player_atk(g, g.players[1]) == atk


def test_FS_5_3_tony_gives_two_attack_while_it_is_your_only_non_eternal_item():
    g = table()
    me = g.players[0]
    atk = statics.player_atk(g, me)
    fx.give_item(g, 0, fx.by_id("rwz-tony"))
    fx.give_item(g, 0, fx.card("Start", deck="eternal", kind="eternal", keywords=("eternal",)), eternal=True)
    assert statics.player_atk(g, me) == atk + 2  # an eternal item does not count
    fx.give_item(g, 0, toy())
    assert statics.player_atk(g, me) == atk + 1


def test_FS_5_3_hunky_boys_gives_one_hp_only_off_your_turn():
    g = table()
    me = g.players[0]
    hp = statics.player_max_hp(g, me)
    fx.give_item(g, 0, fx.by_id("rwz-hunky_boys"), eternal=True)
    assert statics.player_max_hp(g, me) == hp  # seat 0 is active
    g.active = 1
    assert statics.player_max_hp(g, me) == hp + 1


def test_FS_5_15_ser_junkan_levels_up_per_discarded_loot_card_and_gains_hp_from_level_4():
    g = table()
    me = g.players[0]
    hp = statics.player_max_hp(g, me)
    jun = fx.give_item(g, 0, fx.by_id("rwz-ser_junkan"))
    for i in range(4):
        fx.give_loot(g, 0, fx.card(f"L{i}"))
    for level in range(1, 5):
        use(g, 0, "paid", jun)
        assert statics.player_max_hp(g, me) == hp + (1 if level >= 4 else 0)
    fx.check_invariants(g)


# ---- triggers on your own damage, kills and turns


def test_FS_5_14_sumptorium_counts_damage_taken_and_spends_two_for_minus_one_evasion():
    g = table()
    sump = fx.give_item(g, 0, fx.by_id("r-sumptorium"), eternal=True)
    blob = fx.add_slot_monster(g, fx.monster("Blob", evasion=4))
    me = g.players[0]
    for _ in range(2):
        hurt(g, me)
    assert sump.counters == 2
    pick(g, blob)
    use(g, 0, "paid", sump)
    assert sump.counters == 0 and statics.evasion(g, blob) == 3
    fx.check_invariants(g)


@pytest.mark.parametrize(("mode", "cents", "loot_net", "atk"), [(0, 2, 0, 0), (1, 0, 0, 0), (2, 0, 0, 2)])
def test_FS_4_9_gimpy_offers_a_choice_each_time_you_take_damage(mode, cents, loot_net, atk):
    g = table(chars=[fx.character("Tough", hp=4), fx.character("Other")])
    fx.give_item(g, 0, fx.by_id("fsp2-gimpy"), eternal=True)
    me = g.players[0]
    fx.give_loot(g, 0, fx.card("Old"))
    c0, h0, a0 = me.cents, len(me.hand), statics.player_atk(g, me)
    pick(g, mode)
    hurt(g, me)
    assert (me.cents - c0, len(me.hand) - h0, statics.player_atk(g, me) - a0) == (cents, loot_net, atk)
    fx.check_invariants(g)


def test_FS_13_8_book_of_virtues_a_monster_you_kill_makes_you_and_another_player_loot_one():
    g = table()
    fx.give_item(g, 0, fx.by_id("r-book_of_virtues"), eternal=True)
    blob = fx.add_slot_monster(g, fx.monster("Blob"))
    g.monster.append(fx.phys(g, fx.monster("Next")))
    damage.kill(g, blob, 0)
    fx.settle(g)
    assert [len(p.hand) for p in g.players] == [1, 1]
    fx.check_invariants(g)


def test_FS_6_12_fetal_haunt_passes_one_of_your_loot_cards_on_as_your_turn_ends():
    g = table()
    fx.give_item(g, 0, fx.by_id("r-fetal_haunt"))
    fx.give_loot(g, 0, fx.card("A"))
    fx.give_loot(g, 0, fx.card("B"))
    triggers.fire(g, "turn_end", seat=0)
    fx.settle(g)
    assert [len(p.hand) for p in g.players] == [1, 1]
    fx.check_invariants(g)


def test_FS_14_5_cursed_soul_hurts_and_counts_on_your_turn_start_then_moves_on_at_its_end():
    g = table(chars=[fx.character("Tough", hp=4), fx.character("Other")])
    cs = fx.give_item(g, 0, fx.by_id("r-cursed_soul"))
    triggers.fire(g, "turn_start", seat=0)
    fx.settle(g)
    assert (g.players[0].damage, cs.counters) == (1, 1)
    triggers.fire(g, "turn_end", seat=0)
    fx.settle(g)
    assert cs in g.players[1].items and cs not in g.players[0].items
    fx.check_invariants(g)


def test_FS_5_14_rock_bottom_loots_two_at_your_turns_end_while_the_hand_is_below_its_counters():
    g = table()
    for i in range(3):
        fx.give_loot(g, 0, fx.card(f"L{i}"))
    rb = fx.give_item(g, 0, fx.by_id("r-rock_bottom"))
    triggers.fire(g, "gained", item=rb)
    fx.settle(g)
    assert rb.counters == 3
    triggers.fire(g, "turn_end", seat=0)
    fx.settle(g)
    assert len(g.players[0].hand) == 3  # 3 is not fewer than 3
    g.loot_disc.append(g.players[0].hand.pop())
    triggers.fire(g, "turn_end", seat=0)
    fx.settle(g)
    assert len(g.players[0].hand) == 4
    fx.check_invariants(g)


@pytest.mark.parametrize(("roll", "cents", "loot"), [(2, 2, 0), (4, 0, 1)])
def test_FS_13_8_lil_chest_rolls_for_each_monster_you_kill(roll, cents, loot):
    """3-4: loot 2, then one card of the hand goes back on the loot deck (one more in hand, net)."""
    g = table([roll])
    fx.give_item(g, 0, fx.by_id("r-lil_chest"))
    blob = fx.add_slot_monster(g, fx.monster("Blob"))
    g.monster.append(fx.phys(g, fx.monster("Next")))
    me = g.players[0]
    c0 = me.cents
    damage.kill(g, blob, 0)
    fx.settle(g)
    assert (me.cents - c0, len(me.hand)) == (cents, loot)
    fx.check_invariants(g)


def test_FS_6_11_keepers_bargain_pays_you_one_plus_one_per_player_who_took_a_cent():
    """Two rivals each take 1¢; the holder gains 1¢ plus 1¢ for each of them (3¢). Pins the holder's share
    being named: inside an each over players a gain naming no player went to the member, which paid each
    rival 2¢ and the holder 1¢."""
    g = table(n=3)
    kb = fx.give_item(g, 0, fx.by_id("r-keepers_bargain"), eternal=True)
    before = [p.cents for p in g.players]
    use(g, 0, "tap", kb)  # both scripted rivals take the cent
    assert [p.cents - b for p, b in zip(g.players, before, strict=True)] == [3, 1, 1]
    assert statics.price(g, g.players[0], True) == statics.price(g, g.players[1], True) - 3
    fx.check_invariants(g)


# ---- monsters


def test_FS_0_5_whipper_the_active_player_rolls_on_each_attack_declared_and_takes_one_on_1_2():
    g = table([2])
    fx.add_slot_monster(g, fx.by_id("r-whipper"))
    g.active = 1
    triggers.fire(g, "attack_declared", seat=1)
    fx.settle(g)
    assert [p.damage for p in g.players] == [0, 1]
    fx.check_invariants(g)


@pytest.mark.parametrize(("roll", "hit"), [(1, 0), (3, 1), (5, 2)])
def test_FS_0_5_baby_plum_damaged_the_roll_picks_the_active_player_or_a_neighbour(roll, hit):
    """1-2 the active player (seat 0), 3-4 the player on their left (seat 1, who goes next, FS-0.4), 5-6
    the one on their right (seat 2)."""
    g = table([roll], n=3)
    plum = fx.add_slot_monster(g, fx.by_id("r-baby_plum"))
    hurt(g, plum, seat=0)
    assert [p.damage for p in g.players] == [1 if s == hit else 0 for s in range(3)]
    fx.check_invariants(g)


def test_FS_1_17_overflow_each_player_rolls_and_a_1_or_2_skips_their_next_turn():
    g = table([1, 4])
    g.mslots.append([])
    zones.reveal_into_slot(g, fx.phys(g, fx.by_id("r-overflow")), 0)
    fx.settle(g)
    assert [p.skip_next_turn for p in g.players] == [1, 0]
    fx.check_invariants(g)


def test_FS_4_16_curse_of_empathy_each_monster_death_costs_its_holder_a_loot_card_and_a_cent():
    g = table()
    c = g.new_obj(fx.phys(g, fx.by_id("r-curse_of_empathy")), "curse", 1)
    g.players[1].curses.append(c)
    fx.give_loot(g, 1, fx.card("L"))
    fx.take_cents(g, 1, 2)
    blob = fx.add_slot_monster(g, fx.monster("Blob"))
    g.monster.append(fx.phys(g, fx.monster("Next")))
    damage.kill(g, blob, 0)
    fx.settle(g)
    assert (len(g.players[1].hand), g.players[1].cents) == (0, 1)
    fx.check_invariants(g)


def test_FS_4_11_dice_hearing_holy_monsters_pay_the_roller():
    """Holy Dip (a 1: the roller gains 1¢), Holy Keeper Head (a 4: 2¢), Holy Squirt (a 5: loot 1)."""
    g = table()
    for cid in ("b2-holy_dip", "b2-holy_keeper_head", "b2-holy_squirt"):
        fx.add_slot_monster(g, fx.by_id(cid))
    me = g.players[1]
    c0 = me.cents
    for value in (1, 4, 5):
        dice.push_roll(g, 1, "test", value=value)
        fx.settle(g)
    assert (me.cents - c0, len(me.hand)) == (3, 1)
    assert not g.players[0].hand
    fx.check_invariants(g)
