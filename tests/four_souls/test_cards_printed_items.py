"""Items and loot cards read against their printed cards: each scenario sets up a position, uses the card
and asserts the exact outcome its encoding must give (the text's targets, costs, amounts and dice table).
These cards had no scenario of their own; an encoding that read the card wrong fails here."""

from __future__ import annotations

import pytest

from cardlab.simulate.four_souls import dice, plays, statics, turn
from cardlab.simulate.four_souls import fixtures as fx
from tests.four_souls.printed_cards import pick, table, toy, use


@pytest.mark.parametrize(
    ("card_id", "roll", "cents", "loot"),
    [
        ("b2-mystery_sack", 2, 0, 1),  # 1-2: loot 1
        ("b2-mystery_sack", 4, 4, 0),  # 3-4: 4¢
        ("b2-mystery_sack", 6, 0, 0),  # 5-6: nothing printed
        ("b2-book_of_sin", 1, 1, 0),  # 1-2: 1¢
        ("b2-book_of_sin", 3, 0, 1),  # 3-4: loot 1
        ("b2-the_d100", 2, 0, 2),  # 2: loot 2
        ("b2-the_d100", 4, 4, 0),  # 4: 4¢
    ],
)
def test_FS_4_18_tap_roll_tables_pay_the_printed_row(card_id, roll, cents, loot):
    """A ↷ item with a roll table: the die's row is what its holder gets, nothing from the other rows."""
    g = table([roll])
    it = fx.give_item(g, 0, fx.by_id(card_id))
    me = g.players[0]
    c0, h0 = me.cents, len(me.hand)
    use(g, 0, "tap", it)
    assert (me.cents - c0, len(me.hand) - h0) == (cents, loot)
    assert not it.charged
    fx.check_invariants(g)


def test_FS_4_18_book_of_sin_five_gives_one_hp_till_the_turns_end():
    """Book of Sin on a 5: +1 HP for this turn only (no cents, no loot)."""

    g = table([5])
    it = fx.give_item(g, 0, fx.by_id("b2-book_of_sin"))
    me = g.players[0]
    hp = statics.player_max_hp(g, me)
    use(g, 0, "tap", it)
    assert statics.player_max_hp(g, me) == hp + 1
    turn.end_of_turn(g)
    assert statics.player_max_hp(g, me) == hp


def test_FS_6_12_boomerang_steals_one_loot_card_of_another_player():
    g = table()
    it = fx.give_item(g, 0, fx.by_id("b2-boomerang"))
    for i in range(3):
        fx.give_loot(g, 1, fx.card(f"L{i}"))
    use(g, 0, "tap", it)
    assert (len(g.players[0].hand), len(g.players[1].hand)) == (1, 2)
    fx.check_invariants(g)


def test_FS_6_12_jawbone_steals_three_cents_from_the_chosen_player():
    g = table()
    it = fx.give_item(g, 0, fx.by_id("b2-jawbone"))
    fx.take_cents(g, 1, 5)
    pick(g, g.players[1])
    c0 = g.players[0].cents
    use(g, 0, "tap", it)
    assert (g.players[0].cents - c0, g.players[1].cents) == (3, 2)
    fx.check_invariants(g)


def test_FS_4_4_smelter_discards_a_loot_card_for_three_cents_as_often_as_paid():
    """Smelter is a $ ability: each discarded loot card pays 3¢; with an empty hand it cannot be used."""
    g = table()
    it = fx.give_item(g, 0, fx.by_id("b2-smelter"))
    me = g.players[0]
    fx.give_loot(g, 0, fx.card("A"))
    fx.give_loot(g, 0, fx.card("B"))
    c0 = me.cents
    use(g, 0, "paid", it)
    use(g, 0, "paid", it)
    assert me.cents == c0 + 6 and not me.hand
    assert ("paid", it, 0) not in plays.legal_actions(g, 0)
    fx.check_invariants(g)


def test_FS_6_2_battery_bum_pays_four_cents_to_recharge_an_item():
    g = table()
    bum = fx.give_item(g, 0, fx.by_id("b2-battery_bum"))
    spent = fx.give_item(g, 0, toy(), charged=False)
    me = g.players[0]
    fx.take_cents(g, 0, 4 - me.cents)
    pick(g, spent)
    use(g, 0, "paid", bum)
    assert spent.charged and me.cents == 0
    assert ("paid", bum, 0) not in plays.legal_actions(g, 0)  # no 4¢ left
    fx.check_invariants(g)


def test_FS_6_12_pay_to_play_takes_a_rivals_non_eternal_item_for_ten_cents():
    g = table()
    ptp = fx.give_item(g, 0, fx.by_id("b2-pay_to_play"))
    theirs = fx.give_item(g, 1, toy("Theirs"))
    start = fx.give_item(
        g, 1, fx.card("Start", deck="eternal", kind="eternal", keywords=("eternal",)), eternal=True
    )
    me = g.players[0]
    fx.take_cents(g, 0, 10 - me.cents)
    pick(g, theirs)
    use(g, 0, "paid", ptp)
    assert me.cents == 0 and theirs in me.items and start in g.players[1].items
    fx.check_invariants(g)


def test_FS_6_2_athame_discards_one_of_yours_to_make_a_player_discard_two():
    g = table()
    pick(g, g.players[1])
    it = fx.give_item(g, 0, fx.by_id("fsp2-athame"))
    fx.give_loot(g, 0, fx.card("Mine"))
    for i in range(3):
        fx.give_loot(g, 1, fx.card(f"L{i}"))
    use(g, 0, "paid", it)
    assert (len(g.players[0].hand), len(g.players[1].hand)) == (0, 1)
    fx.check_invariants(g)


@pytest.mark.parametrize(("roll", "players_hit", "monster_hit"), [(2, True, False), (5, False, True)])
def test_FS_4_18_head_of_krampus_hits_every_player_on_1_to_3_and_every_monster_on_4_to_6(
    roll, players_hit, monster_hit
):
    g = table([roll])
    it = fx.give_item(g, 0, fx.by_id("fsp2-head_of_krampus"))
    m = fx.add_slot_monster(g, fx.monster("Blob", hp=3))
    use(g, 0, "tap", it)
    assert [p.damage for p in g.players] == ([1, 1] if players_hit else [0, 0])
    assert m.damage == (1 if monster_hit else 0)
    fx.check_invariants(g)


def test_FS_4_18_wooden_nickel_gives_the_chosen_player_cents_equal_to_the_roll():
    g = table([4])
    it = fx.give_item(g, 0, fx.by_id("g2-wooden_nickel"), eternal=True)
    pick(g, g.players[1])
    before = [p.cents for p in g.players]
    use(g, 0, "tap", it)
    assert [p.cents - b for p, b in zip(g.players, before, strict=True)] == [0, 4]
    fx.check_invariants(g)


def test_FS_5_14_bag_of_crafting_turns_four_discarded_loot_cards_into_a_treasure():
    """Each loot card discarded puts one counter on it; removing four gains one treasure (not before)."""
    g = table()
    bag = fx.give_item(g, 0, fx.by_id("r-bag_of_crafting"), eternal=True)
    g.treasure.extend(fx.phys(g, toy(f"T{i}")) for i in range(3))
    me = g.players[0]
    for i in range(4):
        fx.give_loot(g, 0, fx.card(f"L{i}"))
    items = len(me.items)
    for _ in range(4):
        assert ("paid", bag, 1) not in plays.legal_actions(g, 0)  # fewer than 4 counters
        use(g, 0, "paid", bag)
    assert bag.counters == 4 and not me.hand
    assert plays.take_action(g, 0, ("paid", bag, 1))
    fx.settle(g)
    assert bag.counters == 0 and len(me.items) == items + 1
    fx.check_invariants(g)


def test_FS_4_11_sacrificial_dagger_counts_every_players_ones_and_spends_three_for_one_damage():

    g = table()
    dag = fx.give_item(g, 0, fx.by_id("r-sacrificial_dagger"))
    m = fx.add_slot_monster(g, fx.monster("Blob", hp=3))
    for seat, value in ((1, 1), (0, 1), (1, 2), (0, 1)):
        dice.push_roll(g, seat, "test", value=value)
        fx.settle(g)
    assert dag.counters == 3  # the 2 counts nothing; both players' ones do
    use(g, 0, "paid", dag)
    assert dag.counters == 0
    assert sum(p.damage for p in g.players) + m.damage == 1
    fx.check_invariants(g)


@pytest.mark.parametrize(("roll", "cents"), [(1, 2), (3, 6), (6, 12)])
def test_FS_4_18_chunk_of_amber_pays_twice_the_roll(roll, cents):
    g = table([roll])
    c = fx.give_loot(g, 0, fx.by_id("rwz-chunk_of_amber"))
    me = g.players[0]
    c0 = me.cents
    use(g, 0, "loot", c)
    assert me.cents == c0 + cents
    fx.check_invariants(g)


def test_FS_1_7_two_of_spades_loots_as_many_as_the_other_players_hand_holds():
    g = table()
    c = fx.give_loot(g, 0, fx.by_id("r-two_of_spades"))
    for i in range(4):
        fx.give_loot(g, 1, fx.card(f"L{i}"))
    use(g, 0, "loot", c)
    assert len(g.players[0].hand) == 4 and len(g.players[1].hand) == 4
    fx.check_invariants(g)


def test_FS_6_2_charged_penny_gains_one_cent_then_recharges_an_item():
    g = table()
    spent = fx.give_item(g, 0, toy(), charged=False)
    c = fx.give_loot(g, 0, fx.by_id("g2-charged_penny"))
    me = g.players[0]
    c0 = me.cents
    use(g, 0, "loot", c)
    assert me.cents == c0 + 1 and spent.charged
    fx.check_invariants(g)


def test_FS_1_7_a_sack_loots_three():
    g = table()
    c = fx.give_loot(g, 0, fx.by_id("g2-a_sack"))
    use(g, 0, "loot", c)
    assert len(g.players[0].hand) == 3
    fx.check_invariants(g)


def test_FS_6_12_joker_looks_and_steals_one_loot_card_of_another_player():
    g = table()
    c = fx.give_loot(g, 0, fx.by_id("g2-joker"))
    for i in range(2):
        fx.give_loot(g, 1, fx.card(f"L{i}"))
    use(g, 0, "loot", c)
    assert (len(g.players[0].hand), len(g.players[1].hand)) == (1, 1)
    fx.check_invariants(g)


def test_FS_4_18_the_high_priestess_deals_the_roll_as_damage_to_the_target():
    g = table([3])
    m = fx.add_slot_monster(g, fx.monster("Blob", hp=6))
    pick(g, m)
    c = fx.give_loot(g, 0, fx.by_id("b2-ii_the_high_priestess"))
    use(g, 0, "loot", c)
    assert m.damage == 3 and [p.damage for p in g.players] == [0, 0]
    fx.check_invariants(g)
