"""Monsters, events, rooms and passive items read against their printed cards: each scenario puts the card in
play, makes its trigger happen (a roll, damage, a death, a turn's end, an activation) and asserts the exact
outcome — who is hit, who gains, how much. These cards had no scenario of their own."""

from __future__ import annotations

import pytest

from cardlab.simulate.four_souls import damage, statics, triggers, turn, zones
from cardlab.simulate.four_souls import fixtures as fx
from tests.four_souls.printed_cards import hurt, pick, roll, table, toy, treasures, use

# ---- monsters whose ability hears rolls (FS-4.11: any player's die showing the number)


def test_FS_4_11_cursed_tumor_hits_each_player_on_any_players_4():
    g = table(n=3)
    fx.add_slot_monster(g, fx.by_id("fsp2-cursed_tumor"))
    roll(g, 2, 3)
    assert [p.damage for p in g.players] == [0, 0, 0]
    roll(g, 2, 4)
    assert [p.damage for p in g.players] == [1, 1, 1]
    fx.check_invariants(g)


def test_FS_4_11_cursed_globin_heals_every_monster_two_on_a_3():
    g = table()
    globin = fx.add_slot_monster(g, fx.by_id("fsp2-cursed_globin"))
    other = fx.add_slot_monster(g, fx.monster("Blob", hp=5))
    hurt(g, globin, 2)
    hurt(g, other, 3)
    roll(g, 1, 3)
    assert (globin.damage, other.damage) == (0, 1)
    fx.check_invariants(g)


def test_FS_4_11_holy_brain_lowers_each_monsters_evasion_by_one_on_a_3_till_the_turns_end():

    g = table()
    brain = fx.add_slot_monster(g, fx.by_id("r-holy_brain"))
    other = fx.add_slot_monster(g, fx.monster("Blob", evasion=4))
    roll(g, 0, 3)
    assert (statics.evasion(g, brain), statics.evasion(g, other)) == (2, 3)
    turn.end_of_turn(g)
    assert (statics.evasion(g, brain), statics.evasion(g, other)) == (3, 4)


# ---- monsters whose ability hears damage to them


def test_FS_0_5_tumor_damaged_hits_every_non_active_player():
    g = table(n=3)
    tumor = fx.add_slot_monster(g, fx.by_id("fsp2-tumor"))
    hurt(g, tumor)
    assert [p.damage for p in g.players] == [0, 1, 1]
    fx.check_invariants(g)


def test_FS_0_5_red_ghost_damaged_the_active_player_picks_another_player_to_take_one():
    g = table(n=3)
    ghost = fx.add_slot_monster(g, fx.by_id("r-red_ghost"))
    pick(g, g.players[2])
    hurt(g, ghost)
    assert [p.damage for p in g.players] == [0, 0, 1]
    fx.check_invariants(g)


def test_FS_0_5_leatherneck_damaged_hits_one_player_at_random():
    g = table(n=3)
    neck = fx.add_slot_monster(g, fx.by_id("rwz-leatherneck"))
    hurt(g, neck)
    assert sorted(p.damage for p in g.players) == [0, 0, 1]
    fx.check_invariants(g)


# ---- monsters whose ability hears deaths, and their "after gaining rewards" gifts


def test_FS_13_4_corny_dying_deals_two_to_a_non_active_player():
    g = table()
    corny = fx.add_slot_monster(g, fx.by_id("r-corny"))
    damage.kill(g, corny, 0)
    fx.settle(g)
    assert [p.damage for p in g.players] == [0, 2]
    fx.check_invariants(g)


@pytest.mark.parametrize(
    ("card_id", "loot", "treasure", "cents"),
    [
        ("r-charmed_clotty", 1, 0, 0),
        ("r-charmed_fatty", 2, 0, 0),
        ("r-charmed_globin", 3, 0, 0),
        ("r-charmed_fat_bat", 0, 1, 0),
        ("r-charmed_bony", 0, 0, 5),
    ],
)
def test_FS_1_15_charmed_monsters_pay_the_active_player_then_gift_another_player_the_same(
    card_id, loot, treasure, cents
):
    """The active player takes the reward block (FS-1.15); after it, another player gets the printed gift,
    which matches the reward here."""
    g = table()
    treasures(g)
    m = fx.add_slot_monster(g, fx.by_id(card_id))
    before = [(len(p.hand), len(p.items), p.cents) for p in g.players]
    damage.kill(g, m, 0)
    fx.settle(g)
    after = [(len(p.hand), len(p.items), p.cents) for p in g.players]
    gained = [tuple(a - b for a, b in zip(x, y, strict=True)) for x, y in zip(after, before, strict=True)]
    assert gained == [(loot, treasure, cents), (loot, treasure, cents)]
    fx.check_invariants(g)


def test_FS_10_9_charmed_keeper_hitting_the_attacker_costs_them_two_cents():
    """A missed attack roll: Charmed Keeper's 2 combat damage hits the attacker, who loses 2¢."""
    g = table(chars=[fx.character("Tough", hp=5), fx.character("Other")])
    keeper = fx.add_slot_monster(g, fx.by_id("r-charmed_keeper"))
    fx.take_cents(g, 0, 5 - g.players[0].cents)
    fx.attack_roll(g, keeper, 1)
    assert (g.players[0].damage, g.players[0].cents) == (2, 3)
    fx.check_invariants(g)


def test_FS_13_4_holy_greedling_pays_the_active_player_three_cents_per_monster_death():
    g = table()
    fx.add_slot_monster(g, fx.by_id("r-holy_greedling"))
    blob = fx.add_slot_monster(g, fx.monster("Blob"))
    c0 = g.players[0].cents
    damage.kill(g, blob, 1)  # the active player gains, whoever killed it
    fx.settle(g)
    assert (g.players[0].cents - c0, g.players[1].cents) == (3, 0)
    fx.check_invariants(g)


def test_FS_13_4_cursed_mulligan_expands_the_monster_slots_by_one_per_monster_death():
    g = table()
    fx.add_slot_monster(g, fx.by_id("r-cursed_mulligan"))
    blob = fx.add_slot_monster(g, fx.monster("Blob"))
    g.monster.extend(fx.phys(g, fx.monster(f"Next{i}")) for i in range(3))
    slots = len(g.mslots)
    damage.kill(g, blob, 0)
    fx.settle(g)
    assert len(g.mslots) == slots + 1
    fx.check_invariants(g)


def test_FS_0_5_holy_psy_horf_the_active_player_loots_one_as_each_turn_ends():
    g = table()
    fx.add_slot_monster(g, fx.by_id("r-holy_psy_horf"))
    g.active = 1
    triggers.fire(g, "turn_end", seat=1)
    fx.settle(g)
    assert [len(p.hand) for p in g.players] == [0, 1]
    fx.check_invariants(g)


# ---- events (FS-1.17: they resolve as they enter play)


def test_FS_1_17_double_treasure_gives_the_active_player_and_another_a_treasure_each():
    g = table()
    treasures(g)
    g.mslots.append([])
    zones.reveal_into_slot(g, fx.phys(g, fx.by_id("r-double_treasure")), 0)
    fx.settle(g)
    assert [len(p.items) for p in g.players] == [1, 1]
    fx.check_invariants(g)


def test_FS_1_17_head_trauma_makes_the_active_player_discard_two_loot_cards():
    g = table()
    for i in range(3):
        fx.give_loot(g, 0, fx.card(f"L{i}"))
        fx.give_loot(g, 1, fx.card(f"M{i}"))
    g.mslots.append([])
    zones.reveal_into_slot(g, fx.phys(g, fx.by_id("fsp2-head_trauma")), 0)
    fx.settle(g)
    assert [len(p.hand) for p in g.players] == [1, 3]
    fx.check_invariants(g)


# ---- rooms (FS-0.5: "you" on a room is the active player)


def test_FS_0_5_bum_bo_is_loose_the_active_player_loses_two_cents_at_the_turns_end():
    g = table()
    fx.add_room(g, fx.by_id("r-bum_bo_is_loose"))
    fx.take_cents(g, 0, 3)
    fx.take_cents(g, 1, 3)
    c = [p.cents for p in g.players]
    g.active = 1
    triggers.fire(g, "turn_end", seat=1)
    fx.settle(g)
    assert [p.cents for p in g.players] == [c[0], c[1] - 2]
    fx.check_invariants(g)


def test_FS_0_5_blessing_of_steam_makes_the_active_players_shop_items_five_cents_cheaper():
    """Shop items only (a treasure-deck purchase keeps its price), and only for the active player."""
    g = table()
    shop, blind = (statics.price(g, g.players[0], True), statics.price(g, g.players[0], False))
    fx.add_room(g, fx.by_id("r-blessing_of_steam"))
    assert (statics.price(g, g.players[0], True), statics.price(g, g.players[0], False)) == (shop - 5, blind)
    assert statics.price(g, g.players[1], True) == shop


def test_FS_6_1_static_shock_hurts_whoever_activates_an_item():
    g = table()
    fx.add_room(g, fx.by_id("r-static_shock"))
    it = fx.give_item(g, 0, toy())
    use(g, 0, "tap", it)
    assert [p.damage for p in g.players] == [1, 0]
    fx.check_invariants(g)


def test_FS_13_4_spoils_of_war_each_other_player_loots_one_when_a_player_dies():
    g = table(n=3)
    fx.add_room(g, fx.by_id("r-spoils_of_war"))
    damage.kill(g, g.players[1], 0)
    fx.settle(g)
    assert [len(p.hand) for p in g.players][0::2] == [1, 1]
    fx.check_invariants(g)


# ---- passive items hearing rolls, deaths and the turn's end


def test_FS_4_11_eye_of_greed_gains_three_cents_on_any_players_5():
    g = table()
    fx.give_item(g, 0, fx.by_id("b2-eye_of_greed"))
    c0 = g.players[0].cents
    roll(g, 1, 4)
    roll(g, 1, 5)
    roll(g, 0, 5)
    assert g.players[0].cents == c0 + 6
    fx.check_invariants(g)


def test_FS_4_11_tarot_cloth_a_rival_rolling_a_4_gives_its_holder_a_loot_card():
    g = table()
    fx.give_item(g, 0, fx.by_id("b2-tarot_cloth"))
    fx.give_loot(g, 1, fx.card("L"))
    roll(g, 1, 4)
    assert [len(p.hand) for p in g.players] == [1, 0]
    fx.check_invariants(g)


def test_FS_13_4_the_midas_touch_gains_three_cents_per_monster_death():
    g = table()
    fx.give_item(g, 1, fx.by_id("b2-the_midas_touch"))
    blob = fx.add_slot_monster(g, fx.monster("Blob"))
    c1 = g.players[1].cents
    damage.kill(g, blob, 0)
    fx.settle(g)
    assert g.players[1].cents == c1 + 3
    fx.check_invariants(g)


@pytest.mark.parametrize(
    ("card_id", "hand", "looted"),
    [
        ("b2-starter_deck", 8, 2),
        ("b2-starter_deck", 7, 0),
        ("b2-the_polaroid", 0, 2),
        ("b2-the_polaroid", 1, 0),
    ],
)
def test_FS_4_9_end_of_turn_hand_checks_loot_two_only_when_the_hand_meets_the_printed_count(
    card_id, hand, looted
):
    g = table()
    fx.give_item(g, 0, fx.by_id(card_id))
    for i in range(hand):
        fx.give_loot(g, 0, fx.card(f"L{i}"))
    triggers.fire(g, "turn_end", seat=0)
    fx.settle(g)
    assert len(g.players[0].hand) == hand + looted
    fx.check_invariants(g)


def test_FS_5_4_lard_gives_two_hp_and_each_damage_taken_discards_a_loot_card():
    g = table()
    me = g.players[0]
    hp = statics.player_max_hp(g, me)
    fx.give_item(g, 0, fx.by_id("fsp2-lard"))
    assert statics.player_max_hp(g, me) == hp + 2
    fx.give_loot(g, 0, fx.card("A"))
    fx.give_loot(g, 0, fx.card("B"))
    hurt(g, me, 1, seat=1)
    assert len(me.hand) == 1
    fx.check_invariants(g)
