"""Active, paid and one-use items, tarot loot and events read against their printed cards: each scenario
uses the card (choosing its mode or target where the card offers one) and asserts the exact outcome. These
cards had no scenario of their own."""

from __future__ import annotations

import pytest

from cardlab.simulate.four_souls import damage, statics, triggers, turn
from cardlab.simulate.four_souls import fixtures as fx
from tests.four_souls.printed_cards import pick, reveal, soul, table, toy, treasures, use

# ---- ↷ items


def test_FS_6_2_the_battery_recharges_another_item():
    g = table()
    bat = fx.give_item(g, 0, fx.by_id("b2-the_battery"))
    spent = fx.give_item(g, 0, toy(), charged=False)
    pick(g, spent)
    use(g, 0, "tap", bat)
    assert spent.charged and not bat.charged
    fx.check_invariants(g)


def test_FS_3_6_potato_peeler_moves_every_decks_top_card_to_that_decks_discard():
    g = table()
    treasures(g, 2)
    g.monster.extend(fx.phys(g, fx.monster(f"M{i}")) for i in range(2))
    sizes = (len(g.loot), len(g.treasure), len(g.monster))
    peeler = fx.give_item(g, 0, fx.by_id("b2-potato_peeler"))
    use(g, 0, "tap", peeler)
    assert (len(g.loot), len(g.treasure), len(g.monster)) == tuple(n - 1 for n in sizes)
    assert (len(g.loot_disc), len(g.treasure_disc), len(g.monster_disc)) == (1, 1, 1)
    fx.check_invariants(g)


@pytest.mark.parametrize(("mode", "loot", "cents", "hurt"), [(0, 1, 0, 0), (1, 0, 2, 0), (2, 0, 0, 1)])
def test_FS_5_9_rainbow_baby_each_player_gets_the_chosen_modes_share(mode, loot, cents, hurt):
    g = table(n=3)
    baby = fx.give_item(g, 0, fx.by_id("fsp2-rainbow_baby"))
    pick(g, mode)
    before = [(len(p.hand), p.cents, p.damage) for p in g.players]
    use(g, 0, "tap", baby)
    after = [(len(p.hand), p.cents, p.damage) for p in g.players]
    assert [tuple(a - b for a, b in zip(x, y, strict=True)) for x, y in zip(after, before, strict=True)] == [
        (loot, cents, hurt)
    ] * 3
    fx.check_invariants(g)


@pytest.mark.parametrize(("roll", "charged"), [(6, True), (3, False)])
def test_FS_4_18_the_butter_bean_recharges_itself_only_on_a_6(roll, charged):
    g = table([roll])
    bean = fx.give_item(g, 0, fx.by_id("g2-the_butter_bean"))
    use(g, 0, "tap", bean)
    assert bean.charged == charged
    fx.check_invariants(g)


@pytest.mark.parametrize(("card_id", "plays_gained"), [("g2-library_card", 1), ("g2-succubus", 2)])
def test_FS_1_9_library_card_and_succubus_add_loot_plays(card_id, plays_gained):
    """Library Card (↷): one more loot play; Succubus ($ 3¢): two more."""
    g = table()
    it = fx.give_item(g, 0, fx.by_id(card_id))
    me = g.players[0]
    fx.take_cents(g, 0, 3)
    before = me.loot_plays
    use(g, 0, "tap" if card_id == "g2-library_card" else "paid", it)
    assert me.loot_plays == before + plays_gained
    fx.check_invariants(g)


def test_FS_6_12_hand_me_downs_another_player_who_loots_gives_you_a_loot_card():
    g = table()
    hmd = fx.give_item(g, 0, fx.by_id("r-hand_me_downs"))
    use(g, 0, "tap", hmd)  # the scripted rival takes the offer
    assert [len(p.hand) for p in g.players] == [1, 0]
    fx.check_invariants(g)


def test_FS_6_12_magic_skin_gains_a_treasure_then_passes_itself_on_with_a_counter():
    g = table()
    treasures(g)
    skin = fx.give_item(g, 0, fx.by_id("r-magic_skin"))
    use(g, 0, "tap", skin)
    assert len(g.players[0].items) == 1 and skin not in g.players[0].items
    assert skin in g.players[1].items and skin.counters == 1
    fx.check_invariants(g)


def test_FS_6_2_member_card_makes_your_shop_items_four_cents_cheaper():
    g = table()
    shop = statics.price(g, g.players[0], True)
    fx.give_item(g, 0, fx.by_id("r-member_card"))
    assert statics.price(g, g.players[0], True) == shop - 4
    assert statics.price(g, g.players[1], True) == shop


def test_FS_4_12_infestation_loots_two_then_discards_one():
    g = table()
    inf = fx.give_item(g, 0, fx.by_id("fsp2-infestation"), eternal=True)
    use(g, 0, "tap", inf)
    assert len(g.players[0].hand) == 1 and len(g.loot_disc) == 1
    fx.check_invariants(g)


# ---- $ items


def test_FS_4_7_bag_o_trash_pays_three_four_or_six_cents_for_its_three_abilities():
    g = table()
    bag = fx.give_item(g, 0, fx.by_id("fsp2-bag_o_trash"), eternal=True)
    blob = fx.add_slot_monster(g, fx.monster("Blob", hp=3))
    me = g.players[0]
    fx.take_cents(g, 0, 13 - me.cents)
    plays0 = me.loot_plays
    use(g, 0, "paid", bag, 0)
    assert (me.cents, me.loot_plays) == (10, plays0 + 1)
    use(g, 0, "paid", bag, 1)
    assert (me.cents, len(me.hand)) == (6, 1)
    pick(g, blob)
    use(g, 0, "paid", bag, 2)
    assert (me.cents, blob.damage) == (0, 1)
    fx.check_invariants(g)


def test_FS_5_14_battery_pack_counts_your_turn_ends_and_spends_two_to_recharge_a_players_items():
    g = table()
    pack = fx.give_item(g, 0, fx.by_id("r-battery_pack"))
    a = fx.give_item(g, 1, toy("A"), charged=False)
    b = fx.give_item(g, 1, toy("B"), charged=False)
    g.active = 1
    triggers.fire(g, "turn_end", seat=1)  # another player's turn end: no counter
    fx.settle(g)
    assert pack.counters == 0
    g.active = 0
    for _ in range(2):
        triggers.fire(g, "turn_end", seat=0)
        fx.settle(g)
    assert pack.counters == 2
    pick(g, g.players[1])
    use(g, 0, "paid", pack)
    assert pack.counters == 0 and a.charged and b.charged
    fx.check_invariants(g)


@pytest.mark.parametrize(("roll", "hurt"), [(2, (0, 0)), (4, (1, 0)), (6, (0, 1))])
def test_FS_4_18_the_crowdfunder_hits_another_player_on_3_4_and_a_monster_on_5_6(roll, hurt):
    g = table([roll])
    fund = fx.give_item(g, 0, fx.by_id("rwz-the_crowdfunder"))
    blob = fx.add_slot_monster(g, fx.monster("Blob", hp=3))
    fx.take_cents(g, 0, 2)
    c0 = g.players[0].cents
    use(g, 0, "paid", fund)
    assert g.players[0].cents == c0 - 2
    assert (g.players[1].damage, blob.damage) == hurt and g.players[0].damage == 0
    fx.check_invariants(g)


@pytest.mark.parametrize(("roll", "cents", "loot", "items"), [(2, 0, 3, 0), (3, 9, 0, 0), (5, 0, 0, 2)])
def test_FS_4_4_experimental_treatment_destroys_itself_then_pays_its_roll(roll, cents, loot, items):
    g = table([roll])
    treasures(g)
    et = fx.give_item(g, 0, fx.by_id("r-experimental_treatment"))
    me = g.players[0]
    c0 = me.cents
    use(g, 0, "paid", et)
    assert et not in me.items
    assert (me.cents - c0, len(me.hand), len(me.items)) == (cents, loot, items)
    fx.check_invariants(g)


# ---- one-use items (destroy this; if you do …, FS-5.8)


def test_FS_5_8_chaos_card_destroys_itself_and_kills_the_chosen_monster():
    g = table()
    chaos = fx.give_item(g, 0, fx.by_id("b2-chaos_card"))
    blob = fx.add_slot_monster(g, fx.monster("Blob", hp=5))
    g.monster.append(fx.phys(g, fx.monster("Next")))
    pick(g, 0, blob)
    use(g, 0, "tap", chaos)
    assert chaos not in g.players[0].items and not blob.in_play
    fx.check_invariants(g)


def test_FS_5_8_forget_me_now_each_player_destroys_one_of_their_souls():
    g = table()
    fmn = fx.give_item(g, 0, fx.by_id("fsp2-forget_me_now"))
    soul(g, 0, "A")
    soul(g, 0, "B")
    soul(g, 1, "C")
    use(g, 0, "tap", fmn)
    assert [len(p.souls) for p in g.players] == [1, 0]
    fx.check_invariants(g)


def test_FS_6_12_divorce_papers_take_half_the_cents_and_loot_rounded_down_then_an_item():
    g = table()
    papers = fx.give_item(g, 0, fx.by_id("fsp2-divorce_papers"))
    fx.take_cents(g, 1, 7)
    for i in range(5):
        fx.give_loot(g, 1, fx.card(f"L{i}"))
    theirs = fx.give_item(g, 1, toy("Theirs"))
    c0, c1 = g.players[0].cents, g.players[1].cents
    use(g, 0, "tap", papers)
    assert (g.players[0].cents - c0, c1 - g.players[1].cents) == (c1 // 2, c1 // 2)
    assert [len(p.hand) for p in g.players] == [2, 3]
    assert theirs in g.players[0].items and papers not in g.players[0].items
    fx.check_invariants(g)


# ---- loot


def _play(g, card_id):
    c = fx.give_loot(g, 0, fx.by_id(card_id))
    use(g, 0, "loot", c)


def test_FS_6_2_mega_battery_recharges_every_item_of_the_chosen_player():
    g = table()
    a = fx.give_item(g, 1, toy("A"), charged=False)
    b = fx.give_item(g, 1, toy("B"), charged=False)
    mine = fx.give_item(g, 0, toy("Mine"), charged=False)
    pick(g, g.players[1])
    _play(g, "b2-mega_battery")
    assert a.charged and b.charged and not mine.charged
    fx.check_invariants(g)


def test_FS_5_2_the_lovers_gives_the_chosen_player_two_hp_till_the_turns_end():
    g = table()
    hp = statics.player_max_hp(g, g.players[1])
    pick(g, g.players[1])
    _play(g, "b2-vi_the_lovers")
    assert statics.player_max_hp(g, g.players[1]) == hp + 2
    turn.end_of_turn(g)
    assert statics.player_max_hp(g, g.players[1]) == hp


@pytest.mark.parametrize(("roll", "players", "monsters"), [(1, 1, 0), (3, 0, 1), (6, 2, 0)])
def test_FS_4_18_the_tower_hits_every_player_or_every_monster_by_its_roll(roll, players, monsters):
    g = table([roll])
    a = fx.add_slot_monster(g, fx.monster("A", hp=3))
    b = fx.add_slot_monster(g, fx.monster("B", hp=3))
    _play(g, "b2-xvi_the_tower")
    assert [p.damage for p in g.players] == [players, players]
    assert (a.damage, b.damage) == (monsters, monsters)
    fx.check_invariants(g)


@pytest.mark.parametrize(("roll", "cents", "loot"), [(1, 1, 0), (2, 0, 2), (4, 4, 0), (6, 6, 0)])
def test_FS_4_18_blank_rune_gives_each_player_the_rows_share(roll, cents, loot):
    g = table([roll])
    before = [(p.cents, len(p.hand)) for p in g.players]
    _play(g, "b2-blank_rune")
    after = [(p.cents, len(p.hand)) for p in g.players]
    assert [(a[0] - b[0], a[1] - b[1]) for a, b in zip(after, before, strict=True)] == [(cents, loot)] * 2
    fx.check_invariants(g)


def test_FS_1_19_judgement_the_player_with_most_souls_destroys_one():
    g = table()
    soul(g, 1, "A")
    soul(g, 1, "B")
    soul(g, 0, "C")
    _play(g, "b2-xx_judgement")
    assert [len(p.souls) for p in g.players] == [1, 1]
    fx.check_invariants(g)


# ---- events (FS-1.17)


def test_FS_1_17_mega_troll_bomb_deals_two_to_each_player():
    g = table(n=3)
    reveal(g, "b2-mega_troll_bomb")
    assert [p.damage for p in g.players] == [2, 2, 2]
    fx.check_invariants(g)


@pytest.mark.parametrize(
    ("card_id", "roll", "cents", "loot", "items"),
    [
        ("b2-gold_chest", 1, 0, 0, 1),
        ("b2-gold_chest", 4, 5, 0, 0),
        ("b2-gold_chest", 5, 7, 0, 0),
        ("b2-gold_chest_2", 6, 0, 2, 0),
        ("b2-dark_chest", 2, 0, 1, 0),
        ("b2-dark_chest_2", 3, 0, 2, 0),
    ],
)
def test_FS_1_17_chest_events_pay_the_active_player_their_row(card_id, roll, cents, loot, items):
    g = table([roll])
    treasures(g)
    me = g.players[0]
    c0 = me.cents
    reveal(g, card_id)
    assert (me.cents - c0, len(me.hand), len(me.items)) == (cents, loot, items)
    fx.check_invariants(g)


def test_FS_1_17_dark_chest_on_5_6_hurts_the_active_player_two():
    g = table([5])
    reveal(g, "b2-dark_chest")
    assert [p.damage for p in g.players] == [2, 0]
    fx.check_invariants(g)


def test_FS_3_12_xl_floor_expands_the_monster_slots_by_one():
    g = table()
    g.monster.extend(fx.phys(g, fx.monster(f"M{i}")) for i in range(3))
    slots = len(g.mslots)
    reveal(g, "b2-xl_floor")
    assert len(g.mslots) == slots + 2  # the event's own slot, and one more
    fx.check_invariants(g)


def test_FS_13_4_plan_c_kills_a_monster_now_and_every_player_at_the_turns_end():
    g = table()
    plan = fx.give_item(g, 0, fx.by_id("g2-plan_c"))
    blob = fx.add_slot_monster(g, fx.monster("Blob", hp=5))
    g.monster.append(fx.phys(g, fx.monster("Next")))
    pick(g, blob)
    use(g, 0, "tap", plan)
    assert not blob.in_play and plan not in g.players[0].items
    assert not [p for p in g.players if p.dead]
    triggers.fire(g, "turn_end", seat=0)
    fx.settle(g)
    assert all(p.dead for p in g.players)


def test_FS_5_4_moms_bra_reduces_the_next_damage_to_one():
    g = table()
    bra = fx.give_item(g, 0, fx.by_id("b2-moms_bra"))
    pick(g, g.players[1])
    use(g, 0, "tap", bra)
    assert damage.push_damage(g, 3, g.players[1], 0, None, False, None, "test")
    fx.settle(g)
    assert g.players[1].damage == 1
    fx.check_invariants(g)
