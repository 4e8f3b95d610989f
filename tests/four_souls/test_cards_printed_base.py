"""Base V2 items read against their printed cards (the default pool, so every figure uses them): each
scenario makes the printed condition happen — a roll, damage taken, a death, the turn's start or end — and
asserts the exact outcome. These cards had no scenario of their own."""

from __future__ import annotations

import pytest

from cardlab.simulate.four_souls import damage, statics, triggers
from cardlab.simulate.four_souls import fixtures as fx
from tests.four_souls.printed_cards import hurt, pick, roll, table, toy, treasures, use


def test_FS_4_9_cambion_conception_counts_damage_and_trades_six_counters_for_a_treasure():
    g = table(chars=[fx.by_id("p-level_one_isaac"), fx.by_id("r-bethany")])
    treasures(g)
    cc = fx.give_item(g, 0, fx.by_id("b2-cambion_conception"))
    me = g.players[0]
    cc.counters = 4
    hurt(g, me, 2)
    assert cc.counters == 0 and len(me.items) == 2
    fx.check_invariants(g)


def test_FS_4_9_belly_button_one_more_loot_play_on_your_turn_and_a_character_recharge_on_damage():
    g = table()
    fx.give_item(g, 0, fx.by_id("b2-belly_button"))
    me = g.players[0]
    assert statics.count(g, me, "loot_plays") == 1
    me.character.charged = False
    hurt(g, me)
    assert me.character.charged
    g.active = 1
    assert statics.count(g, me, "loot_plays") == 0


def test_FS_4_11_mom_s_razor_may_hurt_whoever_rolls_a_6():
    g = table()
    fx.give_item(g, 0, fx.by_id("b2-moms_razor"))
    roll(g, 1, 6)
    roll(g, 1, 5)
    assert [p.damage for p in g.players] == [0, 1]
    fx.check_invariants(g)


def test_FS_4_11_mom_s_box_loots_then_discards_on_any_4():
    g = table()
    fx.give_item(g, 0, fx.by_id("b2-moms_box"))
    fx.give_loot(g, 0, fx.card("Old"))
    roll(g, 1, 4)
    assert len(g.players[0].hand) == 1 and len(g.loot_disc) == 1
    fx.check_invariants(g)


def test_FS_4_11_dead_bird_steals_a_loot_card_from_whoever_rolls_a_3():
    g = table()
    fx.give_item(g, 0, fx.by_id("b2-dead_bird"))
    fx.give_loot(g, 1, fx.card("L"))
    roll(g, 1, 3)
    assert [len(p.hand) for p in g.players] == [1, 0]
    fx.check_invariants(g)


def test_FS_4_11_charged_baby_may_recharge_an_item_on_any_2():
    g = table()
    fx.give_item(g, 0, fx.by_id("b2-charged_baby"))
    spent = fx.give_item(g, 0, toy(), charged=False)
    pick(g, spent)
    roll(g, 1, 2)
    assert spent.charged
    fx.check_invariants(g)


def test_FS_13_4_greeds_gullet_pays_eight_cents_at_your_death_before_the_penalty():
    """8¢ gained, then the death penalty's 1¢ lost (FS-13.9): 7¢ more than before."""
    g = table()
    fx.give_item(g, 0, fx.by_id("b2-greeds_gullet"))
    me = g.players[0]
    fx.take_cents(g, 0, 2)
    c0 = me.cents
    damage.kill(g, me, 1)
    fx.settle(g)
    assert me.cents == c0 + 8 - 1


@pytest.mark.parametrize(
    ("hand", "cents", "atk", "roll"), [(0, 0, 1, 1), (1, 0, 0, 1), (0, 2, 1, 0), (1, 2, 0, 0)]
)
def test_FS_5_3_empty_vessel_attack_with_an_empty_hand_and_attack_rolls_with_no_cents(hand, cents, atk, roll):
    g = table()
    me = g.players[0]
    a0, r0 = statics.player_atk(g, me), statics.roll_bonus(g, me, True)
    fx.give_item(g, 0, fx.by_id("b2-empty_vessel"))
    for i in range(hand):
        fx.give_loot(g, 0, fx.card(f"L{i}"))
    fx.take_cents(g, 0, cents - me.cents)
    assert (statics.player_atk(g, me) - a0, statics.roll_bonus(g, me, True) - r0) == (atk, roll)


def test_FS_4_11_ipecac_one_more_damage_and_an_attack_roll_of_6_hits_each_other_player():
    g = table(n=3)
    fx.give_item(g, 0, fx.by_id("b2-ipecac"))
    me = g.players[0]
    assert statics.player_atk(g, me) == 2
    blob = fx.add_slot_monster(g, fx.monster("Blob", hp=5))
    g.monster.append(fx.phys(g, fx.monster("Next")))
    fx.attack_roll(g, blob, 6)
    assert [p.damage for p in g.players] == [0, 1, 1]


def test_FS_4_9_monstros_tooth_a_random_player_destroys_one_of_their_non_eternal_items():
    g = table()
    tooth = fx.give_item(g, 0, fx.by_id("b2-monstros_tooth"))
    theirs = fx.give_item(g, 1, toy("Theirs"))
    triggers.fire(g, "turn_start", seat=0)
    fx.settle(g)
    gone = [tooth not in g.players[0].items, theirs not in g.players[1].items]
    assert sorted(gone) == [False, True]  # exactly one item went, from the player picked
    fx.check_invariants(g)


def test_FS_4_11_holy_moms_eye_lets_the_roller_recharge_an_item_on_a_2():
    g = table()
    fx.add_slot_monster(g, fx.by_id("b2-holy_moms_eye"))
    spent = fx.give_item(g, 0, toy(), charged=False)
    roll(g, 0, 2)
    assert spent.charged
    fx.check_invariants(g)


# ---- Base V2 monsters


def test_FS_13_4_hanger_dying_expands_the_shop_by_one():
    g = table()
    treasures(g)
    hanger = fx.add_slot_monster(g, fx.by_id("b2-hanger"))
    g.monster.append(fx.phys(g, fx.monster("Next")))
    shops = len(g.shop)
    damage.kill(g, hanger, 0)
    fx.settle(g)
    assert len(g.shop) == shops + 1
    fx.check_invariants(g)


def test_FS_13_4_dank_globin_dying_makes_a_chosen_player_discard_two():
    g = table()
    dank = fx.add_slot_monster(g, fx.by_id("b2-dank_globin"))
    g.monster.append(fx.phys(g, fx.monster("Next")))
    for i in range(3):
        fx.give_loot(g, 1, fx.card(f"L{i}"))
    pick(g, g.players[1])
    damage.kill(g, dank, 0)
    fx.settle(g)
    assert len(g.players[1].hand) == 1
    fx.check_invariants(g)


@pytest.mark.parametrize(("card_id", "hit"), [("b2-dople", 2), ("b2-evil_twin", 1)])
def test_FS_0_4_dople_and_evil_twin_pass_their_damage_to_the_active_players_right_or_left(card_id, hit):
    """Seat 0 active in a 3-player game: its left is seat 1 (who goes next), its right seat 2."""
    g = table(n=3)
    m = fx.add_slot_monster(g, fx.by_id(card_id))
    hurt(g, m, 1, seat=0)
    assert [p.damage for p in g.players] == [1 if s == hit else 0 for s in range(3)]
    fx.check_invariants(g)


@pytest.mark.parametrize(
    ("card_id", "value", "cents", "loot"),
    [
        ("b2-cursed_keeper_head", 1, -2, 0),
        ("b2-cursed_fatty", 5, 0, -1),
        ("b2-holy_dinga", 6, 0, 0),
    ],
)
def test_FS_4_11_cursed_monsters_cost_the_roller(card_id, value, cents, loot):
    g = table()
    fx.add_slot_monster(g, fx.by_id(card_id))
    roller = g.players[1]
    fx.take_cents(g, 1, 3)
    fx.give_loot(g, 1, fx.card("L"))
    roller.damage = 1 if value == 6 else 0
    c0, h0 = roller.cents, len(roller.hand)
    roll(g, 1, value)
    assert (roller.cents - c0, len(roller.hand) - h0) == (cents, loot)
    if value == 6:
        assert roller.damage == 0  # Holy Dinga: the roller heals 1
    fx.check_invariants(g)


def test_FS_10_9_scolex_hitting_a_player_makes_them_discard_a_loot_card():
    g = table(chars=[fx.by_id("p-level_one_isaac"), fx.by_id("r-bethany")])
    scolex = fx.add_slot_monster(g, fx.by_id("b2-scolex"))
    fx.give_loot(g, 0, fx.card("L"))
    fx.attack_roll(g, scolex, 1)
    assert (g.players[0].damage, len(g.players[0].hand)) == (1, 0)
    fx.check_invariants(g)


def test_FS_5_4_carrion_queen_is_hit_but_unhurt_by_a_5_and_hurt_by_a_6():
    g = table(chars=[fx.by_id("p-level_one_isaac"), fx.by_id("r-bethany")])
    queen = fx.add_slot_monster(g, fx.by_id("b2-carrion_queen"))
    fx.attack_roll(g, queen, 5)
    assert queen.damage == 0
    fx.attack_roll(g, queen, 6)
    assert queen.damage == 1
    fx.check_invariants(g)


@pytest.mark.parametrize(
    ("card_id", "hp_left", "evasion"),
    [
        ("b2-larry_jr", 3, 3),
        ("b2-larry_jr", 2, 4),
        ("b2-mask_of_infamy", 2, 4),
        ("b2-mask_of_infamy", 1, 6),
    ],
)
def test_FS_1_30_low_hp_evasion_bosses(card_id, hp_left, evasion):
    g = table()
    m = fx.add_slot_monster(g, fx.by_id(card_id))
    hurt(g, m, m.phys.card.hp - hp_left)
    assert statics.evasion(g, m) == evasion


# ---- more Base V2 items


def test_FS_6_20_curved_horn_adds_one_damage_to_your_first_attack_roll_only():
    g = table()
    me = g.players[0]
    fx.give_item(g, 0, fx.by_id("b2-curved_horn"))
    assert (statics.player_atk(g, me), statics.player_atk(g, me, first_attack_roll=True)) == (1, 2)


@pytest.mark.parametrize("mode", [0, 1])
def test_FS_3_12_flush_sends_every_monster_not_attacked_or_every_shop_item_to_its_decks_bottom(mode):
    g = table()
    flush = fx.give_item(g, 0, fx.by_id("b2-flush"))
    g.monster.extend(fx.phys(g, fx.monster(f"M{i}")) for i in range(4))
    treasures(g)
    blobs = [fx.add_slot_monster(g, fx.monster(f"Blob{i}")) for i in range(2)]
    wares = [fx.add_shop_item(g, toy(f"Ware{i}")) for i in range(2)]
    pick(g, mode)
    use(g, 0, "tap", flush)
    gone = [not o.in_play for o in blobs], [not o.in_play for o in wares]
    assert gone == (([True, True], [False, False]) if mode == 0 else ([False, False], [True, True]))
    moved = [o.phys for o in (blobs if mode == 0 else wares)]
    deck = g.monster if mode == 0 else g.treasure
    assert set(deck[: len(moved)]) == set(moved)  # at the bottom (the list's start)
    fx.check_invariants(g)


def test_FS_5_14_the_poop_counts_damage_taken_and_spends_a_counter_to_prevent_one():
    g = table(chars=[fx.by_id("p-level_one_isaac"), fx.by_id("r-bethany")])
    poop = fx.give_item(g, 0, fx.by_id("b2-the_poop"))
    me = g.players[0]
    hurt(g, me)
    assert poop.counters == 1
    use(g, 0, "paid", poop)
    hurt(g, me)
    assert (poop.counters, me.damage) == (0, 1)
    fx.check_invariants(g)


def test_FS_4_11_spider_mod_may_discard_a_monster_not_attacked_and_refill_the_slot_on_a_5():
    g = table()
    mod = fx.give_item(g, 0, fx.by_id("b2-spider_mod"))
    blob = fx.add_slot_monster(g, fx.monster("Blob"))
    nxt = fx.phys(g, fx.monster("Next"))
    g.monster.append(nxt)
    pick(g, blob)
    roll(g, 1, 5)
    assert not blob.in_play and blob.phys in g.monster_disc
    assert g.mslots[0][-1].phys is nxt and not g.players[0].cents
    assert mod in g.players[0].items


def test_FS_4_9_the_habit_recharges_an_item_on_your_first_damage_of_a_turn_but_not_the_second():
    g = table(chars=[fx.by_id("p-level_one_isaac"), fx.by_id("r-bethany")])
    fx.give_item(g, 0, fx.by_id("b2-the_habit"))
    spent = fx.give_item(g, 0, toy(), charged=False)
    me = g.players[0]
    pick(g, spent)
    hurt(g, me)
    assert spent.charged
    spent.charged = False
    pick(g, spent)
    hurt(g, me)
    assert not spent.charged


@pytest.mark.parametrize(("roll", "others", "monster_hit"), [(2, 1, 0), (5, 0, 1)])
def test_FS_4_18_curse_of_the_tower_your_damage_hits_each_other_player_or_a_monster(
    roll, others, monster_hit
):
    g = table(
        [roll], n=3, chars=[fx.by_id("p-level_one_isaac"), fx.by_id("r-bethany"), fx.by_id("r-bethany")]
    )
    fx.give_item(g, 0, fx.by_id("b2-curse_of_the_tower"))
    blob = fx.add_slot_monster(g, fx.monster("Blob", hp=3))
    hurt(g, g.players[0])
    assert [p.damage for p in g.players] == [1, others, others] and blob.damage == monster_hit
    fx.check_invariants(g)


def test_FS_6_12_finger_swaps_a_non_eternal_item_with_the_roller_of_a_2():
    g = table()
    fx.give_item(g, 0, fx.by_id("b2-finger"))
    mine = fx.give_item(g, 0, toy("Mine"))
    theirs = fx.give_item(g, 1, toy("Theirs"))
    pick(g, mine, theirs)
    roll(g, 1, 2)
    assert theirs in g.players[0].items and mine in g.players[1].items
    fx.check_invariants(g)


@pytest.mark.parametrize(
    ("roll", "monster_hit", "player_hit", "self_hit"), [(1, 1, 0, 0), (4, 0, 1, 0), (6, 0, 0, 1)]
)
def test_FS_4_18_bobs_brain_rolls_on_each_attack_you_declare(roll, monster_hit, player_hit, self_hit):
    g = table([roll])
    fx.give_item(g, 0, fx.by_id("b2-bobs_brain"))
    blob = fx.add_slot_monster(g, fx.monster("Blob", hp=3))
    pick(g, blob if roll <= 2 else g.players[1])
    triggers.fire(g, "attack_declared", seat=0)
    fx.settle(g)
    assert (blob.damage, g.players[1].damage, g.players[0].damage) == (monster_hit, player_hit, self_hit)
